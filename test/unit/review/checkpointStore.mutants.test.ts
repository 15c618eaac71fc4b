// The checkpoint store on disk (src/review/checkpointStore.ts) with what a crash or another version
// may leave in its folders (mutation testing): stray temporary files, corrupt or foreign
// manifests, and the disk budget at its exact bound.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointStore, hashText } from '../../../src/review/checkpointStore';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-store-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const manifestFile = (name: string, value: unknown) =>
  fs.writeFile(path.join(dir, 'checkpoints', name), typeof value === 'string' ? value : JSON.stringify(value));

describe('CheckpointStore.list', () => {
  it('reads only whole .json manifests with a numeric seq and a files object, ordered by seq', async () => {
    const store = new CheckpointStore(dir);
    await store.create({ kind: 'prompt', label: 'first', createdAt: 1, files: {} });
    const valid = { id: 'cp-0', seq: 0, kind: 'prompt', label: 'older', createdAt: 0, files: {} };
    await manifestFile('zzz.json', valid); // named to sort last, but seq 0 comes first
    await manifestFile('00000009.json.tmp', { ...valid, id: 'cp-9', seq: 9 }); // a write cut short
    await manifestFile('notes.txt', { ...valid, id: 'cp-8', seq: 8 });
    await manifestFile('bad-seq.json', { ...valid, id: 'bad-seq', seq: '3' });
    await manifestFile('no-files.json', { id: 'no-files', seq: 4, kind: 'prompt', label: 'x', createdAt: 0 });
    await manifestFile('null-files.json', { ...valid, id: 'null-files', seq: 5, files: null });
    await manifestFile('text-files.json', { ...valid, id: 'text-files', seq: 6, files: 'a' });
    await manifestFile('corrupt.json', '{"seq": 7, "files": {');
    expect((await store.list()).map((manifest) => manifest.id)).toEqual(['cp-0', 'cp-1']);
    // The next checkpoint follows the highest seq.
    expect((await store.create({ kind: 'prompt', label: 'next', createdAt: 2, files: {} })).id).toBe('cp-2');
  });

  it('a manifest without prompt text has no prompt key, in memory as on disk', async () => {
    const store = new CheckpointStore(dir);
    expect('prompt' in (await store.create({ kind: 'prompt', label: 'p', createdAt: 1, files: {} }))).toBe(false);
  });
});

describe('remove and addFiles', () => {
  it('removing an unknown id does nothing; adding files to an unknown id gives undefined', async () => {
    const store = new CheckpointStore(dir);
    const kept = await store.create({ kind: 'prompt', label: 'p', createdAt: 1, files: { '/a': 'a' } });
    await store.remove('cp-404');
    expect(await store.addFiles('cp-404', { '/b': 'b' })).toBeUndefined();
    expect((await store.list()).map((manifest) => manifest.id)).toEqual([kept.id]);
  });
});

describe('prune and disk use', () => {
  it('keeps everything when the referenced blobs fit exactly; drops the oldest one byte below', async () => {
    const store = new CheckpointStore(dir);
    await store.create({ kind: 'prompt', label: '1', createdAt: 1, files: { '/a': 'a'.repeat(10), '/gone': null } });
    await store.create({ kind: 'prompt', label: '2', createdAt: 2, files: { '/a': 'b'.repeat(10) } });
    expect(await store.diskUse()).toBe(20);
    expect(await store.prune(20)).toEqual([]);
    expect(await store.prune(19)).toEqual(['cp-1']);
    expect(await store.diskUse()).toBe(10);
    expect(await store.readBlob(hashText('b'.repeat(10)))).toBe('b'.repeat(10));
  });

  it('an empty store uses no disk; a blob deleted by hand counts as empty and prune still works', async () => {
    const store = new CheckpointStore(dir);
    expect(await store.diskUse()).toBe(0);
    await store.create({ kind: 'prompt', label: '1', createdAt: 1, files: { '/a': 'a'.repeat(10) } });
    await store.create({ kind: 'prompt', label: '2', createdAt: 2, files: { '/a': 'b'.repeat(10) } });
    const ref = hashText('a'.repeat(10));
    await fs.rm(path.join(dir, 'blobs', ref.slice(0, 2), ref));
    expect(await store.prune(10)).toEqual([]);
  });

  it('a temporary blob left by a crash is neither counted nor taken for a blob', async () => {
    const store = new CheckpointStore(dir);
    await store.create({ kind: 'prompt', label: '1', createdAt: 1, files: { '/a': 'abc' } });
    const ref = hashText('abc');
    await fs.writeFile(path.join(dir, 'blobs', ref.slice(0, 2), `${ref}.123.tmp`), 'x'.repeat(100));
    expect(await store.diskUse()).toBe(3);
  });
});
