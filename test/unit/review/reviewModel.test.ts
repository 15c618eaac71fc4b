import { describe, expect, it } from 'vitest';
import {
  emptyReview,
  fileHunks,
  findFile,
  hunkConflicts,
  keepAll,
  keepFile,
  keepHunk,
  parseReview,
  pendingFiles,
  recordAgentChange,
  recordUserChange,
  summarize,
  undoAll,
  undoFile,
  undoHunk,
} from '../../../src/review/reviewModel';
import { mergeAgentWrite } from '../../../src/review/merge';

const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');
const PATH = '/ws/a.ts';
const before = lines('one', 'two', 'three', 'four', 'five', 'six');
const after = lines('one', 'TWO', 'three', 'four', 'five', 'six', 'seven');

function reviewed() {
  return recordAgentChange(emptyReview(), { path: PATH, before, after, turn: 1 });
}

describe('review model', () => {
  it('takes the baseline from the first agent change and keeps it across later ones', () => {
    let state = reviewed();
    state = recordAgentChange(state, { path: PATH, before: after, after: after + 'eight\n', turn: 2 });
    const file = findFile(state, PATH)!;
    expect(file.baseline).toBe(before);
    expect(file.agentTurns).toEqual([1, 2]);
    expect(summarize(file)).toMatchObject({
      added: 3,
      removed: 1,
      status: 'pending',
      authors: ['agent'],
      hunkCount: 2,
    });
  });

  it('Keep of a hunk leaves the other pending; keeping the last one makes the file kept', () => {
    let state = keepHunk(reviewed(), PATH, 0);
    expect(fileHunks(findFile(state, PATH)!)).toHaveLength(1);
    expect(summarize(findFile(state, PATH)!).status).toBe('pending');
    state = keepHunk(state, PATH, 0);
    expect(summarize(findFile(state, PATH)!)).toMatchObject({ status: 'kept', hunkCount: 0 });
    expect(pendingFiles(state)).toEqual([]);
  });

  it('Undo of a hunk returns the new text, which reverts only that hunk', () => {
    const { state, text } = undoHunk(reviewed(), PATH, 1);
    expect(text).toBe(lines('one', 'TWO', 'three', 'four', 'five', 'six'));
    expect(findFile(state, PATH)!.current).toBe(text);
    expect(fileHunks(findFile(state, PATH)!)).toHaveLength(1);
    const last = undoHunk(state, PATH, 0);
    expect(last.text).toBe(before);
    expect(summarize(findFile(last.state, PATH)!).status).toBe('undone');
  });

  it('Keep All / Undo All per file and per session', () => {
    let state = recordAgentChange(reviewed(), { path: '/ws/new.ts', before: null, after: 'created\n', turn: 1 });
    expect(summarize(findFile(state, '/ws/new.ts')!)).toMatchObject({ created: true, added: 1 });
    expect(findFile(keepFile(state, PATH), PATH)!.baseline).toBe(after);
    expect(undoFile(state, PATH).text).toBe(before);

    const undone = undoAll(state);
    expect(undone.writes).toEqual([
      { path: PATH, text: before },
      { path: '/ws/new.ts', text: null },
    ]);
    expect(pendingFiles(undone.state)).toEqual([]);
    state = keepAll(state);
    expect(state.files.map((file) => summarize(file).status)).toEqual(['kept', 'kept']);
  });

  it('a user edit of a reviewed file is the user’s: it joins the baseline, not the pending hunks', () => {
    const edited = after.replace('four\n', 'four (user)\n');
    const state = recordUserChange(reviewed(), { path: PATH, before: after, after: edited });
    const file = findFile(state, PATH)!;
    expect(file.baseline).toBe(before.replace('four\n', 'four (user)\n'));
    expect(summarize(file)).toMatchObject({ authors: ['agent', 'user'], added: 2, removed: 1 });
  });

  it('does not track user edits of files no agent changed', () => {
    const state = recordUserChange(emptyReview(), { path: '/ws/other.ts', before: 'a', after: 'b' });
    expect(state.files).toEqual([]);
  });

  it('marks the hunk that replaced the user’s overlapping lines as a conflict', () => {
    const live = before.replace('two\n', 'two (user)\n');
    const merged = mergeAgentWrite(before, after, live);
    const state = recordAgentChange(emptyReview(), {
      path: PATH,
      before: live,
      after: merged.text,
      turn: 1,
      conflicts: merged.conflicts,
    });
    const file = findFile(state, PATH)!;
    const [first, second] = fileHunks(file);
    expect(hunkConflicts(file, first!)).toHaveLength(1);
    expect(hunkConflicts(file, second!)).toEqual([]);
    // Undo of the conflicting hunk brings back the user's text.
    expect(undoHunk(state, PATH, 0).text).toContain('two (user)\n');
  });

  it('round-trips through JSON and rejects malformed persisted data', () => {
    const state = reviewed();
    expect(parseReview(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(parseReview({ version: 2 })).toEqual(emptyReview());
    expect(parseReview({ version: 1, files: [{ path: 3 }] }).files).toEqual([]);
  });
});

describe('on-disk agent changes with unknown earlier content', () => {
  it('are listed as the agent’s with nothing to undo, and a later change diffs against what was seen', async () => {
    const { recordUnknownAgentChange } = await import('../../../src/review/reviewModel');
    let state = recordUnknownAgentChange(emptyReview(), { path: PATH, after: 'seen\n', turn: 3 });
    expect(summarize(findFile(state, PATH)!)).toMatchObject({ status: 'unknown', hunkCount: 0, authors: ['agent'] });
    expect(undoFile(state, PATH).text).toBeUndefined();
    state = recordUnknownAgentChange(state, { path: PATH, after: 'seen\nmore\n', turn: 3 });
    expect(summarize(findFile(state, PATH)!)).toMatchObject({ status: 'pending', added: 1 });
  });
});

describe('a user edit after Keep', () => {
  it('moves the baseline along: deleting a kept file, then the agent creating it again, is a creation by the agent alone', () => {
    let state = keepFile(reviewed(), PATH);
    state = recordUserChange(state, { path: PATH, before: after, after: null });
    expect(summarize(findFile(state, PATH)!)).toMatchObject({ status: 'kept', authors: ['agent'], hunkCount: 0 });
    state = recordAgentChange(state, { path: PATH, before: null, after: lines('new'), turn: 2 });
    expect(summarize(findFile(state, PATH)!)).toMatchObject({
      status: 'pending',
      authors: ['agent'],
      created: true,
      added: 1,
    });
  });
});
