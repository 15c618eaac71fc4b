// Writing an unsaved editor text into a copy: only where the path stays in the copy's own folders. A
// workspace may hold a link to a folder elsewhere (`shared -> /home/me/other`); the copy keeps that link as
// it is, and a write through it would land in the user's tree, which a worktree never touches.
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

/** Writes root/rel unless a component of it is a link (or not a folder); returns whether it wrote. */
export async function writeInside(root: string, rel: string, text: string): Promise<boolean> {
  const parts = rel.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return false;
  let at = root;
  for (const part of parts.slice(0, -1)) {
    at = path.join(at, part);
    const stats = await lstat(at).catch(() => undefined);
    if (!stats) await mkdir(at);
    else if (!stats.isDirectory()) return false;
  }
  const target = path.join(at, parts[parts.length - 1]!);
  const existing = await lstat(target).catch(() => undefined);
  if (existing && !existing.isFile()) return false;
  await writeFile(target, text);
  return true;
}
