// fs/read_text_file's disk path without VS Code: the requested lines of a file, found by scanning
// the file's bytes for '\n' (Buffer.indexOf is memchr) and decoding only the bytes of the slice.
// Reading 50 lines near the end of a 100 MB file so costs the read Buffer (the one whole-file copy)
// plus a memchr scan, never a 100 MB string.
//
// Why decoding a byte slice gives exactly what slicing the decoded text gives: 0x0A never occurs
// inside a UTF-8 sequence, and the decoder (WHATWG, as Buffer#toString uses) ends any malformed
// sequence at the byte that breaks it, emitting U+FFFD, then decodes that byte afresh; so '\n' is
// always decoded as '\n' and what follows it does not depend on what came before. A slice starts at
// offset 0 (after a BOM) or just past a '\n' and ends just past a '\n' or at the end of the file, so
// its bad bytes become the same U+FFFD at the same places as in the whole-file decode.
import { readFile } from 'node:fs/promises';
import { lineRange, sliceLines } from './lineSlice';

const NEWLINE = 0x0a;

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

/**
 * Reads the file and returns the requested lines; the whole text too when the file is small
 * enough for the caller to want it (review keeps it as the base of the agent's next write).
 * File system errors (ENOENT, EISDIR, ...) are thrown as they are, for the caller to map.
 */
export async function readFileSlice(filePath: string, request: LineRequest, wholeTextMaxBytes: number): Promise<FileSlice> {
  const bytes = await readFile(filePath);
  if (bytes.length <= wholeTextMaxBytes) {
    // Small: the whole text is decoded anyway, and slicing it is then the cheapest way.
    const wholeText = decodeText(bytes);
    return { content: sliceLines(wholeText, request.line, request.limit), wholeText };
  }
  return { content: sliceLinesOfBytes(bytes, request.line, request.limit) };
}
