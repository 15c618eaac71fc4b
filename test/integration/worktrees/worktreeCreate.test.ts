// Making a chat's worktree with real git: the copy holds exactly what the workspace holds (HEAD, staged,
// unstaged, untracked, deleted, binary, the editors' unsaved texts; not what git ignores), the user's
// repository is left exactly as it was, and folders that are not repositories are copied.
import { existsSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorktreeStore, WorktreeStoreOptions } from '../../../src/worktrees/worktreeStore';
import { tempDir } from '../tempDirs';
import { git, makeRepo, repoState, storeAt, treeOf, writeFiles } from './gitFixture';

const BINARY = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 0xfe]);

function newStore(options: Partial<WorktreeStoreOptions> = {}): WorktreeStore {
  return storeAt({ storageDir: tempDir('sb-wt-storage-'), ...options });
}

/** A repository with every kind of uncommitted change. */
function dirtyRepo(): string {
  const repo = makeRepo({
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'export const b = 2;\n',
    'gone.txt': 'deleted in the working tree\n',
    'staged-gone.txt': 'deleted and staged\n',
    'logo.png': BINARY,
    '.gitignore': 'build/\n*.log\n',
    'with space/ünïcødé file.md': '# title\n',
  });
  writeFiles(repo, { 'src/a.ts': 'export const a = 10; // staged\n' });
  git(repo, 'add', 'src/a.ts');
  writeFiles(repo, {
    'src/a.ts': 'export const a = 100; // staged, then changed again\n',
    'src/b.ts': 'export const b = 20; // unstaged\n',
    'src/new.ts': 'export const n = 0; // untracked\n',
    'logo.png': Uint8Array.from([...BINARY, 0]),
    'new.bin': Uint8Array.from([0, 0, 7]),
    'build/out.js': 'ignored\n',
    'debug.log': 'ignored\n',
  });
  unlinkSync(path.join(repo, 'gone.txt'));
  git(repo, 'rm', '-q', 'staged-gone.txt');
  return repo;
}

