// Splits an agent's stderr into lines (UTF-8 safe across chunk boundaries), forwards each line to
// the log sink, and keeps the last few for the error card. Bounded so a chatty agent can't grow it.
import { StringDecoder } from 'node:string_decoder';

export const DEFAULT_TAIL_LINES = 50;
/** A single line longer than this is cut: the tail is for humans, not for full logs. */
const MAX_LINE_CHARS = 2000;

export class StderrTail {
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';
  private readonly lines: string[] = [];

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLines = DEFAULT_TAIL_LINES,
  ) {}

  push(chunk: Buffer | string): void {
    const text = this.partial + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
    const pieces = text.split(/\r?\n/);
    this.partial = pieces.pop() ?? '';
    for (const line of pieces) this.addLine(line);
    // Without a newline a huge partial line would grow forever; flush it as a line.
    if (this.partial.length > MAX_LINE_CHARS) {
      this.addLine(this.partial);
      this.partial = '';
    }
  }

  /** Flushes a trailing line that had no newline (call when the stream ends). */
  end(): void {
    const rest = this.partial + this.decoder.end();
    this.partial = '';
    if (rest !== '') this.addLine(rest);
  }

  /** The last lines, oldest first, including an unterminated trailing line. */
  tail(): string[] {
    const lines = this.partial === '' ? [...this.lines] : [...this.lines, this.partial];
    return lines.slice(-this.maxLines);
  }

  private addLine(line: string): void {
    const bounded = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line;
    this.onLine(bounded);
    this.lines.push(bounded);
    if (this.lines.length > this.maxLines) this.lines.shift();
  }
}
