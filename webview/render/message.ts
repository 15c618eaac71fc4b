// User, agent and thought entries. A message is a list of parts; while it streams, the reducer
// replaces only the last text part, so each part keeps its own renderer and unchanged parts
// (same object) are skipped. Agent and thought text is markdown rendered incrementally; the
// user's own text is shown as typed.
import type { Entry, MessagePart } from '../../src/shared/thread';
import { button, h } from '../dom';
import { handleCopyClicks } from './codeBlocks';
import { renderContentBlock } from './contentBlock';
import { recordError } from '../errors';
import { visibleText } from '../visibleText';
import { errorCard } from './entryError';
import { IncrementalMarkdown } from './markdown';
import { noteShown, textGrowth } from '../textGrowth';
import type { EntryView, Post } from './types';

type MessageEntry = Extract<Entry, { kind: 'user' | 'agent' | 'thought' }>;

interface PartView {
  part: MessagePart;
  el: HTMLElement;
  markdown: IncrementalMarkdown | null;
}

/** Renders a list of parts into `container`, reusing the view of every unchanged part. */
class PartsRenderer {
  private views: PartView[] = [];

  constructor(
    private readonly container: HTMLElement,
    private readonly asMarkdown: boolean,
    private readonly post: Post,
  ) {}

  update(parts: MessagePart[]): void {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const view = this.views[i];
      if (view?.part === part) continue;
      if (view && part?.kind === 'text' && typeof part.text === 'string' && view.markdown) {
        const grown = textGrowth(part);
        if (grown && grown.from === view.part) view.markdown.append(part.text, grown.added);
        else view.markdown.update(part.text);
        noteShown(part);
        view.part = part;
        continue;
      }
      const fresh = this.createGuarded(part);
      if (view) view.el.replaceWith(fresh.el);
      else this.container.appendChild(fresh.el);
      this.views[i] = fresh;
    }
    for (const extra of this.views.splice(parts.length)) extra.el.remove();
  }

  /** A part that cannot be shown (malformed agent data) is an error card; the other parts render. */
  private createGuarded(part: MessagePart): PartView {
    try {
      return this.create(part);
    } catch (error) {
      recordError('a message part could not be rendered', error);
      return { part, el: errorCard('This part of the message could not be shown', part, error), markdown: null };
    }
  }

  private create(part: MessagePart): PartView {
    if (part.kind === 'block') return { part, el: renderContentBlock(part.block, this.post), markdown: null };
    if (part.kind !== 'text') throw new TypeError(`unknown part kind ${visibleText((part as { kind: unknown }).kind)}`);
    if (typeof part.text !== 'string') throw new TypeError('text should be a string');
    if (!this.asMarkdown) return { part, el: h('div', { class: 'user-text', text: part.text }), markdown: null };
    const markdown = new IncrementalMarkdown();
    markdown.update(part.text);
    noteShown(part);
    return { part, el: markdown.el, markdown };
  }
}

export class MessageView implements EntryView {
  readonly el: HTMLElement;
  private readonly parts: PartsRenderer;
  /** Thoughts render only when expanded: a collapsed "Thinking" costs nothing while it streams. */
  private readonly details: HTMLDetailsElement | null = null;
  private pending: MessagePart[] | null = null;

  constructor(entry: MessageEntry, post: Post) {
    this.el = h('div', { class: `entry ${entry.kind}`, data: { entryId: entry.id } });
    const body = h('div', { class: 'message-body' });
    handleCopyClicks(body, post);
    if (entry.kind === 'thought') {
      const summary = h(
        'summary',
        { class: 'thought-summary' },
        h('span', { class: 'thought-label', text: 'Thinking' }),
      );
      this.details = h('details', { class: 'thought-details' }, summary, body);
      this.details.addEventListener('toggle', () => this.flushPending());
      this.el.appendChild(this.details);
    } else {
      if (entry.kind === 'user') {
        // Restore puts the files back as they were before this prompt (the host confirms first).
        const restore = button(
          'Restore checkpoint',
          'restore-checkpoint link-button',
          () => post({ type: 'restoreCheckpoint', entryId: entry.id }),
          'Put the files the agent touched back as they were before this message',
        );
        this.el.appendChild(h('div', { class: 'message-author' }, h('span', { text: 'You' }), restore));
      }
      this.el.appendChild(body);
    }
    this.parts = new PartsRenderer(body, entry.kind !== 'user', post);
  }

  update(entry: Entry): void {
    if (entry.kind !== 'user' && entry.kind !== 'agent' && entry.kind !== 'thought') return;
    if (this.details && !this.details.open) {
      this.pending = entry.parts;
      return;
    }
    this.parts.update(entry.parts);
  }

  private flushPending(): void {
    if (!this.details?.open || !this.pending) return;
    this.parts.update(this.pending);
    this.pending = null;
  }
}
