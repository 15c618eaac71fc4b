// File paths in agent markdown become links that open the file (at `path:line[:col]`). Added in the
// same pass as the code-block headers, after sanitising: the links are ours, the agent's text is
// only their label. The webview cannot see the disk, so it links candidates conservatively and the
// host decides (src/chat/pathTarget.ts: inside a workspace folder and existing, else it says so).
import type { WebviewToHost } from '../../../src/shared/messages';
import { t } from '../../l10n';

/** Links made per rendered block at most, and text scanned per text node: bounded work per message. */
export const MAX_LINKS_PER_BLOCK = 100;
export const MAX_SCANNED_CHARS = 20_000;
const MAX_PATH_CHARS = 300;

/** Extensions that make a bare name (no `/`) a path: `README.md`, `package.json`. */
const KNOWN_EXTENSIONS = new Set([
  ...['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json', 'md', 'mdx', 'py', 'rs', 'go', 'java', 'kt', 'c', 'h'],
  ...['cc', 'cpp', 'hpp', 'cs', 'rb', 'php', 'swift', 'sh', 'yml', 'yaml', 'toml', 'lock', 'txt', 'html'],
  ...['css', 'scss', 'vue', 'svelte', 'sql', 'xml', 'gradle', 'ini', 'cfg', 'env'],
]);

/** A path-like word and an optional `:line[:col]`; checked further by pathTarget(). */
const CANDIDATE = /(?<![\w/.:@~-])((?:\.{1,2}\/)?[\w@][\w.@+-]*(?:\/[\w.@+-]+)*)(?::(\d{1,7})(?::(\d{1,5}))?)?/g;

export interface PathTarget {
  path: string;
  line: number | null;
  column: number | null;
}

/** Whether `word` (no line) is linked: contains a `/` or ends in a known extension, never a URL or `..`. */
export function isPathLike(word: string): boolean {
  if (word.length === 0 || word.length > MAX_PATH_CHARS) return false;
  if (word.split('/').includes('..')) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(word) || word.startsWith('/') || word.startsWith('~')) return false;
  const last = word.slice(word.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  const extension = dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
  if (KNOWN_EXTENSIONS.has(extension)) return true;
  // A `/` with a file-like last segment (a dot in it), and not a fraction or date (`1/2`, `and/or` has no dot).
  return word.includes('/') && dot > 0 && !/^\d/.test(word);
}

/** The path targets in `text` with their offsets (bounded: MAX_SCANNED_CHARS, MAX_LINKS_PER_BLOCK). */
export function findPaths(
  text: string,
  limit = MAX_LINKS_PER_BLOCK,
): { start: number; end: number; target: PathTarget }[] {
  const found: { start: number; end: number; target: PathTarget }[] = [];
  if (text.length > MAX_SCANNED_CHARS || limit <= 0) return found;
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(text); match; match = CANDIDATE.exec(text)) {
    // A URL's path (`https://x/y.ts`) and an email's domain never start a candidate (lookbehind), and
    // a candidate right before `://` is a scheme.
    if (text.startsWith('://', match.index + match[0].length)) continue;
    let word = match[1]!;
    let end = match.index + match[0].length;
    // A sentence's full stop is not part of the path.
    if (match[2] === undefined && word.endsWith('.')) {
      word = word.replace(/\.+$/, '');
      end = match.index + word.length;
    }
    if (!isPathLike(word)) continue;
    const line = match[2] === undefined ? null : Number(match[2]);
    const column = match[3] === undefined ? null : Number(match[3]);
    found.push({ start: match.index, end, target: { path: word, line: line || null, column: column || null } });
    if (found.length >= limit) break;
  }
  return found;
}

/** A markdown link's href as a workspace path (`src/a.ts#L12`, `./b.md`), or null (URLs, anchors, `..`). */
export function hrefTarget(href: string): PathTarget | null {
  if (href === '' || href.startsWith('#') || href.startsWith('//') || href.length > MAX_PATH_CHARS) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return null;
  const [rawPath = '', fragment = ''] = href.split('#', 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const spec = /^(.*?)(?::(\d{1,7})(?::(\d{1,5}))?)?$/.exec(decoded)!;
  const path = spec[1]!;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (path === '' || path.split('/').includes('..') || path.startsWith('/') || /[\u0000-\u001f]/.test(path))
    return null;
  const anchor = /^L(\d{1,7})(?:C(\d{1,5}))?/.exec(fragment);
  const line = Number(spec[2] ?? anchor?.[1] ?? 0) || null;
  const column = Number(spec[3] ?? anchor?.[2] ?? 0) || null;
  return { path, line, column };
}

/** Turns paths in `fragment` (a sanitised block) into path links; code blocks and links are left alone. */
export function linkPaths(fragment: DocumentFragment): void {
  const doc = fragment.ownerDocument;
  let made = 0;
  for (const anchor of Array.from(fragment.querySelectorAll('a[href]'))) {
    const target = hrefTarget(anchor.getAttribute('href') ?? '');
    if (!target || made >= MAX_LINKS_PER_BLOCK) continue;
    anchor.removeAttribute('href');
    decorate(anchor as HTMLElement, target);
    made++;
  }
  const walker = doc.createTreeWalker(fragment, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest('pre, a, .path-link')) continue;
    // Cheap test first: most text has neither a `/` nor a `.`.
    if (/[/.]/.test(node.nodeValue ?? '')) texts.push(node as Text);
  }
  for (const text of texts) {
    if (made >= MAX_LINKS_PER_BLOCK) break;
    const value = text.nodeValue ?? '';
    const paths = findPaths(value, MAX_LINKS_PER_BLOCK - made);
    if (paths.length === 0) continue;
    const pieces = doc.createDocumentFragment();
    let at = 0;
    for (const { start, end, target } of paths) {
      if (start > at) pieces.appendChild(doc.createTextNode(value.slice(at, start)));
      const link = doc.createElement('a');
      link.textContent = value.slice(start, end);
      decorate(link, target);
      pieces.appendChild(link);
      at = end;
    }
    if (at < value.length) pieces.appendChild(doc.createTextNode(value.slice(at)));
    made += paths.length;
    text.replaceWith(pieces);
  }
}

function decorate(link: HTMLElement, target: PathTarget): void {
  link.className = 'path-link';
  link.setAttribute('role', 'link');
  link.tabIndex = 0;
  link.dataset.path = target.path;
  if (target.line !== null) link.dataset.line = String(target.line);
  if (target.column !== null) link.dataset.column = String(target.column);
  link.title = t('Open {0}', target.path);
}

/** Installs the delegated click and Enter handler for path links inside `container`. */
export function handlePathLinks(container: HTMLElement, post: (msg: WebviewToHost) => void): void {
  const open = (event: Event): void => {
    const link = (event.target as Element | null)?.closest?.('.path-link');
    if (!(link instanceof HTMLElement) || !container.contains(link) || link.dataset.path === undefined) return;
    event.preventDefault();
    const line = link.dataset.line === undefined ? null : Number(link.dataset.line);
    const column = link.dataset.column === undefined ? null : Number(link.dataset.column);
    post({ type: 'openPath', path: link.dataset.path, line, column });
  };
  container.addEventListener('click', open);
  container.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') open(event);
  });
}
