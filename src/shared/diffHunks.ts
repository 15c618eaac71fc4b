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
export const DIFF_TIME_LIMIT_MS = 40;
/** Also a bound on edits (deterministic, unlike the clock): a middle with more differences than this is replaced whole. */
const MAX_EDIT_LENGTH = 4000;

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
  if (text === '') return [];
  return text.split(/(?<=\n)/);
}

/** A line diff whose cost is bounded whatever the input (see the top of this file). */
export function boundedLineDiff(a: readonly string[], b: readonly string[], timeLimitMs = DIFF_TIME_LIMIT_MS): LineDiff {
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
    const middle = diffArrays(oldMiddle, newMiddle, { timeout: timeLimitMs, maxEditLength: MAX_EDIT_LENGTH });
    if (middle) {
      for (const change of middle) changes.push({ lines: change.value, added: change.added, removed: change.removed });
    } else {
      coarse = true;
      changes.push({ lines: oldMiddle, added: false, removed: true }, { lines: newMiddle, added: true, removed: false });
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
  lines: DiffLine[];
}

export interface DiffResult {
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** Too many changes to compare line by line: the changed middle is shown as replaced whole. */
  coarse?: true;
}

interface Tagged {
  kind: DiffLine['kind'];
  line: string;
}

/**
 * Hunks between two file texts with `context` unchanged lines around each change, in the shape
 * of a unified diff. oldText null means a new file (every line added); identical texts give no hunks.
 */
export function diffHunks(oldText: string | null, newText: string, context = 3): DiffResult {
  const oldLines = splitLines(oldText ?? '');
  const newLines = splitLines(newText);
  const { changes, coarse } = boundedLineDiff(oldLines, newLines);
  const tagged: Tagged[] = [];
  for (const change of changes) {
    const kind = change.added ? 'add' : change.removed ? 'del' : 'ctx';
    for (const line of change.lines) tagged.push({ kind, line });
  }
  const hunks: DiffHunk[] = [];
  let added = 0;
  let removed = 0;
  let oldLine = 0;
  let newLine = 0;
  let i = 0;
  while (i < tagged.length) {
    if (tagged[i].kind === 'ctx') {
      oldLine++;
      newLine++;
      i++;
      continue;
    }
    // A hunk: up to `context` lines before, the changes, and runs of context no longer than 2 x context.
    const lead = Math.min(context, i, oldLine);
    let from = i - lead;
    const hunk: DiffHunk = { oldStart: oldLine - lead + 1, oldLines: 0, newStart: newLine - lead + 1, newLines: 0, lines: [] };
    let end = i;
    while (end < tagged.length) {
      if (tagged[end].kind !== 'ctx') {
        end++;
        continue;
      }
      let run = end;
      while (run < tagged.length && tagged[run].kind === 'ctx') run++;
      if (run === tagged.length || run - end > 2 * context) break;
      end = run;
    }
    const to = Math.min(tagged.length, end + context);
    for (; from < to; from++) {
      const { kind, line } = tagged[from];
      const entry: DiffLine = { kind, text: line.endsWith('\n') ? line.slice(0, -1) : line };
      if (!line.endsWith('\n')) entry.noNewlineAtEnd = true;
      if (kind !== 'add') hunk.oldLines++;
      if (kind !== 'del') hunk.newLines++;
      if (kind === 'add') added++;
      if (kind === 'del') removed++;
      hunk.lines.push(entry);
    }
    for (let k = i; k < to; k++) {
      if (tagged[k].kind !== 'add') oldLine++;
      if (tagged[k].kind !== 'del') newLine++;
    }
    hunks.push(hunk);
    i = to;
  }
  return { hunks, added, removed, ...(coarse ? { coarse: true as const } : {}) };
}
