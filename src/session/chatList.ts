// What the chat list shows of each chat: title, agent, state (working / needs permission / done /
// failed) and unread activity, kept from each thread's numbered actions (never by scanning its
// entries, which may be thousands). A chat in the background that asks for permission or input or ends
// a turn is reported (onAttention), so the glue can raise a badge and a notification; so is the chat on
// screen while the window has no focus, once per kind until the window had focus again (the user is away
// and one notice of each is enough). Pure: no vscode.
import { t } from '../shared/l10n';
import type { ThreadAction } from '../shared/actions';
import type { ChatState, ChatSummary } from '../shared/messages';
import type { ThreadController } from './api';
import type { ThreadRegistry } from './threadRegistry';
import { DisposableStore, type Disposable } from '../shared/disposableStore';
import { Listeners } from '../shared/listeners';

export type { ChatState, ChatSummary } from '../shared/messages';

export type Attention = 'permission' | 'input' | 'done' | 'failed';
/** Why the user did not see it: the chat is in the background, or on screen in a window without focus. */
export type Unseen = 'background' | 'unfocused';

interface Tracked {
  thread: ThreadController;
  pendingPermissions: Set<string>;
  unread: boolean;
  /** Set once a turn ended (or failed) since the last prompt: the chat shows `done`. */
  finished: boolean;
  subscription: Disposable;
}

const MAX_TITLE = 200;

export class ChatList {
  private readonly tracked = new Map<string, Tracked>();
  private readonly listeners = new Listeners<[]>();
  private readonly subscriptions = new DisposableStore();
  private shownIds: () => ReadonlySet<string>;
  private windowFocused = true;
  /** `<threadId> <kind>` reported for a chat on screen since the window lost focus. */
  private readonly reportedUnfocused = new Set<string>();

  constructor(
    private readonly registry: ThreadRegistry,
    private readonly onAttention: (thread: ThreadController, why: Attention, unseen: Unseen) => void = () => {},
    /** The chats some view shows right now (the side bar's and the editor tabs'); they are never unread. */
    shownIds?: () => ReadonlySet<string>,
  ) {
    this.shownIds = shownIds ?? (() => new Set(registry.active() ? [registry.active()!.threadId] : []));
    this.subscriptions.add(registry.onDidChangeList(() => this.sync()));
    this.subscriptions.add(
      registry.onDidChangeActive((thread) => {
        if (thread) this.markRead(thread.threadId);
        this.changed();
      }),
    );
    this.sync();
  }

  /** The user's own name for a chat (history's Rename), which wins over the agent's title. */
  renamed: ((threadId: string) => string | undefined) | undefined;

  /** The user's names changed: the list is posted again. */
  setNames(names: Readonly<Record<string, string>>): void {
    this.renamed = (threadId) => names[threadId];
    this.changed();
  }

  setShown(shownIds: () => ReadonlySet<string>): void {
    this.shownIds = shownIds;
  }

  /** The window got or lost focus: without it, what happens in a chat on screen is not seen either. */
  setWindowFocused(focused: boolean): void {
    this.windowFocused = focused;
    if (focused) this.reportedUnfocused.clear();
  }

  /** The list changed (a chat added, closed, retitled, its state or unread flag changed). */
  onDidChange(listener: () => void): Disposable {
    return this.listeners.add(listener);
  }

  summaries(): ChatSummary[] {
    const activeId = this.registry.active()?.threadId;
    return [...this.tracked.values()].map((tracked) => this.summary(tracked, tracked.thread.threadId === activeId));
  }

  /** Chats that need the user: waiting for a permission answer, or unread. */
  attentionCount(): number {
    let count = 0;
    for (const tracked of this.tracked.values()) if (tracked.unread || tracked.pendingPermissions.size > 0) count++;
    return count;
  }

  markRead(threadId: string): void {
    const tracked = this.tracked.get(threadId);
    if (tracked?.unread) {
      tracked.unread = false;
      this.changed();
    }
  }

  dispose(): void {
    this.subscriptions.dispose();
    for (const tracked of this.tracked.values()) tracked.subscription.dispose();
    this.tracked.clear();
    this.listeners.clear();
  }

  private summary(tracked: Tracked, active: boolean): ChatSummary {
    const { state } = tracked.thread.snapshot();
    const title = this.renamed?.(tracked.thread.threadId) ?? chatTitle(state);
    return {
      threadId: tracked.thread.threadId,
      agentId: tracked.thread.agent.id,
      agentName: tracked.thread.agent.displayName,
      title: title.slice(0, MAX_TITLE),
      state: chatState(tracked, state),
      unread: tracked.unread,
      active,
    };
  }

