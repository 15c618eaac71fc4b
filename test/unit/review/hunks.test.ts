import { describe, expect, it } from 'vitest';
import { computeHunks, countChanges, keepHunk, undoHunk, undoReplacement } from '../../../src/review/hunks';

const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');

describe('review hunks', () => {
  const baseline = lines('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
  const current = lines('a', 'B', 'c', 'd', 'e', 'f', 'g', 'h', 'i');

  it('splits separate changes into separate hunks with line and offset positions', () => {
    const hunks = computeHunks(baseline, current);
    expect(hunks).toEqual([
      { baseStart: 1, baseLines: ['b\n'], currentStart: 1, currentLines: ['B\n'], currentOffset: 2, currentLength: 2 },
      { baseStart: 8, baseLines: [], currentStart: 8, currentLines: ['i\n'], currentOffset: 16, currentLength: 2 },
    ]);
    expect(countChanges(hunks)).toEqual({ added: 2, removed: 1 });
    expect(computeHunks(baseline, baseline)).toEqual([]);
  });

  it('Keep of one hunk folds it into the baseline and leaves the other pending', () => {
    const [first, second] = computeHunks(baseline, current);
    const kept = keepHunk(baseline, first!);
    expect(kept).toBe(lines('a', 'B', 'c', 'd', 'e', 'f', 'g', 'h'));
    const remaining = computeHunks(kept, current);
    expect(remaining).toHaveLength(1);
    expect(remaining[0]!.currentLines).toEqual(second!.currentLines);
  });

  it('Undo of one hunk reverts only its lines in the current text', () => {
    const [, second] = computeHunks(baseline, current);
    const undone = undoHunk(current, second!);
    expect(undone).toBe(lines('a', 'B', 'c', 'd', 'e', 'f', 'g', 'h'));
    expect(computeHunks(baseline, undone)).toHaveLength(1);
  });

  it('gives the editor replacement that equals undoHunk on the text', () => {
    for (const hunk of computeHunks(baseline, current)) {
      const { offset, length, text } = undoReplacement(hunk);
      expect(current.slice(0, offset) + text + current.slice(offset + length)).toBe(undoHunk(current, hunk));
    }
  });

  it('Keep then Undo in any order converge: everything kept is the current text, everything undone the baseline', () => {
    let base = baseline;
    let cur = current;
    // keep the first, undo the (then only) remaining one
    base = keepHunk(base, computeHunks(base, cur)[0]!);
    cur = undoHunk(cur, computeHunks(base, cur)[0]!);
    expect(cur).toBe(base);
    expect(cur).toBe(lines('a', 'B', 'c', 'd', 'e', 'f', 'g', 'h'));
  });

  it('treats a new file as one hunk of added lines and a deletion as one of removed lines', () => {
    expect(computeHunks('', 'x\ny')).toEqual([
      { baseStart: 0, baseLines: [], currentStart: 0, currentLines: ['x\n', 'y'], currentOffset: 0, currentLength: 3 },
    ]);
    expect(computeHunks('x\n', '')[0]).toMatchObject({ baseLines: ['x\n'], currentLines: [] });
  });
});
