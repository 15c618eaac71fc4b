// fs/read_text_file's disk path without VS Code: the requested lines of a file, read in chunks
// until they are found, never the whole of a big file. Hostile paths are part of the job:
// - only regular files are read, opened so that open(2) never blocks (src/fs/regularFile.ts: the
//   one rule for every file an agent names);
// - what is kept in memory is capped (`maxBytes`, the switchboard.fs.maxReadMiB setting): the
//   slice, and the whole text only for a file at most `wholeTextMaxBytes` long;
// - cancellation is checked between chunks, so `$/cancel_request` stops a long scan.
//
// Why decoding a byte slice gives exactly what slicing the decoded text gives: 0x0A never occurs
// inside a UTF-8 sequence, and the decoder (WHATWG, as Buffer#toString uses) ends any malformed
// sequence at the byte that breaks it, emitting U+FFFD, then decodes that byte afresh; so '\n' is
// always decoded as '\n' and what follows it does not depend on what came before. A slice starts at
// offset 0 (after a BOM) or just past a '\n' and ends just past a '\n' or at the end of the file, so
// its bad bytes become the same U+FFFD at the same places as in the whole-file decode.
import { lineRange, sliceLines } from './lineSlice';
import { FileReadError, openRegularFile } from './regularFile';
import { settingDefault } from '../shared/settingsTable';

const NEWLINE = 0x0a;
const CHUNK_BYTES = 1024 * 1024;
/** switchboard.fs.maxReadMiB's default, for a read made without bounds. */
const DEFAULT_MAX_READ_BYTES = settingDefault('fs.maxReadMiB') * 1024 * 1024;

/** What the agent asked for: fs/read_text_file's `line` and `limit`. */
export interface LineRequest {
  line?: number | null;
  limit?: number | null;
}

export interface FileSlice {
  /** The requested lines, as the response's `content`. */
  content: string;
  /** The whole decoded text, present only when the file is at most `wholeTextMaxBytes` bytes. */
  wholeText?: string;
}

export interface ReadBounds {
  /** The most bytes of text a read keeps: above it the read fails with FileReadError 'too-big'. */
  maxBytes: number;
  /** Checked between chunks. */
  isCancelled?: () => boolean;
}

