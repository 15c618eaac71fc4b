// The body of a tool-call card: content blocks, diffs, terminals, fs writes, locations and the
// raw input/output. Tool updates arrive often (status changes, streamed content), so rendered
// items are reused whenever the same thing would be rendered again (same object, or a diff
// with the same path and texts): a status change never recomputes a diff.
import type * as acp from '@agentclientprotocol/sdk';
import type { FileWriteView } from '../../src/shared/thread';
import { h } from '../dom';
import { renderContentBlock } from './contentBlock';
import { renderDiff } from './diff';
import { renderMarkdownOnce } from './markdown';
import { terminalViews } from '../terminal/views';
import type { Post } from './types';

interface Rendered<T> {
  item: T;
  el: HTMLElement;
}

/** Renders `items` into `container`, reusing elements for items `same` as the previous ones. */
export class ReusingList<T> {
  private rendered: Rendered<T>[] = [];

  constructor(
    private readonly container: HTMLElement,
    private readonly render: (item: T) => HTMLElement,
    private readonly same: (a: T, b: T) => boolean,
  ) {}

  update(items: readonly T[]): void {
    const next: Rendered<T>[] = items.map((item, i) => {
      const previous = this.rendered[i];
      return previous && (previous.item === item || this.same(previous.item, item)) ? { item, el: previous.el } : { item, el: this.render(item) };
    });
    const changed = next.length !== this.rendered.length || next.some((r, i) => r.el !== this.rendered[i].el);
    if (changed) this.container.replaceChildren(...next.map((r) => r.el));
    this.rendered = next;
    this.container.hidden = next.length === 0;
  }
}

export function renderToolContent(item: acp.ToolCallContent, post: Post): HTMLElement {
  switch (item.type) {
    case 'content':
      return item.content.type === 'text'
        ? h('div', { class: 'tool-text' }, renderMarkdownOnce(item.content.text))
        : renderContentBlock(item.content, post);
    case 'diff':
      return renderDiff({ path: item.path, oldText: item.oldText ?? null, newText: item.newText, reviewable: true }, post);
    case 'terminal': {
      // The live widget (xterm + header) lives in terminalViews; it needs to be in the document to open.
      const el = terminalViews.element(item.terminalId);
      const mount = (): void => terminalViews.mount(item.terminalId);
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(mount);
      else setTimeout(mount, 0);
      return el;
    }
    default:
      return h('div', { class: 'content-note', text: 'Unsupported tool content' });
  }
}

export function sameToolContent(a: acp.ToolCallContent, b: acp.ToolCallContent): boolean {
  if (a.type === 'diff' && b.type === 'diff') return a.path === b.path && a.oldText === b.oldText && a.newText === b.newText;
  if (a.type === 'terminal' && b.type === 'terminal') return a.terminalId === b.terminalId;
  if (a.type === 'content' && b.type === 'content' && a.content.type === 'text' && b.content.type === 'text') {
    return a.content.text === b.content.text;
  }
  return false;
}

export function renderWrite(write: FileWriteView, post: Post): HTMLElement {
  return h('div', { class: 'tool-write' }, renderDiff({ ...write, reviewable: true }, post));
}

export function sameWrite(a: FileWriteView, b: FileWriteView): boolean {
  return a.path === b.path && a.oldText === b.oldText && a.newText === b.newText;
}

export function renderLocation(location: acp.ToolCallLocation, post: Post): HTMLElement {
  const line = location.line ?? null;
  const full = line !== null ? `${location.path}:${line}` : location.path;
  const short = shortPath(location.path);
  const link = h('a', {
    class: 'location-link',
    text: line !== null ? `${short}:${line}` : short,
    title: `Open ${full}`,
    attrs: { href: '#' },
    data: { path: location.path, line: line === null ? '' : String(line) },
  });
  link.addEventListener('click', (event) => {
    event.preventDefault();
    post({ type: 'openLocation', path: location.path, line });
  });
  return link;
}

/** The last few segments of an absolute path: the side bar is narrow and the tooltip has it all. */
export function shortPath(path: string, keep = 3): string {
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
  return segments.length > keep ? `…/${segments.slice(-keep).join('/')}` : path;
}

export function sameLocation(a: acp.ToolCallLocation, b: acp.ToolCallLocation): boolean {
  return a.path === b.path && (a.line ?? null) === (b.line ?? null);
}

const RAW_LIMIT = 20_000;

/** Raw input/output in a collapsed <details>; serialised only when opened (it can be huge). */
export function renderRaw(rawInput: unknown, rawOutput: unknown): HTMLElement | null {
  if (rawInput === undefined && rawOutput === undefined) return null;
  const details = h('details', { class: 'tool-raw' }, h('summary', { text: 'Raw input and output' }));
  details.addEventListener('toggle', () => {
    if (!details.open || details.childElementCount > 1) return;
    if (rawInput !== undefined) details.append(h('div', { class: 'raw-label', text: 'Input' }), h('pre', { text: stringify(rawInput) }));
    if (rawOutput !== undefined) details.append(h('div', { class: 'raw-label', text: 'Output' }), h('pre', { text: stringify(rawOutput) }));
  });
  return details;
}

function stringify(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > RAW_LIMIT ? `${text.slice(0, RAW_LIMIT)}\n… (${text.length - RAW_LIMIT} more characters)` : text;
}
