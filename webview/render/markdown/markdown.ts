// Incremental markdown for streaming agent text. A message grows by small chunks; re-rendering
// the whole message per chunk makes long answers O(n^2) and freezes the panel. Instead the
// already-complete top-level blocks are rendered once and frozen, and only the open tail
// (whatever follows the last safe block boundary) is lexed and rendered again.
//
// A boundary is "safe" when no later text can change how the blocks before it parse:
//   - it lies between two top-level tokens of marked's lexer (not after the last token, which
//     may still grow: an open paragraph, list, table or unclosed code fence);
//   - the text before it ends with a blank line (lists, block quotes and tables can continue
//     on the very next line; after a blank line only indented text continues a list);
//   - the text after it starts with a non-blank character (so it is not an indented
//     continuation of the previous list item or an indented code block).
// An unclosed code fence runs to the end of the text, so it is always the last token.
// Reference-style link definitions apply to the whole message, including blocks before them:
// when a new definition freezes, the message is rebuilt once with all known definitions.
import { Lexer, Parser, type Links, type Token, type Tokens } from 'marked';
import { decorateCodeBlocks, offerApply } from './codeBlocks';
import { isOpenFence, namedFence } from '../../../src/shared/codeBlockFile';
import { languageForFence } from './highlight';
import { colourNow, type CodeColouring } from './codeColour';
import { GrowingCode } from './codeGrowth';
import { morphNodes } from './morph';
import { extendOpenFence } from './openFence';
import { nestsTooDeep, PLAIN, plainBlock, plainToken } from './markdownBounds';
import { sanitizeToFragment } from './sanitize';
import { linkPaths } from './pathLinks';
import { BlockSegments } from './segments';
import { describeRows, replaceRowsFrom, rowsFrom, type GrowingRows } from './growingRows';
import { QueuedTextView } from './queuedText';
import { cutAt } from '../../../src/shared/textCuts';

/** Frozen characters re-checked on each update, so a replaced (not extended) text is noticed. */
const CHECKED_FROZEN_CHARS = 256;

interface RenderedBlock {
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

export interface MarkdownRenderStats {
  /** Top-level tokens frozen so far (each exactly once). */
  frozenBlocks: number;
  /** Top-level tokens rendered (frozen and tail); a block is rendered again only while open. */
  blockRenders: number;
  /** Times the open tail was rendered. */
  tailRenders: number;
  /** Times the whole container was reset (text replaced rather than extended). */
  resets: number;
}

export class IncrementalMarkdown {
  readonly el: HTMLElement;
  readonly stats: MarkdownRenderStats = { frozenBlocks: 0, blockRenders: 0, tailRenders: 0, resets: 0 };
  /** The raw text last shown (before newline normalisation). */
  private raw = '';
  /** Whether it ends with "\r" (kept apart: reading `raw` would copy a long streamed text). */
  private endsWithCR = false;
  /** The normalised text that is frozen, and the open tail after it. */
  private frozen = '';
  private tailText = '';
  /** The open tail's top-level tokens and the nodes each rendered to. */
  private tail: RenderedBlock[] = [];
  private links: Links = Object.create(null) as Links;
  private readonly segments: BlockSegments;
  /**
   * Text given (enqueue) but not rendered as markdown yet. It is on screen at once as plain text
   * at the end of the open block (showPending, queuedText.ts); renderPending turns it into markdown.
   * The message view decides when (message.ts): streamed text shows in the next frame without paying
   * for a markdown pass of its open block every frame.
   */
  private pending = '';
  private readonly queuedView: QueuedTextView;

  /**
   * `offersApply`: closed code blocks that name a file get "Apply" (an agent's answer; codeBlocks.ts
   * offerApply). `colouring`: when closed code blocks are coloured (codeColour.ts).
   */
  constructor(
    el?: HTMLElement,
    private readonly offersApply = false,
    private readonly colouring: CodeColouring = colourNow,
  ) {
    this.el = el ?? document.createElement('div');
    this.el.classList.add('markdown');
    this.segments = new BlockSegments(this.el);
    this.queuedView = new QueuedTextView(
      () => {
        const last = this.tail[this.tail.length - 1];
        return last && !last.code ? last.nodes : null;
      },
      () => this.segments.lastSegment ?? this.el,
    );
  }

  /**
   * Shows `rawText` (the whole message so far). Cost is proportional to the open tail: the text
   * grows by appends while it streams, so only what was added is normalised and the frozen prefix
   * is never scanned again (a 200 KB answer would otherwise be copied and compared every frame).
   */
  update(rawText: string): void {
    this.dropPending();
    if (rawText.length === this.raw.length && rawText === this.raw) return;
    const added = this.appendedPart(rawText);
    if (added === null) {
      this.reset();
      this.raw = rawText;
      this.endsWithCR = rawText.endsWith('\r');
      this.render(normaliseNewlines(rawText));
      return;
    }
    this.append(added);
    this.raw = rawText;
  }

