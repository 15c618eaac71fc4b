// Newline-delimited JSON framing (a vscode-jsonrpc MessageReader): ACP over stdio is one compact JSON message per
// line, UTF-8, no Content-Length headers. Each data chunk is decoded once (a StringDecoder keeps a
// character split between chunks for the next one) and lines are slices of that text: one native
// decode per chunk instead of one per line, and no copies per line, so a flood of small messages
// costs little more than JSON.parse itself.
//
// Each line is delivered as the one message it is, in wire order: the transport frames and
// dispatches, it never merges (streamed text chunks are merged by the thread store: shared/chunkRun.ts).
// The one line an agent sends thousands of times per turn, a text chunk in the exact form SDK
// agents write, is parsed without JSON.parse (chunkFastPath.ts) into the object JSON.parse gives.
import { StringDecoder } from 'node:string_decoder';
import { asError } from './errors';
import { parseTextChunkLine } from './chunkFastPath';
import { settingDefault } from '../shared/settingsTable';
import {
  AbstractMessageReader,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageReader,
} from 'vscode-jsonrpc/node';

/** switchboard.maxMessageSizeMiB's default, for a reader made without a bound. */
export const DEFAULT_MAX_MESSAGE_BYTES = settingDefault('maxMessageSizeMiB') * 1024 * 1024;

const CARRIAGE_RETURN = 13;
/** A UTF-16 code unit is at most 3 UTF-8 bytes: a text this short cannot exceed a byte limit. */
const MAX_BYTES_PER_UNIT = 3;

export interface NdjsonReaderOptions {
  /** A single line longer than this (in bytes) is discarded without being buffered whole. */
  maxMessageBytes?: number;
  /** A line that is not JSON, or JSON that is not an object. The line is skipped; reading goes on. */
  onInvalidLine?: (line: string, error: Error) => void;
  /** A line over maxMessageBytes was dropped; `bytes` is its full length (without the newline). */
  onOversized?: (bytes: number) => void;
  /**
   * Sees every valid line, in wire order, once it is known to be a message and before the message
   * is delivered; `message` is the parsed line.
   */
  onLine?: (line: string, message: Message) => void;
  /**
   * Sees the lines as they arrived (the traffic log), in wire order, before any of them is parsed:
   * one call for all the whole lines of a read, joined by `\n` as they came (a CR kept, blank and
   * invalid lines too); a line that took several reads, or a read too long to be sure it holds no
   * line over maxMessageBytes, comes line by line. A line over maxMessageBytes is never among them.
   * One call per read, not per line: a flood of small messages costs the log a slice, not a call each.
   */
  onLines?: (lines: string) => void;
  /** A JSON array (a JSON-RPC batch, which ACP does not use); without this it is an invalid line. */
  onBatch?: (line: string, items: unknown[]) => void;
}

