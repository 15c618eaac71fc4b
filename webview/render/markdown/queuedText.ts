// Streamed text waiting for a markdown pass (IncrementalMarkdown.enqueue) is on screen at once as
// plain text, where it most likely continues: inside the open block's last paragraph, list item or
// heading, else in a paragraph of its own. A heading only while its line is being written: text after
// its line end is the next block, and shown in the heading it took the heading's size and weight until
// the pass (a fast stream showed every section's first paragraph so for about a quarter of a second).
// Never in a table: a table lays out all its rows again when a cell changes (about 35 us a row in
// Chromium), so text written into its last cell every frame made a long table streamed slowly
// quadratic; its rows come with the markdown passes, a few times a second. A queue far ahead (a burst)
// shows only its newest MAX_PENDING_SHOWN characters after an ellipsis: the newest text is on screen,
// and the rest follows as markdown, in order. The text is one text node: never parsed as HTML.
import { cutBack } from '../../../src/shared/textCuts';
import { isItemGroup } from './growingRows';

/** Queued text shown as plain text is cut to its newest characters beyond this (a burst far ahead). */
export const MAX_PENDING_SHOWN = 2000;
/** Elements whose last child holds the text that continues them. */
const DESCEND: ReadonlySet<string> = new Set(['UL', 'OL', 'BLOCKQUOTE']);
/** Elements queued text may continue inside: the block the text after them most likely extends. */
const TEXT_HOSTS: ReadonlySet<string> = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Text hosts that are one line: queued text continues them only up to a line end. */
const LINE_HOSTS: ReadonlySet<string> = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** The open block queued text may continue: its nodes and its markdown source. */
export interface OpenBlock {
  nodes: readonly ChildNode[];
  raw: string;
}

interface Shown {
  /** `span.md-pending`, holding the queued text as one text node. */
  span: HTMLElement;
  text: Text;
  /** `p.md-pending-block` made for it when no block could take it. */
  wrapper: HTMLElement | null;
  /** What the text node shows. */
  shown: string;
  /** Shown in a heading (LINE_HOSTS): a line end in the text moves it to a paragraph of its own. */
  inLine: boolean;
}

export class QueuedTextView {
  private current: Shown | null = null;

  /**
   * `openBlock`: the nodes of the open block the text may continue (null: none, or one it cannot
   * continue, such as code); `parent`: where a paragraph of its own goes.
   */
  constructor(
    private readonly openBlock: () => OpenBlock | null,
    private readonly parent: () => Element,
  ) {}

  /** Shows `queued` (or nothing when it is empty); a text that only grew is appended to the node. */
  show(queued: string): void {
    if (queued === '') return this.hide();
    const over = queued.length - MAX_PENDING_SHOWN;
    const shown = over > 0 ? `\u2026 ${queued.slice(queued.length - cutBack(queued, MAX_PENDING_SHOWN))}` : queued;
    if (this.current?.inLine && shown.includes('\n')) this.hide();
    const view = (this.current ??= this.create(shown));
    // The same text again (a held-back frame resumed with nothing new): setting it would re-shape it.
    if (shown === view.shown) return;
    if (shown.length > view.shown.length && shown.startsWith(view.shown))
      view.text.appendData(shown.slice(view.shown.length));
    else view.text.data = shown;
    view.shown = shown;
  }

  hide(): void {
    const view = this.current;
    if (!view) return;
    this.current = null;
    (view.wrapper ?? view.span).remove();
  }

  /** The container was emptied: what was shown went with it. */
  forget(): void {
    this.current = null;
  }

  private create(shown: string): Shown {
    const span = document.createElement('span');
    span.className = 'md-pending';
    const text = span.appendChild(document.createTextNode(''));
    const host = this.host(shown);
    let wrapper: HTMLElement | null = null;
    if (host) host.appendChild(span);
    else {
      wrapper = document.createElement('p');
      wrapper.className = 'md-pending-block';
      wrapper.appendChild(span);
      this.parent().appendChild(wrapper);
    }
    return { span, text, wrapper, shown: '', inLine: host !== null && LINE_HOSTS.has(host.tagName) };
  }

  /** The element the queued text continues, or null when it starts a block of its own. */
  private host(shown: string): Element | null {
    const block = this.openBlock();
    if (!block) return null;
    const nodes = block.nodes;
    let el: Element | null = null;
    for (let i = nodes.length - 1; i >= 0 && !el; i--) {
      const node = nodes[i]!;
      if (node.nodeType === 1) el = node as Element;
    }
    while (
      el &&
      (DESCEND.has(el.tagName) ||
        isItemGroup(el) ||
        (el.tagName === 'LI' && /^(P|UL|OL)$/.test(el.lastElementChild?.tagName ?? '')))
    )
      el = el.lastElementChild;
    if (!el || !TEXT_HOSTS.has(el.tagName)) return null;
    // A heading's line ended (in its source, or in the text queued after it): the text is the next block.
    if (LINE_HOSTS.has(el.tagName) && (block.raw.endsWith('\n') || shown.includes('\n'))) return null;
    return el;
  }
}
