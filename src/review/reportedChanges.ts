// What an agent's own report of a file change tells review. Agents that write files on disk themselves (ACP v2
// always: it has no fs/write_text_file; claude and codex in v1 too) report the change as a tool call's `diff`:
// v1 with the two texts, v2 as a structured change with an optional git_patch. Read against the file's text on
// disk now, the report says what the file held before the change (the baseline review needs when the disk
// watcher never saw the file before), or that the change is only proposed (the disk still holds the text before:
// a permission request's diff), or nothing (the disk moved on, the patch does not fit: refused, never guessed).
// Review uses it only for a change the disk watcher itself saw (src/vscode/review/reportedFileChanges.ts). Pure.
import type { WriteTexts } from './fileTexts';
import { reverseApplyGitPatch } from './reversePatch';

export interface ReportedChange {
  /** Absolute path after the change (a deleted file's path). */
  path: string;
  /** v2's operation (add, delete, modify, move, copy, or a newer one); v1 diffs are `modify`, `add` or `delete`. */
  operation: string;
  /** A move's or copy's path before. */
  oldPath?: string;
  /** v2 `fileType: binary` (or another kind that is not text): no text review. */
  notText?: boolean;
  /** v1: the agent's two texts (after null: deleted). */
  texts?: { before: string | null; after: string | null };
  /** v2: the git_patch section of this file (src/shared/gitPatch.ts splitGitPatch). */
  patch?: string;
}

export type ReportedOutcome =
  /** The change is on disk: `before` is the content before it (a move's or copy's: of the old path). */
  | { kind: 'changed'; before: string | null; after: string | null }
  /** The disk still holds the text before (a diff proposed for permission): that is the file's text now. */
  | { kind: 'proposed'; current: string }
  /** The report does not say what the file held before (v2 without a git_patch): only review's own record can. */
  | { kind: 'unsaid' }
  | { kind: 'unknown'; reason: string };

/** What review made of a report, for its card (undefined: nothing to show, e.g. a proposal). */
export type ReviewedReport =
  /** The change's texts at its path (kept for "Open diff"; a card without a patch shows their diff). */
  | { kind: 'texts'; texts: WriteTexts }
  /** Nothing holds what the file was before the change: the card says so (and what the user can do). */
  | { kind: 'unknown' };

/** Operations whose path did not exist before (its own baseline is "no file"). */
export function createsPath(operation: string): boolean {
  return operation === 'add' || operation === 'move' || operation === 'copy';
}

/** `disk`: the file's text now (null: there is no file; undefined: not readable as text within the limits). */
export function readReport(change: ReportedChange, disk: string | null | undefined): ReportedOutcome {
  if (change.notText) return { kind: 'unknown', reason: 'not a text file' };
  if (disk === undefined) return { kind: 'unknown', reason: 'the file is not readable as text' };
  if (change.texts) {
    const { before, after } = change.texts;
    if (disk === after) return { kind: 'changed', before, after };
    if (disk !== null && disk === before) return { kind: 'proposed', current: disk };
    return { kind: 'unknown', reason: 'the file holds neither text of the diff' };
  }
  if (change.patch !== undefined) {
    const reversal = reverseApplyGitPatch(change.patch, disk);
    return reversal.ok
      ? { kind: 'changed', before: reversal.before, after: disk }
      : { kind: 'unknown', reason: reversal.reason };
  }
  // No patch: what the operation alone says.
  if (disk !== null && change.operation === 'add') return { kind: 'changed', before: null, after: disk };
  if (disk !== null && (change.operation === 'move' || change.operation === 'copy'))
    return { kind: 'changed', before: disk, after: disk };
  return { kind: 'unsaid' };
}

/** The texts of the change at `path` itself, as "Open diff" shows them (before null: a new file). */
export function pathTexts(
  change: ReportedChange,
  outcome: Extract<ReportedOutcome, { kind: 'changed' }>,
): { before: string | null; after: string } {
  // A move shows its content change; an added file was not there.
  const before = change.operation === 'add' ? null : outcome.before;
  return { before, after: outcome.after ?? '' };
}
