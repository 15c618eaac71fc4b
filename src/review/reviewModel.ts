// The session's review, as plain serialisable data: per file a baseline (what the user last
// accepted) and the current text; the hunks between them are what is pending. Keep folds a hunk
// into the baseline, Undo reverts it in the current text. Pure functions: the VS Code glue applies
// the resulting texts to documents and persists the state as JSON.
import {
  computeHunks,
  countChanges,
  keepHunk as keepHunkText,
  undoHunk as undoHunkText,
  type ReviewHunk,
} from './hunks';
import { rebaseUserEdit, type MergeConflict } from './merge';

export type Author = 'agent' | 'user';

export interface FileReview {
  /** Absolute path. */
  path: string;
  /** Accepted text; null when the file did not exist before the agent touched it. */
  baseline: string | null;
  /** Text now; null when the file was deleted. */
  current: string | null;
  /** Prompt turns (1-based) whose agent changed this file. */
  agentTurns: number[];
  /** The user edited the file while it was under review (those edits are theirs, not pending). */
  userEdited: boolean;
  /** Overlaps between an agent write and the user's unsaved edits, in current-text lines. */
  conflicts: MergeConflict[];
  /** How the last pending change was resolved; null while something is pending. */
  resolution: 'kept' | 'undone' | null;
  /**
   * The agent changed the file on disk and its earlier content was never seen (not open, never
   * read): it is listed, but there is nothing to diff against, so nothing to undo.
   */
  baselineUnknown?: boolean;
  /**
   * A file that is not text: `baseline` and `current` are ids of copies of its bytes (src/review/binaryCopies.ts),
   * not texts. It has no hunks: Keep / Undo take the whole file (Undo writes the copy's bytes back).
   */
  binary?: true;
  /**
   * How the file was resolved before its current pending changes began (absent: it entered review
   * with them). When those changes net to nothing, that is what the file goes back to.
   */
  priorResolution?: 'kept' | 'undone';
}

export interface ReviewState {
  version: 1;
  /** In order of first change. */
  files: FileReview[];
  /**
   * The chat session (thread id) that ran each prompt turn, by turn number: which session caused
   * a change, for Keep All / Undo All of one session. Only turns some file still names are kept.
   */
  turnThreads?: Record<string, string>;
}

export type ReviewStatus = 'pending' | 'kept' | 'undone' | 'unknown';

export interface FileSummary {
  path: string;
  added: number;
  removed: number;
  status: ReviewStatus;
  /** Who changed it: the agent, and the user too when they edited it during review. */
  authors: Author[];
  created: boolean;
  deleted: boolean;
  hunkCount: number;
  conflictCount: number;
  /** Too many changes to compare line by line: the changed part is one replaced block (still Keep/Undo-able). */
  replaced: boolean;
  /** Not text: reviewed whole (no hunks, no line counts). */
  binary: boolean;
}

export function emptyReview(): ReviewState {
  return { version: 1, files: [] };
}

export function findFile(state: ReviewState, path: string): FileReview | undefined {
  return state.files.find((file) => file.path === path);
}

function replaceFile(state: ReviewState, file: FileReview): ReviewState {
  const index = state.files.findIndex((candidate) => candidate.path === file.path);
  const files = state.files.slice();
  if (index < 0) files.push(file);
  else files[index] = file;
  return { ...state, files };
}

function settle(file: FileReview, resolution: 'kept' | 'undone'): FileReview {
  if (file.baseline !== file.current) return { ...file, resolution: null };
  return { ...file, resolution, conflicts: [] };
}

