// Path rules for the fs handlers, kept pure so they are unit-tested without VS Code.
import * as path from 'node:path';

/** ACP requires absolute paths; anything else is the agent's bug and is refused with -32602. */
export function isAbsolutePath(candidate: unknown): candidate is string {
  return typeof candidate === 'string' && candidate.length > 0 && path.isAbsolute(candidate);
}

/** True when `filePath` is `folder` itself or anywhere below it (after normalising `..`). */
export function isInsideFolder(filePath: string, folder: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(filePath));
  const escapes = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return !escapes;
}

export function isInsideAnyFolder(filePath: string, folders: readonly string[]): boolean {
  return folders.some((folder) => isInsideFolder(filePath, folder));
}
