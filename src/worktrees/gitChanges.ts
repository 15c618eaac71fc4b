// What a chat changed in its git copy since the start commit: the copy's working files (whatever the agent
// committed, staged or left) against the start, through an index of our own so the agent's index is left as
// it was. That index is kept between calls (scratch/changes-index): git trusts the file times it recorded
// and hashes only what changed since, where a fresh copy of the checkout's index would have every file
// "racily clean" (written in the same second as the index) and hashed again on every call: 2.7x `git diff`
// on 10,000 files before. Its first copy keeps the checkout index's time (copyIndex), so that git still
// rehashes, once, what was written in the second the checkout was. The store runs one comparison of a worktree at a time (the index has one lock).
// Regular files only: a link or a nested repository (gitlink) is not brought back.
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import * as path from 'node:path';
import { checkCopyRepo, copyGit, copyIndex } from './gitRepo';
import type { RunGit } from './gitRunner';

export interface GitChange {
  /** Relative to the copy's top, `/`-separated. */
  repoPath: string;
  kind: 'added' | 'modified' | 'deleted';
  /** The blob at the start (null: added). */
  startBlob: string | null;
}

const REGULAR = new Set(['100644', '100755']);
const NONE = '000000';

export async function gitCopyChanges(
  git: RunGit,
  root: string,
  start: string,
  prefixes: readonly string[],
  scratch: string,
  signal?: AbortSignal,
): Promise<GitChange[]> {
  await checkCopyRepo(git, root, scratch, signal);
  const index = path.join(scratch, 'changes-index');
  const inCopy = copyGit(git, root, { GIT_INDEX_FILE: index, GIT_LITERAL_PATHSPECS: '1' });
  if (!existsSync(index)) {
    // A copy that fails halfway must not be taken for the index next time: written aside, then renamed.
    const fresh = `${index}.${process.pid}`;
    const copied = await copyIndex(path.join(root, '.git', 'index'), fresh);
    if (!copied) await copyGit(git, root, { GIT_INDEX_FILE: fresh })({ cwd: root, args: ['read-tree', start], signal });
    await rename(fresh, index);
  }
  const pathspecs = prefixes.map((prefix) => prefix || '.');
  await inCopy({ cwd: root, args: ['add', '-A', '--', ...pathspecs], signal });
  const raw = await inCopy({
    cwd: root,
    args: ['diff-index', '--cached', '-z', '--no-renames', '--raw', start, '--', ...pathspecs],
    signal,
  });
  return parseRaw(raw.stdout.toString('utf8'));
}

/** `:oldmode newmode oldsha newsha status\0path\0` records. */
function parseRaw(output: string): GitChange[] {
  const fields = output.split('\0');
  const changes: GitChange[] = [];
  for (let k = 0; k + 1 < fields.length; k += 2) {
    const [oldMode, newMode, oldSha, newSha] = fields[k]!.slice(1).split(' ');
    const repoPath = fields[k + 1]!;
    if (!oldMode || !newMode || !oldSha || !newSha || oldSha === newSha) continue;
    const wasFile = REGULAR.has(oldMode);
    const isFile = REGULAR.has(newMode);
    // A file replaced by a link (or the other way) is left out with the links.
    if (wasFile && isFile) changes.push({ repoPath, kind: 'modified', startBlob: oldSha });
    else if (wasFile && newMode === NONE) changes.push({ repoPath, kind: 'deleted', startBlob: oldSha });
    else if (isFile && oldMode === NONE) changes.push({ repoPath, kind: 'added', startBlob: null });
  }
  return changes;
}

/**
 * The start point's bytes of these files as they are checked out (end-of-line conversion and filters
 * applied, like the working files they are merged with), by repoPath; where a path has a newline (git's
 * batch format cannot name it) all are read without filters.
 */
export async function startBytes(
  git: RunGit,
  root: string,
  items: readonly { blob: string; repoPath: string }[],
  signal?: AbortSignal,
): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (items.length === 0) return found;
  const filtered = items.every((item) => !item.repoPath.includes('\n'));
  const lines = items.map((item) => (filtered ? `${item.blob} ${item.repoPath}` : item.blob));
  const { stdout } = await copyGit(
    git,
    root,
  )({
    cwd: root,
    args: ['cat-file', '--batch', ...(filtered ? ['--filters'] : [])],
    input: lines.join('\n') + '\n',
    signal,
  });
  let at = 0;
  for (const item of items) {
    const headerEnd = stdout.indexOf(0x0a, at);
    const header = stdout.subarray(at, headerEnd).toString('utf8').split(' ');
    at = headerEnd + 1;
    if (header[1] === 'missing' || header.length < 3) continue;
    const size = Number(header[2]);
    found.set(item.repoPath, stdout.subarray(at, at + size));
    at += size + 1;
  }
  return found;
}