  private sync(): void {
    const live = new Set<string>();
    for (const thread of this.registry.all()) {
      live.add(thread.threadId);
      if (this.tracked.has(thread.threadId)) continue;
      const tracked: Tracked = {
        thread,
        pendingPermissions: new Set(),
        unread: false,
        finished: false,
        subscription: { dispose: () => {} },
      };
      tracked.subscription = thread.onEvent((event) => this.onAction(tracked, event.action));
      this.tracked.set(thread.threadId, tracked);
    }
    for (const [threadId, tracked] of this.tracked) {
      if (live.has(threadId)) continue;
      tracked.subscription.dispose();
      this.tracked.delete(threadId);
    }
    this.changed();
  }

  private onAction(tracked: Tracked, action: ThreadAction): void {
    const shown = this.shownIds().has(tracked.thread.threadId);
    let attention: Attention | undefined;
    let changed = true;
    // A subagent session's permission request or form waits for the user like the chat's own (its ids are its own).
    const inner = action.type === 'subagent' ? action.action : action;
    switch (inner.type) {
      case 'permissionRequested':
        tracked.pendingPermissions.add(inner.permissionId);
        attention = 'permission';
        break;
      case 'elicitationRequested':
      case 'elicitationUrlRequested':
        attention = 'input';
        break;
      case 'permissionResolved':
        tracked.pendingPermissions.delete(inner.permissionId);
        break;
      case 'promptSent':
        tracked.finished = false;
        break;
      case 'turnEnded':
      case 'turnFailed':
        tracked.finished = true;
        attention = 'done';
        break;
      case 'agentFailed':
        tracked.pendingPermissions.clear();
        attention = 'failed';
        break;
      case 'connection':
        break;
      case 'sessionUpdate':
        // Streamed text marks the chat unread once; the title is the only other thing the list shows.
        changed =
          (inner === action && inner.update.sessionUpdate === 'session_info_update') || (!shown && !tracked.unread);
        break;
      default:
        changed = !shown && !tracked.unread;
    }
    if (!shown && action.type !== 'connection') tracked.unread = true;
    if (changed) this.changed();
    if (!attention) return;
    if (!shown) return this.onAttention(tracked.thread, attention, 'background');
    const key = `${tracked.thread.threadId} ${attention}`;
    if (this.windowFocused || this.reportedUnfocused.has(key)) return;
    this.reportedUnfocused.add(key);
    this.onAttention(tracked.thread, attention, 'unfocused');
  }

  private changed(): void {
    this.listeners.fire();
  }
}

/**
 * Closes a chat. Closing stops its agent, so a chat that is working, waiting for the user (a permission, a
 * sign-in) or starting is closed only once `confirm` says yes (the glue asks with a modal); the others close at
 * once. False when it was not closed (no such chat, or the user said no).
 */
export async function closeAskingFirst(
  registry: ThreadRegistry,
  list: ChatList,
  threadId: string,
  confirm: (summary: ChatSummary) => Promise<boolean>,
): Promise<boolean> {
  const summary = list.summaries().find((chat) => chat.threadId === threadId);
  if (!summary) return false;
  if (CLOSING_STOPS_WORK.has(summary.state) && !(await confirm(summary))) return false;
  await registry.close(threadId);
  return true;
}

/** The states in which a chat is doing or waiting for something that closing it would stop. */
const CLOSING_STOPS_WORK: ReadonlySet<ChatState> = new Set(['working', 'permission', 'starting']);

function chatState(tracked: Tracked, state: ReturnType<ThreadController['snapshot']>['state']): ChatState {
  if (tracked.pendingPermissions.size > 0) return 'permission';
  const connection = state.connection.kind;
  if (connection === 'failed') return 'failed';
  if (state.turn.kind !== 'idle') return 'working';
  if (connection === 'starting' || connection === 'authenticating') return 'starting';
  if (connection === 'authRequired') return 'permission';
  if (connection === 'stopped') return 'stopped';
  return tracked.finished ? 'done' : 'idle';
}

/** What a chat is called: session_info_update's title, else its first prompt (bounded). */
export function chatTitle(state: ReturnType<ThreadController['snapshot']>['state']): string {
  const title = typeof state.title === 'string' && state.title.trim() !== '' ? state.title : firstPrompt(state);
  return title.slice(0, MAX_TITLE);
}

/** A chat the agent has not titled is named after its first prompt. */
function firstPrompt(state: ReturnType<ThreadController['snapshot']>['state']): string {
  for (const entry of state.entries) {
    if (entry.kind !== 'user') continue;
    for (const part of entry.parts) if (part.kind === 'text' && part.text.trim() !== '') return oneLine(part.text);
  }
  return t('New chat');
}

function oneLine(text: string): string {
  return text
    .slice(0, MAX_TITLE * 2)
    .replace(/\s+/g, ' ')
    .trim();
}
