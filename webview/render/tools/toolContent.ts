// The body of a tool-call card: content blocks, diffs, terminals, fs writes, locations and the
// raw input/output. Tool updates arrive often (status changes, streamed content), so rendered
// items are reused whenever the same thing would be rendered again (same object, or a diff
// with the same path and revision): a status change never renders a diff again.
// Agent data is not trusted to have the types it should: each item renders on its own, and one
// that is malformed (a diff without a string path, a location whose path is a number) shows an
// error card in its place while the rest of the card, its permission request included, renders.
import type { PathLabels } from '../pathLabel';
import type * as acp from '@agentclientprotocol/sdk';
import type { FileWriteView, ToolContentView } from '../../../src/shared/thread';
import { h } from '../../dom';
import { recordError } from '../../errors';
import { visibleText } from '../../visibleText';
import { renderContentBlock } from './contentBlock';
import { listOf, requireString } from '../agentData';
import { boundedJson, errorCard } from '../transcript/entryError';
import { renderDiff } from './diff';
import { renderSessionLink } from '../subagents/sessionLink';
import { renderMarkdownOnce } from '../markdown/markdown';
import type { CardContext, Post } from '../types';
import type { WebviewToHost } from '../../../src/shared/messages';
import { t } from '../../l10n';
import { cutAt } from '../../../src/shared/textCuts';

interface Rendered<T> {
  item: T;
  el: HTMLElement;
}

/** Renders `items` into `container`, reusing elements for items `same` as the previous ones. */
export class ReusingList<T> {
  private rendered: Rendered<T>[] = [];
  /** The container shows the error card of a list that was not one. */
  private showsError = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly render: (item: T) => HTMLElement,
    private readonly same: (a: T, b: T) => boolean,
  ) {}

  update(list: readonly T[]): void {
    let items: readonly T[];
    try {
      items = listOf(list);
    } catch (error) {
      // Not a list at all: the section says so, the rest of the card renders.
      recordError('a list of a tool call could not be rendered', error);
      this.rendered = [];
      this.container.replaceChildren(errorCard(t('This list could not be shown'), list, error));
      this.container.hidden = false;
      this.showsError = true;
      return;
    }
    const next: Rendered<T>[] = items.map((item, i) => {
      const previous = this.rendered[i];
      return previous && (previous.item === item || this.sameItem(previous.item, item))
        ? { item, el: previous.el }
        : { item, el: this.renderItem(item) };
    });
    const changed =
      this.showsError || next.length !== this.rendered.length || next.some((r, i) => r.el !== this.rendered[i]!.el);
    if (changed) this.container.replaceChildren(...next.map((r) => r.el));
    this.rendered = next;
    this.showsError = false;
    this.container.hidden = next.length === 0;
  }

  private renderItem(item: T): HTMLElement {
    try {
      return this.render(item);
    } catch (error) {
      recordError('an item of a tool call could not be rendered', error);
      return errorCard(t('This item could not be shown'), item, error);
    }
  }

  private sameItem(a: T, b: T): boolean {
    try {
      return this.same(a, b);
    } catch {
      return false;
    }
  }
}

/** Tool-call content; a `diff` item holds the hunks the host computed and its revision in the keeper. */
export function renderToolContent(item: ToolContentView, post: Post, cards: CardContext): HTMLElement {
  switch (item.type) {
    case 'content':
      return item.content.type === 'text'
        ? renderToolText(requireString(item.content.text, 'text content'))
        : renderContentBlock(item.content, post);
    case 'diff': {
      const path = requireString(item.path, 'diff path');
      const revision = requireRevision(item.revision);
      return renderDiff(
        {
          path,
          diff: item.diff,
          created: item.created === true,
          deleted: item.deleted === true,
          review: cards.review,
          paths: cards.paths,
          open: openDiff(path, revision, revision),
          change: item.change,
          beforeUnknown: item.beforeUnknown === true,
        },
        post,
      );
    }
    case 'terminal': {
      requireString(item.terminalId, 'terminalId');
      // The live widget (xterm + header) lives in the renderer's TerminalViews; it needs to be in the document to
      // open. It sits in a slot of this card: a subagent's tool card shows in two places (under its card, and
      // the subagent on its own), and the place shown takes the one widget back (TerminalViews.reclaim).
      const slot = h(
        'div',
        { class: 'terminal-slot', data: { terminalId: item.terminalId } },
        cards.terminals.element(item.terminalId),
      );
      const mount = (): void => cards.terminals.mount(item.terminalId);
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(mount);
      else setTimeout(mount, 0);
      return slot;
    }
    case 'session':
      return renderSessionLink(requireString(item.sessionId, 'sessionId'), cards.sessions);
    default:
      return h('div', { class: 'content-note', text: t('Unsupported tool content') });
  }
}

export function sameToolContent(a: ToolContentView, b: ToolContentView): boolean {
  // The host keeps a repeated diff under the same revision (src/session/updates/toolDiffs.ts): same revision, same card.
  if (a.type === 'diff' && b.type === 'diff') return a.path === b.path && a.revision === b.revision;
  if (a.type === 'terminal' && b.type === 'terminal') return a.terminalId === b.terminalId;
  if (a.type === 'session' && b.type === 'session') return a.sessionId === b.sessionId; // the chip follows its title
  if (a.type === 'content' && b.type === 'content' && a.content.type === 'text' && b.content.type === 'text') {
    return a.content.text === b.content.text;
  }
  return false;
}

