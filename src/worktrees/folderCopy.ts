// The plain copy of a folder that is not in a git repository (or of every folder, where git is missing):
// everything in it, node_modules included (what is there is what the agent may need), bounded in files and
// bytes with a clear error. Nothing is followed: a symbolic link is copied as the link it is (as git keeps
// one), so a link to ~/.ssh copies no byte of ~/.ssh; FIFOs, sockets and devices are left out. The copy is
// made twice, once for the agent and once as the start point "Bring back" compares against; copyFile
// clones (reflinks) where the file system can, so the second copy costs no space there.
import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import * as path from 'node:path';
import { sameBytes } from './fileBytes';
import { t } from '../shared/l10n';
import { throwIfAborted, WorktreeError } from './worktreeError';

export interface CopyLimits {
  maxFiles: number;
  maxBytes: number;
}

/** Files copied at once: enough to overlap the disk's latency, few enough not to exhaust descriptors. */
const PARALLEL = 16;

interface Tree {
  /** Folders, "" (the root) first, parents before children. */
  dirs: string[];
  /** Regular files: relPath -> size. */
  files: Map<string, number>;
  links: { rel: string; target: string }[];
}

/**
 * Everything under root, links not followed. `skip`: an absolute folder left out (the store's own, where
 * the workspace folder contains it: a home folder opened as a workspace must not copy earlier copies).
 */
async function walk(root: string, signal?: AbortSignal, limits?: CopyLimits, skip?: string): Promise<Tree> {
  const tree: Tree = { dirs: [''], files: new Map(), links: [] };
  let bytes = 0;
  for (let d = 0; d < tree.dirs.length; d++) {
    throwIfAborted(signal);
    const rel = tree.dirs[d]!;
    for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
      const entryRel = rel ? `${rel}/${entry.name}` : entry.name;
      const full = path.join(root, entryRel);
      if (entry.isDirectory()) {
        if (full !== skip) tree.dirs.push(entryRel);
      } else if (entry.isSymbolicLink()) tree.links.push({ rel: entryRel, target: await readlink(full) });
      else if (entry.isFile()) {
        const size = (await lstat(full)).size;
        tree.files.set(entryRel, size);
        bytes += size;
        if (limits && (tree.files.size > limits.maxFiles || bytes > limits.maxBytes)) throw tooBig(root, limits);
      }
    }
  }
  return tree;
}

/** Copies `source` into each of `targets`, within the limits (checked before a byte is copied). */
export async function copyFolder(
  source: string,
  targets: readonly string[],
  limits: CopyLimits,
  skip: string,
  signal?: AbortSignal,
): Promise<void> {
  const tree = await walk(source, signal, limits, skip);
  for (const target of targets) {
    for (const rel of tree.dirs) await mkdir(path.join(target, rel), { recursive: true });
    for (const link of tree.links) await symlink(link.target, path.join(target, link.rel));
  }
  const jobs = targets.flatMap((target) =>
    [...tree.files.keys()].map((rel) => ({ from: path.join(source, rel), to: path.join(target, rel) })),
  );
  await inParallel(jobs, async (job) => {
    throwIfAborted(signal);
    await copyFile(job.from, job.to, constants.COPYFILE_FICLONE);
  });
}

function tooBig(source: string, limits: CopyLimits): WorktreeError {
  return new WorktreeError(
    'too-big',
    t(
      '{0} has more than {1} files or {2} MiB: too big to copy for a chat in its own worktree (it is not in a git repository, so all of it would be copied).',
      source,
      limits.maxFiles,
      Math.round(limits.maxBytes / 2 ** 20),
    ),
  );
}

async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  // Every worker stopped before the first failure is told: a cancelled copy is then removed whole, with no
  // copy still writing into it.
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

export interface CopiedFileChange {
  relPath: string;
  kind: 'added' | 'modified' | 'deleted';
}

/** The regular files that differ between the start copy and the agent's copy (links and specials left out). */
export async function copyChanges(start: string, copy: string, signal?: AbortSignal): Promise<CopiedFileChange[]> {
  const [{ files: before }, { files: after }] = await Promise.all([walk(start, signal), walk(copy, signal)]);
  const changes: CopiedFileChange[] = [];
  const modified: string[] = [];
  for (const [rel, size] of after) {
    const old = before.get(rel);
    if (old === undefined) changes.push({ relPath: rel, kind: 'added' });
    else if (old !== size) changes.push({ relPath: rel, kind: 'modified' });
    else modified.push(rel);
  }
  for (const rel of before.keys()) if (!after.has(rel)) changes.push({ relPath: rel, kind: 'deleted' });
  // Same size: compared byte by byte (no clock: a copy made within the same second has the same mtime).
  await inParallel(modified, async (rel) => {
    throwIfAborted(signal);
    if (!(await sameBytes(path.join(start, rel), path.join(copy, rel))))
      changes.push({ relPath: rel, kind: 'modified' });
  });
  return changes.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
}
