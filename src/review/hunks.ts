// Hunks between a file's review baseline and its current text, and the two ways to resolve
// one: Keep folds the hunk into the baseline, Undo reverts the current text to the baseline's
// lines. Everything is whole lines (with their terminators), so offsets map straight onto an
// editor document.
import { diffArrays } from 'diff';
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
}

/** Guards against pathological inputs: past this many edits the diff gives up (whole-file hunk). */
const MAX_EDIT_LENGTH = 20_000;

export function computeHunks(baseline: string, current: string): ReviewHunk[] {
  if (baseline === current) return [];
  const base = splitLines(baseline);
  const cur = splitLines(current);
  const changes = diffArrays(base, cur, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return [wholeFileHunk(base, cur)];
  const hunks: ReviewHunk[] = [];
  let baseLine = 0;
  let currentLine = 0;
  let currentOffset = 0;
  let open: ReviewHunk | null = null;
  for (const change of changes) {
    const lines = change.value;
    if (!change.added && !change.removed) {
      open = null;
      baseLine += lines.length;
      currentLine += lines.length;
      currentOffset += lines.reduce((sum, line) => sum + line.length, 0);
      continue;
    }
    if (!open) {
      open = { baseStart: baseLine, baseLines: [], currentStart: currentLine, currentLines: [], currentOffset, currentLength: 0 };
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

function wholeFileHunk(base: string[], cur: string[]): ReviewHunk {
  return {
    baseStart: 0,
    baseLines: base,
    currentStart: 0,
    currentLines: cur,
    currentOffset: 0,
    currentLength: joinLines(cur).length,
  };
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