/** An agent change (fs write or on-disk change during its turn). The first one sets the baseline. */
export function recordAgentChange(
  state: ReviewState,
  change: {
    path: string;
    before: string | null;
    after: string | null;
    turn: number;
    conflicts?: MergeConflict[];
    binary?: boolean;
  },
): ReviewState {
  const existing = findFile(state, change.path);
  // A pending file keeps its baseline; a resolved (or new) one starts from what was there before.
  const pending = existing !== undefined && existing.resolution === null;
  const turns = existing?.agentTurns ?? [];
  const prior = pending ? existing.priorResolution : (existing?.resolution ?? undefined);
  const file: FileReview = {
    path: change.path,
    baseline: pending ? existing.baseline : change.before,
    current: change.after,
    agentTurns: turns.includes(change.turn) ? turns : [...turns, change.turn],
    userEdited: existing?.userEdited ?? false,
    // Line numbers of older conflicts no longer hold after a new write: the newest write's count.
    conflicts: change.conflicts ?? [],
    resolution: null,
    ...(change.binary || existing?.binary ? { binary: true as const } : {}),
    ...(prior ? { priorResolution: prior } : {}),
  };
  return file.baseline === file.current ? noNetChange(state, file) : replaceFile(state, file);
}

/**
 * The agent's changes to a file net to nothing: a file that existed only during the turn (an
 * atomic save's temporary file, created then renamed away or deleted) or one changed and changed
 * back. That is not a change: the file leaves review, or goes back to how it was resolved before.
 * Nothing is lost: baseline and current are the same text.
 */
function noNetChange(state: ReviewState, file: FileReview): ReviewState {
  const neverExisted = file.baseline === null;
  if (file.priorResolution === undefined && (neverExisted || !file.userEdited)) return removeFile(state, file.path);
  return replaceFile(state, { ...file, resolution: file.priorResolution ?? 'kept', conflicts: [] });
}

function removeFile(state: ReviewState, path: string): ReviewState {
  return { ...state, files: state.files.filter((file) => file.path !== path) };
}

/**
 * A change the file watcher saw on disk during an agent turn. `before`: the text seen before (null:
 * it did not exist; undefined: never seen); `createdNow`: the watcher reported its creation since
 * it was last processed, so nothing was there before. The one rule for on-disk changes, so the
 * Changes view, the editor, checkpoints and the chat all see the same files.
 */
export function recordDiskChange(
  state: ReviewState,
  change: {
    path: string;
    before: string | null | undefined;
    after: string | null;
    createdNow: boolean;
    turn: number;
    /** Not text: before and after are ids of copies of its bytes. */
    binary?: boolean;
  },
): ReviewState {
  const before = change.before === undefined && change.createdNow ? null : change.before;
  const { path, after, turn, binary } = change;
  // Changed (or deleted) but never seen: it existed before, so it is listed, with nothing to diff.
  if (before === undefined) return recordUnknownAgentChange(state, { path, after, turn, binary });
  if (before === after) return state;
  return recordAgentChange(state, { path, before, after, turn, binary });
}

/** An on-disk agent change whose earlier content is unknown: listed with no hunks. */
export function recordUnknownAgentChange(
  state: ReviewState,
  change: { path: string; after: string | null; turn: number; binary?: boolean | undefined },
): ReviewState {
  const existing = findFile(state, change.path);
  if (existing)
    return recordAgentChange(state, {
      path: change.path,
      before: existing.current,
      after: change.after,
      turn: change.turn,
      binary: change.binary,
    });
  return replaceFile(state, {
    path: change.path,
    baseline: change.after,
    current: change.after,
    agentTurns: [change.turn],
    userEdited: false,
    conflicts: [],
    resolution: null,
    baselineUnknown: true,
    ...(change.binary ? { binary: true as const } : {}),
  });
}

/**
 * The agent's own report of an on-disk change says what the file held before it (src/review/reportedChanges.ts):
 * a file listed with nothing to diff (its earlier content never seen) gets that baseline, and so its hunks.
 */
export function learnBaseline(state: ReviewState, path: string, baseline: string | null): ReviewState {
  const file = findFile(state, path);
  if (!file?.baselineUnknown || file.resolution !== null || file.baseline !== file.current) return state;
  if (baseline === file.current) return state;
  const { baselineUnknown: _unknown, ...known } = file;
  void _unknown;
  return replaceFile(state, { ...known, baseline });
}

/**
 * A user edit (before -> after) of a file under review: it is the user's, so it moves onto the
 * baseline and never shows as a pending agent change. Files not under review are not tracked.
 */
