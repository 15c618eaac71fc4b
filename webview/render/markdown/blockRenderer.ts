// One top-level markdown token as DOM, and the ways a block already on screen is updated in place
// when its token grew (IncrementalMarkdown in markdown.ts decides which blocks render again): a code
// block's text, a table's or list's rows from the first that changed, or a re-rendered block morphed
// into the nodes it replaces.
import { Parser, type Token, type Tokens } from 'marked';
import { decorateCodeBlocks, offerApply } from './codeBlocks';
import { isOpenFence, namedFence } from '../../../src/shared/codeBlockFile';
import { languageForFence } from './highlight';
import type { CodeColouring } from './codeColour';
import { GrowingCode } from './codeGrowth';
import { morphNodes } from './morph';
import { PLAIN, plainBlock } from './markdownBounds';
import { sanitizeToFragment } from './sanitize';
import { linkPaths } from './pathLinks';
import { describeRows, fitNumbers, groupItems, replaceRowsFrom, rowsFrom, type GrowingRows } from './growingRows';

export interface RenderedBlock {
  raw: string;
  nodes: ChildNode[];
  /** A table or list: a pass renders only its rows from the first that changed (see growRows). */
  rows?: GrowingRows;
  /** A fenced or indented code block (see growCode). */
  code?: {
    lang: string;
    el: Element;
    /** Closed and coloured; an open block is shown plain. */
    coloured: boolean;
    /** The text shown. */
    content: string;
    token: Tokens.Code;
    /** While the fence is open. */
    growing?: GrowingCode;
  };
}

export class BlockRenderer {
  /**
   * `offersApply`: closed code blocks that name a file get "Apply" (codeBlocks.ts offerApply).
   * `colouring`: when closed code blocks are coloured. `onBlockRendered`: counts each token rendered.
   */
  constructor(
    private readonly offersApply: boolean,
    private readonly colouring: CodeColouring,
    private readonly onBlockRendered: () => void,
  ) {}

  /**
   * Puts `rendered` where `stale` (the tail's last blocks) are, as far as it can: a block that
   * re-rendered is patched in place (see morph.ts) rather than replaced, code blocks keep their own
   * path (growCode). Stale blocks it could not patch are removed; the segments place the rest.
   */
  patchStale(stale: RenderedBlock[], rendered: RenderedBlock[]): void {
    let patched = 0;
    for (; patched < Math.min(stale.length, rendered.length); patched++) {
      const [before, after] = [stale[patched]!, rendered[patched]!];
      if (before.code || after.code || before.nodes.length === 0 || after.nodes.length === 0) break;
      after.nodes = morphNodes(before.nodes, after.nodes);
      // The rows now live in the patched element, not in the one just rendered.
      if (after.rows) {
        const el = after.nodes.find((node): node is Element => node.nodeType === Node.ELEMENT_NODE);
        if (el?.tagName === after.rows.el.tagName) after.rows.el = el;
        else after.rows = undefined;
      }
    }
    for (const group of stale.slice(patched)) for (const node of group.nodes) node.remove();
  }

  /**
   * A code block that grew: its text is updated in place instead of lexing its HTML again and
   * sanitising it (what marked renders for a code token is its language and its escaped text, so
   * the DOM is the same). While the fence is open the text only grows (see codeGrowth.ts); it is
   * coloured once, when the closing fence arrives (never per chunk while it streams).
   */
  growCode(block: RenderedBlock, token: Token): boolean {
    const code = block.code;
    if (!code || token.type !== 'code') return false;
    const next = token as Tokens.Code;
    if (next.escaped || (next.lang ?? '') !== code.lang) return false;
    const content = codeContent(next);
    const open = isOpenFence(next);
    block.raw = next.raw;
    code.token = next;
    // Only the fence line changed (e.g. the newline after the closing fence): nothing to redo.
    if (content === code.content && open === !code.coloured) return true;
    if (open) {
      if (!code.growing?.update(content)) code.growing = new GrowingCode(code.el, content);
    } else {
      code.growing = undefined;
      // Plain for now (or for good): one text node, the DOM a block rendered whole gets.
      if (!this.colouring.colour(code.el, content, languageForFence(next.lang))) code.el.textContent = content;
      this.offerApplyFor(code.el, next);
    }
    code.content = content;
    code.coloured = !open;
    return true;
  }

