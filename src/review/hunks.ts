// Hunks between a file's review baseline and its current text, and the two ways to resolve
// one: Keep folds the hunk into the baseline, Undo reverts the current text to the baseline's
// lines. Everything is whole lines (with their terminators), so offsets map straight onto an
// editor document.
import { boundedLineDiff } from '../shared/diffHunks';
import { joinLines, offsetOfLine, splitLines } from './lines';

export interface ReviewHunk {
  /** 0-based line in the baseline where the hunk starts, and the baseline lines it replaces. */
  baseStart: number;
  baseLines: string[];
  /** 0-based line in the current text where the hunk starts, and the lines that replace them. */
  currentStart: number;
  currentLines: string[];
  /** Character range of the hunk's current lines in the current text (for editor edits). */
  currentOffset: number;
  currentLength: number;
  /**
   * Too many changes to compare line by line (the diff is bounded in time, see
   * src/shared/diffHunks.ts): this hunk is the whole changed part, replaced. Keep and Undo still
   * work on it; only the line-by-line detail is missing.
   */
  replaced?: true;
}

/** The last texts diffed and their hunks: views ask for the same file's hunks many times per change. */
let lastDiff: { baseline: string; current: string; hunks: ReviewHunk[] } | undefined;

/** The hunks from baseline to current; bounded in time whatever the texts (see ReviewHunk.replaced). */
export function computeHunks(baseline: string, current: string): ReviewHunk[] {
  if (baseline === current) return [];
  if (lastDiff && lastDiff.baseline === baseline && lastDiff.current === current) return lastDiff.hunks;
  const hunks = hunksOf(baseline, current);
  lastDiff = { baseline, current, hunks };
  return hunks;
}

function hunksOf(baseline: string, current: string): ReviewHunk[] {
  const { changes, coarse } = boundedLineDiff(splitLines(baseline), splitLines(current));
  const hunks: ReviewHunk[] = [];
  let baseLine = 0;
  let currentLine = 0;
  let currentOffset = 0;
  let open: ReviewHunk | null = null;
  for (const change of changes) {
    const lines = change.lines;
    if (!change.added && !change.removed) {
      open = null;
      baseLine += lines.length;
      currentLine += lines.length;
      currentOffset += lines.reduce((sum, line) => sum + line.length, 0);
      continue;
    }
    if (!open) {
      open = {
        baseStart: baseLine,
        baseLines: [],
        currentStart: currentLine,
        currentLines: [],
        currentOffset,
        currentLength: 0,
        ...(coarse ? { replaced: true as const } : {}),
      };
      hunks.push(open);
    }
    if (change.removed) {
      open.baseLines.push(...lines);
      baseLine += lines.length;
    } else {
      open.currentLines.push(...lines);
      const length = lines.reduce((sum, line) => sum + line.length, 0);
      open.currentLength += length;
      currentLine += lines.length;
      currentOffset += length;
    }
  }
  return hunks;
}

/** Keep: the baseline takes the hunk's current lines, so the hunk disappears and the others stay. */
export function keepHunk(baseline: string, hunk: ReviewHunk): string {
  const base = splitLines(baseline);
  base.splice(hunk.baseStart, hunk.baseLines.length, ...hunk.currentLines);
  return joinLines(base);
}

/** Undo: the current text takes back the hunk's baseline lines; the other hunks stay. */
export function undoHunk(current: string, hunk: ReviewHunk): string {
  const lines = splitLines(current);
  lines.splice(hunk.currentStart, hunk.currentLines.length, ...hunk.baseLines);
  return joinLines(lines);
}

/** The text an editor edit must insert over [currentOffset, currentOffset + currentLength) to undo the hunk. */
export function undoReplacement(hunk: ReviewHunk): { offset: number; length: number; text: string } {
  return { offset: hunk.currentOffset, length: hunk.currentLength, text: joinLines(hunk.baseLines) };
}

export function countChanges(hunks: readonly ReviewHunk[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of hunks) {
    added += hunk.currentLines.length;
    removed += hunk.baseLines.length;
  }
  return { added, removed };
}

export { offsetOfLine };
