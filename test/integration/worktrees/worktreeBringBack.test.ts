// What a chat changed in its worktree and bringing it back with real git and real files: changes since the
// start point (added, modified, deleted, binary), three-way merges against what the user changed meanwhile
// (clean where they touch other lines, conflict markers where they touch the same ones), and the user's
// repository untouched throughout.
import { readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Worktree } from '../../../src/worktrees/worktreeTypes';
import type { WorktreeStore } from '../../../src/worktrees/worktreeStore';
import { tempDir } from '../tempDirs';
import { git, makeRepo, repoState, storeAt, writeFiles } from './gitFixture';

const LINES = Array.from({ length: 20 }, (_, i) => `line ${i + 1}\n`).join('');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]);

/** The workspace file's text as the glue would give it: the unsaved text where given, else the disk's. */
function currentFrom(unsaved: ReadonlyMap<string, string> = new Map()) {
  return async (target: string): Promise<string | null> => {
    if (unsaved.has(target)) return unsaved.get(target)!;
    try {
      return readFileSync(target, 'utf8');
    } catch {
      return null;
    }
  };
}

function replaceLine(text: string, n: number, by: string): string {
  return text.replace(`line ${n}\n`, `${by}\n`);
}

async function setup(
  kind: 'git' | 'copy',
): Promise<{ store: WorktreeStore; worktree: Worktree; ws: string; wt: string }> {
  const files = { 'a.txt': LINES, 'b.txt': LINES, 'keep.txt': 'unchanged\n', 'old.txt': 'to delete\n', 'img.png': PNG };
  let ws: string;
  if (kind === 'git') ws = makeRepo(files);
  else {
    ws = path.join(tempDir('sb-wt-plain-'), 'ws');
    writeFiles(ws, files);
  }
  const store = storeAt({ storageDir: tempDir('sb-wt-storage-') });
  const worktree = await store.create([ws]);
  return { store, worktree, ws, wt: worktree.folders[0]!.path };
}

