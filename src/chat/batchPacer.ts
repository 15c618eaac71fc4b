// When the mirror posts its next batch of actions to the webview (webviewMirror.ts). A batch goes out at most once
// per BATCH_INTERVAL_MS, and not before the webview took the last one (flow control) or TAKEN_TIMEOUT_MS passed.
// It goes out with the work that brought it: an action that finds the next batch due is posted at the end of
// that turn of the event loop (with whatever else the turn brings). An action that comes early waits for the
// next action that finds the batch due, and a timer at most MAX_WAIT_MS after it is the fallback. A timer at the
// moment each batch became due cost a wake-up of the host per batch, most of them beside a stream whose next
// chunk was a few milliseconds away; at 100 chunks/s the fallback is rarely what posts. Pure: no vscode.
import type { Schedule } from './schedule';

/**
 * At most one batch per this many ms. The first action after a quiet spell is posted in the same
 * turn of the event loop (the chunk-to-DOM latency budget is two frames: waiting a whole interval
 * for the first chunk spent half of it); while actions keep coming, they go out once per interval.
 */
export const BATCH_INTERVAL_MS = 16;
/**
 * Flow control: a batch is posted only once the webview has taken the last one (`taken`), or this
 * long after it was posted (a lost answer never stalls the chat). Posting on a timer alone let batches
 * queue in a slow channel (code-server's, on a loaded machine: posting every 8 ms made the chunk-to-DOM
 * latency grow to 0.6 s); waiting for the webview makes the batches grow instead.
 */
export const TAKEN_TIMEOUT_MS = 100;
/** The longest an action that came before its batch was due waits when no later action comes: two frames. */
export const MAX_WAIT_MS = 2 * BATCH_INTERVAL_MS;

export class BatchPacer {
  private lastPostAt = Number.NEGATIVE_INFINITY;
  /** Seq of the last action posted that the webview has not said it took; null when it took all. */
  private untakenSeq: number | null = null;
  /** When the oldest action waiting arrived; undefined when none waits. */
  private waitingSince: number | undefined;
  private cancelSoon: (() => void) | undefined;
  private cancelFallback: (() => void) | undefined;
  private fallbackAt = Number.POSITIVE_INFINITY;

  /** `post`: posts what waits (and calls `posted`). */
  constructor(
    private readonly post: () => void,
    private readonly schedule: Schedule,
    private readonly now: () => number,
  ) {}

  /** An action waits to be posted. */
  waiting(): void {
    this.waitingSince ??= this.now();
    this.consider();
  }

  /**
   * A batch up to `lastSeq` went out; the webview says when it took it (`taken`). A fallback timer stays armed:
   * it costs no more to let it fire (with nothing waiting it does nothing) than to cancel it, and the next early
   * action needs one anyway.
   */
  posted(lastSeq: number): void {
    this.cancelSoon?.();
    this.cancelSoon = undefined;
    this.waitingSince = undefined;
    this.lastPostAt = this.now();
    this.untakenSeq = lastSeq;
  }

  /**
   * The webview took the actions up to `seq` (a snapshot carries all: POSITIVE_INFINITY). Once it took the last
   * batch, what waits may go out after the interval; an older seq releases nothing.
   */
  taken(seq: number): void {
    if (this.untakenSeq === null || seq < this.untakenSeq) return;
    this.untakenSeq = null;
    this.consider();
  }

  /** Nothing waits any more and no timer is left (the view went away, or the mirror is disposed). */
  settle(): void {
    this.cancelSoon?.();
    this.cancelSoon = undefined;
    this.cancelFallback?.();
    this.cancelFallback = undefined;
    this.fallbackAt = Number.POSITIVE_INFINITY;
    this.waitingSince = undefined;
  }

  private dueAt(): number {
    return this.lastPostAt + (this.untakenSeq === null ? BATCH_INTERVAL_MS : TAKEN_TIMEOUT_MS);
  }

  private consider(): void {
    if (this.cancelSoon || this.waitingSince === undefined) return;
    const now = this.now();
    const due = this.dueAt();
    if (now >= due) {
      this.cancelSoon = this.schedule(() => {
        this.cancelSoon = undefined;
        this.post();
      }, 0);
      return;
    }
    const at = Math.max(due, this.waitingSince + MAX_WAIT_MS);
    // One armed for an earlier action fires first and looks again (see fallback).
    if (this.fallbackAt <= at) return;
    this.cancelFallback?.();
    this.fallbackAt = at;
    this.cancelFallback = this.schedule(() => this.fallback(), at - now);
  }

  /** The fallback fired: what waits goes out if it is due, else it waits on; with nothing waiting, nothing. */
  private fallback(): void {
    this.cancelFallback = undefined;
    this.fallbackAt = Number.POSITIVE_INFINITY;
    if (this.waitingSince === undefined) return;
    if (this.now() >= this.dueAt()) this.post();
    else this.consider();
  }
}
