// Sends the webview the review state of the files its chat shows (diff cards and fs writes):
// after every snapshot, and, coalesced, when the review changes or the chat shows a new diff.
// Review is per workspace, so this is not thread state: each `review` message replaces the last.
// Pure (no vscode): the review feature is behind ReviewSource.
import type { ThreadAction } from '../shared/actions';
import type { HostToWebview, ReviewFileState } from '../shared/messages';
import type { ThreadState } from '../shared/thread';
import type { ThreadController } from '../session/api';
import type { Schedule } from './schedule';

export interface ReviewSource {
  /** The review of these paths (as the chat shows them); paths without a review are left out. */
  files(paths: readonly string[]): ReviewFileState[];
  /** Files changed by the thread's turns that still have pending changes. */
  sessionPending(threadId: string): number;
  onDidChange(listener: () => void): { dispose(): void };
}

/** What ReviewSync needs of the WebviewMirror. */
export interface ReviewChannel {
  readonly isReady: boolean;
  post(message: HostToWebview): void;
}

/** Review changes arrive in bursts (an agent writing many files): one message per interval. */
export const REVIEW_INTERVAL_MS = 50;

export class ReviewSync {
  private thread: ThreadController | undefined;
  private subscription: { dispose(): void } | undefined;
  private readonly sourceSubscription: { dispose(): void };
  private cancelTimer: (() => void) | undefined;
  /** What the webview has (JSON), so an unchanged state is not sent again. */
  private lastSent: string | undefined;

  constructor(
    private readonly channel: ReviewChannel,
    private readonly source: ReviewSource,
    private readonly schedule: Schedule,
  ) {
    this.sourceSubscription = source.onDidChange(() => this.scheduleSend());
  }

  setThread(thread: ThreadController | undefined): void {
    if (thread === this.thread) return;
    this.subscription?.dispose();
    this.thread = thread;
    this.subscription = thread?.onEvent(({ action }) => {
      if (showsFile(action)) this.scheduleSend();
    });
  }

  /** After a snapshot: the webview gets the review of what it now shows, changed or not. */
  afterSnapshot(): void {
    this.lastSent = undefined;
    this.send();
  }

  dispose(): void {
    this.cancelTimer?.();
    this.subscription?.dispose();
    this.sourceSubscription.dispose();
  }

  private scheduleSend(): void {
    if (!this.channel.isReady) return;
    this.cancelTimer ??= this.schedule(() => {
      this.cancelTimer = undefined;
      this.send();
    }, REVIEW_INTERVAL_MS);
  }

  private send(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    if (!this.channel.isReady) return;
    const thread = this.thread;
    const files = thread ? this.source.files(shownPaths(thread.snapshot().state)) : [];
    const sessionPending = thread ? this.source.sessionPending(thread.threadId) : 0;
    const json = JSON.stringify({ files, sessionPending });
    if (json === this.lastSent) return;
    this.lastSent = json;
    this.channel.post({ type: 'review', files, sessionPending });
  }
}

/** An action after which the chat may show a diff of a file it did not show before. */
function showsFile(action: ThreadAction): boolean {
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
  for (const entry of state.entries) {
    if (entry.kind !== 'tool') continue;
    for (const item of entry.tool.content) if (item.type === 'diff') paths.add(item.path);
    for (const write of entry.tool.writes) paths.add(write.path);
  }
  return [...paths];
}
