// A worktree's life with real git: found again after a restart, reported rather than crashed on when its
// copy is gone or was never finished, discarded without a trace (in storage and in the user's repository),
// and what a hostile workspace or agent may try: links out of the folder, a dirty submodule, a git
// configuration in the copy that would run a program, a cancel.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../tempDirs';
import { git, makeRepo, repoState, storeAt, treeOf, writeFiles } from './gitFixture';

function storage(): string {
  return tempDir('sb-wt-storage-');
}

describe('WorktreeStore lifecycle', () => {
  it('finds every worktree again after a restart, and its changes', async () => {
    const storageDir = storage();
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const plain = tempDir('sb-wt-plain-');
    writeFiles(plain, { 'p.txt': 'p\n' });
    const first = storeAt({ storageDir });
    const one = await first.create([repo]);
    const two = await first.create([plain, repo]);
    writeFiles(one.folders[0]!.path, { 'a.txt': 'changed\n' });

    const restarted = storeAt({ storageDir });
    const listed = await restarted.list();
    expect(listed.map((w) => w.id).sort()).toEqual([one.id, two.id].sort());
    expect(listed.find((w) => w.id === one.id)).toEqual(one);
    expect(listed.find((w) => w.id === two.id)).toEqual(two);
    expect(await restarted.changes(one)).toEqual([{ source: repo, relPath: 'a.txt', kind: 'modified', binary: false }]);
  });

  it('discards everything it made: storage and the repository as they were before', async () => {
    const storageDir = storage();
    const repo = makeRepo({ 'a.txt': 'a\n', 'b.bin': Uint8Array.from([0, 1]) });
    writeFiles(repo, { 'a.txt': 'uncommitted\n', 'new.txt': 'untracked\n' });
    const outside = tempDir('sb-wt-outside-');
    writeFiles(outside, { 'keep.txt': 'the link target survives\n' });
    const before = repoState(repo);
    const store = storeAt({ storageDir });
    const worktree = await store.create([repo], new Map([[path.join(repo, 'a.txt'), 'unsaved\n']]));
    const wt = worktree.folders[0]!.path;
    writeFiles(wt, { 'a.txt': 'agent\n' });
    symlinkSync(outside, path.join(wt, 'link-out'));
    git(wt, 'add', '-A');
    git(wt, 'commit', '-q', '-m', 'agent commit');
    git(wt, 'branch', 'agent-branch');
    await store.changes(worktree);
    await store.bringBack(worktree, async () => 'uncommitted\n');
    await store.discard(worktree);

    expect(readdirSync(path.join(storageDir, 'worktrees'))).toEqual([]);
    expect(await store.list()).toEqual([]);
    expect(repoState(repo)).toEqual(before);
    expect(git(repo, 'branch', '--list')).not.toContain('agent');
    expect(readFileSync(path.join(outside, 'keep.txt'), 'utf8')).toBe('the link target survives\n');
    // Discarding again, or something never made, is no error; a name that is not an id is refused.
    await store.discard(worktree);
    await expect(store.discard({ id: '../../etc' })).rejects.toMatchObject({ reason: 'bad-input' });
  });

  it('reports a worktree whose copy vanished or that was never finished, and discards it', async () => {
    const storageDir = storage();
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const store = storeAt({ storageDir });
    const worktree = await store.create([repo]);
    rmSync(path.dirname(worktree.folders[0]!.path), { recursive: true });
    mkdirSync(path.join(storageDir, 'worktrees', 'unfinished-1'));
    // One another window is making right now (its process is alive) is not listed; one whose maker is gone is.
    mkdirSync(path.join(storageDir, 'worktrees', 'being-made-1'));
    writeFileSync(path.join(storageDir, 'worktrees', 'being-made-1', 'making.pid'), String(process.pid));
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    mkdirSync(path.join(storageDir, 'worktrees', 'unfinished-2'));
    writeFileSync(path.join(storageDir, 'worktrees', 'unfinished-2', 'making.pid'), String(gone));
    const listed = await storeAt({ storageDir }).list();
    expect(listed.find((w) => w.id === worktree.id)?.problem).toMatch(/its copy .* is gone/);
    expect(listed.map((w) => w.id).sort()).toEqual([worktree.id, 'unfinished-1', 'unfinished-2'].sort());
    expect(listed.find((w) => w.id === 'unfinished-1')).toMatchObject({
      folders: [],
      problem: expect.stringMatching(/never finished/),
    });
    await expect(store.changes(worktree)).rejects.toMatchObject({ reason: 'missing' });
    for (const w of listed) await store.discard(w);
    await store.discard({ id: 'being-made-1' });
    expect(await store.list()).toEqual([]);
  });

  it('leaves nothing behind when cancelled', async () => {
    const storageDir = storage();
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const store = storeAt({ storageDir });
    await expect(store.create([repo], new Map(), AbortSignal.abort())).rejects.toMatchObject({ reason: 'cancelled' });
    expect(await store.list()).toEqual([]);
    expect(readdirSync(path.join(storageDir, 'worktrees'))).toEqual([]);
  });
});

