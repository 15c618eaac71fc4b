// session/update notifications for sessions not attached yet (the agent may stream before its
// session/new answer reaches us). Bounded by bytes, not count: 500 messages of up to 64 MiB each
// was a 32 GiB "bound". One FIFO over all sessions, oldest dropped first, each drop logged (the
// first of a run, then every 1,000th); at most `maxSessions` session ids are held at once.
import type * as acp from '@agentclientprotocol/sdk';

interface Held {
  sessionId: string;
  notification: acp.SessionNotification;
  bytes: number;
}

export class EarlyUpdates {
  private queue: Held[] = [];
  private head = 0;
  private bytes = 0;
  private readonly perSession = new Map<string, number>();
  private dropped = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxSessions: number,
    private readonly log: (line: string) => void,
  ) {}

  get heldBytes(): number {
    return this.bytes;
  }

  get heldSessions(): number {
    return this.perSession.size;
  }

  get heldCount(): number {
    return this.queue.length - this.head;
  }

  hold(sessionId: string, notification: acp.SessionNotification): void {
    const count = this.perSession.get(sessionId) ?? 0;
    if (count === 0 && this.perSession.size >= this.maxSessions) {
      this.drop(`an update for a ${this.maxSessions + 1}th session that is not attached (${preview(sessionId)})`);
      return;
    }
    const bytes = sizeOf(notification);
    if (bytes > this.maxBytes) {
      this.drop(
        `an update of ${bytes} bytes for session ${preview(sessionId)}: more than the ${this.maxBytes} bytes held in all`,
      );
      return;
    }
    if (count === 0) this.log(`[switchboard] holding updates for session ${preview(sessionId)} until it is attached`);
    this.queue.push({ sessionId, notification, bytes });
    this.perSession.set(sessionId, count + 1);
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) this.dropOldest();
  }

  /** The held updates of `sessionId`, in arrival order; they are no longer held. */
  take(sessionId: string): acp.SessionNotification[] {
    if (!this.perSession.has(sessionId)) return [];
    const taken: acp.SessionNotification[] = [];
    const kept: Held[] = [];
    for (let i = this.head; i < this.queue.length; i++) {
      const held = this.queue[i]!;
      if (held.sessionId === sessionId) {
        taken.push(held.notification);
        this.bytes -= held.bytes;
      } else kept.push(held);
    }
    this.queue = kept;
    this.head = 0;
    this.perSession.delete(sessionId);
    return taken;
  }

  private dropOldest(): void {
    // Called only while bytes > maxBytes, so at least one update is held at head.
    const held = this.queue[this.head]!;
    this.queue[this.head] = undefined as unknown as Held;
    this.head++;
    this.bytes -= held.bytes;
    const left = (this.perSession.get(held.sessionId) ?? 1) - 1;
    if (left === 0) this.perSession.delete(held.sessionId);
    else this.perSession.set(held.sessionId, left);
    // Compact once half the array is dropped entries: O(1) amortised per drop.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    this.drop(
      `the oldest held update (session ${preview(held.sessionId)}): more than ${this.maxBytes} bytes held for sessions not attached`,
    );
  }

  private drop(what: string): void {
    this.dropped++;
    if (this.dropped === 1 || this.dropped % 1000 === 0)
      this.log(`[switchboard] dropped ${what} (${this.dropped} dropped so far)`);
  }
}

/** Its size as JSON (UTF-16 units: close enough to bytes for a bound); unmeasurable counts as too big. */
function sizeOf(notification: acp.SessionNotification): number {
  try {
    return JSON.stringify(notification)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
