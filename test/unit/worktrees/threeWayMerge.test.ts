// The three-way merge of Bring back: both sides' changes where they do not touch, markers where they do,
// texts without a final newline, and a bounded cost whatever texts a chat leaves.
import { describe, expect, it } from 'vitest';
import { threeWayMerge, wholeFileConflict } from '../../../src/worktrees/threeWayMerge';

const lines = (...items: string[]) => items.map((item) => `${item}\n`).join('');

describe('threeWayMerge', () => {
  const base = lines('a', 'b', 'c', 'd', 'e', 'f', 'g');

  it('takes the only side that changed, and either when both made the same change', () => {
    const changed = lines('a', 'B', 'c', 'd', 'e', 'f', 'g');
    expect(threeWayMerge(base, base, changed)).toEqual({ text: changed, conflicts: 0 });
    expect(threeWayMerge(base, changed, base)).toEqual({ text: changed, conflicts: 0 });
    expect(threeWayMerge(base, changed, changed)).toEqual({ text: changed, conflicts: 0 });
  });

  it('applies both sides where they change different lines, insertions and deletions included', () => {
    const ours = lines('a', 'B', 'c', 'd', 'e', 'f', 'g', 'h');
    const theirs = lines('new', 'a', 'b', 'c', 'e', 'F', 'g');
    expect(threeWayMerge(base, ours, theirs)).toEqual({
      text: lines('new', 'a', 'B', 'c', 'e', 'F', 'g', 'h'),
      conflicts: 0,
    });
  });

  it('writes overlapping and touching changes between markers, one region each, and counts them', () => {
    const ours = lines('a', 'user b', 'c', 'd', 'e', 'user f', 'g');
    const theirs = lines('a', 'chat b', 'c', 'd', 'e', 'f', 'chat g');
    expect(threeWayMerge(base, ours, theirs)).toEqual({
      text: lines(
        'a',
        '<<<<<<< workspace',
        'user b',
        '=======',
        'chat b',
        '>>>>>>> chat',
        'c',
        'd',
        'e',
        '<<<<<<< workspace',
        'user f',
        'g',
        '=======',
        'f',
        'chat g',
        '>>>>>>> chat',
      ),
      conflicts: 2,
    });
  });

  it('starts each marker on its own line when a side ends without a newline', () => {
    const result = threeWayMerge('x', 'user', 'chat');
    expect(result).toEqual({ text: '<<<<<<< workspace\nuser\n=======\nchat\n>>>>>>> chat\n', conflicts: 1 });
    expect(threeWayMerge('a\nb', 'A\nb', 'a\nB')).toEqual({
      text: '<<<<<<< workspace\nA\nb\n=======\na\nB\n>>>>>>> chat\n',
      conflicts: 1,
    });
    expect(threeWayMerge(lines('a', 'b', 'c'), lines('A', 'b', 'c'), 'a\nb\nC')).toEqual({
      text: 'A\nb\nC',
      conflicts: 0,
    });
  });

  it('merges against an empty base (a file both sides added)', () => {
    expect(threeWayMerge('', 'ours\n', 'theirs\n').conflicts).toBe(1);
    expect(wholeFileConflict('', 'theirs\n')).toBe('<<<<<<< workspace\n=======\ntheirs\n>>>>>>> chat\n');
  });

  it('stays fast on large repetitive texts changed all over by both sides', () => {
    const size = 40_000;
    const baseText = Array.from({ length: size }, (_, i) => `${i % 3 ? 'same' : 'x'}\n`).join('');
    const ours = Array.from({ length: size }, (_, i) => (i % 7 === 0 ? 'user\n' : `${i % 3 ? 'same' : 'x'}\n`)).join(
      '',
    );
    const theirs = Array.from({ length: size }, (_, i) => (i % 11 === 0 ? 'chat\n' : `${i % 3 ? 'same' : 'x'}\n`)).join(
      '',
    );
    const started = performance.now();
    const result = threeWayMerge(baseText, ours, theirs);
    expect(performance.now() - started).toBeLessThan(3000);
    // Correct whatever the diff's detail: every line of both sides is in the result.
    expect(result.text).toContain('user\n');
    expect(result.text).toContain('chat\n');
    expect(result.conflicts).toBeGreaterThan(0);
  });
});
