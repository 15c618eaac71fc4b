// The review state (src/review/reviewModel.ts) at the edges the main tests leave open
// (mutation testing): a persisted review read back after a reload, created and deleted files, what
// a summary says, which files a session changed, and changes that net to nothing.
import { describe, expect, it } from 'vitest';
import {
  changedByThread,
  emptyReview,
  findFile,
  hunkConflicts,
  keepFile,
  keepHunk,
  parseReview,
  pendingFiles,
  recordAgentChange,
  recordDiskChange,
  recordUnknownAgentChange,
  recordUserChange,
  setCurrent,
  summarize,
  undoAll,
  undoFile,
  undoHunk,
  type FileReview,
} from '../../../src/review/reviewModel';
import type { ReviewHunk } from '../../../src/review/hunks';
import type { MergeConflict } from '../../../src/review/merge';

const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');
const P = '/ws/a.ts';
const agent = (before: string | null, after: string | null, turn = 1, state = emptyReview()) =>
  recordAgentChange(state, { path: P, before, after, turn });
const file = (state: ReturnType<typeof emptyReview>) => findFile(state, P)!;

describe('parseReview: a persisted review read back', () => {
  it('anything but a version 1 object with a files array is an empty review', () => {
    for (const value of [
      null,
      5,
      'x',
      undefined,
      { version: 2, files: [] },
      { version: 1, files: {} },
      { files: [] },
    ]) {
      expect(parseReview(value), JSON.stringify(value)).toEqual({ version: 1, files: [] });
    }
  });

  it('keeps well-formed files and drops malformed ones', () => {
    const parsed = parseReview({
      version: 1,
      files: [
        null,
        'a.ts',
        { path: 5, baseline: 'a', current: 'b' },
        { path: '/bad-baseline', baseline: 5, current: 'b' },
        { path: '/bad-current', baseline: 'a', current: {} },
        { path: '/created', baseline: null, current: 'x' },
        { path: '/deleted', baseline: 'x', current: null },
        { path: '/edited', baseline: 'a', current: 'b' },
      ],
    });
    expect(parsed.files.map((entry) => entry.path)).toEqual(['/created', '/deleted', '/edited']);
  });

  it('normalises each file: lists default to [], userEdited only when true, resolution kept/undone or null', () => {
    const parsed = parseReview({
      version: 1,
      files: [
        {
          path: '/a',
          baseline: 'a',
          current: 'b',
          agentTurns: 'x',
          conflicts: 7,
          userEdited: 'yes',
          resolution: 'bogus',
        },
        {
          path: '/b',
          baseline: 'a',
          current: 'a',
          agentTurns: [2],
          conflicts: [],
          userEdited: true,
          resolution: 'kept',
        },
        { path: '/c', baseline: 'a', current: 'a', resolution: 'undone' },
      ],
    });
    expect(parsed.files[0]).toMatchObject({ agentTurns: [], conflicts: [], userEdited: false, resolution: null });
    expect(parsed.files[1]).toMatchObject({ agentTurns: [2], userEdited: true, resolution: 'kept' });
    expect(parsed.files[2]).toMatchObject({ resolution: 'undone', userEdited: false });
  });

  it('a version other than 1 is not read, even with well-formed files', () => {
    expect(parseReview({ version: 2, files: [{ path: '/a', baseline: 'a', current: 'b' }] })).toEqual({
      version: 1,
      files: [],
    });
  });

  it('keeps the string entries of turnThreads, and leaves it out when none is left', () => {
    expect(parseReview({ version: 1, files: [], turnThreads: { 1: 't1', 2: 5 } })).toEqual({
      version: 1,
      files: [],
      turnThreads: { 1: 't1' },
    });
    expect(parseReview({ version: 1, files: [], turnThreads: { 2: 5 } })).toEqual({ version: 1, files: [] });
    expect(parseReview({ version: 1, files: [], turnThreads: null })).toEqual({ version: 1, files: [] });
  });
});

