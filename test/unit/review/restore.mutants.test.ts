// Restoring a checkpoint (src/review/restore.ts) (mutation testing): which content each
// file goes back to, which files change, and that one failed write does not stop the others.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckpointStore, hashText, type CheckpointManifest } from '../../../src/review/checkpointStore';
import { executeRestore, planRestore, stateAt, undoRestore, type FileAccess } from '../../../src/review/restore';

const manifest = (
  seq: number,
  files: CheckpointManifest['files'],
  kind: CheckpointManifest['kind'] = 'prompt',
): CheckpointManifest => ({
  id: `cp-${seq}`,
  seq,
  kind,
  label: `label ${seq}`,
  createdAt: 0,
  files,
});

describe('stateAt', () => {
  it('takes each file from the earliest prompt checkpoint at or after seq, whatever the order given', () => {
    const manifests = [
      manifest(5, { '/a': 'a5', '/c': 'c5' }),
      manifest(3, { '/a': 'a3', '/b': 'b3' }),
      manifest(1, { '/a': 'a1' }),
    ];
    expect(stateAt(manifests, 3)).toEqual({ '/a': 'a3', '/b': 'b3', '/c': 'c5' });
    expect(stateAt(manifests, 1)).toEqual({ '/a': 'a1', '/b': 'b3', '/c': 'c5' });
    expect(stateAt(manifests, 6)).toEqual({});
  });

  it('ignores restore checkpoints (they are undo data, not points in the session)', () => {
    const manifests = [manifest(2, { '/a': 'restore-data' }, 'restore'), manifest(3, { '/a': 'a3' })];
    expect(stateAt(manifests, 2)).toEqual({ '/a': 'a3' });
  });
});

describe('planRestore', () => {
  it('lists only files whose content differs, sorted by path, missing files as null, with who edited them', () => {
    const target = { '/z': hashText('z then'), '/a': null, '/m': hashText('same'), '/new': hashText('new then') };
    const current = { '/z': 'z now', '/a': 'a now', '/m': 'same' };
    const plan = planRestore(manifest(1, {}), target, current, new Set(['/z']));
    expect(plan).toEqual({
      checkpointId: 'cp-1',
      changes: [
        { path: '/a', target: null, current: hashText('a now'), userEditedSince: false },
        { path: '/new', target: hashText('new then'), current: null, userEditedSince: false },
        { path: '/z', target: hashText('z then'), current: hashText('z now'), userEditedSince: true },
      ],
    });
  });
});

describe('executeRestore and undoRestore', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes the chosen files, reports a failed one and still restores the rest, and can be undone', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-restore-'));
    dirs.push(dir);
    const store = new CheckpointStore(dir);
    const checkpoint = await store.create({
      kind: 'prompt',
      label: 'p',
      createdAt: 1,
      files: { '/a': 'a then', '/b': 'b then', '/c': 'c then' },
    });
    const disk: Record<string, string | null> = { '/a': 'a now', '/b': 'b now', '/c': 'c now' };
    const files: FileAccess = {
      read: async (file) => disk[file] ?? null,
      write: async (file, text) => {
        if (file === '/b' && text === 'b then') throw new Error('EACCES: permission denied');
        disk[file] = text;
      },
    };
    const plan = planRestore(checkpoint, stateAt([checkpoint], checkpoint.seq), disk, new Set());
    const result = await executeRestore(store, plan, ['/a', '/b'], files, 2);
    expect(result.restored).toEqual(['/a']);
    expect(result.failed).toEqual([{ path: '/b', reason: 'EACCES: permission denied' }]);
    expect(disk).toEqual({ '/a': 'a then', '/b': 'b now', '/c': 'c now' });
    expect(result.undoCheckpoint).toMatchObject({ kind: 'restore', label: 'Before restoring cp-1', createdAt: 2 });

    expect((await undoRestore(store, result.undoCheckpoint, files)).sort()).toEqual(['/a', '/b']);
    expect(disk).toEqual({ '/a': 'a now', '/b': 'b now', '/c': 'c now' });
    expect((await store.list()).map((entry) => entry.id)).toEqual([checkpoint.id]);
  });
});
