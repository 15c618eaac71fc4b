// Line diffs: the bounded line diff every diff in Switchboard goes through (review hunks, merges,
// minimal editor edits, the chat's diff cards), and the unified hunks of the diff cards. Plain data
// out, so it runs on either side of the webview and is tested without a DOM.
//
// An agent chooses the size of what is diffed: Myers' algorithm costs O((N+M)·D), 39 s for two
// unrelated 10,000-line texts. So the common head and tail are cut off first (cheap, and most edits
// touch a small part of a file), and the middle is diffed with a time limit. Past it, the middle is
// one replaced block ("lines a-b replaced: N lines -> M lines"): coarse, but a correct diff, so Keep,
// Undo and merges stay right; only the line-by-line detail is lost.
import { diffArrays } from 'diff';

/** Longest time one diff may take before its middle becomes one replaced block. */
export const DIFF_TIME_LIMIT_MS = 25;
/** Also a bound on edits (deterministic, unlike the clock): a middle with more differences than this is replaced whole. */
const MAX_EDIT_LENGTH = 4000;
/** Changed middles up to this many lines (both sides) are diffed exactly, with no time limit. */
const EXACT_LINES = 200;

export interface LineChange {
  /** Lines (with their terminators) this part of the diff covers. */
  lines: string[];
  added: boolean;
  removed: boolean;
}

export interface LineDiff {
  changes: LineChange[];
  /** The middle was too big to compare line by line: it is one removed + added block. */
  coarse: boolean;
}

/** Texts as lines that keep their terminators ("a\n", "b\r\n", "c"): joining gives back the input. */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  // indexOf, not split(/(?<=\n)/): the look-behind split took 114 ms on 40,000 lines.
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    lines.push(text.slice(start, end + 1));
    start = end + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** A line diff whose cost is bounded whatever the input (see the top of this file). */
export function boundedLineDiff(
  a: readonly string[],
  b: readonly string[],
  timeLimitMs = DIFF_TIME_LIMIT_MS,
): LineDiff {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const changes: LineChange[] = [];
  if (start > 0) changes.push({ lines: a.slice(0, start), added: false, removed: false });
  const oldMiddle = a.slice(start, endA);
  const newMiddle = b.slice(start, endB);
  let coarse = false;
  if (oldMiddle.length > 0 && newMiddle.length > 0) {
    // Small middles are always diffed exactly (a few ms, tens at worst, when nothing matches): a clock
    // limit there would make a diff depend on the machine's load.
    const small = oldMiddle.length + newMiddle.length <= EXACT_LINES;
    const middle = small
      ? diffArrays(oldMiddle, newMiddle)
      : diffArrays(oldMiddle, newMiddle, { timeout: timeLimitMs, maxEditLength: MAX_EDIT_LENGTH });
    if (middle) {
      for (const change of middle) changes.push({ lines: change.value, added: change.added, removed: change.removed });
    } else {
      coarse = true;
      changes.push(
        { lines: oldMiddle, added: false, removed: true },
        { lines: newMiddle, added: true, removed: false },
      );
    }
  } else {
    if (oldMiddle.length > 0) changes.push({ lines: oldMiddle, added: false, removed: true });
    if (newMiddle.length > 0) changes.push({ lines: newMiddle, added: true, removed: false });
  }
  if (endA < a.length) changes.push({ lines: a.slice(endA), added: false, removed: false });
  return { changes, coarse };
}

export interface DiffLine {
  kind: 'add' | 'del' | 'ctx';
  text: string;
  /** This line is the last of its side and has no trailing newline ("\ No newline at end of file"). */
  noNewlineAtEnd?: true;
}

export interface DiffHunk {
  /** 1-based first line of the hunk in the old text (oldLines is 0 for a new file). */
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** The hunk's lines, up to the result's line limit; `omitted` counts the ones past it. */
  lines: DiffLine[];
  omitted?: number;
}

