// The text of a terminal as a person reads it: PTY bytes go through a headless terminal emulator
// (@xterm/headless), so `\r` progress bars, cursor moves and colour codes become plain text.
// Lines that scrolled into the scrollback can no longer change (the cursor never leaves the
// screen), so they are moved ("harvested") into a byte-bounded text buffer as they scroll: the
// emulator only ever holds a bounded screen + scrollback, however much the command prints.
import { Terminal, type IMarker } from '@xterm/headless';
import { BoundedText } from './outputLimit';

export const SCREEN_COLS = 120;
export const SCREEN_ROWS = 30;
// Harvested lines live on as text in `done`; the emulator's own lines cost ~1.4 KB each at 120
// columns (3 numbers per cell), so 2,000 lines were 3 MB: three times a 1 MB outputByteLimit.
// The scrollback only has to hold what scrolls off between two harvests, which WRITE_SLICE bounds.
const SCROLLBACK = 500;
/** Characters parsed between two harvests: even a 64 KB pipe read of 8-character lines stays within SCROLLBACK. */
const WRITE_SLICE = 4096;

export interface ScreenOptions {
  /** Bytes of finished text to keep (the agent's outputByteLimit, or our default cap). */
  byteLimit: number;
  /** Pipes have no line discipline: a bare LF must also return to column 0. */
  convertEol: boolean;
}

export class HeadlessScreen {
  private readonly terminal: Terminal;
  private readonly done: BoundedText;
  /** Marks the last harvested line; null before the first harvest. */
  private marker: IMarker | null = null;
  private linesLost = false;
  private pendingBytes = 0;
  /** Released: writes xterm still parses afterwards must not touch its disposed buffers. */
  private disposed = false;

  constructor(options: ScreenOptions) {
    this.terminal = new Terminal({
      cols: SCREEN_COLS,
      rows: SCREEN_ROWS,
      scrollback: SCROLLBACK,
      convertEol: options.convertEol,
      allowProposedApi: true,
    });
    this.done = new BoundedText(options.byteLimit);
  }

  /** Characters written but not yet parsed: the caller pauses the producer when this grows. */
  get pending(): number {
    return this.pendingBytes;
  }

  write(data: string, parsed?: () => void): void {
    for (let start = 0; start < data.length; start += WRITE_SLICE) {
      const slice = data.length <= WRITE_SLICE ? data : data.slice(start, start + WRITE_SLICE);
      const last = start + WRITE_SLICE >= data.length;
      this.pendingBytes += slice.length;
      this.terminal.write(slice, () => {
        this.pendingBytes -= slice.length;
        if (this.disposed) return;
        this.harvest();
        if (last) parsed?.();
      });
    }
  }

  /** Resolves once everything written so far is parsed. */
  flush(): Promise<void> {
    return new Promise((resolve) => this.terminal.write('', resolve));
  }

  resize(cols: number, rows: number): void {
    this.harvest();
    this.terminal.resize(Math.max(2, cols), Math.max(1, rows));
  }

  /** Finished text + the current screen, trailing blank lines dropped. */
  text(): { text: string; linesLost: boolean } {
    const buffer = this.terminal.buffer.active;
    const start = this.firstUnharvested();
    const cursorLine = buffer.baseY + buffer.cursorY;
    let last = cursorLine;
    for (let i = buffer.length - 1; i > cursorLine; i--) {
      if (buffer.getLine(i)?.translateToString(true)) {
        last = i;
        break;
      }
    }
    const live = this.linesText(start, last);
    return { text: this.done.text() + live, linesLost: this.linesLost || this.done.truncated };
  }

  /** For tests and the memory bound: what the screen keeps. */
  stats(): { finishedBytes: number; bufferLines: number; maxBufferLines: number; pending: number } {
    return {
      finishedBytes: this.done.retainedBytes,
      bufferLines: this.terminal.buffer.active.length,
      maxBufferLines: SCROLLBACK + SCREEN_ROWS,
      pending: this.pendingBytes,
    };
  }

  dispose(): void {
    this.disposed = true;
    this.marker?.dispose();
    this.terminal.dispose();
  }

  private firstUnharvested(): number {
    if (!this.marker) return 0;
    if (this.marker.isDisposed || this.marker.line < 0) {
      // The harvested boundary scrolled out: lines between were lost (a flood between two parses).
      this.linesLost = true;
      this.marker = null;
      return 0;
    }
    return this.marker.line + 1;
  }

  /** Moves every finished logical line in the scrollback into `done`. */
  private harvest(): void {
    const buffer = this.terminal.buffer.active;
    if (buffer.type !== 'normal') return; // the alternate screen (vim, less) has no scrollback
    const start = this.firstUnharvested();
    let end = buffer.baseY - 1;
    // A logical line ends where the next line is not its wrapped continuation.
    while (end >= start && buffer.getLine(end + 1)?.isWrapped) end--;
    if (end < start) return;
    this.done.append(this.linesText(start, end) + '\n');
    const cursorLine = buffer.baseY + buffer.cursorY;
    const marker = this.terminal.registerMarker(end - cursorLine);
    this.marker?.dispose();
    this.marker = marker ?? null;
    if (!marker) this.linesLost = true;
  }

  /** Lines start..end (inclusive) as text, wrapped lines joined, without trailing spaces. */
  private linesText(start: number, end: number): string {
    const buffer = this.terminal.buffer.active;
    let out = '';
    for (let i = start; i <= end; i++) {
      const line = buffer.getLine(i);
      if (!line) continue;
      const next = buffer.getLine(i + 1);
      const continues = i < end && next?.isWrapped === true;
      out += line.translateToString(!continues);
      if (i < end && !continues) out += '\n';
    }
    return out;
  }
}