describe('created, emptied and deleted files', () => {
  it('undoing the only hunk of a created file deletes it; undoing one of an emptied file leaves it empty', () => {
    const created = agent(null, lines('new'));
    const undone = undoHunk(created, P, 0);
    expect(undone.text).toBeNull();
    expect(file(undone.state)).toMatchObject({ current: null, resolution: 'undone' });

    const filled = agent('', lines('x'));
    const emptied = undoHunk(filled, P, 0);
    expect(emptied.text).toBe('');
    expect(file(emptied.state).current).toBe('');
  });

  it('Keep of a created file’s hunk takes its text as the baseline; Undo of a deleted file’s hunk brings the text back', () => {
    expect(file(keepHunk(agent(null, lines('new')), P, 0))).toMatchObject({
      baseline: lines('new'),
      resolution: 'kept',
    });
    const restored = undoHunk(agent(lines('old'), null), P, 0);
    expect(restored.text).toBe(lines('old'));
    expect(file(restored.state)).toMatchObject({ current: lines('old'), resolution: 'undone' });
  });

  it('the user re-creating a file the agent deleted keeps the baseline; a "change" to the same text is none', () => {
    const deleted = agent(lines('a'), null);
    expect(file(recordUserChange(deleted, { path: P, before: null, after: lines('z') }))).toMatchObject({
      baseline: lines('a'),
      current: lines('z'),
      userEdited: true,
    });
    const state = agent(lines('a'), lines('b'));
    expect(recordUserChange(state, { path: P, before: lines('b'), after: lines('b') })).toBe(state);
  });

  it('a user edit of a created file keeps it created (baseline null)', () => {
    const state = recordUserChange(agent(null, lines('x')), { path: P, before: lines('x'), after: lines('x', 'y') });
    expect(file(state)).toMatchObject({ baseline: null, current: lines('x', 'y'), userEdited: true });
  });

  it('the user deleting a kept file takes the deletion into the baseline; deleting a pending one keeps the baseline', () => {
    const kept = keepFile(agent(lines('a'), lines('b')), P);
    expect(file(recordUserChange(kept, { path: P, before: lines('b'), after: null }))).toMatchObject({
      baseline: null,
      current: null,
    });
    const pending = agent(lines('a'), lines('b'));
    expect(file(recordUserChange(pending, { path: P, before: lines('b'), after: null }))).toMatchObject({
      baseline: lines('a'),
      current: null,
    });
  });

  it('summaries: created, deleted, authors, status and replaced', () => {
    expect(summarize(file(agent(null, lines('x'))))).toMatchObject({
      created: true,
      deleted: false,
      authors: ['agent'],
      status: 'pending',
      replaced: false,
    });
    expect(summarize(file(agent(lines('x'), null)))).toMatchObject({
      created: false,
      deleted: true,
      status: 'pending',
    });
    const userOnly: FileReview = {
      path: P,
      baseline: 'a',
      current: 'a',
      agentTurns: [],
      userEdited: true,
      conflicts: [],
      resolution: null,
    };
    expect(summarize(userOnly)).toMatchObject({
      authors: ['user'],
      status: 'kept',
      hunkCount: 0,
      replaced: false,
      deleted: false,
    });
    const createdThenDeleted: FileReview = { ...userOnly, baseline: null, current: null };
    expect(summarize(createdThenDeleted).deleted).toBe(false);
  });

  it('a change too large to compare line by line is summarised as replaced', () => {
    const many = (tag: string) => lines(...Array.from({ length: 3000 }, (_, i) => `${tag} ${i}`));
    expect(summarize(file(agent(many('old'), many('new'))))).toMatchObject({
      replaced: true,
      hunkCount: 1,
      status: 'pending',
    });
  });

  it('a change never seen before is "unknown" until there is something to diff, then pending', () => {
    const unknown = recordUnknownAgentChange(emptyReview(), { path: P, after: lines('x'), turn: 1 });
    expect(file(unknown)).toMatchObject({ baseline: lines('x'), conflicts: [], baselineUnknown: true });
    expect(summarize(file(unknown)).status).toBe('unknown');
    const changed = recordUnknownAgentChange(unknown, { path: P, after: lines('y'), turn: 2 });
    expect(summarize(file(changed))).toMatchObject({ status: 'pending', hunkCount: 1 });
  });
});

describe('disk changes', () => {
  it('a file created during the turn has no baseline; a changed one keeps what was seen', () => {
    const created = recordDiskChange(emptyReview(), {
      path: P,
      before: undefined,
      after: lines('x'),
      createdNow: true,
      turn: 1,
    });
    expect(file(created).baseline).toBeNull();
    const changed = recordDiskChange(emptyReview(), {
      path: P,
      before: lines('a'),
      after: lines('b'),
      createdNow: true,
      turn: 1,
    });
    expect(file(changed).baseline).toBe(lines('a'));
    const same = emptyReview();
    expect(recordDiskChange(same, { path: P, before: lines('a'), after: lines('a'), createdNow: false, turn: 1 })).toBe(
      same,
    );
  });
});

describe('changes that net to nothing', () => {
  it('a file the agent changed and changed back leaves review; the user’s edits keep it, as kept', () => {
    const back = agent(lines('b'), lines('a'), 2, agent(lines('a'), lines('b')));
    expect(findFile(back, P)).toBeUndefined();

    const edited = recordUserChange(agent(lines('a', 'b'), lines('a', 'B')), {
      path: P,
      before: lines('a', 'B'),
      after: lines('A', 'B'),
    });
    const netted = agent(lines('A', 'B'), lines('A', 'b'), 2, edited);
    expect(file(netted)).toMatchObject({
      resolution: 'kept',
      conflicts: [],
      baseline: lines('A', 'b'),
      current: lines('A', 'b'),
    });
  });

  it('a created file the user edited and the agent deleted again leaves review', () => {
    const created = recordUserChange(agent(null, lines('x')), { path: P, before: lines('x'), after: lines('x', 'y') });
    expect(findFile(agent(lines('x', 'y'), null, 2, created), P)).toBeUndefined();
  });
});

