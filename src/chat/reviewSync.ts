// Folds the review state of the files a chat shows (its diff cards and fs writes) into that chat's
// thread state, so the webview renders it with everything else: one view state, one channel (the
// snapshot + numbered actions of the mirror). Review is per window; each `reviewChanged` action
// carries the part this chat shows, whole. Sent when the chat is shown, and, coalesced, when the
// review changes or the chat shows a new diff; an unchanged state is not sent again.
// Pure (no vscode): the review feature is behind ReviewSource.
import type { ThreadAction } from '../shared/actions';
import type { Disposable } from '../shared/disposableStore';
import type { ReviewFileState, ReviewView, ThreadState } from '../shared/thread';
import type { ThreadController } from '../session/api';
import type { Schedule } from './schedule';
import { sessionStates } from '../shared/subagents';

export interface ReviewSource {
  /** The review of these paths (as the chat shows them); paths without a review are left out. */
  files(paths: readonly string[]): ReviewFileState[];
  /** Files changed by the thread's turns that still have pending changes. */
  sessionPending(threadId: string): number;
  onDidChange(listener: () => void): Disposable;
}

/** Review changes arrive in bursts (an agent writing many files): at most one update per interval. */
export const REVIEW_INTERVAL_MS = 50;

export class ReviewSync {
  private thread: ThreadController | undefined;
  private subscription: Disposable | undefined;
  private readonly sourceSubscription: Disposable;
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly source: ReviewSource,
    private readonly schedule: Schedule,
  ) {
    this.sourceSubscription = source.onDidChange(() => this.scheduleSend());
  }

  /** The chat now shown: its review is brought up to date at once. */
  setThread(thread: ThreadController | undefined): void {
    if (thread === this.thread) return;
    this.subscription?.dispose();
    this.thread = thread;
    this.subscription = thread?.onEvent(({ action }) => {
      if (showsFile(action)) this.scheduleSend();
    });
    this.send();
  }

  dispose(): void {
    this.cancelTimer?.();
    this.subscription?.dispose();
    this.sourceSubscription.dispose();
  }

  private scheduleSend(): void {
    if (!this.thread) return;
    this.cancelTimer ??= this.schedule(() => {
      this.cancelTimer = undefined;
      this.send();
    }, REVIEW_INTERVAL_MS);
  }

  private send(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const thread = this.thread;
    if (!thread) return;
    const state = thread.snapshot().state;
    const review: ReviewView = {
      files: this.source.files(shownPaths(state)),
      sessionPending: this.source.sessionPending(thread.threadId),
    };
    if (!state.review && review.files.length === 0 && review.sessionPending === 0) return;
    if (state.review && sameReview(state.review, review)) return;
    thread.showReview(review);
  }
}

function sameReview(a: ReviewView, b: ReviewView): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An action after which the chat may show a diff of a file it did not show before. */
function showsFile(action: ThreadAction): boolean {
  if (action.type === 'subagent') return showsFile(action.action);
  if (action.type === 'fileWritten') return true;
  if (action.type !== 'sessionUpdate') return false;
  const update = action.update;
  return (
    (update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') &&
    (update.content ?? []).some((item) => item.type === 'diff')
  );
}

/** The paths of every diff and fs write the thread's tool cards show, each once. */
export function shownPaths(state: ThreadState): string[] {
  const paths = new Set<string>();
  // The cards of the chat's subagent sessions too: their writes go through the same review.
  for (const session of sessionStates(state)) {
    for (const entry of session.entries) {
      if (entry.kind !== 'tool') continue;
      for (const item of entry.tool.content) if (item.type === 'diff') paths.add(item.path);
      for (const write of entry.tool.writes) paths.add(write.path);
    }
  }
  return [...paths];
}
