// An agent's stderr: split into lines, logged in batches, and the last few kept for the error
// card. The agent decides how much it writes (256 MiB of empty lines cost 57 s of CPU when every
// line was its own log call), so the work per chunk is one tight byte scan plus the lines actually
// kept: the log takes at most maxLinesPerInterval lines and maxBytesPerInterval bytes per interval,
// coalesced into one append, and the rest is dropped with a counted "… N lines dropped" note. The
// tail is exact whatever is dropped.
// Lines are split on the "\n" byte, which never occurs inside a UTF-8 sequence, so a character
// split across chunks is carried over as bytes and decoded whole.
// Secrets are redacted in the whole line before it is cut for length (a key after a
// 1,985-character prefix showed its first 15 characters). A line without a newline that outgrows
// MAX_PARTIAL_BYTES is shown cut like any long line and the rest of it, up to its newline, is
// dropped: shown as a line of its own, that rest could start with the end of a key cut in two.

import { t } from '../shared/l10n';

export const DEFAULT_TAIL_LINES = 50;
/** A single line longer than this is cut: the tail is for humans, not for full logs. */
const MAX_LINE_CHARS = 2000;
/**
 * A line without a newline is flushed as a line past this many bytes (it could grow forever), and
 * the rest of it dropped. At least 2,000 characters decode from it, so a secret that starts in the
 * part shown is whole in what is redacted while it is shorter than the rest: 6,000 ASCII characters.
 */
const MAX_PARTIAL_BYTES = MAX_LINE_CHARS * 4;
const NEWLINE = 0x0a;

export interface StderrLogLimits {
  intervalMs: number;
  maxLinesPerInterval: number;
  maxBytesPerInterval: number;
}

export const DEFAULT_LOG_LIMITS: StderrLogLimits = {
  intervalMs: 250,
  maxLinesPerInterval: 1000,
  maxBytesPerInterval: 256 * 1024,
};

export class StderrTail {
  private partial: Buffer = Buffer.alloc(0);
  private readonly lines: string[] = [];
  private batch: string[] = [];
  private batchBytes = 0;
  private dropped = 0;
  /** The rest of a line flushed for its length is being dropped, up to its newline. */
  private skippingLine = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * onLog gets the lines of one interval joined by "\n" (one log call per interval, not per line).
   * `redact` cleans each whole line before it is cut for length, logged or kept for the tail.
   */
  constructor(
    private readonly onLog: (text: string) => void,
    private readonly maxLines = DEFAULT_TAIL_LINES,
    private readonly limits: StderrLogLimits = DEFAULT_LOG_LIMITS,
    private readonly redact: (line: string) => string = (line) => line,
  ) {}

  push(chunk: Buffer | string): void {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (this.skippingLine) {
      const end = bytes.indexOf(NEWLINE);
      if (end < 0) return;
      this.skippingLine = false;
      bytes = bytes.subarray(end + 1);
    }
    const newlines = countNewlines(bytes);
    if (newlines === 0) {
      this.partial = this.partial.length === 0 ? bytes : Buffer.concat([this.partial, bytes]);
      if (this.partial.length > MAX_PARTIAL_BYTES) this.flushPartial();
      return;
    }
    // Lines i = 0..newlines-1 end at the i-th newline; line 0 starts with the carried partial.
    // The log takes lines from the front while its budget lasts; the tail takes the last maxLines.
    const tailFrom = Math.max(0, newlines - this.maxLines);
    let start = 0;
    let index = 0;
    for (; index < newlines && this.logHasRoom(); index++) {
      const end = bytes.indexOf(NEWLINE, start);
      this.addLine(this.lineText(bytes, start, end, index === 0), index >= tailFrom);
      start = end + 1;
    }
    if (index < tailFrom) {
      // The lines between what the log took and the tail: counted, never decoded.
      this.dropped += tailFrom - index;
      start = startOfLine(bytes, newlines - tailFrom);
      index = tailFrom;
    }
    for (; index < newlines; index++) {
      const end = bytes.indexOf(NEWLINE, start);
      this.addLine(this.lineText(bytes, start, end, index === 0), true);
      start = end + 1;
    }
    this.partial = start < bytes.length ? Buffer.from(bytes.subarray(start)) : Buffer.alloc(0);
    if (this.partial.length > MAX_PARTIAL_BYTES) this.flushPartial();
  }

