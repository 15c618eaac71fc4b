// The two repositories a git worktree involves, and how git is pointed at each.
// - The user's: found from the workspace folder (which may be a subfolder of it); only read. Its state is
//   turned into a tree through a temporary index (a copy of the user's, so that git's stat cache spares it
//   hashing every file) with new objects written into OUR object store: the user's index, refs, stash,
//   objects and working tree are never written.
// - Ours, the copy: a repository of its own in the extension's storage that borrows the user's objects
//   (objects/info/alternates), so nothing is registered in the user's repository (unlike `git worktree
//   add`, whose metadata in .git/worktrees an uninstall would leave behind) and deleting the folder removes
//   everything. The agent may run git in it: commits and branches stay in the copy.
import { copyFile, lstat, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { COPY_CONFIG, type RunGit } from './gitRunner';
import { t } from '../shared/l10n';
import { WorktreeError } from './worktreeError';

export interface UserRepo {
  /** The working tree's top folder. */
  toplevel: string;
  /** The workspace folder relative to toplevel, `/`-separated, "" at the top. */
  prefix: string;
  /** $GIT_DIR (absolute): where the index is. */
  gitDir: string;
  /** The object store (absolute, of the common dir: a linked worktree shares its main repository's). */
  objectsDir: string;
  /** The commit checked out; null in a repository without commits yet. */
  head: string | null;
  /** sha1 or sha256: the copy must be made with the same, or it cannot borrow the objects. */
  objectFormat: string;
}

/** The repository a folder is in, or null where it is in none (a plain copy then). */
export async function findUserRepo(git: RunGit, folder: string, signal?: AbortSignal): Promise<UserRepo | null> {
  let lines: string[];
  try {
    const { stdout } = await git({
      cwd: folder,
      args: [
        'rev-parse',
        '--show-toplevel',
        '--show-prefix',
        '--absolute-git-dir',
        '--git-common-dir',
        '--show-object-format',
      ],
      signal,
    });
    lines = stdout.toString('utf8').split('\n');
  } catch (error) {
    // Not a repository (or inside .git, or a bare one): a plain copy. A missing git or a cancel is told.
    if (error instanceof WorktreeError && error.reason === 'git-failed') return null;
    throw error;
  }
  const [toplevel, prefix, gitDir, commonDir, objectFormat] = lines;
  if (!toplevel || prefix === undefined || !gitDir || !commonDir || !objectFormat) return null;
  const { stdout } = await git({
    cwd: folder,
    args: ['rev-parse', '-q', '--verify', 'HEAD^{commit}'],
    okCodes: [1],
    signal,
  });
  const head = stdout.toString('utf8').trim() || null;
  // A folder its repository ignores (a build output, a dependency, a scratch folder opened on its own) holds none of
  // the repository's files: git would copy nothing of it, so it is a plain copy.
  const cleanPrefix = prefix.replace(/\/$/, '');
  if (cleanPrefix !== '') {
    const ignored = await git({ cwd: toplevel, args: ['check-ignore', '-q', '--', cleanPrefix], okCodes: [1], signal });
    if (ignored.code === 0) return null;
  }
  return {
    toplevel: path.resolve(toplevel),
    prefix: cleanPrefix,
    gitDir,
    objectsDir: path.resolve(folder, commonDir, 'objects'),
    head,
    objectFormat,
  };
}

/** A git command in our copy, with its repository named explicitly (never found by walking up). */
export function copyGit(git: RunGit, root: string, env: Record<string, string> = {}): RunGit {
  return (command) =>
    git({
      ...command,
      args: [...COPY_CONFIG, ...command.args],
      env: {
        GIT_DIR: path.join(root, '.git'),
        GIT_WORK_TREE: root,
        // A pointer file of Git LFS stays a pointer: the copy has no LFS store to fill it from.
        GIT_LFS_SKIP_SMUDGE: '1',
        ...env,
        ...command.env,
      },
    });
}

/**
 * Copies an index file for git to use as its stat cache; false where there is none to copy. The copy keeps the
 * original's time: git trusts an entry's recorded file times only where the index is newer than them, and
 * rehashes the rest ("racily clean": a file rewritten at the same size within the second it was recorded).
 * A copy dated when it was copied would make those entries trusted, and such a rewrite unseen.
 */
export async function copyIndex(from: string, to: string): Promise<boolean> {
  try {
    const { atime, mtime } = await stat(from);
    await copyFile(from, to);
    // Date keeps milliseconds: never later than the original's time, so no entry becomes trusted.
    await utimes(to, atime, mtime);
    return true;
  } catch {
    return false;
  }
}

/**
 * Local configuration keys an agent may set in its copy without making our next git command run a
 * program of its choosing (a `filter.*.clean` runs on `git add`, `core.fsmonitor` on any index refresh).
 */
const HARMLESS_KEY =
  /^(core\.(repositoryformatversion|filemode|bare|logallrefupdates|ignorecase|precomposeunicode|symlinks|autocrlf|eol|safecrlf)|user\.[^.]+|author\.[^.]+|committer\.[^.]+|branch\..+\.(remote|merge|rebase)|remote\..+\.(url|fetch|pushurl)|init\.defaultbranch|extensions\.objectformat)$/i;

/**
 * Refuses a copy whose .git is not our folder or whose configuration could run programs. The check asks git
 * (includes and all); a configuration file byte for byte the one checked last time (kept in `scratch`) is
 * not asked again: with no `commondir` there, git reads no other repository configuration.
 */
export async function checkCopyRepo(git: RunGit, root: string, scratch: string, signal?: AbortSignal): Promise<void> {
  const dotGit = await lstat(path.join(root, '.git')).catch(() => undefined);
  if (!dotGit?.isDirectory()) {
    throw new WorktreeError(
      'missing',
      t('{0} is no longer a git repository of its own (.git is gone or replaced).', root),
    );
  }
  const config = await readFile(path.join(root, '.git', 'config')).catch(() => Buffer.alloc(0));
  const checked = path.join(scratch, 'checked-config');
  const commondir = await lstat(path.join(root, '.git', 'commondir')).catch(() => undefined);
  const lastChecked = await readFile(checked).catch(() => undefined);
  if (!commondir && lastChecked?.equals(config)) return;
  const { stdout } = await copyGit(git, root)({ cwd: root, args: ['config', '--list', '--show-scope', '-z'], signal });
  const fields = stdout.toString('utf8').split('\0');
  for (let k = 0; k + 1 < fields.length; k += 2) {
    const scope = fields[k]!;
    const key = fields[k + 1]!.split('\n', 1)[0]!;
    if ((scope === 'local' || scope === 'worktree') && !HARMLESS_KEY.test(key)) {
      throw new WorktreeError(
        'bad-input',
        t(
          'The chat\'s worktree {0} has "{1}" in its git configuration, which could run a program: remove it from .git/config there, then try again.',
          root,
          key,
        ),
      );
    }
  }
  if (!commondir) await writeFile(checked, config);
}
