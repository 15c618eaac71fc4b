// Byte limits on terminal output. ACP's `outputByteLimit` keeps the newest bytes and MUST cut at a
// character boundary, so the kept text is always a valid string, possibly a little under the limit.

import { newestChars } from '../shared/outputTail';

const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  // Faster than encoding for the common ASCII case and exact for the rest.
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3; // a lone surrogate encodes as U+FFFD
    } else bytes += 3;
  }
  return bytes;
}

/** The newest `limit` bytes of `text`, starting at a character boundary. */
export function keepNewestBytes(text: string, limit: number): { text: string; truncated: boolean } {
  if (utf8Length(text) <= limit) return { text, truncated: false };
  if (limit <= 0) return { text: '', truncated: true };
  const bytes = encoder.encode(text);
  let start = bytes.length - limit;
  // Skip UTF-8 continuation bytes (10xxxxxx): never start in the middle of a character.
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  return { text: new TextDecoder().decode(bytes.subarray(start)), truncated: true };
}

/**
 * Text appended over time, of which only the newest `limit` bytes are kept. Chunks are kept as
 * they came and dropped from the front, so appending is O(chunk), not O(everything kept).
 */
export class BoundedText {
  private chunks: string[] = [];
  private chunkBytes: number[] = [];
  private bytes = 0;
  private dropped = false;

  constructor(private readonly limit: number) {}

  append(text: string): void {
    if (text === '') return;
    const size = utf8Length(text);
    this.chunks.push(text);
    this.chunkBytes.push(size);
    this.bytes += size;
    while (this.bytes > this.limit && this.chunks.length > 0) {
      const excess = this.bytes - this.limit;
      const first = this.chunkBytes[0]!;
      if (first <= excess) {
        this.chunks.shift();
        this.chunkBytes.shift();
        this.bytes -= first;
      } else {
        const kept = keepNewestBytes(this.chunks[0]!, first - excess);
        const keptBytes = utf8Length(kept.text);
        this.chunks[0] = kept.text;
        this.chunkBytes[0] = keptBytes;
        this.bytes -= first - keptBytes;
      }
      this.dropped = true;
    }
  }

  get retainedBytes(): number {
    return this.bytes;
  }

  get truncated(): boolean {
    return this.dropped;
  }

  text(): string {
    if (this.chunks.length > 1) {
      this.chunks = [this.chunks.join('')];
      this.chunkBytes = [this.bytes];
    }
    return this.chunks[0] ?? '';
  }
}

/**
 * The raw output (escape sequences included) kept for replaying a terminal into a view that
 * appears later (the chat card after a reload, "Open in Terminal"). Bounded by characters; the
 * cut moves to the next line start when one is near, so replay does not begin mid-sequence.
 */
export class RawTail {
  private chunks: string[] = [];
  private size = 0;

  constructor(private maxChars: number) {}

  append(data: string): void {
    if (data === '') return;
    this.chunks.push(data);
    this.size += data.length;
    if (this.size > this.maxChars * 1.25) this.compact();
  }

  /** What is held now (compaction keeps it at most 1.25 x maxChars). */
  get retainedChars(): number {
    return this.size;
  }

  text(): string {
    this.compact();
    return this.chunks[0] ?? '';
  }

  /** Keeps only the newest `maxChars` (used after release, to hold less). */
  shrink(maxChars: number): void {
    this.maxChars = maxChars;
    this.compact();
  }

  private compact(): void {
    const all = newestChars(this.chunks.join(''), this.maxChars);
    this.chunks = all === '' ? [] : [all];
    this.size = all.length;
  }
}
