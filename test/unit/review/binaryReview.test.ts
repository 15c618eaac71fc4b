// Binary files under review: kept or undone whole. Review compares them by ids of copies of their bytes
// (BinaryCopies, real files in a temporary folder): a change has no hunks, Undo gives back the id of the
// bytes before (null: delete an added file), a file review never saw the bytes of is listed with nothing to
// undo, and a copy no review names is deleted when a new one is taken. readDiskContent tells text from binary.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BinaryCopies, bytesId, MAX_SEEN_FILES } from '../../../src/review/binaryCopies';
import { readDiskContent } from '../../../src/review/diskContent';
import {
  emptyReview,
  fileHunks,
  findFile,
  keepFile,
  parseReview,
  recordDiskChange,
  recordUserChange,
  summarize,
  undoFile,
  type ReviewState,
} from '../../../src/review/reviewModel';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]);
const PNG2 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 3, 4]);

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'binary-review-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('review of a binary file', () => {
  const change = (before: string | null | undefined, after: string | null, createdNow = false): ReviewState =>
    recordDiskChange(emptyReview(), { path: '/w/a.png', before, after, createdNow, turn: 1, binary: true });

  it('is pending whole, without hunks; Undo gives back the id of the bytes before, Keep keeps it', () => {
    const state = change(bytesId(PNG), bytesId(PNG2));
    const file = findFile(state, '/w/a.png')!;
    expect(file.binary).toBe(true);
    expect(fileHunks(file)).toEqual([]);
    expect(summarize(file)).toMatchObject({ status: 'pending', binary: true, hunkCount: 0, added: 0, removed: 0 });
    const undone = undoFile(state, '/w/a.png');
    expect(undone.text).toBe(bytesId(PNG));
    expect(summarize(findFile(undone.state, '/w/a.png')!).status).toBe('undone');
    expect(summarize(findFile(keepFile(state, '/w/a.png'), '/w/a.png')!).status).toBe('kept');
  });

  it('added: Undo deletes it; deleted: Undo writes the bytes back; never seen: listed with nothing to undo', () => {
    expect(undoFile(change(undefined, bytesId(PNG), true), '/w/a.png').text).toBeNull();
    const deleted = change(bytesId(PNG), null);
    expect(summarize(findFile(deleted, '/w/a.png')!)).toMatchObject({ status: 'pending', deleted: true });
    expect(undoFile(deleted, '/w/a.png').text).toBe(bytesId(PNG));
    const unseen = change(undefined, bytesId(PNG2));
    expect(summarize(findFile(unseen, '/w/a.png')!).status).toBe('unknown');
    expect(undoFile(unseen, '/w/a.png').text).toBeUndefined();
  });

  it('the user changing it keeps the agent change pending as it was (bytes cannot be rebased); a reload keeps binary', () => {
    const state = change(bytesId(PNG), bytesId(PNG2));
    const edited = recordUserChange(state, { path: '/w/a.png', before: bytesId(PNG2), after: 'user-bytes' });
    expect(findFile(edited, '/w/a.png')).toMatchObject({ baseline: bytesId(PNG), current: 'user-bytes' });
    const reloaded = parseReview(JSON.parse(JSON.stringify(state)));
    expect(findFile(reloaded, '/w/a.png')?.binary).toBe(true);
    const text = recordDiskChange(emptyReview(), {
      path: '/w/t',
      before: 'a\n',
      after: 'b\n',
      createdNow: false,
      turn: 1,
    });
    expect('binary' in findFile(parseReview(JSON.parse(JSON.stringify(text))), '/w/t')!).toBe(false);
  });
});

describe('BinaryCopies', () => {
  it('keeps exact bytes by their sha256; drops copies nothing names when a new one is taken', async () => {
    const named = new Set<string>();
    const copies = new BinaryCopies(path.join(dir, 'copies'), () => named);
    const first = await copies.put(PNG);
    expect(first).toBe(bytesId(PNG));
    expect(await copies.read(first)).toEqual(PNG);
    named.add(first);
    const second = await copies.put(PNG2);
    named.clear();
    await copies.put(Buffer.from([0, 1]));
    // The first was named when the second was taken, then nothing named either: both went with the third.
    expect(await copies.read(first)).toBeUndefined();
    expect(await copies.read(second)).toBeUndefined();
    expect(await copies.read('../../etc/passwd')).toBeUndefined();
  });

  it('the last bytes seen of a file are kept (its next change’s before), for at most MAX_SEEN_FILES files', async () => {
    const copies = new BinaryCopies(path.join(dir, 'copies'), () => []);
    const id = await copies.put(PNG);
    copies.see('/w/a.png', id);
    await copies.put(PNG2);
    expect(copies.lastSeen('/w/a.png')).toBe(id);
    expect(await copies.read(id)).toEqual(PNG);
    for (let i = 0; i < MAX_SEEN_FILES; i++) copies.see(`/w/${i}`, null);
    expect(copies.lastSeen('/w/a.png')).toBeUndefined();
  });
});

describe('readDiskContent', () => {
  const limits = { maxTextBytes: 1024, maxBinaryBytes: 64 };

  it('a text file is its text; a file with NULs is the id of a copy; missing is null', async () => {
    const copies = new BinaryCopies(path.join(dir, 'copies'), () => []);
    fs.writeFileSync(path.join(dir, 't.txt'), '\uFEFFhello\n');
    fs.writeFileSync(path.join(dir, 'b.png'), PNG);
    expect(await readDiskContent(path.join(dir, 't.txt'), false, limits, copies)).toEqual({
      after: 'hello\n',
      binary: false,
      size: 9,
    });
    const binary = await readDiskContent(path.join(dir, 'b.png'), false, limits, copies);
    expect(binary).toEqual({ after: bytesId(PNG), binary: true, size: PNG.length });
    expect(await copies.read(bytesId(PNG))).toEqual(PNG);
    expect(await readDiskContent(path.join(dir, 'gone'), true, limits, copies)).toEqual({
      after: null,
      binary: true,
      size: 0,
    });
  });

  it('past its cap a binary file (or a text one) is not tracked, and nothing is copied', async () => {
    const copies = new BinaryCopies(path.join(dir, 'copies'), () => []);
    const big = Buffer.concat([PNG, Buffer.alloc(100, 7)]);
    fs.writeFileSync(path.join(dir, 'big.png'), big);
    fs.writeFileSync(path.join(dir, 'big.txt'), 'x'.repeat(2000));
    expect(await readDiskContent(path.join(dir, 'big.png'), false, limits, copies)).toBeUndefined();
    expect(await readDiskContent(path.join(dir, 'big.txt'), false, limits, copies)).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'copies', bytesId(big)))).toBe(false);
    // A file review holds as binary stays binary even when its bytes now look like text.
    fs.writeFileSync(path.join(dir, 'now-text'), 'plain');
    expect(await readDiskContent(path.join(dir, 'now-text'), true, limits, copies)).toMatchObject({ binary: true });
  });
});
