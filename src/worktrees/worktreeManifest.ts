// Each worktree's record on disk: <storage>/worktrees/<id>/worktree.json, written once it is complete
// (to a temporary name, then renamed: a reader never sees half a file). One file per worktree, not one
// for all: two VS Code windows share the extension's storage, and a shared list would lose one window's
// entry when both write. A folder without a readable record (a crash while creating, a copy deleted by
// hand) is listed with its problem, so that it can be discarded, never silently kept or crashed on.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { errorMessage } from '../shared/errorMessage';
import { t } from '../shared/l10n';
import type { Worktree, WorktreeFolder } from './worktreeTypes';

const RECORD = 'worktree.json';
/** Holds the pid of the process making the worktree, until its record is written. */
const MAKING = 'making.pid';
const VERSION = 1;

/** Ids the store makes, and the only names it will ever delete under its folder. */
export const WORKTREE_ID = /^[a-z0-9-]{1,64}$/;

export interface WorktreeRecord {
  worktree: Worktree;
  /** Per folder: its path relative to its copy's top ("" for a plain copy or a repository's top). */
  prefixes: string[];
}

export function newWorktreeId(now: number): string {
  return `${now.toString(36)}-${randomBytes(5).toString('hex')}`;
}

export async function writeRecord(dir: string, record: WorktreeRecord): Promise<void> {
  const temporary = path.join(dir, `.${RECORD}.${randomBytes(4).toString('hex')}`);
  await writeFile(temporary, JSON.stringify({ version: VERSION, ...record }, null, 2));
  await rename(temporary, path.join(dir, RECORD));
}

/** The record of one worktree folder, or a problem saying why there is none. */
export async function readRecord(dir: string): Promise<WorktreeRecord | { problem: string }> {
  let text: string;
  try {
    text = await readFile(path.join(dir, RECORD), 'utf8');
  } catch {
    return { problem: t('it was never finished (a window closed or crashed while it was being made)') };
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (isRecord(parsed, path.basename(dir))) return { worktree: parsed.worktree, prefixes: parsed.prefixes };
    return { problem: t('its record {0} is not one this version reads', path.join(dir, RECORD)) };
  } catch (error) {
    return { problem: t('its record {0} is unreadable: {1}', path.join(dir, RECORD), errorMessage(error)) };
  }
}

/** Every worktree under `root`, each checked: a copy or a workspace folder that is gone is a problem. */
export async function listRecords(root: string): Promise<Worktree[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const worktrees: Worktree[] = [];
  for (const id of names.filter((name) => WORKTREE_ID.test(name)).sort()) {
    const dir = path.join(root, id);
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    const record = await readRecord(dir);
    // Another window is making it right now: not a problem, and not to be offered for discarding.
    if ('problem' in record && (await beingMade(dir))) continue;
    if ('problem' in record) {
      worktrees.push({ id, createdAt: info.mtimeMs, folders: [], problem: record.problem });
      continue;
    }
    const problem = await folderProblem(record.worktree.folders);
    worktrees.push(problem ? { ...record.worktree, problem } : record.worktree);
  }
  return worktrees;
}

/** Marks a worktree folder as being made by this process (see listRecords). */
export async function markMaking(dir: string): Promise<void> {
  await writeFile(path.join(dir, MAKING), String(process.pid));
}

export async function unmarkMaking(dir: string): Promise<void> {
  await rm(path.join(dir, MAKING), { force: true });
}

async function beingMade(dir: string): Promise<boolean> {
  const pid = Number(await readFile(path.join(dir, MAKING), 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists (someone else's); ESRCH: it is gone, the worktree was never finished.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function folderProblem(folders: readonly WorktreeFolder[]): Promise<string | undefined> {
  for (const folder of folders) {
    if (!(await isDirectory(folder.path))) return t('its copy {0} is gone', folder.path);
    if (folder.kind === 'copy' && !(await isDirectory(folder.start)))
      return t('its start point {0} is gone', folder.start);
    if (!(await isDirectory(folder.source))) return t('the workspace folder {0} is gone', folder.source);
  }
  return undefined;
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}

function isRecord(value: unknown, id: string): value is WorktreeRecord & { version: number } {
  if (typeof value !== 'object' || value === null) return false;
  const { version, worktree, prefixes } = value as Record<string, unknown>;
  if (version !== VERSION || typeof worktree !== 'object' || worktree === null) return false;
  const { id: recordId, createdAt, folders } = worktree as Record<string, unknown>;
  if (recordId !== id || typeof createdAt !== 'number' || !Array.isArray(folders) || !Array.isArray(prefixes)) {
    return false;
  }
  return (
    folders.length === prefixes.length &&
    prefixes.every((prefix) => typeof prefix === 'string') &&
    folders.every(
      (folder: unknown) =>
        typeof folder === 'object' &&
        folder !== null &&
        ['source', 'path', 'start'].every((key) => typeof (folder as Record<string, unknown>)[key] === 'string') &&
        ['git', 'copy'].includes((folder as Record<string, unknown>).kind as string),
    )
  );
}
