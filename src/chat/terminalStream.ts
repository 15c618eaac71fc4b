// Streams the active thread's terminal output to the webview, separately from thread actions:
// bytes are coalesced per terminal into one message per frame. The pending bytes are bounded:
// when the webview falls behind (or is hidden), they are dropped and the next message replays
// the retained tail instead (`replace`). Pure: no vscode.
import type { HostToWebview } from '../shared/messages';
import type { Schedule } from './schedule';

/** Above this many pending characters for one terminal, stop queueing and replay the tail. */
export const MAX_PENDING_CHARS = 256 * 1024;

interface Pending {
  data: string;
  /** Send the retained tail instead of `data` (first message for the terminal, or an overflow). */
  replay: boolean;
}

export class TerminalStream {
  private readonly pending = new Map<string, Pending>();
  /** Terminals the webview has content for since the last reset; others start with a replay. */
  private readonly known = new Set<string>();
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly post: (message: HostToWebview) => void,
    private readonly replayOf: (terminalId: string) => string | undefined,
    private readonly schedule: Schedule,
    private readonly intervalMs: number,
  ) {}

  push(terminalId: string, data: string): void {
    let entry = this.pending.get(terminalId);
    if (!entry) {
      // A terminal the webview has not seen yet starts clean (ids repeat across threads).
      entry = { data: '', replay: !this.known.has(terminalId) };
      this.pending.set(terminalId, entry);
    }
    if (!entry.replay) {
      entry.data += data;
      if (entry.data.length > MAX_PENDING_CHARS) {
        entry.data = '';
        entry.replay = true;
      }
    }
    this.cancelTimer ??= this.schedule(() => {
      this.cancelTimer = undefined;
      this.flush();
    }, this.intervalMs);
  }

  /** After a snapshot: every terminal of the thread comes back with its retained output. */
  replayAll(terminalIds: readonly string[]): void {
    this.drop();
    for (const terminalId of terminalIds) {
      const data = this.replayOf(terminalId);
      if (data === undefined) continue;
      this.known.add(terminalId);
      this.post({ type: 'terminalOutput', terminalId, data, replace: true });
    }
  }

  flush(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const entries = [...this.pending];
    this.pending.clear();
    for (const [terminalId, entry] of entries) {
      this.known.add(terminalId);
      if (entry.replay)
        this.post({ type: 'terminalOutput', terminalId, data: this.replayOf(terminalId) ?? '', replace: true });
      else if (entry.data !== '') this.post({ type: 'terminalOutput', terminalId, data: entry.data, replace: false });
    }
  }

  /** The webview went away, or shows another thread: forget everything pending and known. */
  drop(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.pending.clear();
    this.known.clear();
  }

  get pendingChars(): number {
    let total = 0;
    for (const entry of this.pending.values()) total += entry.data.length;
    return total;
  }
}
