// A worktree's changed files with both sides at hand: the start point's bytes (base) and the copy's
// (theirs), for "what changed" and for Bring back. Git copies are compared by git (gitChanges.ts), plain
// copies against their start copy (folderCopy.ts); either way each file is then a pair of byte arrays. "What changed"
// and Bring back compare a file Bring back took before against what it took (takenFiles.ts); a comparison's diffs
// (texts) show everything since the start point.
import * as path from 'node:path';
import { t } from '../shared/l10n';
import { lstat } from 'node:fs/promises';
import { readIfRegular, textOf } from './fileBytes';
import { copyChanges, type CopyLimits } from './folderCopy';
import { gitCopyChanges, startBytes } from './gitChanges';
import type { RunGit } from './gitRunner';
import { mergeBinaryFile, mergeTextFile } from './mergeChangedFile';
import type { WorktreeRecord } from './worktreeManifest';
import { throwIfAborted, WorktreeError } from './worktreeError';
import { takenKey, type TakenFile, type TakenFiles } from './takenFiles';
import type { MergedFile, WorktreeChange, WorktreeFileTexts, WorktreeFolder } from './worktreeTypes';

interface ChangedFile {
  source: string;
  relPath: string;
  kind: WorktreeChange['kind'];
  /** The file in the workspace (absolute). */
  target: string;
  base: Buffer | null;
  /** The copy's file, read when needed (null: deleted). */
  copyPath: string | null;
}

export class WorktreeDiffer {
  constructor(
    private readonly git: RunGit,
    private readonly record: WorktreeRecord,
    private readonly scratch: string,
    private readonly maxFileBytes: number,
    /** What one Bring back may hold in memory: the copy limits (an agent may have made 50,000 files). */
    private readonly limits: CopyLimits,
    /** What Bring back took before, by takenKey. */
    private readonly taken: TakenFiles = new Map(),
  ) {}

  async changes(signal?: AbortSignal): Promise<WorktreeChange[]> {
    const files = await this.untakenFiles(signal);
    const changes: WorktreeChange[] = [];
    for (const file of files) {
      // A file past the read limit is not read to tell text from binary: it could only be merged whole.
      const theirs = await this.theirs(file).catch((error: unknown) => {
        if (error instanceof WorktreeError && error.reason === 'too-big') return undefined;
        throw error;
      });
      const binary = theirs === undefined || isBinary(file.base) || isBinary(theirs);
      changes.push({ source: file.source, relPath: file.relPath, kind: file.kind, binary });
    }
    return changes;
  }

  /**
   * Each changed file with its text at the start point and now (what a comparison shows as a diff). Binary files, a
   * file past the read limit and the files past the copy limits' bytes come without texts (`omitted`).
   */
  async texts(signal?: AbortSignal): Promise<WorktreeFileTexts[]> {
    const files = await this.changedFiles(signal);
    const result: WorktreeFileTexts[] = [];
    let bytes = 0;
    for (const file of files) {
      throwIfAborted(signal);
      const change = { source: file.source, relPath: file.relPath, kind: file.kind };
      const theirs = bytes > this.limits.maxBytes ? undefined : await this.theirs(file).catch(() => undefined);
      if (theirs === undefined || isBinary(file.base) || isBinary(theirs)) {
        result.push({ ...change, binary: theirs !== undefined, before: null, after: null, omitted: true });
        continue;
      }
      bytes += (theirs?.length ?? 0) + (file.base?.length ?? 0);
      result.push({ ...change, binary: false, before: asText(file.base), after: asText(theirs) });
    }
    return result;
  }

  /** Each file merged, and what of the chat's it holds (for takenFiles.ts once the glue wrote it), by target. */
  async bringBack(
    currentText: (target: string) => Promise<string | null>,
    signal?: AbortSignal,
  ): Promise<{ merged: MergedFile[]; taken: Map<string, TakenFile> }> {
    const files = await this.untakenFiles(signal);
    // Every side read before anything is merged: a file past the limit is refused with its name up front.
    if (files.length > this.limits.maxFiles) throw this.tooMany(files.length, 0);
    const sides = [];
    let bytes = 0;
    for (const file of files) {
      const theirs = await this.theirs(file);
      bytes += (theirs?.length ?? 0) + (file.base?.length ?? 0);
      if (bytes > this.limits.maxBytes) throw this.tooMany(files.length, bytes);
      sides.push({ file, theirs });
    }
    const merged: MergedFile[] = [];
    const taken = new Map<string, TakenFile>();
    for (const { file, theirs } of sides) {
      taken.set(file.target, { source: file.source, relPath: file.relPath, bytes: theirs });
      throwIfAborted(signal);
      const { target, base } = file;
      if (isBinary(base) || isBinary(theirs)) {
        const ours = await readIfRegular(target, this.maxFileBytes);
        merged.push(mergeBinaryFile({ target, base, ours, theirs }));
      } else {
        const ours = await currentText(target);
        merged.push(mergeTextFile({ target, base: asText(base), ours, theirs: asText(theirs) }));
      }
    }
    return { merged, taken };
  }

