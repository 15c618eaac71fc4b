// The streaming line scanner (SliceScanner in src/fs/fileSlice.ts) must give exactly what
// sliceLines gives on the decoded whole text, however the bytes are cut into chunks: BOM, CRLF,
// malformed UTF-8, a missing final newline, line/limit edge cases.
import { describe, expect, it } from 'vitest';
import { decodeText, SliceScanner } from '../../../src/fs/fileSlice';
import { sliceLines } from '../../../src/fs/lineSlice';

function scanInChunks(
  bytes: Buffer,
  cuts: number[],
  line?: number | null,
  limit?: number | null,
  maxBytes = 1 << 30,
): string {
  const scanner = new SliceScanner(line, limit, maxBytes, () => new Error('too big'));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut <= from) continue;
    scanner.push(bytes.subarray(from, cut));
    from = cut;
    if (scanner.done) break;
  }
  return scanner.finish();
}

/** A small deterministic generator (no Math.random: a failure must replay). */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const PIECES = ['a', 'bc', '\n', '\r\n', '\u00e9', '\u{1F600}', '\n\n', 'xyz'];

describe('SliceScanner', () => {
  it('agrees with sliceLines on the decoded text for random texts, chunkings and requests', () => {
    const random = lcg(7);
    for (let round = 0; round < 2000; round++) {
      let text = '';
      const pieces = Math.floor(random() * 12);
      for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(random() * PIECES.length)];
      let bytes = Buffer.from(text, 'utf8');
      if (random() < 0.2) bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
      if (random() < 0.2 && bytes.length > 0) bytes[Math.floor(random() * bytes.length)] = 0xff; // malformed
      const cuts = Array.from({ length: Math.floor(random() * 4) }, () =>
        Math.floor(random() * (bytes.length + 1)),
      ).sort((a, b) => a - b);
      const line = random() < 0.3 ? null : Math.floor(random() * 6);
      const limit = random() < 0.3 ? null : Math.floor(random() * 4);
      const expected = sliceLines(decodeText(bytes), line, limit);
      expect(scanInChunks(bytes, cuts, line, limit), JSON.stringify({ bytes: [...bytes], cuts, line, limit })).toBe(
        expected,
      );
    }
  });

  it('keeps nothing of the lines before the slice, and fails when the slice passes the cap', () => {
    const lines = Buffer.from('x'.repeat(1000) + '\nshort\n' + 'y'.repeat(1000));
    expect(scanInChunks(lines, [10, 500, 1003], 2, 1, 10)).toBe('short\n');
    expect(() => scanInChunks(lines, [10, 500, 1003], 3, null, 100)).toThrow('too big');
  });
});
