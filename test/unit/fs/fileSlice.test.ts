// The disk path of fs/read_text_file (src/fs/fileSlice.ts) must give exactly what
// sliceLines(whole decoded text) gives: same line/limit rules, same BOM handling, same line endings,
// same U+FFFD for malformed UTF-8, while decoding only the slice.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bomLength, decodeText, readFileSlice, sliceLinesOfBytes } from '../../../src/fs/fileSlice';
import { sliceLines } from '../../../src/fs/lineSlice';

let dir: string;
let fileCount = 0;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-fileslice-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeTemp(content: string | Uint8Array): string {
  const file = path.join(dir, `f${fileCount++}.txt`);
  fs.writeFileSync(file, content);
  return file;
}

/** The slice through the byte path (cap -1: never decodes the whole file, even an empty one) and the text path. */
async function bothPaths(content: string | Uint8Array, line?: number | null, limit?: number | null) {
  const file = writeTemp(content);
  const bytePath = await readFileSlice(file, { line, limit }, -1);
  const textPath = await readFileSlice(file, { line, limit }, Number.POSITIVE_INFINITY);
  expect(bytePath.wholeText).toBeUndefined();
  expect(textPath.wholeText).toBe(decodeText(fs.readFileSync(file)));
  expect(bytePath.content).toBe(textPath.content);
  return bytePath.content;
}

const LINE_CASES: Array<[number | null | undefined, number | null | undefined]> = [
  [undefined, undefined],
  [null, null],
  [0, null],
  [1, undefined],
  [2, undefined],
  [3, undefined],
  [4, undefined],
  [5, undefined],
  [99, 3],
  [0, 1],
  [-5, 2],
  [1, 0],
  [2, 0],
  [2, 2],
  [1, 1],
  [3, 100],
  [2, 5],
  [4, 1],
  [5, 1],
];

describe('readFileSlice: the sliceLines contract, from disk', () => {
  it('matches the sliceLines cases (LF, CRLF, no final newline, empty lines, empty file)', async () => {
    const texts = ['one\ntwo\nthree\nfour\n', 'a\r\nb\r\nc\r\n', 'a\nb\nc', 'a\n\n\nb\n', '', '\n', 'single', 'x\r\ny'];
    for (const text of texts) {
      for (const [line, limit] of LINE_CASES) {
        expect(await bothPaths(text, line, limit), JSON.stringify({ text, line, limit })).toBe(
          sliceLines(text, line, limit),
        );
      }
    }
  });

  it('gives the literal answers of the sliceLines tests', async () => {
    expect(await bothPaths('one\ntwo\nthree\nfour\n', 2, 2)).toBe('two\nthree\n');
    expect(await bothPaths('one\ntwo\nthree\nfour\n', 5)).toBe('');
    expect(await bothPaths('one\ntwo\nthree\nfour\n', 1, 0)).toBe('');
    expect(await bothPaths('a\r\nb\r\nc\r\n', 2, 1)).toBe('b\r\n');
    expect(await bothPaths('a\nb\nc', 3)).toBe('c');
    expect(await bothPaths('a\nb\nc', 4)).toBe('');
    expect(await bothPaths('', 1, 10)).toBe('');
  });

  it('drops a UTF-8 BOM at the start only, as the whole-file decode does', async () => {
    const withBom = '\uFEFFone\ntwo\n';
    expect(await bothPaths(withBom)).toBe('one\ntwo\n');
    expect(await bothPaths(withBom, 1, 1)).toBe('one\n');
    expect(await bothPaths(withBom, 2)).toBe('two\n');
    expect(await bothPaths(withBom, 3)).toBe('');
    expect(await bothPaths('\uFEFF', 1)).toBe('');
    expect(await bothPaths('\uFEFF', 2)).toBe('');
    expect(await bothPaths('\uFEFF\n', 1)).toBe('\n');
    // A BOM further in is a character like any other (a zero-width no-break space).
    expect(await bothPaths('a\n\uFEFFb\n', 2)).toBe('\uFEFFb\n');
    expect(bomLength(Buffer.from([0xef, 0xbb]))).toBe(0);
  });

  it('decodes multi-byte characters right before, inside and after the slice', async () => {
    const text = 'é\n€uro €\n😀\r\nплюс 漢字\n🎉';
    for (const [line, limit] of LINE_CASES)
      expect(await bothPaths(text, line, limit)).toBe(sliceLines(text, line, limit));
    expect(await bothPaths(text, 2, 2)).toBe('€uro €\n😀\r\n');
    expect(await bothPaths(text, 5)).toBe('🎉');
  });

  it('turns malformed UTF-8 in and next to the slice into U+FFFD, at the same places as the whole-file decode', async () => {
    const bytes = Buffer.from([
      0x61,
      0xc3,
      0x0a, // 'a' + a 2-byte sequence cut by the newline
      0xe2,
      0x82,
      0x0a, // a 3-byte sequence cut after 2 bytes
      0x80,
      0x62,
      0x0a, // a lone continuation byte
      0xff,
      0x0d,
      0x0a, // a byte that is never UTF-8, then CRLF
      0xf0,
      0x9f,
      0x98, // a 4-byte sequence cut by the end of the file
    ]);
    expect(await bothPaths(bytes, 2, 1)).toBe('\uFFFD\n');
    expect(await bothPaths(bytes, 3, 1)).toBe('\uFFFDb\n');
    expect(await bothPaths(bytes, 4, 1)).toBe('\uFFFD\r\n');
    expect(await bothPaths(bytes, 5)).toBe('\uFFFD');
    for (const [line, limit] of LINE_CASES)
      expect(await bothPaths(bytes, line, limit)).toBe(sliceLines(decodeText(bytes), line, limit));
  });

  it('equals sliceLines(decodeText(bytes)) on random bytes rich in newlines, BOMs and broken sequences', () => {
    // Seeded, so a failure reproduces; an alphabet that makes every boundary case likely.
    let seed = 0x5eed;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = [
      0x0a, 0x0a, 0x0d, 0x61, 0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xc0, 0xed,
      0xa0,
    ];
    for (let round = 0; round < 400; round++) {
      const bytes = Buffer.from(Array.from({ length: random(40) }, () => alphabet[random(alphabet.length)]!));
      if (round % 4 === 0) bytes.set([0xef, 0xbb, 0xbf].slice(0, Math.min(3, bytes.length)));
      const text = decodeText(bytes);
      for (let line = 0; line <= 8; line++) {
        for (const limit of [undefined, 0, 1, 2, 5]) {
          expect(sliceLinesOfBytes(bytes, line, limit), `${bytes.toString('hex')} line ${line} limit ${limit}`).toBe(
            sliceLines(text, line, limit),
          );
        }
      }
    }
  });
});

