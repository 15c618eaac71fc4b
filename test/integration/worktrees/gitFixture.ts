// Real git repositories and folders on disk for the worktree store's tests, and what a test checks of the
// user's repository: that nothing in it changed (working tree, index, stash, refs, the files under .git).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, lstatSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { cleanGitEnv } from '../../../src/worktrees/gitRunner';
import { WorktreeStore, type WorktreeStoreOptions } from '../../../src/worktrees/worktreeStore';
import { PROCESS_DEADLINE_MS, within } from '../../within';
import { tempDir } from '../tempDirs';

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'protocol.file.allow=always', ...args], {
    cwd,
    env: cleanGitEnv(IDENTITY),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: PROCESS_DEADLINE_MS,
  });
}

/** A store whose every answer has a deadline: a git that hangs fails the test naming the call, in seconds. */
export function storeAt(options: WorktreeStoreOptions): WorktreeStore {
  const store = new WorktreeStore(options);
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result instanceof Promise ? within(result, `WorktreeStore.${String(key)}`, PROCESS_DEADLINE_MS) : result;
      };
    },
  });
}

/** Writes files (relative path -> text or bytes), creating folders. */
export function writeFiles(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
}

/** A repository with these files committed on `main`. */
export function makeRepo(files: Record<string, string | Uint8Array>, prefix = 'sb-wt-repo-'): string {
  const repo = path.join(tempDir(prefix), 'project');
  mkdirSync(repo);
  git(repo, 'init', '-q');
  writeFiles(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'initial');
  return repo;
}

/** Every entry under root (links as "-> target", files by content hash), .git and the skipped names left out. */
export function treeOf(root: string, skip: readonly string[] = ['.git']): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel))) {
      const entryRel = rel ? `${rel}/${name}` : name;
      if (skip.includes(entryRel)) continue;
      const full = path.join(root, entryRel);
      const stats = lstatSync(full);
      if (stats.isSymbolicLink()) out[entryRel] = `-> ${readlinkSync(full)}`;
      else if (stats.isDirectory()) walk(entryRel);
      else out[entryRel] = createHash('sha1').update(readFileSync(full)).digest('hex');
    }
  };
  walk('');
  return out;
}

/** What must not change in the user's repository: status, index, stash, refs, and every file under .git. */
export function repoState(repo: string): Record<string, unknown> {
  return {
    status: git(repo, '--no-optional-locks', 'status', '--porcelain=v2', '-z', '--untracked-files=all', '--ignored'),
    index: git(repo, 'ls-files', '-s', '--debug'),
    stash: git(repo, 'stash', 'list'),
    refs: git(repo, 'for-each-ref'),
    dotGit: treeOf(git(repo, 'rev-parse', '--absolute-git-dir').trim(), []),
    worktrees: git(repo, 'worktree', 'list', '--porcelain'),
  };
}