  /** The changed files, a file Bring back took before compared against what it took (its base replaced). */
  private async untakenFiles(signal?: AbortSignal): Promise<ChangedFile[]> {
    const files = await this.changedFiles(signal);
    if (this.taken.size === 0) return files;
    const listed = new Map(files.map((file) => [takenKey(file.source, file.relPath), file]));
    const result = files.filter((file) => !this.taken.has(takenKey(file.source, file.relPath)));
    for (const [key, kept] of this.taken) {
      throwIfAborted(signal);
      // Listed: changed since the start point; else as it was then (the chat may have undone what was taken).
      const file = listed.get(key) ?? (await this.fileAsAtStart(key));
      if (!file) continue;
      const base = kept === null ? null : await readIfRegular(kept, this.maxFileBytes);
      if (kept !== null && base === null) {
        // The bytes taken are gone from storage: compared against the start point, as before the first Bring back.
        if (listed.has(key)) result.push(file);
        continue;
      }
      const theirs = await this.theirs(file);
      if (base === null ? theirs === null : theirs !== null && base.equals(theirs)) continue;
      result.push({ ...file, base, kind: base === null ? 'added' : theirs === null ? 'deleted' : 'modified' });
    }
    return result;
  }

  /** A file not changed since the start point, by its takenKey; undefined where its folder is not in the worktree. */
  private async fileAsAtStart(key: string): Promise<ChangedFile | undefined> {
    const [source = '', relPath = ''] = key.split('\0');
    const folder = this.record.worktree.folders.find((f) => f.source === source);
    if (!folder || !relPath || relPath.split('/').includes('..')) return undefined;
    const copyPath = path.join(folder.path, ...relPath.split('/'));
    const isFile = (await lstat(copyPath).catch(() => undefined))?.isFile() ?? false;
    const target = path.join(source, ...relPath.split('/'));
    return { source, relPath, kind: 'modified', target, base: null, copyPath: isFile ? copyPath : null };
  }

  private tooMany(files: number, bytes: number): WorktreeError {
    return new WorktreeError(
      'too-big',
      t(
        'The chat changed {0} files ({1} MiB so far), more than Bring back takes at once ({2} files, {3} MiB): discard the worktree, or bring back what you need by hand from {4}.',
        files,
        Math.round(bytes / 2 ** 20),
        this.limits.maxFiles,
        Math.round(this.limits.maxBytes / 2 ** 20),
        this.record.worktree.folders[0]?.path ?? '',
      ),
    );
  }

  private async theirs(file: ChangedFile): Promise<Buffer | null> {
    if (file.copyPath === null) return null;
    const bytes = await readIfRegular(file.copyPath, this.maxFileBytes);
    if (bytes === null) throw new WorktreeError('missing', t('{0} changed while it was being read.', file.copyPath));
    return bytes;
  }

  private async changedFiles(signal?: AbortSignal): Promise<ChangedFile[]> {
    const { worktree, prefixes } = this.record;
    const files: ChangedFile[] = [];
    const gitRoots = new Map<string, { start: string; folders: { folder: WorktreeFolder; prefix: string }[] }>();
    for (const [n, folder] of worktree.folders.entries()) {
      const prefix = prefixes[n]!;
      if (folder.kind === 'copy') {
        for (const change of await copyChanges(folder.start, folder.path, signal)) {
          const startPath = path.join(folder.start, change.relPath);
          const base = change.kind === 'added' ? null : await readIfRegular(startPath, this.maxFileBytes);
          files.push({
            source: folder.source,
            relPath: change.relPath,
            kind: change.kind,
            target: path.join(folder.source, change.relPath),
            base,
            copyPath: change.kind === 'deleted' ? null : path.join(folder.path, change.relPath),
          });
        }
        continue;
      }
      const root = prefix ? folder.path.slice(0, folder.path.length - prefix.length - 1) : folder.path;
      const entry = gitRoots.get(root) ?? { start: folder.start, folders: [] };
      entry.folders.push({ folder, prefix });
      gitRoots.set(root, entry);
    }
    for (const [root, { start, folders }] of gitRoots) {
      const changes = await gitCopyChanges(
        this.git,
        root,
        start,
        folders.map((f) => f.prefix),
        this.scratch,
        signal,
      );
      const bases = await startBytes(
        this.git,
        root,
        changes.flatMap((c) => (c.startBlob ? [{ blob: c.startBlob, repoPath: c.repoPath }] : [])),
        signal,
      );
      for (const change of changes) {
        const owner = ownerOf(change.repoPath, folders);
        if (!owner) continue;
        const relPath = owner.prefix ? change.repoPath.slice(owner.prefix.length + 1) : change.repoPath;
        files.push({
          source: owner.folder.source,
          relPath,
          kind: change.kind,
          target: path.join(owner.folder.source, relPath),
          base: change.startBlob ? (bases.get(change.repoPath) ?? null) : null,
          copyPath: change.kind === 'deleted' ? null : path.join(root, change.repoPath),
        });
      }
    }
    return files;
  }
}

/** The most specific folder a repository path is in (workspace folders may nest). */
function ownerOf<T extends { prefix: string }>(repoPath: string, folders: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const folder of folders) {
    const inside = folder.prefix === '' || repoPath.startsWith(folder.prefix + '/');
    if (inside && (!best || folder.prefix.length > best.prefix.length)) best = folder;
  }
  return best;
}

function isBinary(bytes: Buffer | null): boolean {
  return bytes !== null && textOf(bytes) === null;
}

function asText(bytes: Buffer | null): string | null {
  return bytes === null ? null : (textOf(bytes) ?? '');
}
