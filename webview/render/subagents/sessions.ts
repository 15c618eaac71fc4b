// What the views of one thread renderer know about the chat's subagent sessions: each child's state
// and card, its title as the UI names it, who started it, whether it (or a child of its own) waits
// for the user, and how to open it on its own. The thread renderer hands it each thread in its render
// pass, before the transcript. Cards and labels that show a session register here (weakly, as
// ReviewCards does: a view dropped from the transcript is collected) and are refreshed when what
// they show changed without their own entry changing: a child's transcript grew, a child was
// announced after a message or a link named it, a card's title was patched.
import type { Entry, ThreadState } from '../../../src/shared/thread';
import type { SubagentCard } from '../../../src/shared/subagentTypes';
import type { SubagentThread } from '../../../src/shared/thread';
import type { TextAppend } from '../../store';
import { visibleText } from '../../visibleText';
import { t } from '../../l10n';
import type { UnfoldMemory } from '../../unfoldedCards';
import { waitsForUser } from './subagentState';

/** A view that shows a child session and must hear of changes its own entry does not carry. */
export interface SessionWatcher {
  refresh(): void;
}

const NO_CHILDREN: Record<string, SubagentThread> = Object.freeze({});

/** Levels of a breadcrumb path followed at most (parentSessionId is agent data: it may loop). */
const MAX_DEPTH = 32;

export class SessionDirectory {
  private thread: ThreadState | null = null;
  /** What streamed chunks appended to a part (a subagent's too): its views extend their text by it. */
  appended: TextAppend | null = null;
  private subagents: Record<string, SubagentThread> = NO_CHILDREN;
  /** Where each child's card was last found: entries are appended or replaced in place, so it stays valid. */
  private readonly found = new Map<string, number>();
  private waiting = new Set<string>();
  private titles = new Map<string, string | null>();
  private readonly cards = new Set<WeakRef<SessionWatcher>>();
  private readonly labels = new Set<WeakRef<SessionWatcher>>();
  /** Keeps each label's watcher alive exactly as long as what owns it (`labels` holds them weakly). */
  private readonly owners = new WeakMap<object, SessionWatcher>();

  constructor(
    /** Shows a child session on its own (`from`: the control it was opened from, focused again on Back). */
    readonly open: (sessionId: string, from?: HTMLElement) => void,
    /** Which cards show their work, kept beyond this webview (main.ts); without it, only while it lives. */
    private readonly unfoldMemory?: UnfoldMemory,
  ) {}

  /** In the render pass: the thread shown (null: none) and what streamed chunks appended (store.ts). */
  update(thread: ThreadState | null, appended: TextAppend | null = null): void {
    this.appended = appended;
    const previous = this.thread;
    if (thread === previous) return;
    this.thread = thread;
    if (thread?.key.threadId !== previous?.key.threadId) this.found.clear();
    const subagents = isRecord(thread?.subagents) ? thread.subagents : NO_CHILDREN;
    if (subagents === this.subagents && thread?.entries === previous?.entries) return;
    const childrenChanged = subagents !== this.subagents;
    this.subagents = subagents;
    // Every child's card and waiting state: O(children × depth), only when the children or the chat's
    // entries (where the first level's cards are) changed.
    const waiting = new Set<string>();
    const titles = new Map<string, string | null>();
    let titlesChanged = false;
    for (const id of Object.keys(subagents)) {
      const card = this.card(id);
      const title = card ? cardTitle(card) : null;
      titles.set(id, title);
      if (this.titles.get(id) !== title || !this.titles.has(id)) titlesChanged = true;
      if (card && waitsForUser(card)) for (const waiter of [id, ...this.ancestors(id)]) waiting.add(waiter);
    }
    if (titles.size !== this.titles.size) titlesChanged = true;
    const waitingChanged = !sameSet(waiting, this.waiting);
    this.waiting = waiting;
    this.titles = titles;
    if (childrenChanged || waitingChanged) notify(this.cards);
    if (titlesChanged) notify(this.labels);
  }