export interface DiffResult {
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** Too many changes to compare line by line: the changed middle is shown as replaced whole. */
  coarse?: true;
}

type Kind = DiffLine['kind'];

/** Context lines around each change in a chat card, and the most lines a card is sent (the editor shows all). */
export const CARD_CONTEXT_LINES = 3;
export const MAX_CARD_DIFF_LINES = 400;

/** The hunks a chat card shows of a change: bounded to a card's worth of lines, counts over everything. */
export function cardHunks(oldText: string | null, newText: string): DiffResult {
  return diffHunks(oldText, newText, CARD_CONTEXT_LINES, MAX_CARD_DIFF_LINES);
}

/**
 * Hunks between two file texts with `context` unchanged lines around each change, in the shape
 * of a unified diff. oldText null means a new file (every line added); identical texts give no hunks.
 * At most maxLines line objects are made (a card shows a few hundred); counts always cover everything.
 */
export function diffHunks(
  oldText: string | null,
  newText: string,
  context = 3,
  maxLines = Number.POSITIVE_INFINITY,
): DiffResult {
  const { changes, coarse } = boundedLineDiff(splitLines(oldText ?? ''), splitLines(newText));
  const runs = changes.map((change) => ({
    kind: (change.added ? 'add' : change.removed ? 'del' : 'ctx') as Kind,
    lines: change.lines,
  }));
  const hunks: DiffHunk[] = [];
  let added = 0;
  let removed = 0;
  let made = 0;
  const emit = (hunk: DiffHunk, kind: Kind, lines: readonly string[], from: number, to: number): void => {
    const count = to - from;
    if (kind !== 'add') hunk.oldLines += count;
    if (kind !== 'del') hunk.newLines += count;
    if (kind === 'add') added += count;
    if (kind === 'del') removed += count;
    const room = Math.max(0, Math.min(count, maxLines - made));
    for (let k = from; k < from + room; k++) {
      const line = lines[k]!; // k < from + room <= to <= lines.length
      const entry: DiffLine = { kind, text: line.endsWith('\n') ? line.slice(0, -1) : line };
      if (!line.endsWith('\n')) entry.noNewlineAtEnd = true;
      hunk.lines.push(entry);
    }
    made += room;
    if (room < count) hunk.omitted = (hunk.omitted ?? 0) + count - room;
  };
  let oldLine = 0;
  let newLine = 0;
  let r = 0;
  while (r < runs.length) {
    const run = runs[r]!;
    if (run.kind === 'ctx') {
      oldLine += run.lines.length;
      newLine += run.lines.length;
      r++;
      continue;
    }
    // A hunk: up to `context` lines of the context run before, the changes, and context runs no
    // longer than 2 x context between them; it ends with `context` lines of the next long run.
    const previous = r > 0 ? runs[r - 1]! : undefined;
    const lead = previous ? Math.min(context, previous.lines.length) : 0;
    const hunk: DiffHunk = {
      oldStart: oldLine - lead + 1,
      oldLines: 0,
      newStart: newLine - lead + 1,
      newLines: 0,
      lines: [],
    };
    if (previous && lead > 0) emit(hunk, 'ctx', previous.lines, previous.lines.length - lead, previous.lines.length);
    for (; r < runs.length; r++) {
      const { kind, lines } = runs[r]!;
      if (kind !== 'ctx') {
        emit(hunk, kind, lines, 0, lines.length);
        if (kind !== 'add') oldLine += lines.length;
        if (kind !== 'del') newLine += lines.length;
        continue;
      }
      if (r === runs.length - 1 || lines.length > 2 * context) {
        emit(hunk, 'ctx', lines, 0, Math.min(context, lines.length));
        break;
      }
      emit(hunk, 'ctx', lines, 0, lines.length);
      oldLine += lines.length;
      newLine += lines.length;
    }
    hunks.push(hunk);
  }
  return { hunks, added, removed, ...(coarse ? { coarse: true as const } : {}) };
}