describe('resolving', () => {
  it('conflicts go once the file is kept; a new write without conflicts has none', () => {
    const conflict: MergeConflict = {
      startLine: 0,
      lineCount: 1,
      userLines: ['u\n'],
      agentLines: ['b\n'],
      baseLines: ['a\n'],
    };
    const withConflict = recordAgentChange(emptyReview(), {
      path: P,
      before: lines('a'),
      after: lines('b'),
      turn: 1,
      conflicts: [conflict],
    });
    expect(file(keepFile(withConflict, P)).conflicts).toEqual([]);
    expect(file(agent(lines('a'), lines('b'))).conflicts).toEqual([]);
  });

  it('Keep and Undo of a hunk or file that is not there change nothing', () => {
    const state = agent(lines('a'), lines('b'));
    expect(keepHunk(state, P, 5)).toBe(state);
    expect(keepHunk(state, '/other', 0)).toBe(state);
    expect(undoHunk(state, P, 5)).toEqual({ state });
    expect(undoHunk(state, '/other', 0)).toEqual({ state });
    const kept = keepFile(state, P);
    expect(keepFile(kept, P)).toBe(kept);
    expect(undoFile(kept, P)).toEqual({ state: kept });
    expect(keepFile(state, '/other')).toBe(state);
    expect(undoFile(state, '/other')).toEqual({ state });
  });

  it('Undo All writes only the files it changes', () => {
    const two = recordAgentChange(keepFile(agent(lines('a'), lines('b')), P), {
      path: '/ws/b.ts',
      before: lines('x'),
      after: lines('y'),
      turn: 1,
    });
    expect(undoAll(two).writes).toEqual([{ path: '/ws/b.ts', text: lines('x') }]);
  });

  it('setCurrent: back at the baseline the file is settled, elsewhere pending again; unknown files are ignored', () => {
    const state = agent(lines('a'), lines('b'));
    expect(setCurrent(state, '/other', 'x')).toBe(state);
    expect(setCurrent(state, P, lines('b'))).toBe(state);
    expect(file(setCurrent(state, P, lines('a')))).toMatchObject({ resolution: 'kept', current: lines('a') });
    const undone = undoFile(state, P).state;
    expect(file(setCurrent(undone, P, lines('c')))).toMatchObject({ resolution: null, current: lines('c') });
  });

  it('pendingFiles: unresolved files whose text differs from the baseline', () => {
    const state = agent(lines('a'), lines('b'));
    expect(pendingFiles(state).map((entry) => entry.path)).toEqual([P]);
    expect(pendingFiles(keepFile(state, P))).toEqual([]);
    const unknown = recordUnknownAgentChange(emptyReview(), { path: P, after: lines('x'), turn: 1 });
    expect(pendingFiles(unknown)).toEqual([]);
  });
});

describe('sessions and conflicts per hunk', () => {
  it('a file belongs to a session when any of its turns ran in that session', () => {
    const state = {
      ...agent(lines('b'), lines('c'), 2, agent(lines('a'), lines('b'), 1)),
      turnThreads: { 2: 'thread-2' },
    };
    expect(changedByThread(state, file(state), 'thread-2')).toBe(true);
    expect(changedByThread(state, file(state), 'thread-1')).toBe(false);
    const noThreads = agent(lines('a'), lines('b'));
    expect(changedByThread(noThreads, file(noThreads), 'thread-1')).toBe(false);
  });

  it('a conflict belongs to a hunk when their lines overlap (an empty range counts as one line)', () => {
    const conflict = (startLine: number, lineCount: number): MergeConflict => ({
      startLine,
      lineCount,
      userLines: [],
      agentLines: [],
      baseLines: [],
    });
    const hunk = (currentStart: number, count: number): ReviewHunk => ({
      baseStart: currentStart,
      baseLines: [],
      currentStart,
      currentLines: Array.from({ length: count }, () => 'x\n'),
      currentOffset: 0,
      currentLength: 0,
    });
    const conflicts = [conflict(1, 1), conflict(2, 1), conflict(3, 1), conflict(2, 0)];
    const f: FileReview = {
      path: P,
      baseline: '',
      current: '',
      agentTurns: [1],
      userEdited: false,
      conflicts,
      resolution: null,
    };
    expect(hunkConflicts(f, hunk(2, 1))).toEqual([conflict(2, 1), conflict(2, 0)]);
    expect(hunkConflicts(f, hunk(2, 0))).toEqual([conflict(2, 1), conflict(2, 0)]);
    expect(hunkConflicts(f, hunk(1, 2))).toEqual([conflict(1, 1), conflict(2, 1), conflict(2, 0)]);
  });
});