/**
 * Tool text longer than this is shown as plain text. A tool's text renders as markdown at once (an
 * answer's streams in over frames), and markdown costs far more than its length suggests where it
 * makes many elements: a 400 KB table blocked the webview for 7-15 s, a 32 KB one takes about 0.7 s
 * in jsdom.
 */
export const MAX_TOOL_MARKDOWN_CHARS = 32 * 1024;
/** Plain tool text past this is cut, with the count of what is not shown (the card scrolls 22 lines). */
export const MAX_TOOL_TEXT_CHARS = 256 * 1024;

function renderToolText(text: string): HTMLElement {
  if (text.length <= MAX_TOOL_MARKDOWN_CHARS) return h('div', { class: 'tool-text' }, renderMarkdownOnce(text));
  return h(
    'div',
    { class: 'tool-text' },
    h('div', {
      class: 'content-note',
      text: t('Shown as plain text: longer than {0} KB.', MAX_TOOL_MARKDOWN_CHARS / 1024),
    }),
    h('div', { class: 'tool-text-plain', text: withoutTail(text, MAX_TOOL_TEXT_CHARS) }),
  );
}

/** A revision the host handed out: a whole number, 0 when the texts are not kept (a restored chat). */
function requireRevision(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error('diff revision is missing');
  return value;
}

/** What "Open diff" posts: ids only; nothing to open when the texts are not kept (revision 0). */
function openDiff(path: string, fromRevision: number, revision: number): WebviewToHost | undefined {
  return fromRevision > 0 && revision > 0 ? { type: 'openDiff', path, fromRevision, revision } : undefined;
}

/** An fs write: the hunks the host computed; "Open diff" names the write by {path, revision}. */
export function renderWrite(write: FileWriteView, post: Post, cards: CardContext): HTMLElement {
  const path = requireString(write.path, 'write path');
  const fromRevision = requireRevision(write.fromRevision);
  const revision = requireRevision(write.revision);
  return h(
    'div',
    { class: 'tool-write' },
    renderDiff(
      {
        path,
        diff: write.diff,
        created: write.created,
        review: cards.review,
        paths: cards.paths,
        open: openDiff(path, fromRevision, revision),
      },
      post,
    ),
  );
}

export function sameWrite(a: FileWriteView, b: FileWriteView): boolean {
  return a.path === b.path && a.fromRevision === b.fromRevision && a.revision === b.revision;
}

export function renderLocation(location: acp.ToolCallLocation, post: Post, paths: PathLabels): HTMLElement {
  const path = requireString(location.path, 'location path');
  const line = typeof location.line === 'number' && Number.isFinite(location.line) ? location.line : null;
  const full = visibleText(line !== null ? `${path}:${line}` : path);
  const short = visibleText(paths.label(path));
  const link = h('a', {
    class: 'location-link',
    text: line !== null ? `${short}:${line}` : short,
    title: t('Open {0}', full),
    attrs: { href: '#' },
    data: { path, line: line === null ? '' : String(line) },
  });
  link.addEventListener('click', (event) => {
    event.preventDefault();
    post({ type: 'openLocation', path, line });
  });
  return link;
}

export function sameLocation(a: acp.ToolCallLocation, b: acp.ToolCallLocation): boolean {
  return a.path === b.path && (a.line ?? null) === (b.line ?? null);
}

const RAW_LIMIT = 20_000;

/** Raw input/output in a collapsed <details>; serialised only when opened (it can be huge). */
export function renderRaw(rawInput: unknown, rawOutput: unknown): HTMLElement | null {
  if (rawInput === undefined && rawOutput === undefined) return null;
  const details = h('details', { class: 'tool-raw' }, h('summary', { text: t('Raw input and output') }));
  details.addEventListener('toggle', () => {
    if (!details.open || details.childElementCount > 1) return;
    if (rawInput !== undefined) details.append(h('div', { class: 'raw-label', text: t('Input') }), rawBlock(rawInput));
    if (rawOutput !== undefined)
      details.append(h('div', { class: 'raw-label', text: t('Output') }), rawBlock(rawOutput));
  });
  return details;
}

/** It scrolls (18 lines at most): focusable, so the keyboard can scroll it too. */
function rawBlock(value: unknown): HTMLElement {
  return h('pre', { text: stringify(value), attrs: { tabindex: '0' } });
}

/** Levels of nesting shown: raw input can nest thousands deep (JSON.stringify would recurse that far). */
const RAW_DEPTH = 64;

function stringify(value: unknown): string {
  return typeof value === 'string' ? withoutTail(value, RAW_LIMIT) : boundedJson(value, RAW_LIMIT, RAW_DEPTH);
}

/** `text` up to `limit` characters, and how many more there are. */
function withoutTail(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const end = cutAt(text, limit);
  return t('{0}\n… ({1} more characters)', text.slice(0, end), text.length - end);
}
