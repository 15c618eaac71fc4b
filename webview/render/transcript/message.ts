// User, agent and thought entries. A message is a list of parts; while it streams, the reducer
// replaces only the last text part, so each part keeps its own renderer and unchanged parts
// (same object) are skipped. Agent and thought text is markdown rendered incrementally; the
// user's own text is shown as typed.
import type { Entry, MessagePart } from '../../../src/shared/thread';
import { button, h } from '../../dom';
import { handleApplyClicks, handleCopyClicks } from '../markdown/codeBlocks';
import { handlePathLinks } from '../markdown/pathLinks';
import { renderContentBlock } from '../tools/contentBlock';
import { recordError } from '../../errors';
import { visibleText } from '../../visibleText';
import { errorCard } from './entryError';
import { IncrementalMarkdown } from '../markdown/markdown';
import { colourWhenCaughtUp } from '../markdown/codeColour';
import type { EntryView, Post } from '../types';
import type { FrameBudget } from '../../frameBudget';
import { appendedAfter, type TextAppend } from '../../store';
import { t } from '../../l10n';
import { cutAt } from '../../../src/shared/textCuts';
import { truncatedNote } from '../../../src/shared/messageCap';

type MessageEntry = Extract<Entry, { kind: 'user' | 'agent' | 'thought' }>;

interface PartView {
  part: MessagePart;
  el: HTMLElement;
  markdown: IncrementalMarkdown | null;
  /** The frame since which streamed text has been waiting for its markdown pass (see markdownDue). */
  queuedSince?: number;
}

/**
 * Frames streamed text may be shown as plain text before its markdown is rendered (see markdownDue):
 * about 270 ms at 60 frames a second, so the formatting catches up a few times a second.
 */
export const MAX_QUEUED_FRAMES = 16;
/**
 * Queued characters that are rendered as markdown at once, whatever the open block's length. Only a fast
 * stream reaches it before MAX_QUEUED_FRAMES (1,024 characters in 16 frames is 3,800 a second): a pass costs
 * the browser about as much per new block as per character (each new element's style and layout), so fewer,
 * larger passes; 512 made the 10-chunks-a-frame stream about 4 % slower (docs/performance.md).
 */
export const MIN_PASS_CHARS = 1024;

/**
 * Renders a list of parts into `container`, reusing the view of every unchanged part. Markdown
 * text renders within the frame's budget (frameBudget.ts): the rest of a long text is held back
 * and continued next frame.
 */
export class PartsRenderer {
  private views: PartView[] = [];
  /** The parts (and append record) last given: what a held-back text continues with. */
  private latest: MessagePart[] = [];
  private latestAppend: TextAppend | null = null;
  private readonly resume = (): void => this.update(this.latest, this.latestAppend);

  constructor(
    private readonly container: HTMLElement,
    private readonly asMarkdown: boolean,
    private readonly post: Post,
    private readonly budget: FrameBudget,
    /** An agent's answer: its code blocks that name a file offer "Apply". */
    private readonly offersApply: boolean,
  ) {}