describe('WorktreeStore against a hostile workspace or agent', () => {
  it('never writes an unsaved text through a link out of the folder', async () => {
    const outside = tempDir('sb-wt-outside-');
    writeFiles(outside, { 'f.txt': 'outside\n' });
    const repo = makeRepo({ 'a.txt': 'a\n' });
    symlinkSync(outside, path.join(repo, 'linked'));
    git(repo, 'add', 'linked');
    git(repo, 'commit', '-q', '-m', 'a link');
    const plain = tempDir('sb-wt-plain-');
    symlinkSync(outside, path.join(plain, 'linked'));
    const store = storeAt({ storageDir: storage() });
    const unsaved = new Map([
      [path.join(repo, 'linked', 'f.txt'), 'written through the link\n'],
      [path.join(plain, 'linked', 'f.txt'), 'written through the link\n'],
    ]);
    const worktree = await store.create([repo, plain], unsaved);
    expect(readFileSync(path.join(outside, 'f.txt'), 'utf8')).toBe('outside\n');
    expect(Object.keys(treeOf(outside))).toEqual(['f.txt']);
    // The link is kept as a link; the agent retargeting it is not a change to bring back.
    const wt = worktree.folders[0]!.path;
    rmSync(path.join(wt, 'linked'));
    symlinkSync('/etc', path.join(wt, 'linked'));
    expect(await store.changes(worktree)).toEqual([]);
  });

  it('copies a repository with a dirty submodule: the submodule stays empty in the copy, the user repository untouched', async () => {
    const sub = makeRepo({ 'lib.ts': 'lib\n' }, 'sb-wt-sub-');
    const repo = makeRepo({ 'main.ts': 'main\n' });
    git(repo, 'submodule', 'add', '-q', sub, 'vendor/lib');
    git(repo, 'commit', '-q', '-m', 'submodule');
    writeFiles(repo, { 'vendor/lib/lib.ts': 'dirty in the submodule\n' });
    const before = { repo: repoState(repo), sub: repoState(path.join(repo, 'vendor/lib')) };
    const store = storeAt({ storageDir: storage() });
    const worktree = await store.create([repo]);
    const wt = worktree.folders[0]!.path;
    expect(readFileSync(path.join(wt, 'main.ts'), 'utf8')).toBe('main\n');
    expect(existsSync(path.join(wt, 'vendor/lib'))).toBe(true);
    expect(readdirSync(path.join(wt, 'vendor/lib'))).toEqual([]);
    writeFiles(wt, { 'vendor/lib/lib.ts': 'the agent fills it\n' });
    expect(await store.changes(worktree)).toEqual([]);
    expect({ repo: repoState(repo), sub: repoState(path.join(repo, 'vendor/lib')) }).toEqual(before);
  });

  it('refuses to run git in a copy whose configuration an agent set to run a program', async () => {
    const marker = path.join(tempDir('sb-wt-marker-'), 'ran');
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const store = storeAt({ storageDir: storage() });
    const worktree = await store.create([repo]);
    const wt = worktree.folders[0]!.path;
    expect(await store.changes(worktree)).toEqual([]);
    git(wt, 'config', 'filter.evil.clean', `touch '${marker}'; cat`);
    writeFiles(wt, { '.gitattributes': '* filter=evil\n', 'a.txt': 'changed\n' });
    await expect(store.changes(worktree)).rejects.toThrow(/filter\.evil\.clean/);
    await expect(store.bringBack(worktree, async () => null)).rejects.toMatchObject({ reason: 'bad-input' });
    expect(existsSync(marker)).toBe(false);
    // An identity or a remote is fine.
    git(wt, 'config', '--unset', 'filter.evil.clean');
    git(wt, 'config', 'user.name', 'Agent');
    expect((await store.changes(worktree)).map((c) => c.relPath).sort()).toEqual(['.gitattributes', 'a.txt']);
    // Nor through a configuration of another folder, named by .git/commondir.
    const elsewhere = makeRepo({ 'x.txt': 'x\n' }, 'sb-wt-common-');
    git(elsewhere, 'config', 'filter.evil.clean', `touch '${marker}'; cat`);
    writeFileSync(path.join(wt, '.git', 'commondir'), path.join(elsewhere, '.git'));
    await expect(store.changes(worktree)).rejects.toThrow(/filter\.evil\.clean/);
    expect(existsSync(marker)).toBe(false);
  });
});
