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
import { Lexer, Parser, type Links, type Token } from 'marked';
import { decorateCodeBlocks } from './codeBlocks';
import { sanitizeToFragment } from './sanitize';

interface RenderedBlock {
  raw: string;
  nodes: ChildNode[];
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
  private source = '';
  /** Length of the prefix of `source` that is rendered into frozen nodes. */
  private frozenLength = 0;
  /** The open tail's top-level tokens and the nodes each rendered to. */
  private tail: RenderedBlock[] = [];
  private links: Links = Object.create(null) as Links;

  constructor(el?: HTMLElement) {
    this.el = el ?? document.createElement('div');
    this.el.classList.add('markdown');
  }

  /** Shows `text` (the whole message so far). Cost is proportional to the open tail. */
  update(rawText: string): void {
    const text = normaliseNewlines(rawText);
    if (text === this.source) return;
    if (text.length < this.frozenLength || !text.startsWith(this.source.slice(0, this.frozenLength))) this.reset();

    const tail = text.slice(this.frozenLength);
    const tokens = this.lex(tail);
    const freeze = safeBoundary(tail, tokens);
    if (this.learnDefinitions(tokens.slice(0, freeze.count)) && this.el.firstChild) {
      this.rebuild(text);
      return;
    }

    // The tail rendered last time starts with the blocks that freeze now; a block whose source
    // is unchanged keeps its nodes (it was complete already), so most blocks render only once.
    let reused = 0;
    while (reused < freeze.count && this.tail[reused]?.raw === tokens[reused].raw) reused++;
    const stale = this.tail.slice(reused);
    const rendered = tokens.slice(reused).map((token) => this.renderToken(token));
    for (const group of stale) for (const node of group.nodes) node.remove();
    for (const group of rendered) for (const node of group.nodes) this.el.appendChild(node);
    this.tail = rendered.slice(freeze.count - reused);
    this.frozenLength += freeze.chars;
    this.stats.frozenBlocks += freeze.count;
    this.stats.tailRenders++;
    this.source = text;
  }

  get text(): string {
    return this.source;
  }

  private reset(): void {
    this.el.replaceChildren();
    this.source = '';
    this.frozenLength = 0;
    this.tail = [];
    this.links = Object.create(null) as Links;
    this.stats.resets++;
  }

  private lex(src: string): Token[] {
    const lexer = new Lexer();
    // Definitions from frozen blocks still resolve links in the tail. (The lexer keeps the
    // first definition of a label, as CommonMark says, so pre-seeding gives the same result.)
    Object.assign(lexer.tokens.links, this.links);
    return lexer.lex(src);
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
    const links = this.links;
    this.reset();
    this.stats.resets--;
    this.links = links;
    this.update(text);
  }

  /**
   * Each top-level token is sanitised on its own, so the DOM does not depend on how tokens were
   * grouped (a raw `<div>` block never swallows the blocks after it) and blocks can be reused.
   */
  private renderToken(token: Token): RenderedBlock {
    this.stats.blockRenders++;
    const html = Parser.parse([token]);
    const fragment = html ? sanitizeToFragment(html) : document.createDocumentFragment();
    decorateCodeBlocks(fragment);
    return { raw: token.raw, nodes: Array.from(fragment.childNodes) };
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

/** The number of leading tokens (and their characters) that can be frozen safely. */
export function safeBoundary(src: string, tokens: Token[]): { count: number; chars: number } {
  let offset = 0;
  let best = { count: 0, chars: 0 };
  for (let i = 0; i < tokens.length - 1; i++) {
    offset += tokens[i].raw.length;
    const blankLineBefore = src.charCodeAt(offset - 1) === 10 && src.charCodeAt(offset - 2) === 10;
    const next = src.charAt(offset);
    if (blankLineBefore && next !== '' && !/\s/.test(next)) best = { count: i + 1, chars: offset };
  }
  // If the tokens do not tile the source exactly, we cannot map them back to offsets: freeze nothing.
  if (best.count > 0) {
    let total = 0;
    for (const token of tokens) total += token.raw.length;
    if (total !== src.length || src.slice(0, best.chars) !== tokens.slice(0, best.count).map((t) => t.raw).join('')) {
      return { count: 0, chars: 0 };
    }
  }
  return best;
}