  update(parts: MessagePart[], appended: TextAppend | null = null): void {
    this.latest = parts;
    this.latestAppend = appended;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const view = this.views[i];
      if (view?.part === part) continue;
      if (view && part?.kind === 'text' && typeof part.text === 'string' && view.markdown) {
        this.showText(view, view.markdown, part, appended);
        continue;
      }
      const fresh = this.createGuarded(part);
      if (view) view.el.replaceWith(fresh.el);
      else this.container.appendChild(fresh.el);
      this.views[i] = fresh;
    }
    for (const extra of this.views.splice(parts.length)) extra.el.remove();
  }

  /**
   * Shows the text part: what streamed in is on screen at once (as plain text while its markdown
   * waits), and rendered as markdown as far as the frame's budget allows; the view is up to date
   * only when all of it is.
   */
  private showText(
    view: PartView,
    markdown: IncrementalMarkdown,
    part: Extract<MessagePart, { kind: 'text' }>,
    appended: TextAppend | null = null,
  ): void {
    const known = appended?.part === part ? appendedAfter(appended, markdown.shownLength) : undefined;
    if (known !== undefined) {
      // Only what was appended is read (see TextAppend).
      markdown.enqueue(known);
      let cut = false;
      if (markdown.pendingLength > 0 && this.markdownDue(view, markdown)) {
        const allowed = this.budget.allow(markdown.pendingLength);
        cut = allowed < markdown.pendingLength;
        this.budget.measure(allowed, () => markdown.renderPending(allowed));
        view.queuedSince = markdown.pendingLength > 0 ? this.budget.frame : undefined;
      }
      markdown.showPending();
      if (markdown.pendingLength === 0) {
        view.part = part;
        return;
      }
      view.part = HELD_BACK;
      // Held back by the budget (a burst): behind. Otherwise the queued text waits for its pass by choice.
      if (cut) this.budget.holdBack(this.resume);
      else this.budget.awaitFrame(this.resume);
      return;
    }
    const text = part.text;
    markdown.dropPending(); // the whole text is given again: what was queued is in it
    view.queuedSince = undefined;
    const wanted = text.length - markdown.shownLength;
    const allowed = wanted > 0 ? this.budget.allow(wanted) : wanted;
    if (allowed >= wanted) {
      this.budget.measure(wanted, () => markdown.update(text));
      view.part = part;
      return;
    }
    const end = markdown.shownLength + cutAt(text.slice(markdown.shownLength), allowed);
    this.budget.measure(allowed, () => markdown.update(text.slice(0, end)));
    // The rest is on screen as plain text until the next frames render it.
    markdown.enqueue(text.slice(end));
    markdown.showPending();
    view.part = HELD_BACK;
    this.budget.holdBack(this.resume);
  }

  /**
   * Whether the queued text of a streaming part is rendered as markdown in this frame. A pass
   * renders the whole open block again, so while a slow stream adds a few characters a frame it
   * waits: until the queue is as long as the open block (each block then renders a bounded number
   * of times, however it was split) or MIN_PASS_CHARS, or MAX_QUEUED_FRAMES frames passed (the
   * formatting catches up within about 270 ms). A streaming code block renders at once (cheap).
   */
  private markdownDue(view: PartView, markdown: IncrementalMarkdown): boolean {
    if (this.budget.unlimited || markdown.growingCode) return true;
    if (markdown.pendingLength >= Math.max(MIN_PASS_CHARS, markdown.tailLength)) return true;
    view.queuedSince ??= this.budget.frame;
    return this.budget.frame - view.queuedSince >= MAX_QUEUED_FRAMES;
  }

  /** A part that cannot be shown (malformed agent data) is an error card; the other parts render. */
  private createGuarded(part: MessagePart): PartView {
    try {
      return this.create(part);
    } catch (error) {
      recordError('a message part could not be rendered', error);
      return { part, el: errorCard(t('This part of the message could not be shown'), part, error), markdown: null };
    }
  }

  private create(part: MessagePart): PartView {
    if (part.kind === 'block') return { part, el: renderContentBlock(part.block, this.post), markdown: null };
    if (part.kind !== 'text') throw new TypeError(`unknown part kind ${visibleText((part as { kind: unknown }).kind)}`);
    if (typeof part.text !== 'string') throw new TypeError('text should be a string');
    if (!this.asMarkdown) return { part, el: h('div', { class: 'user-text', text: part.text }), markdown: null };
    const markdown = new IncrementalMarkdown(undefined, this.offersApply, colourWhenCaughtUp(this.budget));
    const view: PartView = { part, el: markdown.el, markdown };
    this.showText(view, markdown, part);
    return view;
  }
}

/** Stands for a text part shown in part (held back): never equal to a part of the thread. */
const HELD_BACK: MessagePart = { kind: 'text', text: '' };

/** The event "Edit" on a user message raises; the thread view hands it to the composer. */
export const EDIT_EVENT = 'switchboard-edit-message';

export interface EditRequest {
  entryId: string;
  text: string;
}

export class MessageView implements EntryView {
  readonly el: HTMLElement;
  private readonly parts: PartsRenderer;
  /** Thoughts render only when expanded: a collapsed "Thinking" costs nothing while it streams. */
  private readonly details: HTMLDetailsElement | null = null;
  private pending: MessagePart[] | null = null;
  /** A user message's text, for Edit. */
  private userText = '';
  /** The message's parts last given: Copy copies their markdown source. */
  private latestParts: MessagePart[] = [];
  private readonly body: HTMLElement;
  /** "…truncated" under a message cut at its cap (src/shared/messageCap.ts); null until it is. */
  private truncatedNote: HTMLElement | null = null;