describe('WorktreeStore.create with a git folder', () => {
  it('copies HEAD plus staged, unstaged, untracked, deleted and binary changes plus unsaved texts, and touches nothing of the repository', async () => {
    const repo = dirtyRepo();
    const before = repoState(repo);
    const store = newStore();
    const unsaved = new Map([
      [path.join(repo, 'src/b.ts'), 'export const b = 2000; // unsaved in the editor\n'],
      [path.join(repo, 'src/unsaved-new.ts'), 'brand new, never saved\n'],
      [path.join(repo, 'build/ignored.js'), 'an unsaved ignored file stays out\n'],
      ['/elsewhere/outside.ts', 'not in any folder: left out\n'],
    ]);
    const worktree = await store.create([repo], unsaved);

    expect(worktree.folders).toHaveLength(1);
    const [folder] = worktree.folders;
    expect(folder!.kind).toBe('git');
    expect(folder!.source).toBe(repo);
    expect(folder!.path.startsWith(path.dirname(path.dirname(folder!.path)))).toBe(true);
    expect(repoState(repo)).toEqual(before);

    const expected = treeOf(repo, ['.git', 'build', 'debug.log']);
    const copy = treeOf(folder!.path);
    expect(readFileSync(path.join(folder!.path, 'src/b.ts'), 'utf8')).toBe(unsaved.get(path.join(repo, 'src/b.ts')));
    expect(readFileSync(path.join(folder!.path, 'src/unsaved-new.ts'), 'utf8')).toBe('brand new, never saved\n');
    delete copy['src/b.ts'];
    delete copy['src/unsaved-new.ts'];
    delete expected['src/b.ts'];
    expect(copy).toEqual(expected);
    expect(existsSync(path.join(folder!.path, 'gone.txt'))).toBe(false);
    expect(existsSync(path.join(folder!.path, 'build'))).toBe(false);

    // The start commit is the copy's HEAD, its parent the user's HEAD; the copy's status is clean.
    expect(git(folder!.path, 'rev-parse', 'HEAD').trim()).toBe(folder!.start);
    expect(git(folder!.path, 'rev-parse', 'HEAD~1').trim()).toBe(git(repo, 'rev-parse', 'HEAD').trim());
    expect(git(folder!.path, 'status', '--porcelain')).toBe('');
    expect(await store.changes(worktree)).toEqual([]);
    expect(repoState(repo)).toEqual(before);
  });

  it('copies the repository of a subfolder and makes the subfolder the cwd', async () => {
    const repo = makeRepo({ 'packages/app/index.ts': 'app\n', 'packages/lib/index.ts': 'lib\n', 'README.md': 'r\n' });
    writeFiles(repo, { 'packages/app/index.ts': 'app changed\n' });
    const store = newStore();
    const worktree = await store.create([path.join(repo, 'packages/app')]);
    const [folder] = worktree.folders;
    expect(folder!.kind).toBe('git');
    expect(folder!.path.endsWith(path.join('packages', 'app'))).toBe(true);
    expect(readFileSync(path.join(folder!.path, 'index.ts'), 'utf8')).toBe('app changed\n');
    // The rest of the repository is there too (a build may read ../lib).
    expect(readFileSync(path.join(folder!.path, '../lib/index.ts'), 'utf8')).toBe('lib\n');
  });

  it('copies a SHA-256 repository (the copy borrows its objects, so it must use the same format)', async () => {
    const repo = path.join(tempDir('sb-wt-sha256-'), 'sha256');
    writeFiles(repo, { 'a.txt': 'a\n' });
    git(repo, 'init', '-q', '--object-format=sha256');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'sha256');
    writeFiles(repo, { 'a.txt': 'changed\n' });
    const store = newStore();
    const worktree = await store.create([repo]);
    const folder = worktree.folders[0]!;
    expect(folder.start).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(folder.path, 'a.txt'), 'utf8')).toBe('changed\n');
    writeFiles(folder.path, { 'a.txt': 'chat\n' });
    expect(await store.changes(worktree)).toEqual([
      { source: repo, relPath: 'a.txt', kind: 'modified', binary: false },
    ]);
  });

  it('refuses untracked files past the copy limits with a clear error, and leaves nothing behind', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'ignored/\n' });
    writeFiles(repo, { 'untracked.img': 'x'.repeat(5000), 'ignored/huge.bin': 'y'.repeat(50_000) });
    const storageDir = tempDir('sb-wt-storage-');
    const store = storeAt({ storageDir, limits: { maxBytes: 4000 } });
    await expect(store.create([repo])).rejects.toThrow(/1 untracked files .* that git does not ignore/);
    expect(treeOf(path.join(storageDir, 'worktrees'))).toEqual({});
    // What is ignored does not count, what is tracked is checked out as git does.
    rmSync(path.join(repo, 'untracked.img'));
    writeFiles(repo, { 'a.txt': 'z'.repeat(10_000) });
    expect((await store.create([repo])).folders[0]!.kind).toBe('git');
  });

  it('leaves its own storage out where it lies inside the repository, ignored by git or not', async () => {
    // VS Code's user data inside the workspace's repository (as in the in-host tests): an ignored storage made
    // `git add` refuse the pathspec that excluded it.
    for (const ignored of [true, false]) {
      const repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': ignored ? 'state/\n' : '' });
      const storageDir = path.join(repo, 'state', 'global');
      const worktree = await storeAt({ storageDir }).create([repo]);
      const copy = worktree.folders[0]!.path;
      expect(readFileSync(path.join(copy, 'a.txt'), 'utf8')).toBe('a\n');
      expect(existsSync(path.join(copy, 'state')), `ignored: ${ignored}`).toBe(false);
    }
  });

  it('copies a folder its repository ignores as a plain folder (git holds none of its files)', async () => {
    const repo = makeRepo({ '.gitignore': 'scratch/\n', 'a.txt': 'a\n' });
    writeFiles(repo, { 'scratch/notes.md': 'n\n' });
    const worktree = await newStore().create([path.join(repo, 'scratch')]);
    expect(worktree.folders[0]!.kind).toBe('copy');
    expect(readFileSync(path.join(worktree.folders[0]!.path, 'notes.md'), 'utf8')).toBe('n\n');
  });

  it('works in a repository without commits', async () => {
    const repo = path.join(tempDir('sb-wt-empty-'), 'fresh');
    writeFiles(repo, { 'a.txt': 'a\n' });
    git(repo, 'init', '-q');
    const worktree = await newStore().create([repo]);
    expect(readFileSync(path.join(worktree.folders[0]!.path, 'a.txt'), 'utf8')).toBe('a\n');
  });
});

