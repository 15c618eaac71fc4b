// fs/read_text_file's `line` (1-based start) and `limit` (max lines) applied to a file's text.
// Scans for '\n' only as far as needed instead of splitting the whole text into lines, so reading
// 50 lines near the top of a 100 MB file costs about those 50 lines, not the file. Line endings are
// kept as they are: a '\r\n' file yields '\r\n' lines, and a missing final newline stays missing.
// The scan (lineRange) works on offsets only, so src/fs/fileSlice.ts runs the very same rules
// over the raw bytes of a file and decodes just the slice.

/** Offsets [start, end) of a slice, in the units of whatever was scanned (chars or bytes). */
export interface LineRange {
  start: number;
  end: number;
}

/**
 * Where lines [line, line + limit) lie in a sequence of `length` units that starts at `origin`
 * (a BOM skipped), given `nextNewline(from)`: the offset of the next '\n' at or after `from`, or -1.
 * Null when the slice is empty. Same rules as sliceLines, which is defined by it.
 */
export function lineRange(
  length: number,
  nextNewline: (from: number) => number,
  line?: number | null,
  limit?: number | null,
  origin = 0,
): LineRange | null {
  const firstLine = Math.max(1, Math.floor(line ?? 1));
  const start = offsetOfLine(length, nextNewline, firstLine, origin);
  if (start === -1) return null;
  if (limit === undefined || limit === null) return start === length ? null : { start, end: length };
  const count = Math.max(0, Math.floor(limit));
  if (count === 0) return null;
  const end = offsetAfterLines(length, nextNewline, start, count);
  return end === start ? null : { start, end };
}

/**
 * Returns the lines [line, line + limit) of `text`, each with its own line ending.
 * `line` null/undefined/0 (or below) means from the first line; `limit` null/undefined means to the
 * end; `limit` 0 means nothing. A start past the last line gives ''.
 */
export function sliceLines(text: string, line?: number | null, limit?: number | null): string {
  const range = lineRange(text.length, (from) => text.indexOf('\n', from), line, limit);
  return range === null ? '' : text.slice(range.start, range.end);
}

/** Offset of the first unit of 1-based line `line`, or -1 when there are fewer lines. */
function offsetOfLine(length: number, nextNewline: (from: number) => number, line: number, origin: number): number {
  let offset = origin;
  for (let current = 1; current < line; current++) {
    const newline = nextNewline(offset);
    if (newline === -1) return -1;
    offset = newline + 1;
  }
  // A text ending in '\n' has no further (empty) line: line N+1 of an N-line file is past the end.
  if (offset === length && line > 1) return -1;
  return offset;
}

/** Offset just past `count` lines starting at `start` (or the end). */
function offsetAfterLines(length: number, nextNewline: (from: number) => number, start: number, count: number): number {
  let offset = start;
  for (let taken = 0; taken < count; taken++) {
    const newline = nextNewline(offset);
    if (newline === -1) return length;
    offset = newline + 1;
  }
  return offset;
}