export function recordUserChange(
  state: ReviewState,
  change: { path: string; before: string | null; after: string | null },
): ReviewState {
  const existing = findFile(state, change.path);
  if (!existing || change.before === change.after) return state;
  // Nothing of the agent's is pending (kept, undone, or never changed): the user's edit moves the
  // baseline along and is not a user edit of an agent change (after Keep, deleting the file and an
  // agent creating it again is a creation by the agent alone).
  if (existing.baseline === existing.current) {
    return replaceFile(state, { ...existing, baseline: change.after, current: change.after });
  }
  let baseline: string | null;
  // A binary file's pending change cannot be rebased on the user's bytes: the agent's change stays pending as it was.
  if (existing.binary) baseline = existing.baseline;
  else if (existing.baseline === null || change.before === null || change.after === null) {
    baseline = existing.baseline === existing.current ? change.after : existing.baseline;
  } else {
    baseline = rebaseUserEdit(existing.baseline, change.before, change.after);
  }
  return replaceFile(state, { ...existing, baseline, current: change.after, userEdited: true });
}

/** Hunks per file state: the views, CodeLenses and the chat ask for them on every change; states are immutable. */
const hunkCache = new WeakMap<FileReview, ReviewHunk[]>();

export function fileHunks(file: FileReview): ReviewHunk[] {
  let hunks = hunkCache.get(file);
  if (!hunks) {
    // A binary file's baseline and current are ids of copies, not texts: it has no lines to compare.
    hunks = file.binary ? [] : computeHunks(file.baseline ?? '', file.current ?? '');
    hunkCache.set(file, hunks);
  }
  return hunks;
}

/** The user lines a hunk replaced because they overlapped the agent's write (empty: no conflict). */
export function hunkConflicts(file: FileReview, hunk: ReviewHunk): MergeConflict[] {
  const start = hunk.currentStart;
  const end = hunk.currentStart + Math.max(1, hunk.currentLines.length);
  return file.conflicts.filter(
    (conflict) => conflict.startLine < end && conflict.startLine + Math.max(1, conflict.lineCount) > start,
  );
}

export interface Resolution {
  state: ReviewState;
  /** For Undo: the file's new text (null: delete it), which the glue writes to the document. */
  text?: string | null;
}

export function keepHunk(state: ReviewState, path: string, hunkIndex: number): ReviewState {
  const file = findFile(state, path);
  const hunk = file ? fileHunks(file)[hunkIndex] : undefined;
  if (!file || !hunk) return state;
  return replaceFile(state, settle({ ...file, baseline: keepHunkText(file.baseline ?? '', hunk) }, 'kept'));
}

export function undoHunk(state: ReviewState, path: string, hunkIndex: number): Resolution {
  const file = findFile(state, path);
  const hunk = file ? fileHunks(file)[hunkIndex] : undefined;
  if (!file || !hunk) return { state };
  const text = undoHunkText(file.current ?? '', hunk);
  // Undoing the last hunk of a created file deletes it again rather than leaving it empty.
  const current = file.baseline === null && text === '' ? null : text;
  return { state: replaceFile(state, settle({ ...file, current }, 'undone')), text: current };
}

export function keepFile(state: ReviewState, path: string): ReviewState {
  const file = findFile(state, path);
  if (!file || file.resolution !== null) return state;
  return replaceFile(state, settle({ ...file, baseline: file.current }, 'kept'));
}

export function undoFile(state: ReviewState, path: string): Resolution {
  const file = findFile(state, path);
  if (!file || file.resolution !== null || file.baseline === file.current) return { state };
  return { state: replaceFile(state, settle({ ...file, current: file.baseline }, 'undone')), text: file.baseline };
}

/** Keep All: every pending file (`only`: those it accepts, e.g. one session's). */
export function keepAll(state: ReviewState, only: (file: FileReview) => boolean = () => true): ReviewState {
  return state.files.filter(only).reduce((next, file) => keepFile(next, file.path), state);
}