  /**
   * `ownSession`: the message is in the chat's own transcript. A subagent's messages (its transcript
   * is the agent's, not the user's conversation) get no Edit, Restore checkpoint or Apply.
   */
  constructor(entry: MessageEntry, post: Post, budget: FrameBudget, ownSession = true) {
    this.el = h('div', { class: `entry ${entry.kind}`, data: { entryId: entry.id } });
    const body = h('div', { class: 'message-body' });
    this.body = body;
    handleCopyClicks(body, post);
    handleApplyClicks(body, post);
    handlePathLinks(body, post);
    if (entry.kind === 'thought') {
      const summary = h(
        'summary',
        { class: 'thought-summary' },
        h('span', { class: 'thought-label', text: t('Thinking') }),
      );
      this.details = h('details', { class: 'thought-details' }, summary, body);
      this.details.addEventListener('toggle', () => this.flushPending());
      this.el.appendChild(this.details);
    } else {
      if (entry.kind === 'user' && ownSession) {
        // Restore puts the files back as they were before this prompt (the host confirms first).
        const restore = button(
          t('Restore checkpoint'),
          'restore-checkpoint link-button',
          () => post({ type: 'restoreCheckpoint', entryId: entry.id }),
          t('Put the files the agent touched back as they were before this message'),
        );
        // Edit puts this message into the composer; sending it goes back to here (composer.ts).
        const edit = button(
          t('Edit'),
          'edit-message link-button',
          () =>
            this.el.dispatchEvent(
              new CustomEvent<EditRequest>(EDIT_EVENT, {
                bubbles: true,
                detail: { entryId: entry.id, text: this.userText },
              }),
            ),
          t('Edit this message and continue from here (the files go back to before it)'),
        );
        // A message added to the running turn (steering): the agent read it mid-turn, not as a prompt of its own.
        const steered =
          entry.steered === true
            ? h('span', {
                class: 'message-steered',
                text: t('sent while the agent worked'),
                title: t('Added to the turn that was running, where the agent took it'),
              })
            : null;
        this.el.appendChild(
          h('div', { class: 'message-author' }, h('span', { text: t('You') }), steered, edit, restore),
        );
        if (steered) this.el.classList.add('steered');
      } else if (entry.kind === 'user') {
        // In a subagent's transcript the prompt is what the agent that started it asked, not the user.
        this.el.appendChild(h('div', { class: 'message-author' }, h('span', { text: t('Its instructions') })));
      }
      this.el.appendChild(body);
      if (entry.kind === 'agent') this.el.appendChild(this.copyButton(post));
    }
    this.parts = new PartsRenderer(body, entry.kind !== 'user', post, budget, entry.kind === 'agent' && ownSession);
  }

  update(entry: Entry, appended?: TextAppend | null): void {
    if (entry.kind !== 'user' && entry.kind !== 'agent' && entry.kind !== 'thought') return;
    if (Array.isArray(entry.parts)) this.latestParts = entry.parts;
    if (entry.truncated === true && !this.truncatedNote) {
      this.truncatedNote = h('div', { class: 'message-truncated', attrs: { role: 'note' }, text: truncatedNote() });
      this.body.after(this.truncatedNote);
    }
    if (entry.kind === 'user' && Array.isArray(entry.parts)) {
      this.userText = entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
    }
    if (this.details && !this.details.open) {
      this.pending = entry.parts;
      return;
    }
    this.parts.update(entry.parts, appended ?? null);
  }

  /** "Copy" under an agent message: its markdown source, with "Copied" shown (and announced) for a moment. */
  private copyButton(post: Post): HTMLElement {
    const status = h('span', { class: 'copy-status sr-only' });
    const copy = button(t('Copy'), 'copy-message link-button', () => {
      const text = this.latestParts
        .map((part) => (part.kind === 'text' && typeof part.text === 'string' ? part.text : ''))
        .join('');
      post({ type: 'copy', text });
      copy.textContent = t('Copied');
      status.textContent = t('Copied');
      setTimeout(() => {
        copy.textContent = t('Copy');
        status.textContent = '';
      }, 1200);
    });
    copy.setAttribute('aria-label', t('Copy message'));
    status.setAttribute('role', 'status');
    return h('div', { class: 'message-actions' }, copy, status);
  }

  private flushPending(): void {
    if (!this.details?.open || !this.pending) return;
    this.parts.update(this.pending);
    this.pending = null;
  }
}