describe.each(['git', 'copy'] as const)('changes and Bring back (%s)', (kind) => {
  it('lists what the chat added, modified and deleted, binary told apart', async () => {
    const { store, worktree, ws, wt } = await setup(kind);
    writeFiles(wt, {
      'a.txt': replaceLine(LINES, 3, 'chat 3'),
      'dir/new file ü.md': 'new\n',
      'img.png': Uint8Array.from([...PNG, 9]),
    });
    unlinkSync(path.join(wt, 'old.txt'));
    const changes = await store.changes(worktree);
    const sorted = [...changes].sort((x, y) => x.relPath.localeCompare(y.relPath));
    expect(sorted).toEqual([
      { source: ws, relPath: 'a.txt', kind: 'modified', binary: false },
      { source: ws, relPath: 'dir/new file ü.md', kind: 'added', binary: false },
      { source: ws, relPath: 'img.png', kind: 'modified', binary: true },
      { source: ws, relPath: 'old.txt', kind: 'deleted', binary: false },
    ]);
  });

  it('merges cleanly with a user edit elsewhere in the file, and takes added and deleted files', async () => {
    const { store, worktree, ws, wt } = await setup(kind);
    writeFiles(wt, { 'a.txt': replaceLine(LINES, 3, 'chat 3'), 'added.txt': 'from the chat\n' });
    unlinkSync(path.join(wt, 'old.txt'));
    // The user, meanwhile: line 15 on disk... and line 18 unsaved in the editor.
    writeFiles(ws, { 'a.txt': replaceLine(LINES, 15, 'user 15') });
    const unsaved = new Map([
      [path.join(ws, 'a.txt'), replaceLine(replaceLine(LINES, 15, 'user 15'), 18, 'unsaved 18')],
    ]);
    const before = kind === 'git' ? repoState(ws) : undefined;
    const merged = await store.bringBack(worktree, currentFrom(unsaved));
    const byName = Object.fromEntries(merged.map((m) => [path.basename(m.target), m]));
    expect(Object.keys(byName).sort()).toEqual(['a.txt', 'added.txt', 'old.txt']);
    expect(byName['a.txt']).toEqual({
      target: path.join(ws, 'a.txt'),
      current: unsaved.get(path.join(ws, 'a.txt')),
      merged: replaceLine(replaceLine(replaceLine(LINES, 3, 'chat 3'), 15, 'user 15'), 18, 'unsaved 18'),
      binary: false,
      conflicts: 0,
    });
    expect(byName['added.txt']).toMatchObject({ current: null, merged: 'from the chat\n', conflicts: 0 });
    expect(byName['old.txt']).toMatchObject({ current: 'to delete\n', merged: null, conflicts: 0 });
    // Nothing was written to the workspace, nothing of the repository changed.
    expect(readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe(replaceLine(LINES, 15, 'user 15'));
    if (kind === 'git') expect(repoState(ws)).toEqual(before);
  });

  it('a second Bring back offers only what the chat changed since the first: what the user undid stays undone', async () => {
    const { store, worktree, ws, wt } = await setup(kind);
    writeFiles(wt, { 'a.txt': replaceLine(LINES, 3, 'chat 3'), 'b.txt': replaceLine(LINES, 1, 'chat 1') });
    const first = await store.bringBack(worktree, currentFrom());
    // The user takes a.txt only (b.txt unchecked), then undoes the chat's line in review.
    const a = first.find((file) => file.target === path.join(ws, 'a.txt'))!;
    writeFiles(ws, { 'a.txt': a.merged! });
    await store.markTaken(worktree, [a.target]);
    writeFiles(ws, { 'a.txt': LINES });
    expect((await store.changes(worktree)).map((change) => change.relPath)).toEqual(['b.txt']);
    // The chat goes on in a.txt: only its new line comes, the undone one stays undone.
    writeFiles(wt, { 'a.txt': replaceLine(replaceLine(LINES, 3, 'chat 3'), 10, 'chat 10') });
    const second = await store.bringBack(worktree, currentFrom());
    const byName = Object.fromEntries(second.map((file) => [path.basename(file.target), file]));
    expect(Object.keys(byName).sort()).toEqual(['a.txt', 'b.txt']);
    expect(byName['a.txt']).toMatchObject({ current: LINES, merged: replaceLine(LINES, 10, 'chat 10'), conflicts: 0 });
    writeFiles(ws, { 'a.txt': byName['a.txt']!.merged! });
    await store.markTaken(worktree, [byName['a.txt']!.target]);
    expect((await store.changes(worktree)).map((change) => change.relPath)).toEqual(['b.txt']);
    // The chat undoes all it did in a.txt (back to the start point): that is a change since what was taken.
    writeFiles(wt, { 'a.txt': LINES });
    const third = await store.bringBack(worktree, currentFrom());
    expect(third.find((file) => file.target === path.join(ws, 'a.txt'))).toMatchObject({ merged: LINES, conflicts: 0 });
  });

  it('a file taken as deleted is not offered again while the chat leaves it deleted', async () => {
    const { store, worktree, ws, wt } = await setup(kind);
    unlinkSync(path.join(wt, 'old.txt'));
    const [deleted] = await store.bringBack(worktree, currentFrom());
    expect(deleted).toMatchObject({ target: path.join(ws, 'old.txt'), merged: null });
    rmSync(path.join(ws, 'old.txt'));
    await store.markTaken(worktree, [deleted!.target]);
    expect(await store.changes(worktree)).toEqual([]);
    writeFiles(wt, { 'old.txt': 'back again\n' });
    expect(await store.changes(worktree)).toEqual([{ source: ws, relPath: 'old.txt', kind: 'added', binary: false }]);
  });

  it('a record of what was taken that does not read back whole is none: every change is offered again', async () => {
    const { store, worktree, ws, wt } = await setup(kind);
    writeFiles(wt, { 'a.txt': replaceLine(LINES, 3, 'chat 3') });
    const [taken] = await store.bringBack(worktree, currentFrom());
    writeFiles(ws, { 'a.txt': taken!.merged! });
    await store.markTaken(worktree, [taken!.target]);
    expect(await store.changes(worktree)).toEqual([]);
    const record = path.join(path.dirname(path.dirname(wt)), 'taken.json');
    writeFileSync(record, '{"files": [{"source": 1}');
    expect(await store.changes(worktree)).toEqual([{ source: ws, relPath: 'a.txt', kind: 'modified', binary: false }]);
  });

  it('writes conflicts in place with markers where both changed the same lines, and counts them', async () => {
    const { store, worktree, ws, wt } = await setup(kind);
    writeFiles(wt, { 'a.txt': replaceLine(replaceLine(LINES, 5, 'chat 5'), 12, 'chat 12') });
    writeFiles(ws, { 'a.txt': replaceLine(replaceLine(LINES, 5, 'user 5'), 12, 'user 12') });
    const [file] = await store.bringBack(worktree, currentFrom());
    expect(file!.conflicts).toBe(2);
    const expected = LINES.replace('line 5\n', '<<<<<<< workspace\nuser 5\n=======\nchat 5\n>>>>>>> chat\n').replace(
      'line 12\n',
      '<<<<<<< workspace\nuser 12\n=======\nchat 12\n>>>>>>> chat\n',
    );
    expect(file!.merged).toBe(expected);
  });

  it('conflicts where one side deleted a file the other changed, both in place', async () => {
    const { store, worktree, ws, wt } = await setup(kind);
    unlinkSync(path.join(wt, 'keep.txt'));
    writeFiles(ws, { 'keep.txt': 'the user changed it\n' });
    writeFiles(wt, { 'b.txt': replaceLine(LINES, 1, 'chat 1') });
    rmSync(path.join(ws, 'b.txt'));
    const merged = await store.bringBack(worktree, currentFrom());
    const byName = Object.fromEntries(merged.map((m) => [path.basename(m.target), m]));
    expect(byName['keep.txt']).toMatchObject({
      merged: '<<<<<<< workspace\nthe user changed it\n=======\n>>>>>>> chat\n',
      conflicts: 1,
    });
    expect(byName['b.txt']).toMatchObject({ current: null, conflicts: 1 });
    expect(byName['b.txt']!.merged).toBe(
      `<<<<<<< workspace\n=======\n${replaceLine(LINES, 1, 'chat 1')}>>>>>>> chat\n`,
    );
  });

  it('takes a binary file whole, unless the workspace changed it too: then keeps the workspace and reports it', async () => {
    const { store, worktree, ws, wt } = await setup(kind);
    const chats = Uint8Array.from([...PNG, 1, 2, 3]);
    writeFiles(wt, { 'img.png': chats });
    let [file] = await store.bringBack(worktree, currentFrom());
    expect(file).toMatchObject({ target: path.join(ws, 'img.png'), binary: true, conflicts: 0 });
    expect(Buffer.from(file!.bytes!).equals(Buffer.from(chats))).toBe(true);
    const users = Uint8Array.from([...PNG, 7]);
    writeFileSync(path.join(ws, 'img.png'), users);
    [file] = await store.bringBack(worktree, currentFrom());
    expect(file).toMatchObject({ binary: true, conflicts: 1 });
    expect(Buffer.from(file!.bytes!).equals(Buffer.from(users))).toBe(true);
  });
});

describe('changes in a git worktree', () => {
  it('refuses a changed file past the read limit, naming it, and lists it as binary', async () => {
    const ws = makeRepo({ 'big.txt': 'small\n' });
    const store = storeAt({ storageDir: tempDir('sb-wt-storage-'), limits: { maxFileBytes: 1000 } });
    const worktree = await store.create([ws]);
    writeFiles(worktree.folders[0]!.path, { 'big.txt': 'x'.repeat(5000) });
    expect(await store.changes(worktree)).toEqual([{ source: ws, relPath: 'big.txt', kind: 'modified', binary: true }]);
    await expect(store.bringBack(worktree, currentFrom())).rejects.toThrow(/big\.txt is 5000 bytes/);
  });

  it('refuses to bring back more files or bytes than the limits, naming them', async () => {
    const ws = makeRepo({ 'a.txt': 'a\n' });
    const store = storeAt({ storageDir: tempDir('sb-wt-storage-'), limits: { maxFiles: 5, maxBytes: 3000 } });
    const worktree = await store.create([ws]);
    const wt = worktree.folders[0]!.path;
    writeFiles(wt, Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`node_modules/m${i}.js`, 'm\n'])));
    await expect(store.bringBack(worktree, currentFrom())).rejects.toThrow(/changed 6 files/);
    rmSync(path.join(wt, 'node_modules'), { recursive: true });
    writeFiles(wt, { 'big1.txt': 'x'.repeat(2000), 'big2.txt': 'y'.repeat(2000) });
    await expect(store.bringBack(worktree, currentFrom())).rejects.toMatchObject({ reason: 'too-big' });
    rmSync(path.join(wt, 'big2.txt'));
    expect(await store.bringBack(worktree, currentFrom())).toHaveLength(1);
  });

  it('sees what the agent committed, staged or left, and leaves its index as it was', async () => {
    const ws = makeRepo({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' });
    const store = storeAt({ storageDir: tempDir('sb-wt-storage-') });
    const worktree = await store.create([ws]);
    const wt = worktree.folders[0]!.path;
    writeFiles(wt, { 'a.txt': 'committed\n', 'b.txt': 'staged\n', 'c.txt': 'left\n' });
    git(wt, 'commit', '-q', '-m', 'agent', 'a.txt');
    git(wt, 'add', 'b.txt');
    const indexBefore = git(wt, 'ls-files', '-s', '--debug');
    const changes = await store.changes(worktree);
    expect(changes.map((c) => c.relPath).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(git(wt, 'ls-files', '-s', '--debug')).toBe(indexBefore);
  });

  it('reports only changes inside the workspace folder of a subfolder, with paths relative to it', async () => {
    const repo = makeRepo({ 'app/x.ts': 'x\n', 'other/y.ts': 'y\n' });
    const store = storeAt({ storageDir: tempDir('sb-wt-storage-') });
    const worktree = await store.create([path.join(repo, 'app')]);
    const wt = worktree.folders[0]!.path;
    writeFiles(wt, { 'x.ts': 'x changed\n', '../other/y.ts': 'outside the folder\n' });
    expect(await store.changes(worktree)).toEqual([
      { source: path.join(repo, 'app'), relPath: 'x.ts', kind: 'modified', binary: false },
    ]);
    const [merged] = await store.bringBack(worktree, currentFrom());
    expect(merged!.target).toBe(path.join(repo, 'app', 'x.ts'));
  });
});
