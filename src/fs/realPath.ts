// Where a path really leads once symlinks are followed, for the "inside the workspace?" check. A
// path can be lexically inside a workspace folder and still leave it: `<ws>/link` -> ~/.bashrc,
// `<ws>/linked-folder/new.txt` with linked-folder -> /tmp/elsewhere, or a dangling `<ws>/dangling`
// -> ~/.profile that a write would create. The real path of a file that does not exist yet is the
// real path of its nearest existing parent (dangling links followed) plus the missing names.
import { lstat, readlink, realpath } from 'node:fs/promises';
import * as path from 'node:path';

/** Linux gives up after 40 links (ELOOP); so do we. */
const MAX_LINKS = 40;

export class RealPathError extends Error {
  constructor(
    readonly code: 'ELOOP' | 'ENOTDIR' | 'EACCES' | 'OTHER',
    message: string,
  ) {
    super(message);
  }
}

/** The real path of an absolute path, existing or not (see the file comment). */
export async function resolveRealPath(absolutePath: string): Promise<string> {
  return resolve(path.resolve(absolutePath), 0);
}

async function resolve(target: string, links: number): Promise<string> {
  try {
    return await realpath(target);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') throw new RealPathError('ELOOP', `too many symbolic links: ${target}`);
    if (code === 'ENOTDIR') throw new RealPathError('ENOTDIR', `a parent of the path is not a folder: ${target}`);
    if (code === 'EACCES') throw new RealPathError('EACCES', `permission denied: ${target}`);
    if (code !== 'ENOENT') throw new RealPathError('OTHER', `cannot resolve ${target}: ${String(error)}`);
  }
  // Missing: either a dangling link (follow it by hand) or a name that does not exist yet.
  const link = await lstat(target).catch(() => undefined);
  if (link?.isSymbolicLink()) {
    if (links >= MAX_LINKS) throw new RealPathError('ELOOP', `too many symbolic links: ${target}`);
    const pointsTo = await readlink(target);
    return resolve(path.resolve(path.dirname(target), pointsTo), links + 1);
  }
  const parent = path.dirname(target);
  if (parent === target) return target; // the root always exists; only a broken fs gets here
  return path.join(await resolve(parent, links), path.basename(target));
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}
