// Texts as arrays of lines that keep their own terminators ("a\n", "b\r\n", "c"), so joining
// them gives back exactly the input: no guessing of EOLs, and "no newline at end of file" is
// just a last line without one.

export { splitLines } from '../shared/diffHunks';
import { splitLines } from '../shared/diffHunks';

export function joinLines(lines: readonly string[]): string {
  return lines.join('');
}

/** Character offset of the start of line `index` (index may equal lines.length: the end). */
export function offsetOfLine(lines: readonly string[], index: number): number {
  let offset = 0;
  for (let i = 0; i < index && i < lines.length; i++) offset += lines[i]!.length;
  return offset;
}

/** Count of lines as an editor shows them ("a\nb" and "a\nb\n" both count 2). */
export function visibleLineCount(text: string): number {
  return splitLines(text).length;
}