describe('WorktreeStore.create with plain folders', () => {
  it('copies a folder that is not in a repository, links as links, with a start copy', async () => {
    const outside = tempDir('sb-wt-outside-');
    writeFiles(outside, { 'secret.txt': 'not to be copied\n' });
    const folder = path.join(tempDir('sb-wt-plain-'), 'plain folder ü');
    writeFiles(folder, { 'a.txt': 'a\n', 'deep/b.bin': BINARY, 'node_modules/x/index.js': 'x\n' });
    symlinkSync(outside, path.join(folder, 'link-out'));
    symlinkSync('a.txt', path.join(folder, 'link-in'));
    const worktree = await newStore().create([folder], new Map([[path.join(folder, 'a.txt'), 'unsaved a\n']]));
    const [copy] = worktree.folders;
    expect(copy!.kind).toBe('copy');
    const expected = { ...treeOf(folder) };
    const tree = treeOf(copy!.path);
    expect(readFileSync(path.join(copy!.path, 'a.txt'), 'utf8')).toBe('unsaved a\n');
    delete expected['a.txt'];
    delete tree['a.txt'];
    expect(tree).toEqual(expected);
    expect(tree['link-out']).toBe(`-> ${outside}`);
    expect(treeOf(copy!.start)).toEqual(treeOf(copy!.path));
    // Nothing of what the link points to was copied.
    expect(JSON.stringify(treeOf(path.dirname(path.dirname(copy!.path))))).not.toContain('secret');
  });

  it('refuses a folder over the limits with a clear error and leaves nothing behind', async () => {
    const folder = tempDir('sb-wt-big-');
    writeFiles(folder, Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.txt`, 'x'.repeat(100)])));
    const storageDir = tempDir('sb-wt-storage-');
    const store = storeAt({ storageDir, limits: { maxFiles: 20 } });
    await expect(store.create([folder])).rejects.toThrow(/more than 20 files/);
    const bytes = storeAt({ storageDir, limits: { maxBytes: 1000 } });
    await expect(bytes.create([folder])).rejects.toMatchObject({ reason: 'too-big' });
    expect(await store.list()).toEqual([]);
    expect(treeOf(path.join(storageDir, 'worktrees'))).toEqual({});
  });

  it('uses plain copies where git is missing, and says so once', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const notices: string[] = [];
    const store = newStore({
      gitPath: path.join(tempDir('sb-wt-nogit-'), 'no-such-git'),
      onNotice: (m) => notices.push(m),
    });
    const first = await store.create([repo]);
    await store.create([repo]);
    expect(first.folders[0]!.kind).toBe('copy');
    expect(readFileSync(path.join(first.folders[0]!.path, 'a.txt'), 'utf8')).toBe('a\n');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/Git was not found/);
  });
});

describe('WorktreeStore.create with several folders', () => {
  it('copies each folder; folders of one repository share its copy', async () => {
    const repo = makeRepo({ 'front/a.ts': 'a\n', 'back/b.ts': 'b\n' });
    const plain = tempDir('sb-wt-plain-');
    writeFiles(plain, { 'notes.md': 'n\n' });
    const other = makeRepo({ 'c.ts': 'c\n' });
    const folders = [path.join(repo, 'front'), path.join(repo, 'back'), plain, other];
    const worktree = await newStore().create(folders);
    expect(worktree.folders.map((f) => f.kind)).toEqual(['git', 'git', 'copy', 'git']);
    const [front, back, copy, second] = worktree.folders;
    expect(path.dirname(front!.path)).toBe(path.dirname(back!.path));
    expect(front!.start).toBe(back!.start);
    expect(readFileSync(path.join(back!.path, 'b.ts'), 'utf8')).toBe('b\n');
    expect(readFileSync(path.join(copy!.path, 'notes.md'), 'utf8')).toBe('n\n');
    expect(readFileSync(path.join(second!.path, 'c.ts'), 'utf8')).toBe('c\n');
  });

  it('refuses bad folders clearly', async () => {
    const store = newStore();
    await expect(store.create([])).rejects.toMatchObject({ reason: 'bad-input' });
    await expect(store.create(['relative/path'])).rejects.toMatchObject({ reason: 'bad-input' });
    const file = path.join(tempDir('sb-wt-file-'), 'f.txt');
    writeFileSync(file, 'x');
    await expect(store.create([file])).rejects.toThrow(/Not a folder/);
    const gone = tempDir('sb-wt-gone-');
    rmSync(gone, { recursive: true });
    await expect(store.create([gone])).rejects.toThrow(/Not a folder/);
  });
});
