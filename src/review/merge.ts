// Applying an agent's whole-file write onto a document the user may have edited meanwhile.
// The agent's write is a diff against the text it last read (`base`); the user's edits are a
// diff against the same base. A 3-way merge (diff3's rule) applies both where they do not overlap
// or touch. Where they do, the agent's lines win in the document (the agent's later reads must see
// what it wrote) and the user's lines are kept in the conflict, so review can show it and Undo of
// that hunk brings the user's text back: nothing is overwritten silently.
// Every diff here is the bounded one (src/shared/diffHunks.ts): an agent chooses the texts, and
// node-diff3's LCS took seconds on 2,000 repetitive lines. Past the bound a diff is one coarse
// block, which only makes more of the text a conflict: still correct, still nothing lost.
import { boundedLineDiff } from '../shared/diffHunks';
import { computeHunks, type ReviewHunk } from './hunks';
import { joinLines, splitLines } from './lines';

export interface MergeConflict {
  /** 0-based first line of the conflict in the merged text and its line count. */
  startLine: number;
  lineCount: number;
  /** What the user had there (lost from the document, kept here for review). */
  userLines: string[];
  agentLines: string[];
  baseLines: string[];
}

export interface MergeOutcome {
  text: string;
  conflicts: MergeConflict[];
}

/**
 * base: what the agent last read (or the document at the tool call's start); agent: the content
 * it wrote; live: the document now. Identical base and live is the common case: the agent's text.
 */
export function mergeAgentWrite(base: string, agent: string, live: string): MergeOutcome {
  if (live === base || live === agent) return { text: agent, conflicts: [] };
  if (agent === base) return { text: live, conflicts: [] };
  const baseLines = splitLines(base);
  const userHunks = computeHunks(base, live).map((hunk) => ({ hunk, side: 'user' as const }));
  const agentHunks = computeHunks(base, agent).map((hunk) => ({ hunk, side: 'agent' as const }));
  const all = [...userHunks, ...agentHunks].sort(
    (a, b) => a.hunk.baseStart - b.hunk.baseStart || baseEnd(a.hunk) - baseEnd(b.hunk),
  );
  const merged: string[] = [];
  const conflicts: MergeConflict[] = [];
  let next = 0;
  let i = 0;
  while (i < all.length) {
    // A cluster: hunks whose base ranges overlap or touch (diff3 treats adjoining changes as one).
    const first = all[i]!.hunk;
    const lo = first.baseStart;
    let hi = baseEnd(first);
    let j = i + 1;
    while (j < all.length && all[j]!.hunk.baseStart <= hi) hi = Math.max(hi, baseEnd(all[j++]!.hunk));
    const cluster = all.slice(i, j);
    merged.push(...baseLines.slice(next, lo));
    const user = cluster.filter((entry) => entry.side === 'user').map((entry) => entry.hunk);
    const agentSide = cluster.filter((entry) => entry.side === 'agent').map((entry) => entry.hunk);
    const agentLines = applyWithin(baseLines, lo, hi, agentSide);
    if (user.length === 0) merged.push(...agentLines);
    else if (agentSide.length === 0) merged.push(...applyWithin(baseLines, lo, hi, user));
    else {
      const userLines = applyWithin(baseLines, lo, hi, user);
      // Both made the same change: not a conflict.
      if (joinLines(userLines) !== joinLines(agentLines)) {
        conflicts.push({
          startLine: merged.length,
          lineCount: agentLines.length,
          userLines,
          agentLines,
          baseLines: baseLines.slice(lo, hi),
        });
      }
      merged.push(...agentLines);
    }
    next = hi;
    i = j;
  }
  merged.push(...baseLines.slice(next));
  return { text: joinLines(merged), conflicts };
}

function baseEnd(hunk: ReviewHunk): number {
  return hunk.baseStart + hunk.baseLines.length;
}

/** Base lines [lo, hi) with the hunks (inside that range, in order) applied. */
function applyWithin(base: readonly string[], lo: number, hi: number, hunks: readonly ReviewHunk[]): string[] {
  const out: string[] = [];
  let at = lo;
  for (const hunk of hunks) {
    out.push(...base.slice(at, hunk.baseStart), ...hunk.currentLines);
    at = baseEnd(hunk);
  }
  out.push(...base.slice(at, hi));
  return out;
}

export interface TextEditSpan {
  /** Character range in the old text and what replaces it. */
  offset: number;
  length: number;
  text: string;
}

/**
 * The smallest line-level edits that turn `from` into `to`, in ascending order and non-overlapping
 * (offsets refer to `from`). Applying these instead of a whole-document replace keeps the user's
 * cursor, folds and undo granularity where nothing changed.
 */
export function minimalEdits(from: string, to: string): TextEditSpan[] {
  if (from === to) return [];
  const { changes } = boundedLineDiff(splitLines(from), splitLines(to));
  const edits: TextEditSpan[] = [];
  let offset = 0;
  let open: TextEditSpan | null = null;
  for (const change of changes) {
    const length = change.lines.reduce((sum, line) => sum + line.length, 0);
    if (!change.added && !change.removed) {
      open = null;
      offset += length;
      continue;
    }
    if (!open) {
      open = { offset, length: 0, text: '' };
      edits.push(open);
    }
    if (change.removed) {
      open.length += length;
      offset += length;
    } else {
      open.text += joinLines(change.lines);
    }
  }
  return edits;
}

/** Applies edits produced by minimalEdits (tests and the VS Code-free paths use it). */
export function applyEdits(text: string, edits: readonly TextEditSpan[]): string {
  let result = '';
  let cursor = 0;
  for (const edit of edits) {
    result += text.slice(cursor, edit.offset) + edit.text;
    cursor = edit.offset + edit.length;
  }
  return result + text.slice(cursor);
}

/**
 * Moves a user's edit (before -> after, both full texts of the current document) onto the review
 * baseline, so the user's own typing is not shown as the agent's change. Where the user edited
 * inside an agent hunk the baseline keeps its lines (the hunk then simply includes the edit).
 */
export function rebaseUserEdit(baseline: string, before: string, after: string): string {
  if (before === after) return baseline;
  if (baseline === before) return after;
  // The user's edit as one block of lines: one keystroke, a paste or a replace-all between the
  // first and the last changed line (common head and tail cut off: linear, no diff).
  const beforeLines = splitLines(before);
  const afterLines = splitLines(after);
  let start = 0;
  while (start < beforeLines.length && start < afterLines.length && beforeLines[start] === afterLines[start]) start++;
  let endBefore = beforeLines.length;
  let endAfter = afterLines.length;
  while (endBefore > start && endAfter > start && beforeLines[endBefore - 1] === afterLines[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  // Where that block sits in the baseline: shifted by the agent hunks before it. Touching or
  // inside an agent hunk, the baseline keeps its lines (the hunk then includes the user's edit).
  let shift = 0;
  for (const hunk of computeHunks(baseline, before)) {
    const hunkEnd = hunk.currentStart + hunk.currentLines.length;
    if (hunkEnd < start || (hunkEnd === start && hunk.currentLines.length > 0 && start < endBefore)) {
      shift += hunk.baseLines.length - hunk.currentLines.length;
      continue;
    }
    if (
      hunk.currentStart > endBefore ||
      (hunk.currentStart === endBefore && start < endBefore && hunk.currentLines.length > 0)
    )
      break;
    return baseline;
  }
  const baseLines = splitLines(baseline);
  baseLines.splice(start + shift, endBefore - start, ...afterLines.slice(start, endAfter));
  return joinLines(baseLines);
}