  /** The chat's own session id (session messages name it). */
  get chatSessionId(): string | null {
    return typeof this.thread?.sessionId === 'string' ? this.thread.sessionId : null;
  }

  /** The chat's title as the breadcrumb names it. */
  get chatTitle(): string {
    return visibleText(this.thread?.title, { maxLength: 100 }) || t('Chat');
  }

  /** A child's transcript and who started it; undefined for an id the thread does not hold. */
  child(sessionId: string): SubagentThread | undefined {
    const child = Object.hasOwn(this.subagents, sessionId) ? this.subagents[sessionId] : undefined;
    return isRecord(child) && isRecord(child.state) && Array.isArray(child.state.entries) ? child : undefined;
  }

  /** The card where the child was announced (in its parent's transcript). */
  card(sessionId: string): SubagentCard | undefined {
    const child = this.child(sessionId);
    if (!child) return undefined;
    const parent = typeof child.parentSessionId === 'string' ? this.child(child.parentSessionId) : undefined;
    const entries = parent ? parent.state.entries : this.thread?.entries;
    if (!Array.isArray(entries)) return undefined;
    const known = entries[this.found.get(sessionId) ?? -1];
    if (isCardOf(known, sessionId)) return known;
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i];
      if (!isCardOf(entry, sessionId)) continue;
      this.found.set(sessionId, i);
      return entry;
    }
    return undefined;
  }

  /** The child's title as the UI shows it: the card's, else "Subagent". */
  title(sessionId: string): string {
    const card = this.card(sessionId);
    return (card && cardTitle(card)) || t('Subagent');
  }

  /** Whether the card of `sessionId` in the chat shown was left showing its work. */
  unfolded(sessionId: string): boolean {
    const threadId = this.thread?.key.threadId;
    return threadId !== undefined && (this.unfoldMemory?.get(threadId, sessionId) ?? false);
  }

  /** The card of `sessionId` shows its work (or no longer does): kept for the chat shown. */
  setUnfolded(sessionId: string, unfolded: boolean): void {
    const threadId = this.thread?.key.threadId;
    if (threadId !== undefined) this.unfoldMemory?.set(threadId, sessionId, unfolded);
  }

  /** The child or one of its own children waits for the user (a permission, a form). */
  waits(sessionId: string): boolean {
    return this.waiting.has(sessionId);
  }

  /** Who started `sessionId`, nearest last: the chat's children first (the chat itself is not in it). */
  ancestors(sessionId: string): string[] {
    const path: string[] = [];
    const seen = new Set([sessionId]);
    let parent = this.child(sessionId)?.parentSessionId;
    while (typeof parent === 'string' && !seen.has(parent) && path.length < MAX_DEPTH) {
      const child = this.child(parent);
      if (!child) break;
      seen.add(parent);
      path.unshift(parent);
      parent = child.parentSessionId;
    }
    return path;
  }

  /** A subagent card: refreshed when any child's state, or who waits, changed. */
  watchCard(view: SessionWatcher): void {
    this.cards.add(new WeakRef(view));
  }

  /**
   * A label naming sessions (a session message, a link): refreshed when a child is announced or renamed,
   * for as long as `owner` (its element) lives.
   */
  watchLabel(view: SessionWatcher, owner: object = view): void {
    this.owners.set(owner, view);
    this.labels.add(new WeakRef(view));
  }
}

function notify(watchers: Set<WeakRef<SessionWatcher>>): void {
  for (const ref of watchers) {
    const watcher = ref.deref();
    if (watcher) watcher.refresh();
    else watchers.delete(ref);
  }
}

/** The card's own title, shown as text (null: the agent gave none). */
function cardTitle(card: SubagentCard): string | null {
  return visibleText(card.title, { maxLength: 200 }) || null;
}

function isCardOf(entry: Entry | undefined, sessionId: string): entry is SubagentCard {
  return typeof entry === 'object' && entry !== null && entry.kind === 'subagent' && entry.sessionId === sessionId;
}

function isRecord<T>(value: T | null | undefined): value is T & object {
  return typeof value === 'object' && value !== null;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}
