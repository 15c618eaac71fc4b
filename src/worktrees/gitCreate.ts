// Making the git copy of a repository as the workspace holds it: HEAD, plus every uncommitted change
// (staged, unstaged, untracked but not ignored, deletions, binary files), plus the editors' unsaved texts,
// recorded as a start commit in the copy (its parent: the user's HEAD, so `git log` there reads as usual).
// The choice of a repository of our own over `git worktree add` is explained in gitRepo.ts.
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { copyGit, copyIndex, type UserRepo } from './gitRepo';
import { excludePathspec, START_COMMIT_ENV, START_REF, type RunGit } from './gitRunner';
import { staysInside, writeInside } from './safeWrite';
import { t } from '../shared/l10n';
import type { CopyLimits } from './folderCopy';
import { WorktreeError } from './worktreeError';

export interface GitCopyRequest {
  repo: UserRepo;
  /** The copy's top folder (created here). */
  root: string;
  /** A folder of ours for the temporary index. */
  scratch: string;
  /** Unsaved editor texts, by path relative to the repository's top, `/`-separated. */
  unsaved: ReadonlyMap<string, string>;
  /** A folder (absolute) inside the working tree to leave out: the store's own, where it is in there. */
  skip?: string;
  /** Bounds on the untracked files copied (what is tracked is checked out whatever its size, as git does). */
  limits: CopyLimits;
  signal?: AbortSignal;
}

/** Makes the copy; returns its start commit. */
export async function createGitCopy(git: RunGit, request: GitCopyRequest): Promise<string> {
  const { repo, root, signal } = request;
  await mkdir(root, { recursive: true });
  await git({ cwd: root, args: ['init', '-q', `--object-format=${repo.objectFormat}`, root], signal });
  const objects = path.join(root, '.git', 'objects');
  await writeFile(path.join(objects, 'info', 'alternates'), `${repo.objectsDir}\n`);
  const workspaceTree = await workspaceStateTree(git, request, objects);
  const inCopy = copyGit(git, root);
  await inCopy({ cwd: root, args: ['read-tree', '-u', '--reset', workspaceTree], signal });
  const startTree = await withUnsavedTexts(inCopy, request, workspaceTree);
  const parent = repo.head ? ['-p', repo.head] : [];
  const message = t('The workspace when the chat started (uncommitted and unsaved changes included)');
  const commit = (
    await inCopy({
      cwd: root,
      args: ['commit-tree', startTree, ...parent, '-m', message],
      env: START_COMMIT_ENV,
      signal,
    })
  ).stdout
    .toString('utf8')
    .trim();
  await inCopy({ cwd: root, args: ['update-ref', START_REF, commit], signal });
  await inCopy({ cwd: root, args: ['symbolic-ref', 'HEAD', START_REF], signal });
  return commit;
}

/**
 * The tree of the user's working state, through a temporary index and with new objects written into our
 * store: the user's repository is only read (see gitRepo.ts).
 */
async function workspaceStateTree(git: RunGit, request: GitCopyRequest, ourObjects: string): Promise<string> {
  const { repo, scratch, signal } = request;
  const index = path.join(scratch, 'workspace-index');
  const env = {
    GIT_INDEX_FILE: index,
    GIT_OBJECT_DIRECTORY: ourObjects,
    GIT_ALTERNATE_OBJECT_DIRECTORIES: repo.objectsDir,
  };
  const inUserRepo: RunGit = (command) => git({ ...command, cwd: repo.toplevel, env: { ...env, ...command.env } });
  const copied = await copyIndex(path.join(repo.gitDir, 'index'), index);
  if (!copied)
    await inUserRepo({
      cwd: repo.toplevel,
      args: repo.head ? ['read-tree', repo.head] : ['read-tree', '--empty'],
      signal,
    });
  const leaveOut = await storageLeftOut(inUserRepo, request);
  await checkUntracked(inUserRepo, request, leaveOut);
  await inUserRepo({ cwd: repo.toplevel, args: ['add', '-A', '--', '.', ...leaveOut], signal });
  return (await inUserRepo({ cwd: repo.toplevel, args: ['write-tree'], signal })).stdout.toString('utf8').trim();
}