export class NdjsonMessageReader extends AbstractMessageReader implements MessageReader {
  private readonly maxMessageBytes: number;
  private readonly decoder = new StringDecoder('utf8');
  private callback: DataCallback | undefined;
  /** Pieces of the line being assembled; joined once when its newline arrives (no O(n^2)). */
  private pending: string[] = [];
  private pendingBytes = 0;
  /** Set while skipping the rest of an oversized line: the count of bytes thrown away so far. */
  private discardedBytes: number | undefined;
  private closed = false;
  private readonly subscriptions: Array<() => void> = [];

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly options: NdjsonReaderOptions = {},
  ) {
    super();
    this.maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  /** Bytes held for the line being assembled; never more than maxMessageBytes. */
  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  listen(callback: DataCallback): Disposable {
    if (this.callback) throw new Error('NdjsonMessageReader.listen may be called only once');
    this.callback = callback;
    this.subscribe('data', (chunk: Buffer | string) => this.onData(chunk));
    this.subscribe('error', (error: unknown) => this.fireError(error));
    this.subscribe('end', () => this.onEnd());
    this.subscribe('close', () => this.onEnd());
    return { dispose: () => this.unsubscribeAll() };
  }

  override dispose(): void {
    this.unsubscribeAll();
    super.dispose();
  }

  private subscribe(event: string, listener: (...args: never[]) => void): void {
    this.input.on(event, listener as (...args: unknown[]) => void);
    this.subscriptions.push(() => this.input.removeListener(event, listener as (...args: unknown[]) => void));
  }

  private unsubscribeAll(): void {
    for (const unsubscribe of this.subscriptions.splice(0)) unsubscribe();
    this.callback = undefined;
  }

  private onData(raw: Buffer | string): void {
    const text = typeof raw === 'string' ? raw : this.decoder.write(raw);
    let start = 0;
    if (this.pendingBytes > 0 || this.discardedBytes !== undefined) {
      // The first line began in an earlier read: it is seen on its own once whole.
      const newline = text.indexOf('\n');
      if (newline === -1) {
        this.keepPartial(text);
        return;
      }
      this.finishLine(text.slice(0, newline), false);
      start = newline + 1;
    }
    const end = text.lastIndexOf('\n');
    // The read's whole lines at once, when their length says none of them can be over the bound.
    const seen =
      end >= start && this.options.onLines !== undefined && (end - start) * MAX_BYTES_PER_UNIT <= this.maxMessageBytes;
    if (seen) this.options.onLines!(text.slice(start, end));
    while (start <= end) {
      const newline = text.indexOf('\n', start);
      this.finishLine(text.slice(start, newline), seen);
      start = newline + 1;
    }
    if (start < text.length) this.keepPartial(text.slice(start));
  }

  /** Holds the unterminated tail of a chunk, or starts/continues discarding it when too long. */
  private keepPartial(piece: string): void {
    const bytes = Buffer.byteLength(piece, 'utf8');
    if (this.discardedBytes !== undefined) {
      this.discardedBytes += bytes;
      return;
    }
    if (this.pendingBytes + bytes > this.maxMessageBytes) {
      this.discardedBytes = this.pendingBytes + bytes;
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.pending.push(piece);
    this.pendingBytes += bytes;
  }

  /** `seen`: onLines has had this line with the rest of its read. */
  private finishLine(piece: string, seen: boolean): void {
    if (this.discardedBytes !== undefined) {
      const total = this.discardedBytes + Buffer.byteLength(piece, 'utf8');
      this.discardedBytes = undefined;
      this.options.onOversized?.(total);
      return;
    }
    const line = this.pendingBytes === 0 ? piece : this.takePending(piece);
    // Most lines are far below the limit: count their bytes only when the length says they may not be.
    if (line.length * MAX_BYTES_PER_UNIT > this.maxMessageBytes) {
      const bytes = Buffer.byteLength(line, 'utf8');
      if (bytes > this.maxMessageBytes) {
        this.options.onOversized?.(bytes);
        return;
      }
    }
    if (!seen) this.options.onLines?.(line);
    this.deliverLine(line);
  }

  private takePending(last: string): string {
    this.pending.push(last);
    const line = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    return line;
  }

  private deliverLine(raw: string): void {
    const text = raw.charCodeAt(raw.length - 1) === CARRIAGE_RETURN ? raw.slice(0, -1) : raw;
    if (text.length === 0) return;
    const chunk = parseTextChunkLine(text);
    if (chunk) {
      this.options.onLine?.(text, chunk);
      this.deliver(chunk);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      if (text.trim().length === 0) return;
      this.options.onInvalidLine?.(text, asError(error));
      return;
    }
    if (Array.isArray(message) && this.options.onBatch) {
      this.options.onBatch(text, message);
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      this.options.onInvalidLine?.(text, new Error('JSON-RPC message is not an object'));
      return;
    }
    this.options.onLine?.(text, message as Message);
    this.deliver(message as Message);
  }

  private deliver(message: Message): void {
    try {
      this.callback?.(message);
    } catch (error) {
      // A dispatch that throws must not escape into the stream's event handler.
      this.fireError(error);
    }
  }

  private onEnd(): void {
    if (this.closed) return;
    this.closed = true;
    // Be lenient with a last line that lacks its newline (and with a truncated last character).
    const rest = this.decoder.end();
    if (rest) this.keepPartial(rest);
    if (this.discardedBytes !== undefined) {
      this.options.onOversized?.(this.discardedBytes);
      this.discardedBytes = undefined;
    } else if (this.pendingBytes > 0) {
      const line = this.takePending('');
      this.options.onLines?.(line);
      this.deliverLine(line);
    }
    this.fireClose();
  }
}

// The writer lives in ndjsonWriter.ts; re-exported so callers keep one import for the framing.
export { NdjsonMessageWriter, type NdjsonWriterOptions } from './ndjsonWriter';
