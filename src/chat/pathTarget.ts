// Where a file path named in agent text may be opened. The path comes from agent markdown via the
// webview, so it is hostile: no URL schemes, nothing outside the workspace folders, bounded size.
// Pure: the VS Code side checks which candidate exists (and says so when none does).
import * as path from 'node:path';

/** Longer paths are not paths an answer names (and would cost a resolve per folder). */
export const MAX_PATH_CHARS = 1024;

/** `scheme:` of two or more letters (one letter is a Windows drive: `C:\…`). */
const SCHEME = /^[a-z][a-z0-9+.-]+:/i;

/**
 * The absolute paths `written` may mean, one per workspace folder it lies inside (relative paths
 * resolve against each folder; an absolute path must lie inside one). Empty: not openable.
 */
export function pathCandidates(written: string, folders: readonly string[], pathApi = path): string[] {
  if (written.length === 0 || written.length > MAX_PATH_CHARS) return [];
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(written) || SCHEME.test(written) || written.startsWith('//')) return [];
  if (written.startsWith('\\\\')) return [];
  const found: string[] = [];
  for (const folder of folders) {
    const absolute = pathApi.isAbsolute(written) ? pathApi.resolve(written) : pathApi.resolve(folder, written);
    if (insideFolder(absolute, folder, pathApi) && !found.includes(absolute)) found.push(absolute);
  }
  return found;
}

function insideFolder(absolute: string, folder: string, pathApi: typeof path): boolean {
  const relative = pathApi.relative(pathApi.resolve(folder), absolute);
  return (
    relative !== '' && relative !== '..' && !relative.startsWith(`..${pathApi.sep}`) && !pathApi.isAbsolute(relative)
  );
}

/** A 1-based line or column from the webview, or null (none, or not a sane number). */
export function clampPosition(value: number | null | undefined): number | null {
  if (value === undefined || value === null || !Number.isFinite(value) || value < 1) return null;
  return Math.min(Math.floor(value), 10_000_000);
}
