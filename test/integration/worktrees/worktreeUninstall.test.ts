// An uninstall leaves no chat worktree behind: an activation records where they live beside the extension's files,
// and the vscode:uninstall hook (built as esbuild.mjs builds dist/uninstall.js, run with Node from the extension's
// folder as VS Code runs it) deletes them, and nothing that does not look like a worktree of ours.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatWorktreeInStore, recordWorktreeStorage, worktreesFolder } from '../../../src/worktrees/uninstallRecord';
import { PROCESS_DEADLINE_MS } from '../../within';
import { tempDir } from '../tempDirs';
import { makeRepo, storeAt } from './gitFixture';

let hook: string;
beforeAll(async () => {
  const extensionDir = tempDir('sb-uninstall-build-');
  await esbuild.build({
    entryPoints: { uninstall: 'src/uninstall/main.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outdir: path.join(extensionDir, 'dist'),
    logLevel: 'silent',
  });
  hook = path.join(extensionDir, 'dist', 'uninstall.js');
});

/** The extension's folder with the built hook in it, as VS Code installs it. */
function installedExtension(): string {
  const dir = tempDir('sb-uninstall-ext-');
  mkdirSync(path.join(dir, 'dist'));
  copyFileSync(hook, path.join(dir, 'dist', 'uninstall.js'));
  return dir;
}

const runHook = (extensionDir: string) =>
  execFileSync(process.execPath, [path.join(extensionDir, 'dist', 'uninstall.js')], {
    encoding: 'utf8',
    timeout: PROCESS_DEADLINE_MS,
  });

describe('the vscode:uninstall hook', () => {
  it('deletes the worktrees of every storage an activation recorded, and only what looks like a worktree of ours', async () => {
    const extensionDir = installedExtension();
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const storages = [tempDir('sb-uninstall-storage-'), tempDir('sb-uninstall-storage-')];
    const made = [];
    for (const storageDir of storages) {
      expect(await recordWorktreeStorage(extensionDir, storageDir)).toBeUndefined();
      made.push(await storeAt({ storageDir }).create([repo]));
    }
    // Recorded once however often the window activates.
    expect(await recordWorktreeStorage(extensionDir, storages[0]!)).toBeUndefined();
    // Something of the user's (or another tool's) in the folder: not a worktree id, so it stays.
    writeFileSync(path.join(worktreesFolder(storages[0]!), 'Notes.TXT'), 'mine');
    for (const wt of made) expect(existsSync(wt.folders[0]!.path)).toBe(true);

    expect(runHook(extensionDir)).toMatch(/removed 2 chat worktree/);

    for (const wt of made) expect(existsSync(wt.folders[0]!.path)).toBe(false);
    expect(readdirSync(worktreesFolder(storages[0]!))).toEqual(['Notes.TXT']);
    expect(existsSync(worktreesFolder(storages[1]!))).toBe(false);
    expect(existsSync(path.join(repo, 'a.txt'))).toBe(true);
  });

  it('a tampered record naming a folder that is not a worktrees folder deletes nothing', () => {
    const extensionDir = installedExtension();
    const victim = tempDir('sb-uninstall-victim-');
    mkdirSync(path.join(victim, 'abc-123'));
    writeFileSync(
      path.join(extensionDir, '.worktree-storage.json'),
      JSON.stringify({ worktreeFolders: [victim, 'relative/worktrees', 42, null] }),
    );
    runHook(extensionDir);
    expect(readdirSync(victim)).toEqual(['abc-123']);
  });

  it('with no record, or an unreadable one, the hook ends quietly', () => {
    const extensionDir = installedExtension();
    expect(runHook(extensionDir)).toBe('');
    writeFileSync(path.join(extensionDir, '.worktree-storage.json'), '{not json');
    expect(runHook(extensionDir)).toBe('');
  });

  it('an extension folder that cannot be written is reported, not thrown', async () => {
    expect(
      await recordWorktreeStorage(path.join(tempDir('sb-uninstall-'), 'missing', 'deeper'), tempDir('s-')),
    ).toMatch(/ENOENT/);
  });
});

describe("a restored chat's worktree as its journal names it", () => {
  const root = '/storage/worktrees';
  it("is the store's only where each folder lies in that worktree's own folder", () => {
    expect(chatWorktreeInStore({ id: 'wt-1', folders: ['/storage/worktrees/wt-1/app'] }, root)).toBe(true);
    expect(
      chatWorktreeInStore({ id: 'wt-1', folders: ['/storage/worktrees/wt-1/a', '/storage/worktrees/wt-1/b'] }, root),
    ).toBe(true);
    // An altered journal: the user's workspace, another worktree, the worktree's own folder, a climb out, a bad id.
    expect(chatWorktreeInStore({ id: 'wt-1', folders: ['/home/user/project'] }, root)).toBe(false);
    expect(chatWorktreeInStore({ id: 'wt-1', folders: ['/storage/worktrees/wt-2/app'] }, root)).toBe(false);
    expect(chatWorktreeInStore({ id: 'wt-1', folders: ['/storage/worktrees/wt-1'] }, root)).toBe(false);
    expect(chatWorktreeInStore({ id: 'wt-1', folders: ['/storage/worktrees/wt-1/../../x'] }, root)).toBe(false);
    expect(chatWorktreeInStore({ id: '../x', folders: ['/storage/worktrees/../x/app'] }, root)).toBe(false);
    expect(chatWorktreeInStore({ id: 'wt-1', folders: [] }, root)).toBe(false);
  });
});
