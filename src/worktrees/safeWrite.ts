// Writing an unsaved editor text into a copy: only where the path stays in the copy's own folders. A
// workspace may hold a link to a folder elsewhere (`shared -> /home/me/other`); the copy keeps that link as
// it is, and a write through it would land in the user's tree, which a worktree never touches.
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

/** Whether root/rel stays in root's own folders: no component a link (or not a folder), the file regular or absent. */
export async function staysInside(root: string, rel: string): Promise<boolean> {
  const parts = rel.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return false;
  let at = root;
  for (const [k, part] of parts.entries()) {
    at = path.join(at, part);
    const stats = await lstat(at).catch(() => undefined);
    if (!stats) return true;
    if (k < parts.length - 1 ? !stats.isDirectory() : !stats.isFile()) return false;
  }
  return true;
}

/** Writes root/rel where it stays inside (see staysInside); returns whether it wrote. */
export async function writeInside(root: string, rel: string, text: string): Promise<boolean> {
  if (!(await staysInside(root, rel))) return false;
  const target = path.join(root, ...rel.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
  return true;
}