  /**
   * A table or list that grew: only its rows (items) from the first that changed are rendered, with
   * the same pipeline as a whole block (render, sanitise, decorate), and replace the old ones (see
   * growingRows.ts). False (render it whole) when it cannot: another kind of block, a changed
   * header, alignment or looseness, fewer rows, or anything unexpected.
   */
  growRows(block: RenderedBlock, token: Token): boolean {
    const rows = block.rows;
    const next = rows ? describeRows(token) : null;
    if (!rows || !next || next.key !== rows.key || next.rows.length < rows.rows.length) return false;
    let from = 0;
    while (from < rows.rows.length && rows.rows[from] === next.rows[from]) from++;
    if (from < next.rows.length) {
      try {
        const fresh = this.renderFragment(rowsFrom(token, from)).firstElementChild;
        if (!fresh || !replaceRowsFrom(rows, fresh, from)) return false;
      } catch (error) {
        console.error('Switchboard: rows of a markdown block could not be rendered; the block renders whole', error);
        return false;
      }
      this.onBlockRendered();
    }
    rows.rows = next.rows;
    block.raw = token.raw;
    fitNumbers(rows.el, token);
    return true;
  }

  private offerApplyFor(codeEl: Element, token: Tokens.Code): void {
    if (!this.offersApply) return;
    const path = namedFence(token);
    const wrapper = codeEl.closest('.code-block');
    if (path !== null && wrapper) offerApply(wrapper, path, token.text);
  }

  /** A token as the DOM shows it: rendered by marked, sanitised, then decorated (code blocks, file paths). */
  private renderFragment(token: Token): DocumentFragment {
    const html = Parser.parse([token]);
    const fragment = html ? sanitizeToFragment(html) : document.createDocumentFragment();
    decorateCodeBlocks(fragment, isOpenFence(token) ? null : this.colouring);
    linkPaths(fragment);
    return fragment;
  }

  /**
   * Each top-level token is sanitised on its own, so the DOM does not depend on how tokens were
   * grouped (a raw `<div>` block never swallows the blocks after it) and blocks can be reused.
   */
  render(token: Token): RenderedBlock {
    this.onBlockRendered();
    let fragment: DocumentFragment;
    try {
      if (token.type === PLAIN) throw new Error('shown as text');
      fragment = this.renderFragment(token);
      const codeEl = token.type === 'code' ? fragment.querySelector('pre > code') : null;
      if (codeEl) this.offerApplyFor(codeEl, token as Tokens.Code);
    } catch (error) {
      if (token.type !== PLAIN)
        console.error('Switchboard: a markdown block could not be rendered, shown as text', error);
      fragment = document.createDocumentFragment();
      fragment.appendChild(plainBlock(token.raw));
    }
    const block: RenderedBlock = { raw: token.raw, nodes: Array.from(fragment.childNodes) };
    const rows = describeRows(token);
    const rowsEl = rows ? fragment.firstElementChild : null;
    if (rows && rowsEl && fragment.childElementCount === 1 && /^(TABLE|UL|OL)$/.test(rowsEl.tagName)) {
      block.rows = { ...rows, el: rowsEl };
      // Numbers before groups: a streamed list gets its class (at 10 items) before its role (at 33), and the DOM is
      // the same attribute for attribute, however the text was split.
      fitNumbers(rowsEl, token);
      if (rowsEl.tagName !== 'TABLE') groupItems(rowsEl);
    }
    const codeEl = token.type === 'code' ? fragment.querySelector('pre > code') : null;
    if (codeEl && fragment.querySelectorAll('code').length === 1) {
      const code = token as Tokens.Code;
      const open = isOpenFence(code);
      const content = codeContent(code);
      block.code = {
        lang: code.lang ?? '',
        el: codeEl,
        coloured: !open,
        content,
        token: code,
        growing: open ? new GrowingCode(codeEl, content) : undefined,
      };
    }
    return block;
  }
}

/** The text marked renders into a code block: its text with exactly one final newline. */
function codeContent(code: Tokens.Code): string {
  return code.text ? code.text.replace(/\n$/, '') + '\n' : '';
}
