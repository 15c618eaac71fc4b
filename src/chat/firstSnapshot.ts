// Holds a webview's snapshot while the window restores the chats of the last one. After a reload the
// side bar's webview posts `ready` before the chats are read back from disk; a snapshot sent then has no
// chat, so the view showed "Start a chat" and, a moment later, the restored conversation. The snapshot
// waits for the restore instead (bounded: a restore that hangs never keeps the view empty for long).
import type { Schedule } from './schedule';

/** How long a snapshot waits for the restore at most; past it the view shows what there is. */
export const MAX_RESTORE_WAIT_MS = 5_000;

export class FirstSnapshotGate {
  /** Unknown until the first send asks (the restore starts after the surfaces are made). */
  private restoring: boolean | undefined;
  /** The send waiting for the restore, replaced by a newer one and dropped when the webview goes away. */
  private waiting: { send: () => void; cancelTimer: () => void } | undefined;

  constructor(
    private readonly restored: (() => Promise<unknown>) | undefined,
    private readonly schedule: Schedule,
    private readonly maxWaitMs = MAX_RESTORE_WAIT_MS,
  ) {}

  /** Sends now, or once the restore has ended (or after maxWaitMs). */
  send(send: () => void): void {
    if (this.restoring === undefined) this.watchRestore();
    if (!this.restoring) return send();
    this.waiting?.cancelTimer();
    this.waiting = { send, cancelTimer: this.schedule(() => this.release(), this.maxWaitMs) };
  }

  /** The webview went away: what it was waiting for is not sent. */
  cancel(): void {
    this.waiting?.cancelTimer();
    this.waiting = undefined;
  }

  private watchRestore(): void {
    const restored = this.restored?.();
    this.restoring = restored !== undefined;
    const done = () => {
      this.restoring = false;
      this.release();
    };
    restored?.then(done, done);
  }

  private release(): void {
    const waiting = this.waiting;
    this.cancel();
    waiting?.send();
  }
}
