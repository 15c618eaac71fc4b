// Context keys for the `when` and `enablement` clauses in package.json, so the command palette, the
// view title bars and the keybindings offer only what can run now: Cancel only during a turn, the
// review commands only while there are pending agent changes, the chat commands only with a chat.
// Set from the host whenever the active chat, its turn or the review changes; each key is written
// only when its value changes (setContext is a round trip to the workbench).
import * as vscode from 'vscode';
import { DisposableStore, type Disposable } from '../../shared/disposableStore';
import type { ThreadController } from '../../session/api';
import type { ThreadState } from '../../shared/thread';

export const CONTEXT_KEYS = {
  /** A chat exists (Restart Agent, Cancel's chat, the per-chat review commands). */
  hasChat: 'switchboard.hasChat',
  /** The active chat's agent is working on a prompt (Cancel). */
  turnRunning: 'switchboard.turnRunning',
  /** Some agent change in the window is neither kept nor undone (Keep All, Undo All, Review All Changes). */
  hasPendingChanges: 'switchboard.hasPendingChanges',
  /** The active chat made changes that are still pending (Keep/Undo All Changes of This Chat). */
  chatHasPendingChanges: 'switchboard.chatHasPendingChanges',
  /** The active chat works in its own worktree (Bring Back, Discard Worktree). */
  chatInWorktree: 'switchboard.chatInWorktree',
} as const;

export type ContextKey = (typeof CONTEXT_KEYS)[keyof typeof CONTEXT_KEYS];

/** What the keys say for a chat state and pending counts (pure: the in-host and unit tests read it). */
export function contextValues(
  state: ThreadState | undefined,
  pendingAll: number,
  pendingInChat: number,
): Record<ContextKey, boolean> {
  return {
    [CONTEXT_KEYS.hasChat]: state !== undefined,
    [CONTEXT_KEYS.turnRunning]: state !== undefined && state.turn.kind !== 'idle',
    [CONTEXT_KEYS.hasPendingChanges]: pendingAll > 0,
    [CONTEXT_KEYS.chatHasPendingChanges]: state !== undefined && pendingInChat > 0,
    [CONTEXT_KEYS.chatInWorktree]: Boolean(state?.worktree),
  };
}

export interface ContextSources {
  activeThread(): ThreadController | undefined;
  onDidChangeActive(listener: (thread: ThreadController | undefined) => void): Disposable;
  /** Pending files in the window (no id) or of one chat. */
  pendingCount(threadId?: string): number;
  onDidChangeReview(listener: () => void): Disposable;
}

export class ChatContextKeys implements vscode.Disposable {
  private readonly written = new Map<ContextKey, boolean>();
  private readonly disposables = new DisposableStore();
  private threadSubscription: Disposable | undefined;
  /** Counted on review changes only: thread events (one per streamed chunk) read just the turn. */
  private pending = { all: 0, chat: 0 };

  constructor(private readonly sources: ContextSources) {
    this.disposables.add(sources.onDidChangeActive((thread) => this.follow(thread)));
    this.disposables.add(sources.onDidChangeReview(() => this.refresh(true)));
    this.follow(sources.activeThread());
  }

  /** The values as last written (in-host tests compare them with what the palette offers). */
  current(): Record<string, boolean> {
    return Object.fromEntries(this.written);
  }

  private follow(thread: ThreadController | undefined): void {
    this.threadSubscription?.dispose();
    this.threadSubscription = thread?.onEvent(() => this.refresh(false));
    this.refresh(true);
  }

  private refresh(countPending: boolean): void {
    const thread = this.sources.activeThread();
    if (countPending) {
      this.pending = {
        all: this.sources.pendingCount(),
        chat: thread ? this.sources.pendingCount(thread.threadId) : 0,
      };
    }
    const values = contextValues(thread?.snapshot().state, this.pending.all, this.pending.chat);
    for (const [key, value] of Object.entries(values) as [ContextKey, boolean][]) {
      if (this.written.get(key) === value) continue;
      this.written.set(key, value);
      void vscode.commands.executeCommand('setContext', key, value);
    }
  }

  dispose(): void {
    this.threadSubscription?.dispose();
    this.disposables.dispose();
  }
}