  /**
   * Shows the text shown plus `added`, when the caller knows that is the new text (see TextAppend
   * in store.ts): nothing of the whole text is read, so a long message is not copied every frame.
   */
  append(added: string): void {
    // A "\r\n" split between two updates: the "\r" already became "\n".
    const suffix = this.endsWithCR && added.startsWith('\n') ? added.slice(1) : added;
    this.raw += added;
    if (added !== '') this.endsWithCR = added.endsWith('\r');
    if (suffix === '') return;
    const normalised = normaliseNewlines(suffix);
    this.render(this.tailText + normalised, normalised);
  }

  /** The length of the raw text given: rendered (update, append) and queued (enqueue). */
  get shownLength(): number {
    return this.raw.length + this.pending.length;
  }

  /** Characters queued, not yet rendered as markdown. */
  get pendingLength(): number {
    return this.pending.length;
  }

  /** Characters of the open tail (what a markdown pass renders again). */
  get tailLength(): number {
    return this.tailText.length;
  }

  /** Whether the open tail is one fenced code block still streaming: its growth costs no markdown pass. */
  get growingCode(): boolean {
    return this.tail.length === 1 && this.tail[0]!.code?.growing !== undefined;
  }

  /** Queues `added` (the text grew by it) for a later renderPending; showPending puts it on screen. */
  enqueue(added: string): void {
    this.pending += added;
  }

  /** Renders up to `count` queued characters as markdown (all by default); the rest stays queued. */
  renderPending(count: number = this.pending.length): void {
    this.queuedView.hide();
    if (this.pending === '') return;
    const cut = count >= this.pending.length ? this.pending.length : cutAt(this.pending, Math.max(1, count));
    const piece = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    this.append(piece);
  }

  /** Forgets the queued text (the caller gives the whole text again with update). */
  dropPending(): void {
    this.queuedView.hide();
    this.pending = '';
  }

  /** Shows the queued text as plain text where it most likely continues (see queuedText.ts). */
  showPending(): void {
    this.queuedView.show(this.pending);
  }

  get text(): string {
    return this.frozen + this.tailText;
  }

  /**
   * What `rawText` adds to the text shown, or null when it is not an extension of it. Checks the
   * open tail and the last frozen characters (where a replaced text shows): O(tail), not O(text).
   */
  private appendedPart(rawText: string): string | null {
    const shown = this.raw;
    if (rawText.length < shown.length) return null;
    const from = Math.max(0, shown.length - this.tailText.length - CHECKED_FROZEN_CHARS);
    if (!rawText.startsWith(from === 0 ? shown : shown.slice(from), from)) return null;
    return rawText.slice(shown.length);
  }

  /** Renders the open tail `tail` (the text after the frozen prefix). */
  /** `added`: what `tail` adds to the tail shown, when known. */
  private render(tail: string, added?: string): void {
    const tokens = this.extendFence(added) ?? this.lex(tail);
    const freeze = safeBoundary(tail, tokens);
    if (this.learnDefinitions(tokens.slice(0, freeze.count)) && this.el.firstChild) {
      this.rebuild(this.frozen + tail);
      return;
    }

    // A block whose source is unchanged keeps its nodes (a token renders from its source alone),
    // frozen or not: only the block that grew renders again, and most blocks render only once.
    let reused = 0;
    while (reused < tokens.length && this.tail[reused]?.raw === tokens[reused]!.raw) reused++;
    if (
      reused === tokens.length - 1 &&
      this.tail.length === tokens.length &&
      this.growCode(this.tail[reused]!, tokens[reused]!)
    )
      reused++;
    // A table or list that grew keeps the rows it has, also when it just ended (new blocks follow it).
    while (reused < tokens.length && reused < this.tail.length && this.growRows(this.tail[reused]!, tokens[reused]!))
      reused++;
    const rendered = tokens.slice(reused).map((token) => this.renderToken(token));
    this.patchStale(this.tail.slice(reused), rendered);
    const blocks = [...this.tail.slice(0, reused), ...rendered];
    this.segments.place(blocks, freeze.count);
    this.tail = blocks.slice(freeze.count);
    this.frozen += tail.slice(0, freeze.chars);
    this.tailText = tail.slice(freeze.chars);
    this.stats.frozenBlocks += freeze.count;
    this.stats.tailRenders++;
  }

