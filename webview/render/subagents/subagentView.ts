// A subagent shown on its own, in place of the chat: its whole transcript (the same entry views),
// the bar with where it is (subagentBar.ts), its plan in the plan region and, instead of the composer,
// a line saying a subagent takes its instructions from the agent that started it. Which subagent is
// shown is this webview's own state (the store keeps the thread). Going back (the bar, or Escape: one
// level up) shows the level left at the place it was left, with the focus on the control that left it.
// A subagent the shown thread no longer holds (another chat is shown) falls back to the chat.
import type { ThreadState } from '../../../src/shared/thread';
import type { SubagentThread } from '../../../src/shared/thread';
import { h } from '../../dom';
import type { FrameBudget } from '../../frameBudget';
import { t } from '../../l10n';
import type { ScrollAnchor } from '../../scrollAnchors';
import { SubagentBar } from './subagentBar';
import { TranscriptView } from '../transcript/transcript';
import type { CardContext, Post } from '../types';

/** The chat's own level in `left` (a subagent's is its session id). */
const CHAT = '';

interface Left {
  anchor: ScrollAnchor;
  /** The control the level was left from (focused again on return, when it is still there). */
  origin: HTMLElement | null;
}

export class SubagentScreen {
  readonly bar: SubagentBar;
  /** Where the composer was (a region like it: every part of the page is in a landmark). */
  readonly note = h('section', {
    class: 'subagent-note',
    attrs: { 'aria-label': t('Message') },
    text: t('A subagent takes its instructions from the agent that started it: write to the agent in the chat.'),
  });
  /** Holds the shown subagent's transcript (in the transcript's frame). */
  readonly slot = h('div', { class: 'subagent-transcript' });
  private shown: string | null = null;
  private threadId: string | null = null;
  private transcript: { sessionId: string; view: TranscriptView } | null = null;
  private readonly left = new Map<string, Left>();
  /** A level just gone to: its place and focus are given back after the render shows it. */
  private arriving: { level: string; from: string | null } | null = null;

  constructor(
    private readonly post: Post,
    private readonly cards: CardContext,
    private readonly budget: FrameBudget,
    /** The chat's transcript (its place is kept while a subagent is shown). */
    private readonly chat: TranscriptView,
    /** Renders the thread again (the shown level changed). */
    private readonly rerender: () => void,
  ) {
    this.bar = new SubagentBar(post, cards.sessions, (level) => this.go(level));
  }

  /** The subagent shown, or null for the chat. */
  get sessionId(): string | null {
    return this.shown;
  }

  /** Shows `sessionId` on its own; `from`: the control it was opened from. */
  open(sessionId: string, from?: HTMLElement): void {
    if (!this.cards.sessions.child(sessionId) || sessionId === this.shown) return;
    this.left.set(this.shown ?? CHAT, {
      anchor: this.current().anchorAt(from ?? null),
      origin: from ?? null,
    });
    this.show(sessionId);
  }

  /** One level up: the subagent that started the shown one, or the chat. */
  back(): void {
    if (this.shown === null) return;
    const parent = this.cards.sessions.child(this.shown)?.parentSessionId;
    this.go(typeof parent === 'string' && this.cards.sessions.child(parent) ? parent : null);
  }

  /** Goes to a level above (a crumb): the chat (null) or a subagent. */
  private go(level: string | null): void {
    if (level === this.shown) return;
    this.show(level);
  }

  private show(level: string | null): void {
    this.arriving = { level: level ?? CHAT, from: this.shown };
    this.shown = level;
    this.rerender();
  }

  /**
   * In the render pass, first: the subagent to show, or null for the chat. A subagent the thread no
   * longer holds falls back to the chat (another chat shown: at that chat's own place, app.ts).
   */
  sync(thread: ThreadState | null): SubagentThread | null {
    const threadId = thread?.key.threadId ?? null;
    if (threadId !== this.threadId) {
      this.threadId = threadId;
      this.left.clear();
      this.arriving = null;
      this.shown = null;
    }
    if (this.shown === null) return null;
    const child = this.cards.sessions.child(this.shown);
    if (child) return child;
    this.arriving = { level: CHAT, from: null };
    this.shown = null;
    return null;
  }

  /** Renders the shown subagent's transcript and bar. */
  render(child: SubagentThread): void {
    const sessionId = this.shown!;
    if (this.transcript?.sessionId !== sessionId) {
      this.transcript?.view.clear();
      const view = new TranscriptView(this.post, { ...this.cards, session: sessionId }, this.budget);
      this.transcript = { sessionId, view };
      this.slot.replaceChildren(view.el, view.jumpButton);
    }
    this.transcript.view.render(child.state.entries, this.cards.sessions.appended);
    this.bar.render(sessionId);
  }

  /** After the render pass: keeps the shown transcript at its bottom, gives a level gone to its place and focus. */
  afterRender(): void {
    if (this.shown !== null) this.transcript?.view.followBottom();
    const arriving = this.arriving;
    if (!arriving) return;
    this.arriving = null;
    const saved = this.left.get(arriving.level);
    this.left.delete(arriving.level);
    const transcript = this.current();
    // A terminal of the subagent shown in the level left goes back to its card here.
    this.cards.terminals.reclaim(transcript.el);
    if (saved) transcript.restoreAnchor(saved.anchor);
    const focus =
      (saved?.origin?.isConnected ? saved.origin : null) ??
      (arriving.from !== null ? openButtonOf(transcript.el, arriving.from) : null) ??
      (this.shown !== null ? this.bar.heading : null);
    focus?.focus();
  }

  /** The transcript of the level shown. */
  private current(): TranscriptView {
    return this.shown !== null && this.transcript ? this.transcript.view : this.chat;
  }
}

/** The Open button of the card of `sessionId` in `container`. */
function openButtonOf(container: HTMLElement, sessionId: string): HTMLElement | null {
  for (const card of Array.from(container.querySelectorAll<HTMLElement>('.entry.subagent')))
    if (card.dataset.sessionId === sessionId) return card.querySelector<HTMLElement>('.subagent-open');
  return null;
}