/** Undo All: the new text of every file that changes (`only`: those it accepts). */
export function undoAll(
  state: ReviewState,
  only: (file: FileReview) => boolean = () => true,
): { state: ReviewState; writes: { path: string; text: string | null }[] } {
  const writes: { path: string; text: string | null }[] = [];
  let next = state;
  for (const file of state.files.filter(only)) {
    const result = undoFile(next, file.path);
    if (result.text !== undefined) writes.push({ path: file.path, text: result.text });
    next = result.state;
  }
  return { state: next, writes };
}

/** The glue observed the file's text (after a Keep/Undo edit or a reload); nothing is attributed. */
export function setCurrent(state: ReviewState, path: string, current: string | null): ReviewState {
  const file = findFile(state, path);
  if (!file || file.current === current) return state;
  return replaceFile(state, settle({ ...file, current }, file.resolution ?? 'kept'));
}

export function summarize(file: FileReview): FileSummary {
  const hunks = fileHunks(file);
  const { added, removed } = countChanges(hunks);
  const authors: Author[] = file.agentTurns.length > 0 ? ['agent'] : [];
  if (file.userEdited) authors.push('user');
  return {
    path: file.path,
    added,
    removed,
    status:
      file.baselineUnknown && hunks.length === 0
        ? 'unknown'
        : (file.resolution ?? (hunks.length > 0 || file.baseline !== file.current ? 'pending' : 'kept')),
    authors,
    created: file.baseline === null,
    deleted: file.current === null && file.baseline !== null,
    hunkCount: hunks.length,
    conflictCount: file.conflicts.length,
    replaced: hunks.some((hunk) => hunk.replaced === true),
    binary: file.binary === true,
  };
}

/**
 * Remembers that `threadId` ran prompt `turn`; forgets turns no file names any more (bounded), except the turns
 * still running (`running`: another chat's turn that has not written yet will).
 */
export function recordTurnThread(
  state: ReviewState,
  turn: number,
  threadId: string,
  running: readonly number[] = [],
): ReviewState {
  const named = new Set([...state.files.flatMap((file) => file.agentTurns.map(String)), ...running.map(String)]);
  const turnThreads: Record<string, string> = { [String(turn)]: threadId };
  for (const [key, value] of Object.entries(state.turnThreads ?? {})) if (named.has(key)) turnThreads[key] = value;
  return { ...state, turnThreads };
}

/** Whether a turn of session `threadId` changed the file. */
export function changedByThread(state: ReviewState, file: FileReview, threadId: string): boolean {
  return file.agentTurns.some((turn) => state.turnThreads?.[String(turn)] === threadId);
}

export function pendingFiles(state: ReviewState): FileReview[] {
  return state.files.filter((file) => file.resolution === null && file.baseline !== file.current);
}

/** Reads persisted JSON defensively: anything malformed becomes an empty review. */
export function parseReview(value: unknown): ReviewState {
  if (typeof value !== 'object' || value === null) return emptyReview();
  const candidate = value as Partial<ReviewState>;
  if (candidate.version !== 1 || !Array.isArray(candidate.files)) return emptyReview();
  const files = candidate.files.filter(
    (file): file is FileReview =>
      typeof file === 'object' &&
      file !== null &&
      typeof file.path === 'string' &&
      (file.baseline === null || typeof file.baseline === 'string') &&
      (file.current === null || typeof file.current === 'string'),
  );
  const turnThreads = Object.fromEntries(
    Object.entries(
      typeof candidate.turnThreads === 'object' && candidate.turnThreads !== null ? candidate.turnThreads : {},
    ).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
  return {
    version: 1,
    ...(Object.keys(turnThreads).length > 0 ? { turnThreads } : {}),
    files: files.map(({ binary, ...file }) => ({
      ...file,
      agentTurns: Array.isArray(file.agentTurns) ? file.agentTurns : [],
      conflicts: Array.isArray(file.conflicts) ? file.conflicts : [],
      userEdited: file.userEdited === true,
      resolution: file.resolution === 'kept' || file.resolution === 'undone' ? file.resolution : null,
      ...(binary === true ? { binary: true as const } : {}),
    })),
  };
}
