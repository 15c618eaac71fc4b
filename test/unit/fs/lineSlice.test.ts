import { describe, expect, it } from 'vitest';
import { sliceLines } from '../../../src/fs/lineSlice';

describe('sliceLines', () => {
  const text = 'one\ntwo\nthree\nfour\n';

  it('returns the whole text without line or limit', () => {
    expect(sliceLines(text)).toBe(text);
    expect(sliceLines(text, null, null)).toBe(text);
  });

  it('starts at a 1-based line and keeps the line endings', () => {
    expect(sliceLines(text, 1)).toBe(text);
    expect(sliceLines(text, 2)).toBe('two\nthree\nfour\n');
    expect(sliceLines(text, 4)).toBe('four\n');
  });

  it('clamps line 0 (and below) to the first line', () => {
    expect(sliceLines(text, 0, 1)).toBe('one\n');
    expect(sliceLines(text, -5, 2)).toBe('one\ntwo\n');
  });

  it('takes at most `limit` lines', () => {
    expect(sliceLines(text, 2, 2)).toBe('two\nthree\n');
    expect(sliceLines(text, 1, 1)).toBe('one\n');
  });

  it('stops at the end when limit goes beyond it', () => {
    expect(sliceLines(text, 3, 100)).toBe('three\nfour\n');
  });

  it('returns nothing for limit 0 or a start past the last line', () => {
    expect(sliceLines(text, 1, 0)).toBe('');
    expect(sliceLines(text, 5)).toBe('');
    expect(sliceLines(text, 99, 3)).toBe('');
  });

  it('preserves CRLF line endings', () => {
    const crlf = 'a\r\nb\r\nc\r\n';
    expect(sliceLines(crlf, 2, 1)).toBe('b\r\n');
    expect(sliceLines(crlf, 2)).toBe('b\r\nc\r\n');
  });

  it('handles a last line without a trailing newline', () => {
    const noTrailing = 'a\nb\nc';
    expect(sliceLines(noTrailing, 3)).toBe('c');
    expect(sliceLines(noTrailing, 2, 5)).toBe('b\nc');
    expect(sliceLines(noTrailing, 4)).toBe('');
  });

  it('handles an empty file', () => {
    expect(sliceLines('')).toBe('');
    expect(sliceLines('', 1, 10)).toBe('');
    expect(sliceLines('', 2)).toBe('');
  });

  it('keeps empty lines in the middle', () => {
    expect(sliceLines('a\n\n\nb\n', 2, 2)).toBe('\n\n');
    expect(sliceLines('a\n\n\nb\n', 4)).toBe('b\n');
  });

  it('reads the head of a large text without touching the rest', () => {
    // 2 million lines; a split('\n') of this would allocate 2M strings. The result proves the offsets.
    const big = 'x'.repeat(40) + '\n';
    const huge = big.repeat(2_000_000);
    expect(sliceLines(huge, 10, 2)).toBe(big + big);
    expect(sliceLines(huge, 2_000_000, 5)).toBe(big);
  });
});