  /** Flushes a trailing line that had no newline, then the log (call when the stream ends). */
  end(): void {
    if (this.partial.length > 0) this.flushPartial(false);
    this.flush();
  }

  /** Writes the batched lines to the log now (before Switchboard's own lines about the exit). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const parts = this.batch;
    if (this.dropped > 0) {
      const { maxLinesPerInterval, maxBytesPerInterval, intervalMs } = this.limits;
      const kib = Math.round(maxBytesPerInterval / 1024);
      parts.push(
        this.dropped === 1
          ? t(
              '… 1 line dropped (the agent wrote more than {0} lines or {1} KiB in {2} ms; the last lines are kept for the error card)',
              maxLinesPerInterval,
              kib,
              intervalMs,
            )
          : t(
              '… {0} lines dropped (the agent wrote more than {1} lines or {2} KiB in {3} ms; the last lines are kept for the error card)',
              this.dropped,
              maxLinesPerInterval,
              kib,
              intervalMs,
            ),
      );
    }
    this.batch = [];
    this.batchBytes = 0;
    this.dropped = 0;
    if (parts.length > 0) this.onLog(parts.join('\n'));
  }

  /** The last lines, oldest first, including an unterminated trailing line. */
  tail(): string[] {
    const lines =
      this.partial.length === 0 ? [...this.lines] : [...this.lines, this.shown(this.partial.toString('utf8'))];
    return lines.slice(-this.maxLines);
  }

  /** A line as the log and the tail show it: redacted whole, then cut for length. */
  private shown(text: string): string {
    return bounded(this.redact(stripCr(text)));
  }

  private logHasRoom(): boolean {
    return this.batch.length < this.limits.maxLinesPerInterval && this.batchBytes < this.limits.maxBytesPerInterval;
  }

  private lineText(bytes: Buffer, start: number, end: number, first: boolean): string {
    const text =
      first && this.partial.length > 0
        ? Buffer.concat([this.partial, bytes.subarray(start, end)]).toString('utf8')
        : bytes.toString('utf8', start, end);
    return this.shown(text);
  }

  /** A line without a newline: at the end of the stream, or outgrown (then the rest of it is dropped). */
  private flushPartial(outgrown = true): void {
    const text = this.shown(this.partial.toString('utf8'));
    this.partial = Buffer.alloc(0);
    this.skippingLine = outgrown;
    this.addLine(text, true);
  }

  private addLine(line: string, keepInTail: boolean): void {
    if (keepInTail) {
      this.lines.push(line);
      if (this.lines.length > this.maxLines) this.lines.shift();
    }
    if (this.logHasRoom()) {
      this.batch.push(line);
      this.batchBytes += line.length + 1;
      this.timer ??= setTimeout(() => this.flush(), this.limits.intervalMs);
      this.timer.unref?.();
    } else {
      this.dropped++;
    }
  }
}

/** One tight pass over the bytes: cheap enough for hundreds of MiB. */
function countNewlines(bytes: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) count++;
  return count;
}

/** Byte offset where the line starts that has `fromEnd` newline-terminated lines from it to the last newline. */
function startOfLine(bytes: Buffer, fromEnd: number): number {
  // Walk back over fromEnd + 1 newlines: the line starts right after the last one found.
  let position = bytes.length;
  for (let seen = 0; seen <= fromEnd; seen++) {
    position = bytes.lastIndexOf(NEWLINE, position - 1);
    if (position < 0) return 0;
  }
  return position + 1;
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function bounded(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line;
}
