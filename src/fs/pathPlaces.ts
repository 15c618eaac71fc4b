// Where the paths a request names really are: inside a workspace folder or not, and whether they configure
// what runs (src/fs/executionConfig.ts). Judged on real paths (symlinks followed, src/fs/realPath.ts), so a
// link in the workspace that leads to ~/.bashrc is outside and one that leads to .git/config is
// configuration; the path as sent is judged for configuration too, since a write through it lands there.
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { executionConfigOf, type ExecutionConfigKind } from './executionConfig';
import { isInsideAnyFolder } from './paths';
import { resolveRealPath } from './realPath';

/** More paths than this in one request are not judged: it is asked. */
export const MAX_JUDGED_PATHS = 64;

export interface PathPlace {
  /** The path as the request named it, made absolute. */
  path: string;
  inWorkspace: boolean;
  executionConfig: ExecutionConfigKind | undefined;
}

/**
 * The place of each path, or undefined when there are too many to judge. A relative path is taken from the
 * first folder (the agent's cwd), `~` from the home folder, a `file:` URI as its path; a path that cannot be
 * resolved (a loop of links, a parent that is a file) counts as outside.
 */
export async function placePaths(
  paths: readonly string[],
  folders: readonly string[],
  home: string = os.homedir(),
): Promise<PathPlace[] | undefined> {
  if (paths.length > MAX_JUDGED_PATHS) return undefined;
  const realFolders = await Promise.all(folders.map((folder) => resolveRealPath(folder).catch(() => folder)));
  return Promise.all(
    paths.map(async (raw): Promise<PathPlace> => {
      const absolute = absolutePath(raw, folders[0], home);
      if (absolute === undefined) return { path: raw, inWorkspace: false, executionConfig: undefined };
      const real = await resolveRealPath(absolute).catch(() => undefined);
      return {
        path: absolute,
        inWorkspace: real !== undefined && isInsideAnyFolder(real, realFolders),
        executionConfig:
          executionConfigOf(absolute, folders) ??
          (real === undefined ? undefined : executionConfigOf(real, realFolders)),
      };
    }),
  );
}

function absolutePath(raw: string, cwd: string | undefined, home: string): string | undefined {
  if (raw.includes('\0')) return undefined;
  if (raw.startsWith('file:')) {
    try {
      return fileURLToPath(raw);
    } catch {
      return undefined;
    }
  }
  if (raw === '~' || raw.startsWith('~/') || raw.startsWith('~\\')) return path.join(home, raw.slice(1));
  if (path.isAbsolute(raw)) return path.resolve(raw);
  // `~user/…` and relative paths without a cwd cannot be placed: outside.
  if (raw.startsWith('~') || cwd === undefined) return undefined;
  return path.resolve(cwd, raw);
}
