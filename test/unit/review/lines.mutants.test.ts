// Line arithmetic of review (src/review/lines.ts) (mutation testing): offsets of lines are
// where editor edits go, so one off is an edit on the wrong characters.
import { describe, expect, it } from 'vitest';
import { joinLines, offsetOfLine, splitLines, visibleLineCount } from '../../../src/review/lines';

describe('offsetOfLine', () => {
  const lines = splitLines('ab\r\nc\ndef');

  it('is the sum of the lengths (terminators included) of the lines before it', () => {
    expect(offsetOfLine(lines, 0)).toBe(0);
    expect(offsetOfLine(lines, 1)).toBe(4);
    expect(offsetOfLine(lines, 2)).toBe(6);
  });

  it('is the end of the text for index = lines.length, and stays there beyond', () => {
    expect(offsetOfLine(lines, 3)).toBe(9);
    expect(offsetOfLine(lines, 7)).toBe(9);
    expect(offsetOfLine([], 2)).toBe(0);
  });
});

describe('visibleLineCount and joinLines', () => {
  it('counts lines as an editor shows them, and joining gives the text back', () => {
    expect(visibleLineCount('a\nb')).toBe(2);
    expect(visibleLineCount('a\nb\n')).toBe(2);
    expect(visibleLineCount('one')).toBe(1);
    expect(joinLines(splitLines('x\r\ny\nz'))).toBe('x\r\ny\nz');
    expect(joinLines(['a', 'b'])).toBe('ab');
  });
});
