// An agent's report of an on-disk change, read against the disk: the text before (v1's texts, v2's patch),
// a proposal (the disk still holds the text before), or nothing; and review learning a baseline it lacked.
import { describe, expect, it } from 'vitest';
import { readReport } from '../../../src/review/reportedChanges';
import { emptyReview, fileHunks, findFile, learnBaseline, recordDiskChange } from '../../../src/review/reviewModel';

const patch = 'diff --git /w/a.txt /w/a.txt\n--- /w/a.txt\n+++ /w/a.txt\n@@ -1,2 +1,2 @@\n-old\n+new\n keep\n';

describe('readReport', () => {
  it('v2: the patch reversed on the disk text gives the text before; a mismatch says nothing', () => {
    const change = { path: '/w/a.txt', operation: 'modify', patch };
    expect(readReport(change, 'new\nkeep\n')).toEqual({ kind: 'changed', before: 'old\nkeep\n', after: 'new\nkeep\n' });
    expect(readReport(change, 'other\nkeep\n')).toMatchObject({ kind: 'unknown' });
    expect(readReport(change, undefined)).toMatchObject({ kind: 'unknown' });
    expect(readReport({ ...change, notText: true }, 'new\nkeep\n')).toMatchObject({ kind: 'unknown' });
  });

  it('v2 without a patch: an added file was not there, a move kept its content, a modify leaves it to review', () => {
    expect(readReport({ path: '/w/n', operation: 'add' }, 'x\n')).toEqual({
      kind: 'changed',
      before: null,
      after: 'x\n',
    });
    expect(readReport({ path: '/w/n', operation: 'move', oldPath: '/w/o' }, 'x\n')).toEqual({
      kind: 'changed',
      before: 'x\n',
      after: 'x\n',
    });
    // Review's own record (the watcher's text before, the checkpoint) is asked: src/vscode/review/reportedFileChanges.ts.
    expect(readReport({ path: '/w/n', operation: 'modify' }, 'x\n')).toEqual({ kind: 'unsaid' });
    expect(readReport({ path: '/w/n', operation: 'delete' }, null)).toEqual({ kind: 'unsaid' });
    expect(readReport({ path: '/w/n', operation: 'modify' }, undefined)).toMatchObject({ kind: 'unknown' });
  });

  it('v1: the disk holds the new text (changed), the old one (proposed), or neither', () => {
    const change = { path: '/w/a', operation: 'modify', texts: { before: 'a\n', after: 'b\n' } };
    expect(readReport(change, 'b\n')).toEqual({ kind: 'changed', before: 'a\n', after: 'b\n' });
    expect(readReport(change, 'a\n')).toEqual({ kind: 'proposed', current: 'a\n' });
    expect(readReport(change, 'c\n')).toMatchObject({ kind: 'unknown' });
    const deleted = { path: '/w/a', operation: 'delete', texts: { before: 'a\n', after: null } };
    expect(readReport(deleted, null)).toEqual({ kind: 'changed', before: 'a\n', after: null });
  });
});

describe('learnBaseline', () => {
  it('a file listed without a baseline gets the reported one and its hunks; a known baseline is kept', () => {
    const unknown = recordDiskChange(emptyReview(), {
      path: '/w/a',
      before: undefined,
      after: 'new\n',
      createdNow: false,
      turn: 1,
    });
    expect(fileHunks(findFile(unknown, '/w/a')!)).toHaveLength(0);
    const learned = learnBaseline(unknown, '/w/a', 'old\n');
    const file = findFile(learned, '/w/a')!;
    expect(file).toMatchObject({ baseline: 'old\n', current: 'new\n', resolution: null });
    expect(file.baselineUnknown).toBeUndefined();
    expect(fileHunks(file)).toHaveLength(1);
    expect(learnBaseline(learned, '/w/a', 'other\n')).toBe(learned);
  });
});
