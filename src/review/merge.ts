// Applying an agent's whole-file write onto a document the user may have edited meanwhile.
// The agent's write is a diff against the text it last read (`base`); the user's edits are a
// diff against the same base. A 3-way merge (node-diff3, the diff3 algorithm of GNU diffutils)
// applies both where they do not overlap. Where they do, the agent's lines win in the document
// (the agent's later reads must see what it wrote) and the user's lines are kept in the
// conflict, so review can show it and Undo of that hunk brings the user's text back: nothing is
// overwritten silently.
import { diff3Merge } from 'node-diff3';
import { diffArrays } from 'diff';
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
  const regions = diff3Merge(splitLines(live), splitLines(base), splitLines(agent), { excludeFalseConflicts: true });
  const merged: string[] = [];
  const conflicts: MergeConflict[] = [];
  for (const region of regions) {
    if (region.ok) {
      merged.push(...region.ok);
    } else if (region.conflict) {
      const { a: userLines, b: agentLines, o: baseLines } = region.conflict;
      conflicts.push({ startLine: merged.length, lineCount: agentLines.length, userLines, agentLines, baseLines });
      merged.push(...agentLines);
    }
  }
  return { text: joinLines(merged), conflicts };
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
  const changes = diffArrays(splitLines(from), splitLines(to), { maxEditLength: 20_000 });
  if (!changes) return [{ offset: 0, length: from.length, text: to }];
  const edits: TextEditSpan[] = [];
  let offset = 0;
  let open: TextEditSpan | null = null;
  for (const change of changes) {
    const length = change.value.reduce((sum, line) => sum + line.length, 0);
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
      open.text += joinLines(change.value);
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
  const regions = diff3Merge(splitLines(after), splitLines(before), splitLines(baseline), { excludeFalseConflicts: true });
  const merged: string[] = [];
  for (const region of regions) {
    if (region.ok) merged.push(...region.ok);
    else if (region.conflict) merged.push(...region.conflict.b);
  }
  return joinLines(merged);
}
