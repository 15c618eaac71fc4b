// The per-turn tracking budget and the binary sniff (src/review/budget.ts) at their exact limits
// (mutation testing): a limit off by one tracks a file too many or refuses one that fits.
import { describe, expect, it } from 'vitest';
import { TurnBudget, looksBinary } from '../../../src/review/budget';

describe('TurnBudget limits are inclusive', () => {
  it('a file of exactly maxFileBytes is tracked, one byte more is too large', () => {
    const budget = new TurnBudget({ maxFiles: 10, maxBytes: 1000, maxFileBytes: 100 });
    expect(budget.admit('exact', 100)).toBe('tracked');
    expect(budget.admit('over', 101)).toBe('fileTooLarge');
  });

  it('exactly maxFiles files are tracked; the next new one is refused', () => {
    const budget = new TurnBudget({ maxFiles: 2, maxBytes: 1000, maxFileBytes: 100 });
    expect(budget.admit('a', 1)).toBe('tracked');
    expect(budget.admit('b', 1)).toBe('tracked');
    expect(budget.admit('c', 1)).toBe('tooManyFiles');
    expect(budget.trackedCount).toBe(2);
  });

  it('bytes up to exactly maxBytes are tracked; one more is refused', () => {
    const budget = new TurnBudget({ maxFiles: 10, maxBytes: 100, maxFileBytes: 100 });
    expect(budget.admit('a', 60)).toBe('tracked');
    expect(budget.admit('b', 40)).toBe('tracked');
    expect(budget.admit('c', 1)).toBe('tooManyBytes');
  });

  it('a path already tracked is admitted again without counting its bytes twice', () => {
    const budget = new TurnBudget({ maxFiles: 10, maxBytes: 100, maxFileBytes: 100 });
    expect(budget.admit('a', 50)).toBe('tracked');
    expect(budget.admit('a', 50)).toBe('tracked');
    expect(budget.admit('b', 50)).toBe('tracked');
    expect(budget.skipped).toBe(0);
    expect(budget.trackedCount).toBe(2);
  });

  it('a refused file is not tracked afterwards, and each refusal counts once', () => {
    const budget = new TurnBudget({ maxFiles: 10, maxBytes: 100, maxFileBytes: 10 });
    expect(budget.admit('big', 11)).toBe('fileTooLarge');
    expect(budget.admit('big', 11)).toBe('fileTooLarge');
    expect(budget.skipped).toBe(2);
    expect(budget.trackedCount).toBe(0);
  });

  it('the default limits: 200 files, 1 MiB per file, 20 MiB in all', () => {
    const budget = new TurnBudget();
    expect(budget.admit('one', 1024 * 1024)).toBe('tracked');
    expect(budget.admit('two', 1024 * 1024 + 1)).toBe('fileTooLarge');
    for (let i = 0; i < 19; i++) expect(budget.admit(`f${i}`, 1024 * 1024)).toBe('tracked');
    expect(budget.admit('past 20 MiB', 1)).toBe('tooManyBytes');
    const many = new TurnBudget();
    for (let i = 0; i < 200; i++) expect(many.admit(`f${i}`, 1)).toBe('tracked');
    expect(many.admit('f200', 1)).toBe('tooManyFiles');
  });
});

describe('looksBinary looks at the first 8 KiB only', () => {
  it('a NUL in the last byte of the first 8 KiB is binary; one after it is not', () => {
    const at = (index: number, length = 9000) => {
      const bytes = new Uint8Array(length).fill(97);
      bytes[index] = 0;
      return bytes;
    };
    expect(looksBinary(at(0))).toBe(true);
    expect(looksBinary(at(8191))).toBe(true);
    expect(looksBinary(at(8192))).toBe(false);
    expect(looksBinary(at(3, 4))).toBe(true);
    expect(looksBinary(new Uint8Array(0))).toBe(false);
    expect(looksBinary(new Uint8Array(10).fill(1))).toBe(false);
  });
});
