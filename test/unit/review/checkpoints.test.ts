import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointStore, hashText } from '../../../src/review/checkpointStore';
import { executeRestore, planRestore, stateAt, undoRestore, type FileAccess } from '../../../src/review/restore';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-checkpoints-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** An in-memory workspace. */
function memoryFiles(initial: Record<string, string>): FileAccess & { files: Map<string, string> } {
  const files = new Map(Object.entries(initial));
  return {
    files,
    read: async (file) => files.get(file) ?? null,
    write: async (file, text) => {
      if (text === null) files.delete(file);
      else files.set(file, text);
    },
  };
}

describe('checkpoint store', () => {
  it('stores each distinct text once and reads it back by hash', async () => {
    const store = new CheckpointStore(dir);
    const first = await store.create({
      kind: 'prompt',
      label: 'turn 1',
      createdAt: 1,
      files: { '/a': 'same', '/b': 'same', '/c': null },
    });
    expect(first.files).toEqual({ '/a': hashText('same'), '/b': hashText('same'), '/c': null });
    expect(await store.readBlob(first.files['/a']!)).toBe('same');
    expect(await store.diskUse()).toBe(4);
    const second = await store.create({ kind: 'prompt', label: 'turn 2', createdAt: 2, files: {} });
    expect(second.seq).toBe(first.seq + 1);
    // a fresh store over the same folder (a window reload) sees both
    expect((await new CheckpointStore(dir).list()).map((manifest) => manifest.id)).toEqual([first.id, second.id]);
  });

  it('drops the oldest checkpoints first to stay under the disk budget, and their unshared blobs', async () => {
    const store = new CheckpointStore(dir);
    await store.create({ kind: 'prompt', label: '1', createdAt: 1, files: { '/a': 'x'.repeat(100) } });
    await store.create({ kind: 'prompt', label: '2', createdAt: 2, files: { '/a': 'y'.repeat(100) } });
    const newest = await store.create({ kind: 'prompt', label: '3', createdAt: 3, files: { '/a': 'z'.repeat(100) } });
    expect(await store.prune(250)).toEqual(['cp-1']);
    expect(await store.diskUse()).toBe(200);
    expect(await store.prune(10)).toEqual(['cp-2']);
    expect((await store.list()).map((manifest) => manifest.id)).toEqual([newest.id]);
    expect(await store.diskUse()).toBe(100);
  });
});

describe('restore', () => {
  it('restores two files to a checkpoint (including one first touched later), and the restore is undoable', async () => {
    const store = new CheckpointStore(dir);
    const workspace = memoryFiles({ '/a.ts': 'a v1', '/b.ts': 'b v1' });
    // Before prompt 1 the session had touched a.ts only.
    const cp1 = await store.create({ kind: 'prompt', label: 'prompt 1', createdAt: 1, files: { '/a.ts': 'a v1' } });
    // Turn 1 first touches b.ts and creates c.ts: their earlier content joins cp1.
    await store.addFiles(cp1.id, { '/b.ts': 'b v1', '/c.ts': null });
    await store.addFiles(cp1.id, { '/a.ts': 'not the first content' });
    workspace.files.set('/a.ts', 'a v2');
    workspace.files.set('/b.ts', 'b v2');
    workspace.files.set('/c.ts', 'c v2');
    const cp2 = await store.create({
      kind: 'prompt',
      label: 'prompt 2',
      createdAt: 2,
      files: { '/a.ts': 'a v2', '/b.ts': 'b v2', '/c.ts': 'c v2' },
    });
    workspace.files.set('/a.ts', 'a v3 (user)');

    const manifests = await store.list();
    const target = stateAt(manifests, cp1.seq);
    expect(target).toEqual({ '/a.ts': hashText('a v1'), '/b.ts': hashText('b v1'), '/c.ts': null });
    expect(stateAt(manifests, cp2.seq)['/a.ts']).toBe(hashText('a v2'));

    const current = Object.fromEntries([...workspace.files]);
    const plan = planRestore((await store.get(cp1.id))!, target, current, new Set(['/a.ts']));
    expect(plan.changes.map((change) => [change.path, change.userEditedSince])).toEqual([
      ['/a.ts', true],
      ['/b.ts', false],
      ['/c.ts', false],
    ]);

    const result = await executeRestore(store, plan, ['/a.ts', '/b.ts', '/c.ts'], workspace, 3);
    expect(result.failed).toEqual([]);
    expect(Object.fromEntries(workspace.files)).toEqual({ '/a.ts': 'a v1', '/b.ts': 'b v1' });

    await undoRestore(store, result.undoCheckpoint, workspace);
    expect(Object.fromEntries(workspace.files)).toEqual({ '/a.ts': 'a v3 (user)', '/b.ts': 'b v2', '/c.ts': 'c v2' });
    // the undo checkpoint is spent; the prompt checkpoints remain
    expect((await store.list()).map((manifest) => manifest.kind)).toEqual(['prompt', 'prompt']);
  });

  it('restores only the files the user chose and reports nothing for unchanged ones', async () => {
    const store = new CheckpointStore(dir);
    const workspace = memoryFiles({ '/a': 'old a', '/b': 'same' });
    const cp = await store.create({ kind: 'prompt', label: 'p', createdAt: 1, files: { '/a': 'old a', '/b': 'same' } });
    workspace.files.set('/a', 'new a');
    const plan = planRestore(cp, stateAt(await store.list(), cp.seq), Object.fromEntries(workspace.files), new Set());
    expect(plan.changes.map((change) => change.path)).toEqual(['/a']);
    await executeRestore(store, plan, [], workspace, 2);
    expect(workspace.files.get('/a')).toBe('new a');
  });
});