describe('readFileSlice: when the whole text comes along', () => {
  it('includes it up to the cap (inclusive) and leaves it out above, the content unchanged', async () => {
    const text = '\uFEFFline 1\nline 2\n';
    const file = writeTemp(text);
    const size = fs.statSync(file).size;
    const atCap = await readFileSlice(file, { line: 2, limit: 1 }, size);
    expect(atCap).toEqual({ content: 'line 2\n', wholeText: 'line 1\nline 2\n' });
    const overCap = await readFileSlice(file, { line: 2, limit: 1 }, size - 1);
    expect(overCap).toEqual({ content: 'line 2\n' });
  });

  it('reads the tail of a multi-megabyte file through the byte path', async () => {
    const line = (i: number) => `${String(i).padStart(8, '0')} ${'x'.repeat(40)}\n`;
    const text = Array.from({ length: 100_000 }, (_, i) => line(i)).join('');
    const file = writeTemp(text);
    const { content, wholeText } = await readFileSlice(file, { line: 99_999, limit: 50 }, 1024 * 1024);
    expect(wholeText).toBeUndefined();
    expect(content).toBe(line(99_998) + line(99_999));
  });
});

describe('readFileSlice: file system errors are thrown as they are, refusals as FileReadError', () => {
  it('ENOENT for a missing file, a "directory" refusal for a folder', async () => {
    await expect(readFileSlice(path.join(dir, 'missing.txt'), {}, 0)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readFileSlice(dir, {}, 0)).rejects.toMatchObject({ reason: 'directory' });
  });
});

describe('bomLength', () => {
  it('is 3 only for the three bytes EF BB BF at the start', () => {
    expect(bomLength(new Uint8Array([0xef, 0xbb, 0xbf]))).toBe(3);
    expect(bomLength(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe(3);
    expect(bomLength(new Uint8Array([0xef, 0xbb]))).toBe(0);
    for (const bytes of [
      [0x41, 0xbb, 0xbf],
      [0xef, 0x41, 0xbf],
      [0xef, 0xbb, 0x41],
    ])
      expect(bomLength(new Uint8Array(bytes)), bytes.join(' ')).toBe(0);
  });
});
