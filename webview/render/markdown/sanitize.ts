// Everything the agent writes goes through DOMPurify before it reaches the DOM, with allowlists
// rather than DOMPurify's defaults: the tags and attributes markdown needs, nothing else.
//   - No element can look like or act as ours: no `class` (except `language-*` on <code>, which
//     marked writes and codeBlocks.ts reads), no `id`, `name`, `style`, `data-*`, `for`, event
//     handlers, `popover`; no <button>, <select>, <textarea>, <label>, <form>, <dialog>,
//     <marquee>, and <input> only as a disabled checkbox (GFM task lists). Our own classes are
//     added after sanitising (code-block headers, highlighting, image placeholders).
//   - Nothing fetches: no <video>, <audio>, <source>, <picture>, <iframe>, <object>, <link>,
//     <meta>, <base>, SVG or MathML (their `href`s), no `srcset`, `poster`, `background`, `ping`,
//     `formaction`, no CSS. <img> survives sanitising only to become a placeholder (agentImages.ts)
//     before the fragment ever reaches the live document (it is parsed and sanitised in an inert one).
// The CSP (src/chat/html.ts) is the second wall: no remote images, media, frames or connections.
import createDOMPurify from 'dompurify';
import { blockedImage, inlineImageSrc } from './agentImages';
import { t } from '../../l10n';

const ALLOWED_TAGS = [
  '#text',
  'a',
  'abbr',
  'b',
  'bdi',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'wbr',
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'alt',
  'src',
  'class',
  'align',
  'colspan',
  'rowspan',
  'start',
  'reversed',
  'value',
  'type',
  'checked',
  'disabled',
  'open',
  'lang',
  'datetime',
];

const CONFIG = {
  // Sanitised in place, in our own inert document (sanitizeToFragment): DOMPurify would otherwise
  // parse each block into a new document of its own, which was half of a streamed block's sanitising.
  IN_PLACE: true as const,
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // <img src="data:..."> only; the URI checks of DOMPurify still apply to href.
  ADD_DATA_URI_TAGS: ['img'],
};

/** The only class agent HTML may carry: the language of a code block. */
const LANGUAGE_CLASS = /^language-[\w+#.-]{1,40}$/;

/**
 * Our own DOMPurify instance with the configuration set once: passing it on every call makes
 * DOMPurify parse it again, about a third of the cost of sanitising one streamed block, and a
 * block is sanitised again on every frame while it streams.
 */
let purifier: ReturnType<typeof createDOMPurify> | undefined;

function createPurifier(): ReturnType<typeof createDOMPurify> {
  const instance = createDOMPurify(window);
  instance.setConfig(CONFIG);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'class') data.keepAttr = node.nodeName === 'CODE' && LANGUAGE_CLASS.test(data.attrValue);
    // `type` matters only on inputs (task-list checkboxes) and lists (ol type="a").
    else if (data.attrName === 'type')
      data.keepAttr =
        node.nodeName === 'OL' || (node.nodeName === 'INPUT' && data.attrValue.toLowerCase() === 'checkbox');
    else if (data.attrName === 'src') data.keepAttr = node.nodeName === 'IMG';
    else if (data.attrName === 'value') data.keepAttr = node.nodeName === 'LI';
  });
  return instance;
}

/**
 * The document agent HTML is parsed and sanitised in: it has no browsing context, so nothing in it
 * loads or runs (what DOMParser gives DOMPurify). It serves INERT_DOCUMENT_USES blocks, not one:
 * a new document per block was half the cost of sanitising a streamed block. Not forever either:
 * every sanitise leaves a NodeIterator registered on it until garbage collection, and moving a node
 * out of a document visits each of its iterators (a document kept for good made that move 20x slower).
 */
let inert: Document | undefined;
let inertUses = 0;
const INERT_DOCUMENT_USES = 32;

export function sanitizeToFragment(html: string): DocumentFragment {
  purifier ??= createPurifier();
  if (!inert || ++inertUses >= INERT_DOCUMENT_USES) {
    inert = document.implementation.createHTMLDocument('');
    inertUses = 0;
  }
  const holder = inert.createElement('div');
  holder.innerHTML = html;
  purifier.sanitize(holder);
  // Most blocks have neither: one query answers for both.
  if (holder.querySelector('img, input')) neutralise(holder);
  // Only now does anything reach the live document.
  const fragment = document.createDocumentFragment();
  fragment.append(...Array.from(holder.childNodes));
  return fragment;
}

/**
 * Images become placeholders (or stay, for bounded data: images); inputs inert checkboxes or nothing, named (a task
 * list's box has no label of its own: a screen reader said only "checkbox", and axe-core counts it a violation).
 */
function neutralise(fragment: ParentNode): void {
  for (const input of Array.from(fragment.querySelectorAll('input'))) {
    if (input.getAttribute('type')?.toLowerCase() !== 'checkbox') input.remove();
    else {
      input.setAttribute('disabled', '');
      input.setAttribute('aria-label', t('Task'));
    }
  }
  for (const img of Array.from(fragment.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (inlineImageSrc(src) !== null) continue;
    img.replaceWith(blockedImage(img.ownerDocument, src, img.getAttribute('alt'), img.closest('a') !== null));
  }
}
