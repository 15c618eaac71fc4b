// A three-way merge of texts, line by line, as `git merge-file` does it: the workspace's changes and the
// chat's, each a diff against the point the chat started from, are both applied where they do not overlap
// or touch; where they do and differ, both versions are written in place between conflict markers.
// Pure and bounded: every diff is the bounded one (shared/diffHunks.ts: head and tail cut off, then a
// time and edit limit past which the middle is one replaced block), and the rest is a linear walk. A
// coarse diff only makes more of the text a conflict: still correct, nothing lost. Not node-diff3: its
// LCS took seconds on 2,000 repetitive lines (measured for src/review/merge.ts), and a chat picks the sizes.
import { boundedLineDiff, splitLines } from '../shared/diffHunks';

export const CONFLICT_START = '<<<<<<< workspace';
export const CONFLICT_MIDDLE = '=======';
export const CONFLICT_END = '>>>>>>> chat';

export interface ThreeWayResult {
  text: string;
  /** Regions written with conflict markers. */
  conflicts: number;
}

/** One side's change: base lines [baseStart, baseEnd) became `lines`. */
interface Hunk {
  baseStart: number;
  baseEnd: number;
  lines: readonly string[];
}

export function threeWayMerge(base: string, ours: string, theirs: string): ThreeWayResult {
  if (ours === theirs || theirs === base) return { text: ours, conflicts: 0 };
  if (ours === base) return { text: theirs, conflicts: 0 };
  const baseLines = splitLines(base);
  const ourHunks = hunksOf(baseLines, splitLines(ours));
  const theirHunks = hunksOf(baseLines, splitLines(theirs));
  const out: string[] = [];
  let conflicts = 0;
  let next = 0;
  let i = 0;
  let j = 0;
  while (i < ourHunks.length || j < theirHunks.length) {
    // A cluster: hunks of either side whose base ranges overlap or touch (diff3's rule).
    const startsWithOurs =
      j >= theirHunks.length || (i < ourHunks.length && ourHunks[i]!.baseStart <= theirHunks[j]!.baseStart);
    const first = startsWithOurs ? ourHunks[i]! : theirHunks[j]!;
    const lo = first.baseStart;
    let hi = first.baseEnd;
    const ourCluster: Hunk[] = [];
    const theirCluster: Hunk[] = [];
    for (;;) {
      if (i < ourHunks.length && ourHunks[i]!.baseStart <= hi) {
        hi = Math.max(hi, ourHunks[i]!.baseEnd);
        ourCluster.push(ourHunks[i++]!);
      } else if (j < theirHunks.length && theirHunks[j]!.baseStart <= hi) {
        hi = Math.max(hi, theirHunks[j]!.baseEnd);
        theirCluster.push(theirHunks[j++]!);
      } else break;
    }
    pushAll(out, baseLines, next, lo);
    const ourLines = applyWithin(baseLines, lo, hi, ourCluster);
    const theirLines = applyWithin(baseLines, lo, hi, theirCluster);
    if (ourCluster.length === 0) pushAll(out, theirLines, 0, theirLines.length);
    else if (theirCluster.length === 0 || sameLines(ourLines, theirLines)) pushAll(out, ourLines, 0, ourLines.length);
    else {
      conflicts++;
      pushConflict(out, ourLines, theirLines);
    }
    next = hi;
  }
  pushAll(out, baseLines, next, baseLines.length);
  return { text: out.join(''), conflicts };
}

/** The whole of both sides as one conflict (a file one side deleted and the other changed). */
export function wholeFileConflict(ours: string, theirs: string): string {
  const out: string[] = [];
  pushConflict(out, splitLines(ours), splitLines(theirs));
  return out.join('');
}

function pushConflict(out: string[], ours: readonly string[], theirs: readonly string[]): void {
  out.push(`${CONFLICT_START}\n`);
  pushTerminated(out, ours);
  out.push(`${CONFLICT_MIDDLE}\n`);
  pushTerminated(out, theirs);
  out.push(`${CONFLICT_END}\n`);
}

/** A side's lines inside markers: its last line gets a newline so that the next marker starts a line. */
function pushTerminated(out: string[], lines: readonly string[]): void {
  pushAll(out, lines, 0, lines.length);
  const last = lines[lines.length - 1];
  if (last !== undefined && !last.endsWith('\n')) out.push('\n');
}

function hunksOf(baseLines: readonly string[], otherLines: readonly string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let at = 0;
  let open: { baseStart: number; baseEnd: number; lines: string[] } | undefined;
  for (const change of boundedLineDiff(baseLines, otherLines).changes) {
    if (!change.added && !change.removed) {
      open = undefined;
      at += change.lines.length;
      continue;
    }
    if (!open) {
      open = { baseStart: at, baseEnd: at, lines: [] };
      hunks.push(open);
    }
    if (change.removed) {
      at += change.lines.length;
      open.baseEnd = at;
    } else {
      for (const line of change.lines) open.lines.push(line);
    }
  }
  return hunks;
}

/** Base lines [lo, hi) with one side's hunks (inside that range, in order) applied. */
function applyWithin(base: readonly string[], lo: number, hi: number, hunks: readonly Hunk[]): string[] {
  const out: string[] = [];
  let at = lo;
  for (const hunk of hunks) {
    pushAll(out, base, at, hunk.baseStart);
    pushAll(out, hunk.lines, 0, hunk.lines.length);
    at = hunk.baseEnd;
  }
  pushAll(out, base, at, hi);
  return out;
}

/** Not push(...slice): a spread of a 100,000-line slice overflows the call stack. */
function pushAll(out: string[], lines: readonly string[], from: number, to: number): void {
  for (let k = from; k < to; k++) out.push(lines[k]!);
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, k) => line === b[k]);
}