/** 3 when the bytes start with the UTF-8 byte order mark (which the text does not include), else 0. */
export function bomLength(bytes: Uint8Array): number {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** The file's text: UTF-8, BOM dropped, malformed bytes as U+FFFD. */
export function decodeText(bytes: Buffer): string {
  return bytes.toString('utf8', bomLength(bytes));
}

/** sliceLines(decodeText(bytes), line, limit), decoding only the bytes of the slice. */
export function sliceLinesOfBytes(bytes: Buffer, line?: number | null, limit?: number | null): string {
  const range = lineRange(bytes.length, (from) => bytes.indexOf(NEWLINE, from), line, limit, bomLength(bytes));
  return range === null ? '' : bytes.toString('utf8', range.start, range.end);
}

function tooBig(filePath: string, maxBytes: number, what: string): FileReadError {
  const mib = Math.round((maxBytes / (1024 * 1024)) * 100) / 100;
  return new FileReadError(
    'too-big',
    `${what} of ${filePath} is over the ${mib} MiB read cap (setting switchboard.fs.maxReadMiB); read fewer lines with line/limit`,
  );
}

/**
 * The requested lines of a regular file, and its whole text too when the file is small enough for
 * the caller to want it (review keeps it as the base of the agent's next write). Refusals are
 * FileReadError; other file system errors (ENOENT, EACCES, ...) are thrown as they are.
 */
export async function readFileSlice(
  filePath: string,
  request: LineRequest,
  wholeTextMaxBytes: number,
  bounds: ReadBounds = { maxBytes: DEFAULT_MAX_READ_BYTES },
): Promise<FileSlice> {
  // Callers pass the real path (src/vscode/fs/fsRequests.ts checks where it leads first).
  const { handle, stats: opened } = await openRegularFile(filePath, { realPath: true });
  try {
    const whole = request.limit === undefined || request.limit === null;
    if (whole && (request.line ?? 1) <= 1 && opened.size > bounds.maxBytes)
      throw tooBig(filePath, bounds.maxBytes, 'the whole text');
    const scan = new SliceScanner(request.line, request.limit, bounds.maxBytes, () =>
      tooBig(filePath, bounds.maxBytes, 'the requested text'),
    );
    // Kept whole only while within review's cap; the file may grow past it as we read.
    let wholeBytes: Buffer[] | null = opened.size <= wholeTextMaxBytes ? [] : null;
    let wholeLength = 0;
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let position = 0;
    for (;;) {
      if (bounds.isCancelled?.()) throw new FileReadError('cancelled', 'Request cancelled');
      if (scan.done && wholeBytes === null) break;
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const chunk = buffer.subarray(0, bytesRead);
      if (wholeBytes !== null) {
        wholeLength += bytesRead;
        if (wholeLength <= wholeTextMaxBytes) wholeBytes.push(Buffer.from(chunk));
        else wholeBytes = null;
      }
      scan.push(chunk);
    }
    const content = scan.finish();
    if (wholeBytes === null) return { content };
    const wholeText = decodeText(Buffer.concat(wholeBytes, wholeLength));
    return { content: sliceLines(wholeText, request.line, request.limit), wholeText };
  } finally {
    await handle.close();
  }
}

/**
 * sliceLines over bytes that arrive in chunks: skips lines up to `line` keeping nothing, then
 * keeps the bytes of the slice (at most `maxBytes`) until `limit` lines or the end.
 */
export class SliceScanner {
  private readonly firstLine: number;
  private readonly count: number | null;
  /** Newlines still to skip before the slice starts. */
  private toSkip: number;
  private taken = 0;
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private atStart = true;
  private head: Buffer | null = Buffer.alloc(0);
  done = false;

  constructor(
    line: number | null | undefined,
    limit: number | null | undefined,
    private readonly maxBytes: number,
    private readonly tooBig: () => Error,
  ) {
    this.firstLine = Math.max(1, Math.floor(line ?? 1));
    this.count = limit === undefined || limit === null ? null : Math.max(0, Math.floor(limit));
    this.toSkip = this.firstLine - 1;
    if (this.count === 0) this.done = true;
  }

  push(chunk: Buffer): void {
    if (this.done) return;
    // The BOM is only known once 3 bytes are in; a regular file gives them in the first chunk
    // unless it is shorter, but a short read must not break the rule.
    if (this.head !== null) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < 3) return;
      chunk = this.head.subarray(bomLength(this.head));
      this.head = null;
    }
    this.scan(chunk);
  }

  private scan(chunk: Buffer): void {
    let from = 0;
    while (this.toSkip > 0) {
      const newline = chunk.indexOf(NEWLINE, from);
      if (newline === -1) return;
      from = newline + 1;
      this.toSkip--;
    }
    if (this.count === null) return this.keep(chunk.subarray(from));
    let end = from;
    while (this.taken < this.count) {
      const newline = chunk.indexOf(NEWLINE, end);
      if (newline === -1) return this.keep(chunk.subarray(from));
      end = newline + 1;
      this.taken++;
    }
    this.keep(chunk.subarray(from, end));
    this.done = true;
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.keptBytes += bytes.length;
    if (this.keptBytes > this.maxBytes) throw this.tooBig();
    this.kept.push(Buffer.from(bytes));
    this.atStart = false;
  }

  /** The slice as text ('' when the file has fewer lines). */
  finish(): string {
    if (this.head !== null) {
      const head = this.head;
      this.head = null;
      this.scan(head.subarray(bomLength(head)));
    }
    if (this.toSkip > 0 || this.atStart) return '';
    return Buffer.concat(this.kept, this.keptBytes).toString('utf8');
  }
}