  /**
   * Puts `rendered` where `stale` (the tail's last blocks) are, as far as it can: a block that
   * re-rendered is patched in place (see morph.ts) rather than replaced, code blocks keep their own
   * path (growCode). Stale blocks it could not patch are removed; the segments place the rest.
   */
  private patchStale(stale: RenderedBlock[], rendered: RenderedBlock[]): void {
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

  private reset(): void {
    this.queuedView.forget();
    this.el.replaceChildren();
    this.segments.reset();
    this.raw = '';
    this.endsWithCR = false;
    this.frozen = '';
    this.tailText = '';
    this.tail = [];
    this.links = Object.create(null) as Links;
    this.stats.resets++;
  }

  /** The tail's tokens; one plain-text token when marked cannot lex it (see markdownBounds.ts). */
  private lex(src: string): Token[] {
    if (nestsTooDeep(src)) return [plainToken(src)];
    const lexer = new Lexer();
    // Definitions from frozen blocks still resolve links in the tail. (The lexer keeps the
    // first definition of a label, as CommonMark says, so pre-seeding gives the same result.)
    Object.assign(lexer.tokens.links, this.links);
    try {
      return lexer.lex(src);
    } catch (error) {
      console.error('Switchboard: markdown could not be lexed, shown as text', error);
      return [plainToken(src)];
    }
  }

  /** Remembers definitions in frozen tokens; true when one was new. Tail definitions may be half-typed. */
  private learnDefinitions(frozen: Token[]): boolean {
    let learned = false;
    for (const token of frozen) {
      if (token.type !== 'def' || token.tag in this.links) continue;
      this.links[token.tag] = { href: token.href, title: token.title };
      learned = true;
    }
    return learned;
  }

  /** Renders the whole message again (links learned so far kept). Rare: once per new definition. */
  private rebuild(text: string): void {
    const { links, raw, endsWithCR } = this;
    this.reset();
    this.stats.resets--;
    this.links = links;
    this.raw = raw;
    this.endsWithCR = endsWithCR;
    this.render(text);
  }

  /**
   * A code block that grew: its text is updated in place instead of lexing its HTML again and
   * sanitising it (what marked renders for a code token is its language and its escaped text, so
   * the DOM is the same). While the fence is open the text only grows (see codeGrowth.ts); it is
   * coloured once, when the closing fence arrives (never per chunk while it streams).
   */
  private growCode(block: RenderedBlock, token: Token): boolean {
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
  private growRows(block: RenderedBlock, token: Token): boolean {
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
      this.stats.blockRenders++;
    }
    rows.rows = next.rows;
    block.raw = token.raw;
    return true;
  }

  /**
   * The open tail is one streaming fenced code block and `added` cannot end it: the token is
   * extended without lexing the whole block again (see openFence.ts). Null: lex as usual.
   */
  private extendFence(added: string | undefined): Token[] | null {
    const only = this.tail.length === 1 ? this.tail[0] : undefined;
    const token = only?.code?.growing ? only.code.token : undefined;
    if (added === undefined || !token || token.raw !== this.tailText) return null;
    const next = extendOpenFence(token, added);
    return next ? [next] : null;
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
  private renderToken(token: Token): RenderedBlock {
    this.stats.blockRenders++;
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
    if (rows && rowsEl && fragment.childElementCount === 1 && /^(TABLE|UL|OL)$/.test(rowsEl.tagName))
      block.rows = { ...rows, el: rowsEl };
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

/** Renders markdown once (no streaming state): sanitised, with code-block decorations. */
export function renderMarkdownOnce(text: string): HTMLElement {
  const markdown = new IncrementalMarkdown();
  markdown.update(text);
  return markdown.el;
}

function normaliseNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** The number of leading tokens (and their characters) that can be frozen safely. */
export function safeBoundary(src: string, tokens: Token[]): { count: number; chars: number } {
  let offset = 0;
  let best = { count: 0, chars: 0 };
  for (let i = 0; i < tokens.length - 1; i++) {
    offset += tokens[i]!.raw.length;
    const blankLineBefore = src.charCodeAt(offset - 1) === 10 && src.charCodeAt(offset - 2) === 10;
    const next = src.charAt(offset);
    if (blankLineBefore && next !== '' && !/\s/.test(next)) best = { count: i + 1, chars: offset };
  }
  // If the tokens do not tile the source exactly, we cannot map them back to offsets: freeze nothing.
  if (best.count > 0) {
    let total = 0;
    for (const token of tokens) total += token.raw.length;
    if (
      total !== src.length ||
      src.slice(0, best.chars) !==
        tokens
          .slice(0, best.count)
          .map((t) => t.raw)
          .join('')
    ) {
      return { count: 0, chars: 0 };
    }
  }
  return best;
}
