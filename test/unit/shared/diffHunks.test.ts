import { describe, expect, it } from 'vitest';
import { diffHunks } from '../../../src/shared/diffHunks';

const lines = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}\n`).join('');

describe('diffHunks', () => {
  it('returns no hunks for identical texts', () => {
    expect(diffHunks('a\nb\n', 'a\nb\n')).toEqual({ hunks: [], added: 0, removed: 0 });
    expect(diffHunks('', '')).toEqual({ hunks: [], added: 0, removed: 0 });
  });

  it('shows a new file (oldText null) as all additions', () => {
    const result = diffHunks(null, 'one\ntwo\n');
    expect(result.added).toBe(2);
    expect(result.removed).toBe(0);
    expect(result.hunks).toHaveLength(1);
    expect(result.hunks[0]).toMatchObject({ oldLines: 0, newStart: 1, newLines: 2 });
    expect(result.hunks[0]!.lines).toEqual([
      { kind: 'add', text: 'one' },
      { kind: 'add', text: 'two' },
    ]);
  });

  it('shows an emptied file as all deletions', () => {
    const result = diffHunks('one\ntwo\n', '');
    expect(result).toMatchObject({ added: 0, removed: 2 });
    expect(result.hunks[0]!.lines.map((l) => l.kind)).toEqual(['del', 'del']);
  });

  it('keeps `context` lines around a change and reports 1-based positions', () => {
    const before = lines(20);
    const after = before.replace('line 10\n', 'line ten\n');
    const { hunks, added, removed } = diffHunks(before, after);
    expect({ added, removed }).toEqual({ added: 1, removed: 1 });
    expect(hunks).toHaveLength(1);
    expect(hunks[0]).toMatchObject({ oldStart: 7, oldLines: 7, newStart: 7, newLines: 7 });
    expect(hunks[0]!.lines).toEqual([
      { kind: 'ctx', text: 'line 7' },
      { kind: 'ctx', text: 'line 8' },
      { kind: 'ctx', text: 'line 9' },
      { kind: 'del', text: 'line 10' },
      { kind: 'add', text: 'line ten' },
      { kind: 'ctx', text: 'line 11' },
      { kind: 'ctx', text: 'line 12' },
      { kind: 'ctx', text: 'line 13' },
    ]);
    const tight = diffHunks(before, after, 1);
    expect(tight.hunks[0]!.lines.map((l) => l.kind)).toEqual(['ctx', 'del', 'add', 'ctx']);
  });

  it('splits distant changes into separate hunks and merges near ones', () => {
    const before = lines(40);
    const far = before.replace('line 5\n', 'five\n').replace('line 35\n', 'thirty-five\n');
    expect(diffHunks(before, far).hunks.map((h) => h.oldStart)).toEqual([2, 32]);
    const near = before.replace('line 5\n', 'five\n').replace('line 9\n', 'nine\n');
    expect(diffHunks(before, near).hunks).toHaveLength(1);
  });

  it('flags a missing trailing newline on the side that lacks it', () => {
    const { hunks, added, removed } = diffHunks('a\nb', 'a\nb\n');
    expect({ added, removed }).toEqual({ added: 1, removed: 1 });
    expect(hunks[0]!.lines).toEqual([
      { kind: 'ctx', text: 'a' },
      { kind: 'del', text: 'b', noNewlineAtEnd: true },
      { kind: 'add', text: 'b' },
    ]);
    const added2 = diffHunks('a\n', 'a\nb');
    expect(added2.hunks[0]!.lines.at(-1)).toEqual({ kind: 'add', text: 'b', noNewlineAtEnd: true });
  });

  it('never emits the "\\ No newline" marker as a line', () => {
    const { hunks } = diffHunks('x', 'y');
    expect(hunks[0]!.lines).toEqual([
      { kind: 'del', text: 'x', noNewlineAtEnd: true },
      { kind: 'add', text: 'y', noNewlineAtEnd: true },
    ]);
  });
});
