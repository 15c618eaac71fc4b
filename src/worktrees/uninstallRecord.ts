// VS Code keeps an extension's global storage after the extension is uninstalled, and a chat's worktree there can be
// as large as the workspace. So each activation records where the worktrees live in a file beside the extension's own
// files, and the `vscode:uninstall` hook (src/uninstall/main.ts, which VS Code runs with Node once the extension is
// removed, with no API and no idea of the storage) deletes what that file names. It deletes only what looks like
// ours: a folder named `worktrees` and, inside it, the folders whose names are worktree ids, never anything else.
import { readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { WORKTREE_ID } from './worktreeManifest';

const RECORD_FILE = '.worktree-storage.json';
/** Storage folders remembered (VS Code, code-server and their profiles may share one extension folder). */
const MAX_RECORDED = 16;
const FOLDER_NAME = 'worktrees';

/** Where the worktrees of a storage folder live (the one home of that name). */
export function worktreesFolder(storageDir: string): string {
  return path.join(path.resolve(storageDir), FOLDER_NAME);
}

/**
 * Whether a chat's worktree (as its journal names it) is one of the store's: a worktree id, and every folder inside
 * that worktree's own folder under `worktreesRoot`. An altered journal cannot make a chat work somewhere else.
 */
export function chatWorktreeInStore(
  worktree: { id: string; folders: readonly string[] },
  worktreesRoot: string,
): boolean {
  if (!WORKTREE_ID.test(worktree.id) || worktree.folders.length === 0) return false;
  const home = path.join(path.resolve(worktreesRoot), worktree.id);
  return worktree.folders.every((folder) => {
    const relative = path.relative(home, path.resolve(folder));
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  });
}

/**
 * Adds `storageDir`'s worktrees folder to the record in `extensionDir`. Resolves to an error message where the
 * extension's folder cannot be written (a read-only install): then an uninstall leaves the worktrees behind.
 */
export async function recordWorktreeStorage(extensionDir: string, storageDir: string): Promise<string | undefined> {
  const folder = worktreesFolder(storageDir);
  const recorded = await readRecorded(extensionDir);
  if (recorded.includes(folder)) return undefined;
  const next = [folder, ...recorded].slice(0, MAX_RECORDED);
  try {
    await writeFile(path.join(extensionDir, RECORD_FILE), JSON.stringify({ worktreeFolders: next }, null, 2));
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Deletes the worktrees the record names; resolves to the worktree folders deleted. Never throws. */
export async function removeRecordedWorktrees(extensionDir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of await readRecorded(extensionDir)) {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!WORKTREE_ID.test(name)) continue;
      const worktree = path.join(folder, name);
      try {
        await rm(worktree, { recursive: true, force: true, maxRetries: 3 });
        removed.push(worktree);
      } catch {
        // Held open by another program: what can go goes.
      }
    }
    // Only once empty: anything that is not ours stays, and so does its folder.
    await rmdir(folder).catch(() => undefined);
  }
  return removed;
}

async function readRecorded(extensionDir: string): Promise<string[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(extensionDir, RECORD_FILE), 'utf8'));
  } catch {
    return [];
  }
  const folders = (parsed as { worktreeFolders?: unknown } | null)?.worktreeFolders;
  if (!Array.isArray(folders)) return [];
  return folders
    .filter(
      (folder): folder is string =>
        typeof folder === 'string' && path.isAbsolute(folder) && path.basename(folder) === FOLDER_NAME,
    )
    .slice(0, MAX_RECORDED);
}