/**
 * Our storage, where it lies inside the repository (a workspace holding VS Code's user data, as tests do), as a
 * pathspec that leaves it out. Not where git ignores it already: `git add` refuses a pathspec that names an
 * ignored path, even one that only excludes it.
 */
async function storageLeftOut(inUserRepo: RunGit, request: GitCopyRequest): Promise<string[]> {
  const { repo, signal } = request;
  const skip = request.skip ? path.relative(repo.toplevel, request.skip) : '';
  if (!skip || skip.startsWith('..') || path.isAbsolute(skip)) return [];
  const rel = skip.split(path.sep).join('/');
  const ignored = await inUserRepo({
    cwd: repo.toplevel,
    args: ['check-ignore', '-q', '--', rel],
    okCodes: [1],
    signal,
  });
  return ignored.code === 0 ? [] : [excludePathspec(rel)];
}

/**
 * Refuses untracked files git does not ignore past the copy limits, before a byte of them is copied: a
 * forgotten 10 GB disk image beside the sources would otherwise be hashed into the copy in silence. What is
 * tracked is checked out as `git worktree add` would; only this part is the workspace's choice.
 */
async function checkUntracked(inUserRepo: RunGit, request: GitCopyRequest, leaveOut: string[]): Promise<void> {
  const { repo, limits, signal } = request;
  const { stdout } = await inUserRepo({
    cwd: repo.toplevel,
    args: ['ls-files', '-z', '--others', '--exclude-standard', '--', '.', ...leaveOut],
    signal,
  });
  const files = stdout.toString('utf8').split('\0').filter(Boolean);
  let bytes = 0;
  for (const rel of files) bytes += (await lstat(path.join(repo.toplevel, rel)).catch(() => undefined))?.size ?? 0;
  if (files.length > limits.maxFiles || bytes > limits.maxBytes) {
    throw new WorktreeError(
      'too-big',
      t(
        "{0} has {1} untracked files ({2} MiB) that git does not ignore, more than a chat's worktree copies ({3} files, {4} MiB): add them to .gitignore or commit them, then try again.",
        repo.toplevel,
        files.length,
        Math.round(bytes / 2 ** 20),
        limits.maxFiles,
        Math.round(limits.maxBytes / 2 ** 20),
      ),
    );
  }
}

/** Writes the unsaved texts into the copy (those git does not ignore) and returns the tree with them. */
async function withUnsavedTexts(inCopy: RunGit, request: GitCopyRequest, tree: string): Promise<string> {
  const { root, signal } = request;
  const paths: string[] = [];
  // Only paths in the copy's own folders: git refuses to look past a link, and a write must not.
  for (const rel of request.unsaved.keys()) if (await staysInside(root, rel)) paths.push(rel);
  if (paths.length === 0) return tree;
  const literal = { GIT_LITERAL_PATHSPECS: '1' };
  const ignoredOut = await inCopy({
    cwd: root,
    args: ['check-ignore', '--no-index', '-z', '--stdin'],
    input: paths.join('\0') + '\0',
    okCodes: [1],
    signal,
  });
  const ignored = new Set(ignoredOut.stdout.toString('utf8').split('\0'));
  const written: string[] = [];
  for (const rel of paths) {
    if (ignored.has(rel)) continue;
    if (await writeInside(root, rel, request.unsaved.get(rel)!)) written.push(rel);
  }
  if (written.length === 0) return tree;
  await inCopy({
    cwd: root,
    args: ['add', '--pathspec-from-file=-', '--pathspec-file-nul'],
    input: written.join('\0'),
    env: literal,
    signal,
  });
  return (await inCopy({ cwd: root, args: ['write-tree'], signal })).stdout.toString('utf8').trim();
}
