// Reading a workspace file for review (src/review/diskText.ts) and the reads a tool call's locations
// trigger (src/review/locationReads.ts) (mutation testing): what counts as text, the size
// caps at their exact bounds, and what is skipped. Real files in a temporary folder.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRegularFile, readDiskText, readTextOrEmpty } from '../../../src/review/diskText';
import { readLocationTexts } from '../../../src/review/locationReads';

let dir: string;
const file = (name: string) => path.join(dir, name);
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-disktext-'));
  await fs.writeFile(file('ten.txt'), '0123456789');
  await fs.writeFile(file('bom.txt'), '\ufeffhello');
  await fs.writeFile(file('binary.bin'), Buffer.from([104, 105, 0, 105]));
  await fs.writeFile(file('six-a.txt'), 'aaaaaa');
  await fs.writeFile(file('six-b.txt'), 'bbbbbb');
  await fs.writeFile(file('six-c.txt'), 'cccccc');
  await fs.writeFile(file('empty.txt'), '');
  await fs.mkdir(file('folder'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('readDiskText', () => {
  it('reads a file of exactly maxBytes; one byte over the cap is not tracked', async () => {
    expect(await readDiskText(file('ten.txt'), 10)).toBe('0123456789');
    expect(await readDiskText(file('ten.txt'), 9)).toBeUndefined();
  });

  it('drops a BOM, refuses binary content and folders, and gives null for a missing file', async () => {
    expect(await readDiskText(file('bom.txt'), 100)).toBe('hello');
    expect(await readDiskText(file('binary.bin'), 100)).toBeUndefined();
    expect(await readDiskText(file('folder'), 100)).toBeUndefined();
    expect(await readDiskText(file('folder'), 1_000_000)).toBeUndefined();
    expect(await readDiskText(file('empty.txt'), 0)).toBe('');
    expect(await readDiskText(file('missing.txt'), 100)).toBeNull();
  });
});

describe('isRegularFile and readTextOrEmpty', () => {
  it('only a regular file counts: a folder or nothing there does not', async () => {
    expect(await isRegularFile(file('ten.txt'))).toBe(true);
    expect(await isRegularFile(file('folder'))).toBe(false);
    expect(await isRegularFile(file('missing.txt'))).toBe(false);
  });

  it('a small config file is its text, and a missing one empty', async () => {
    expect(await readTextOrEmpty(file('ten.txt'))).toBe('0123456789');
    expect(await readTextOrEmpty(file('missing.txt'))).toBe('');
  });
});

describe('readLocationTexts', () => {
  // As the defaults: the total well above the per-file cap (a read in flight reserves a whole per-file cap).
  const limits = { maxFiles: 64, maxTotalBytes: 1024, maxFileBytes: 100, concurrency: 2 };
  async function run(paths: string[], options: Partial<typeof limits> = {}, open: Record<string, string> = {}) {
    const texts: Record<string, string> = {};
    const result = await readLocationTexts(
      paths,
      (p) => open[p],
      (p, text) => void (texts[p] = text),
      { ...limits, ...options },
    );
    return { ...result, texts };
  }

  it('reads each distinct file once; an open document’s text wins over the disk', async () => {
    const result = await run(
      [file('ten.txt'), file('ten.txt'), file('unsaved.txt')],
      {},
      { [file('unsaved.txt')]: 'in the editor' },
    );
    expect(result).toEqual({
      read: 2,
      skipped: 0,
      texts: { [file('ten.txt')]: '0123456789', [file('unsaved.txt')]: 'in the editor' },
    });
  });

  it('reads at most maxFiles distinct files and counts the rest as skipped', async () => {
    const result = await run([file('six-a.txt'), file('six-b.txt'), file('six-b.txt'), file('six-c.txt')], {
      maxFiles: 2,
    });
    expect(result.read).toBe(2);
    expect(result.skipped).toBe(1);
    expect(Object.keys(result.texts).sort()).toEqual([file('six-a.txt'), file('six-b.txt')]);
  });

  it('stops at the byte budget (what a read used is taken from it) and skips what does not fit', async () => {
    const paths = [file('six-a.txt'), file('six-b.txt'), file('six-c.txt')];
    // 13 bytes: the first file uses 6, the second fits in the 7 left, the third does not.
    expect(await run(paths, { maxTotalBytes: 13, concurrency: 1 })).toMatchObject({ read: 2, skipped: 1 });
    // Exactly used up: nothing is left for the third.
    expect(await run(paths, { maxTotalBytes: 12, concurrency: 1 })).toMatchObject({ read: 2, skipped: 1 });
    expect(await run(paths, { maxTotalBytes: 18, concurrency: 1 })).toMatchObject({ read: 3, skipped: 0 });
    // Once the budget is used up, even an empty file is not read.
    expect(await run([...paths.slice(0, 2), file('empty.txt')], { maxTotalBytes: 12, concurrency: 1 })).toMatchObject({
      read: 2,
      skipped: 1,
    });
    // Per file: a 6-byte file over a 5-byte cap is skipped.
    expect(await run(paths, { maxFileBytes: 5, concurrency: 1 })).toMatchObject({ read: 0, skipped: 3 });
  });

  it('by default reads at most 64 distinct files', async () => {
    const paths = Array.from({ length: 65 }, (_, i) => file(`missing-${i}.txt`));
    expect(
      await readLocationTexts(
        paths,
        () => undefined,
        () => undefined,
      ),
    ).toEqual({ read: 0, skipped: 1 });
  });

  it('a missing file is neither read nor skipped; binary content is skipped; concurrency 0 still reads', async () => {
    expect(await run([file('missing.txt'), file('binary.bin')])).toMatchObject({ read: 0, skipped: 1, texts: {} });
    expect(await run([file('ten.txt'), file('six-a.txt')], { concurrency: 0 })).toMatchObject({ read: 2, skipped: 0 });
  });
});
