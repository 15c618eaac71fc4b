// fs/read_text_file's `line` (1-based start) and `limit` (max lines) applied to a file's text.
// Scans for '\n' only as far as needed instead of splitting the whole text into lines, so reading
// 50 lines near the top of a 100 MB file costs about those 50 lines, not the file. Line endings are
// kept as they are: a '\r\n' file yields '\r\n' lines, and a missing final newline stays missing.

/**
 * Returns the lines [line, line + limit) of `text`, each with its own line ending.
 * `line` null/undefined/0 (or below) means from the first line; `limit` null/undefined means to the
 * end; `limit` 0 means nothing. A start past the last line gives ''.
 */
export function sliceLines(text: string, line?: number | null, limit?: number | null): string {
  const firstLine = Math.max(1, Math.floor(line ?? 1));
  const start = offsetOfLine(text, firstLine);
  if (start === -1) return '';
  if (limit === undefined || limit === null) return text.slice(start);
  const count = Math.max(0, Math.floor(limit));
  if (count === 0) return '';
  const end = offsetAfterLines(text, start, count);
  return text.slice(start, end);
}

/** Offset of the first character of 1-based line `line`, or -1 when the text has fewer lines. */
function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const newline = text.indexOf('\n', offset);
    if (newline === -1) return -1;
    offset = newline + 1;
  }
  // A text ending in '\n' has no further (empty) line: line N+1 of an N-line file is past the end.
  if (offset === text.length && line > 1) return -1;
  return offset;
}

/** Offset just past `count` lines starting at `start` (or the end of the text). */
function offsetAfterLines(text: string, start: number, count: number): number {
  let offset = start;
  for (let taken = 0; taken < count; taken++) {
    const newline = text.indexOf('\n', offset);
    if (newline === -1) return text.length;
    offset = newline + 1;
  }
  return offset;
}
