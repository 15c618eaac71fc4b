// Incremental markdown for streaming agent text. A message grows by small chunks; re-rendering
// the whole message per chunk makes long answers O(n^2) and freezes the panel. Instead the
// already-complete top-level blocks are rendered once and frozen, and only the open tail
// (whatever follows the last safe block boundary, safeBoundary.ts) is lexed and rendered again;
// each block is rendered, and grown in place, by blockRenderer.ts.
// Reference-style link definitions apply to the whole message, including blocks before them:
// when a new definition freezes, the message is rebuilt once with all known definitions.
import { Lexer, type Links, type Token } from 'marked';
import { colourNow, type CodeColouring } from './codeColour';
import { extendOpenFence } from './openFence';
import { nestsTooDeep, plainToken } from './markdownBounds';
import { BlockRenderer, type RenderedBlock } from './blockRenderer';
import { safeBoundary } from './safeBoundary';
import { lexGrowingList } from './growingList';
import { BlockSegments } from './segments';
import { QueuedTextView } from './queuedText';
import { cutAt } from '../../../src/shared/textCuts';

/** Frozen characters re-checked on each update, so a replaced (not extended) text is noticed. */
const CHECKED_FROZEN_CHARS = 256;

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
  /** The open tail's tokens as lexed (a growing list at its end is lexed from its last items, growingList.ts). */
  private tailTokens: Token[] = [];
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
  /** Renders each top-level token, and grows a rendered block in place (blockRenderer.ts). */
  private readonly blocks: BlockRenderer;

  /**
   * `offersApply`: closed code blocks that name a file get "Apply" (an agent's answer; codeBlocks.ts
   * offerApply). `colouring`: when closed code blocks are coloured (codeColour.ts).
   */
  constructor(el?: HTMLElement, offersApply = false, colouring: CodeColouring = colourNow) {
    this.el = el ?? document.createElement('div');
    this.el.classList.add('markdown');
    this.segments = new BlockSegments(this.el);
    this.blocks = new BlockRenderer(offersApply, colouring, () => this.stats.blockRenders++);
    this.queuedView = new QueuedTextView(
      () => {
        const last = this.tail[this.tail.length - 1];
        return last && !last.code ? last : null;
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
    const tokens =
      this.extendFence(added) ??
      (added === undefined ? null : lexGrowingList(this.tailTokens, tail, (src) => this.lex(src))) ??
      this.lex(tail);
    const freeze = safeBoundary(tail, tokens);
    if (this.learnDefinitions(tokens.slice(0, freeze.count)) && this.el.firstChild) {
      this.rebuild(this.frozen + tail);
      return;
    }

    // A block whose source is unchanged keeps its nodes (a token renders from its source alone),
    // frozen or not: only the block that grew renders again, and most blocks render only once.
    let reused = 0;
    while (reused < tokens.length && this.tail[reused]?.raw === tokens[reused]!.raw) reused++;
    // A code block that grew keeps its element, also when it just closed and blocks follow it (the
    // closing fence and the next heading often come in one pass): it is coloured in place, not
    // rendered, sanitised and laid out whole again.
    if (
      reused < tokens.length &&
      reused < this.tail.length &&
      this.blocks.growCode(this.tail[reused]!, tokens[reused]!)
    )
      reused++;
    // A table or list that grew keeps the rows it has, also when it just ended (new blocks follow it).
    while (
      reused < tokens.length &&
      reused < this.tail.length &&
      this.blocks.growRows(this.tail[reused]!, tokens[reused]!)
    )
      reused++;
    const rendered = tokens.slice(reused).map((token) => this.blocks.render(token));
    this.blocks.patchStale(this.tail.slice(reused), rendered);
    const blocks = [...this.tail.slice(0, reused), ...rendered];
    this.segments.place(blocks, freeze.count);
    this.tail = blocks.slice(freeze.count);
    this.tailTokens = tokens.slice(freeze.count);
    this.frozen += tail.slice(0, freeze.chars);
    this.tailText = tail.slice(freeze.chars);
    this.stats.frozenBlocks += freeze.count;
    this.stats.tailRenders++;
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
    this.tailTokens = [];
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
