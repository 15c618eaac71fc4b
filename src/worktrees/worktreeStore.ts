// The worktrees of chats that run in their own copy of the workspace: made, listed, compared, brought back
// and discarded, all under <storageDir>/worktrees/<id>/ (the extension's global storage in production):
//   <id>/worktree.json   the record (worktreeManifest.ts)
//   <id>/<n>/<name>/     folder n's copy: a git repository of its own (gitRepo.ts) or a plain copy
//   <id>/start/<n>/<name>/  a plain copy's start point
//   <id>/scratch/        temporary indexes
//   <id>/taken.json, <id>/taken/  what Bring back took of each file (takenFiles.ts)
// Discard removes <id>/ and that is all there is: nothing is registered in the user's repository, so an
// uninstall that removes the storage folder leaves nothing behind either. Workspace folders of one repository
// share one copy of it. Nothing here writes in the user's tree: Bring back returns the merged texts and the
// glue applies them as pending review.
import { worktreesFolder } from './uninstallRecord';
import { mkdir, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { t } from '../shared/l10n';
import { copyFolder, type CopyLimits } from './folderCopy';
import { findUserRepo, type UserRepo } from './gitRepo';
import { createGitCopy } from './gitCreate';
import { gitRunner, type RunGit } from './gitRunner';
import { WorktreeDiffer } from './worktreeDiffer';
import {
  listRecords,
  markMaking,
  newWorktreeId,
  unmarkMaking,
  readRecord,
  WORKTREE_ID,
  writeRecord,
  type WorktreeRecord,
} from './worktreeManifest';
import { throwIfAborted, WorktreeError } from './worktreeError';
import type { MergedFile, Worktree, WorktreeChange, WorktreeFileTexts, WorktreeFolder } from './worktreeTypes';
import { writeInside } from './safeWrite';
import { addTaken, readTaken, type TakenFile } from './takenFiles';

export interface WorktreeLimits extends CopyLimits {
  /** The largest file Bring back reads (bytes); larger changed files are refused with their names. */
  maxFileBytes: number;
}

export const DEFAULT_WORKTREE_LIMITS: WorktreeLimits = {
  maxFiles: 50_000,
  maxBytes: 1024 * 2 ** 20,
  maxFileBytes: 50 * 2 ** 20,
};

export interface WorktreeStoreOptions {
  /** The extension's storage folder; the store keeps everything in its `worktrees` subfolder. */
  storageDir: string;
  /** The git executable (default `git`, found on PATH). */
  gitPath?: string;
  /** Said once per store: git is missing, so every folder is a plain copy. */
  onNotice?: (message: string) => void;
  limits?: Partial<WorktreeLimits>;
}

export class WorktreeStore {
  private readonly root: string;
  private readonly git: RunGit;
  private readonly limits: WorktreeLimits;
  private gitThere: Promise<boolean> | undefined;
  /** Per worktree id, the comparison running: one at a time (they share the worktree's index). */
  private readonly comparing = new Map<string, Promise<unknown>>();
  /** Per worktree id, what the last Bring back merged of the chat's files, by target, until markTaken. */
  private readonly lastBroughtBack = new Map<string, Map<string, TakenFile>>();

  constructor(private readonly options: WorktreeStoreOptions) {
    this.root = worktreesFolder(options.storageDir);
    this.git = gitRunner(options.gitPath ?? 'git');
    this.limits = { ...DEFAULT_WORKTREE_LIMITS, ...options.limits };
  }

  /**
   * A worktree of these workspace folders as they are now, `unsaved` (absolute path -> editor text)
   * included. The first folder's copy is the agent's cwd. On failure or cancel nothing is left behind.
   */
  async create(
    folders: readonly string[],
    unsaved: ReadonlyMap<string, string> = new Map(),
    signal?: AbortSignal,
  ): Promise<Worktree> {
    const sources = checkFolders(folders);
    for (const source of sources) {
      if (!(await stat(source).catch(() => undefined))?.isDirectory()) {
        throw new WorktreeError('bad-input', t('Not a folder: {0}', source));
      }
    }
    const createdAt = Date.now();
    const id = newWorktreeId(createdAt);
    const dir = path.join(this.root, id);
    await mkdir(path.join(dir, 'scratch'), { recursive: true });
    try {
      await markMaking(dir);
      const record = await this.makeCopies(dir, sources, unsaved, signal);
      const worktree: Worktree = { id, createdAt, folders: record.folders };
      await writeRecord(dir, { worktree, prefixes: record.prefixes });
      await unmarkMaking(dir);
      return worktree;
    } catch (error) {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
      throw error;
    }
  }

  /** Every worktree in storage (another window's too), those that can only be discarded with a `problem`. */
  list(): Promise<Worktree[]> {
    return listRecords(this.root);
  }

  /** What the chat changed since its start point, in every folder. */
  changes(worktree: Worktree, signal?: AbortSignal): Promise<WorktreeChange[]> {
    return this.oneAtATime(worktree.id, async () => (await this.differ(worktree, signal)).changes(signal));
  }

  /** What the chat changed, with each text file's texts before and now (what a comparison shows). */
  changedTexts(worktree: Worktree, signal?: AbortSignal): Promise<WorktreeFileTexts[]> {
    return this.oneAtATime(worktree.id, async () => (await this.differ(worktree, signal)).texts(signal));
  }

  /**
   * Every changed file merged three ways (start point, `currentText` of the workspace file, the chat's).
   * `currentText` gives the user's unsaved text where the file is open, else its text on disk, null where
   * there is no such file; binary files are read from disk here. Nothing is written.
   */
  async bringBack(
    worktree: Worktree,
    currentText: (target: string) => Promise<string | null>,
    signal?: AbortSignal,
  ): Promise<MergedFile[]> {
    return this.oneAtATime(worktree.id, async () => {
      const { merged, taken } = await (await this.differ(worktree, signal)).bringBack(currentText, signal);
      this.lastBroughtBack.set(worktree.id, taken);
      return merged;
    });
  }

  /**
   * The files of the last Bring back that the workspace now holds (`targets`: those written): a later Bring back
   * compares them against what was taken, so it offers only what the chat changed since.
   */
  markTaken(worktree: Worktree, targets: readonly string[]): Promise<void> {
    return this.oneAtATime(worktree.id, async () => {
      const record = await this.record(worktree);
      const last = this.lastBroughtBack.get(record.worktree.id);
      this.lastBroughtBack.delete(record.worktree.id);
      const files = targets.flatMap((target) => last?.get(target) ?? []);
      await addTaken(path.join(this.root, record.worktree.id), files);
    });
  }

  /** Removes everything the worktree is (its folder in storage); a worktree already gone is no error. */
  async discard(worktree: Pick<Worktree, 'id'>): Promise<void> {
    if (!WORKTREE_ID.test(worktree.id)) throw new WorktreeError('bad-input', t('Not a worktree id: {0}', worktree.id));
    await rm(path.join(this.root, worktree.id), { recursive: true, force: true, maxRetries: 3 });
  }

  private oneAtATime<T>(id: string, run: () => Promise<T>): Promise<T> {
    const previous = this.comparing.get(id) ?? Promise.resolve();
    const next = previous.then(run, run);
    const settled = next.catch(() => undefined);
    this.comparing.set(id, settled);
    void settled.then(() => {
      if (this.comparing.get(id) === settled) this.comparing.delete(id);
    });
    return next;
  }

  private async differ(worktree: Worktree, signal?: AbortSignal): Promise<WorktreeDiffer> {
    const record = await this.record(worktree);
    const scratch = path.join(this.root, worktree.id, 'scratch');
    await mkdir(scratch, { recursive: true });
    throwIfAborted(signal);
    const taken = await readTaken(path.join(this.root, worktree.id));
    return new WorktreeDiffer(this.git, record, scratch, this.limits.maxFileBytes, this.limits, taken);
  }

  /** The record on disk (not the caller's copy of it): the one truth about what was made. */
  private async record(worktree: Worktree): Promise<WorktreeRecord> {
    if (!WORKTREE_ID.test(worktree.id)) throw new WorktreeError('bad-input', t('Not a worktree id: {0}', worktree.id));
    const record = await readRecord(path.join(this.root, worktree.id));
    if ('problem' in record) {
      throw new WorktreeError('missing', t("The chat's worktree {0} cannot be used: {1}", worktree.id, record.problem));
    }
    return record;
  }

  private async makeCopies(
    dir: string,
    sources: readonly string[],
    unsaved: ReadonlyMap<string, string>,
    signal?: AbortSignal,
  ): Promise<{ folders: WorktreeFolder[]; prefixes: string[] }> {
    const folders: WorktreeFolder[] = [];
    const prefixes: string[] = [];
    // One copy per repository: folders of the same repository share it (and its start commit).
    const repoCopies = new Map<string, { root: string; start: string }>();
    const repos = await Promise.all(sources.map((source) => this.repoOf(source, signal)));
    for (const [n, source] of sources.entries()) {
      const repo = repos[n]!;
      const copyDir = path.join(dir, String(n));
      if (repo) {
        let copy = repoCopies.get(repo.toplevel);
        if (!copy) {
          const root = path.join(copyDir, path.basename(repo.toplevel) || 'repo');
          const start = await createGitCopy(this.git, {
            repo,
            root,
            scratch: path.join(dir, 'scratch'),
            unsaved: unsavedUnder(repo.toplevel, unsaved),
            skip: this.root,
            limits: this.limits,
            signal,
          });
          copy = { root, start };
          repoCopies.set(repo.toplevel, copy);
        }
        folders.push({ source, path: path.join(copy.root, repo.prefix), kind: 'git', start: copy.start });
        prefixes.push(repo.prefix);
      } else {
        const copy = path.join(copyDir, path.basename(source) || 'folder');
        const start = path.join(dir, 'start', String(n), path.basename(source) || 'folder');
        await copyFolder(source, [copy, start], this.limits, this.root, signal);
        for (const [rel, text] of unsavedUnder(source, unsaved)) {
          for (const target of [copy, start]) await writeInside(target, rel, text);
        }
        folders.push({ source, path: copy, kind: 'copy', start });
        prefixes.push('');
      }
    }
    return { folders, prefixes };
  }

  private async repoOf(source: string, signal?: AbortSignal): Promise<UserRepo | null> {
    if (!(await this.hasGit())) return null;
    return findUserRepo(this.git, source, signal);
  }

  private hasGit(): Promise<boolean> {
    this.gitThere ??= this.git({ cwd: this.root, args: ['--version'] }).then(
      () => true,
      (error: unknown) => {
        if (!(error instanceof WorktreeError && error.reason === 'git-missing')) return true;
        this.options.onNotice?.(
          t(
            'Git was not found ({0}): chats in their own worktree use plain copies of the workspace folders.',
            this.options.gitPath ?? 'git',
          ),
        );
        return false;
      },
    );
    return this.gitThere;
  }
}

function checkFolders(folders: readonly string[]): string[] {
  if (folders.length === 0) throw new WorktreeError('bad-input', t('A worktree needs at least one workspace folder.'));
  const sources = folders.map((folder) => {
    if (!path.isAbsolute(folder)) throw new WorktreeError('bad-input', t('Not an absolute path: {0}', folder));
    return path.resolve(folder);
  });
  if (new Set(sources).size !== sources.length) {
    throw new WorktreeError('bad-input', t('A workspace folder is named twice: {0}', sources.join(', ')));
  }
  return sources;
}

/** The unsaved texts of files under `folder`, by path relative to it (`/`-separated). */
function unsavedUnder(folder: string, unsaved: ReadonlyMap<string, string>): Map<string, string> {
  const under = new Map<string, string>();
  for (const [file, text] of unsaved) {
    const rel = path.relative(folder, path.resolve(file));
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) under.set(rel.split(path.sep).join('/'), text);
  }
  return under;
}
