// The stand-in store of plain copies, on real folders: a copy with the unsaved text in it, what the chat changed
// against the start point, each change merged three ways with the user's text of now (conflicts with their
// markers), and a discard that leaves nothing in storage.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyWorktrees } from '../../../../src/vscode/worktrees/copyWorktrees';
import { chatWorktree, findWorktree } from '../../../../src/vscode/worktrees/worktreeService';

let root: string;
let workspace: string;
let storage: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-copywt-')));
  workspace = path.join(root, 'app');
  storage = path.join(root, 'storage', 'worktrees');
  fs.mkdirSync(path.join(workspace, '.git'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.git', 'HEAD'), 'ref: main\n');
  fs.writeFileSync(path.join(workspace, 'a.txt'), 'one\ntwo\nthree\n');
  fs.writeFileSync(path.join(workspace, 'gone.txt'), 'to delete\n');
  fs.writeFileSync(path.join(workspace, 'open.txt'), 'on disk\n');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('CopyWorktrees', () => {
  it('copies, compares, merges three ways and discards', async () => {
    const store = new CopyWorktrees(storage);
    const worktree = await store.create([workspace], new Map([[path.join(workspace, 'open.txt'), 'unsaved\n']]));
    const copy = worktree.folders[0]!.path;
    expect(copy.startsWith(storage)).toBe(true);
    expect(fs.readFileSync(path.join(copy, 'open.txt'), 'utf8')).toBe('unsaved\n');
    expect(fs.existsSync(path.join(copy, '.git'))).toBe(false);
    expect(await findWorktree(store, chatWorktree(worktree))).toEqual(worktree);

    fs.writeFileSync(path.join(copy, 'a.txt'), 'one\nTWO by the chat\nthree\n');
    fs.writeFileSync(path.join(copy, 'new.txt'), 'made by the chat\n');
    fs.rmSync(path.join(copy, 'gone.txt'));
    const changes = await store.changes(worktree);
    expect(changes.map((change) => `${change.kind} ${change.relPath}`).sort()).toEqual([
      'added new.txt',
      'deleted gone.txt',
      'modified a.txt',
    ]);

    // The user changed the same line meanwhile (unsaved): a conflict with its markers, nothing overwritten.
    const merged = await store.bringBack(worktree, (target) =>
      target === path.join(workspace, 'a.txt') ? 'one\ntwo by the user\nthree\n' : undefined,
    );
    const byName = new Map(merged.map((file) => [path.basename(file.target), file]));
    expect(byName.get('a.txt')).toMatchObject({ conflicts: 1, current: 'one\ntwo by the user\nthree\n' });
    expect(byName.get('a.txt')!.merged).toBe(
      'one\n<<<<<<< workspace\ntwo by the user\n=======\nTWO by the chat\n>>>>>>> chat\nthree\n',
    );
    expect(byName.get('new.txt')).toMatchObject({ merged: 'made by the chat\n', current: null, conflicts: 0 });
    expect(byName.get('gone.txt')).toMatchObject({ merged: null, conflicts: 0 });

    fs.mkdirSync(path.join(storage, 'wt-torn'));
    fs.writeFileSync(path.join(storage, 'wt-torn', 'worktree.json'), '{"id":"wt-to');
    expect((await store.list()).map((listed) => listed.id)).toEqual([worktree.id]);
    fs.rmSync(path.join(storage, 'wt-torn'), { recursive: true });

    await store.discard(worktree);
    expect(fs.readdirSync(storage)).toEqual([]);
    expect(await findWorktree(store, chatWorktree(worktree))).toBeUndefined();
  });
});
