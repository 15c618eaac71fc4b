// Which workspace paths review ignores: what the user ignores (files.exclude globs, .gitignore
// files) plus folders no one reviews (node_modules, .git). Matching uses `ignore` (the
// .gitignore implementation eslint and others use) and picomatch for VS Code's glob syntax.
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';

export interface GitignoreFile {
  /** Folder of the .gitignore, relative to the workspace folder ('' for the root), '/'-separated. */
  dir: string;
  content: string;
}

export interface IgnoreRules {
  /** VS Code's files.exclude: glob -> enabled (a `when` clause object counts as enabled). */
  filesExclude?: Record<string, unknown>;
  gitignores?: GitignoreFile[];
}

const ALWAYS_IGNORED = new Set(['node_modules', '.git']);
/**
 * Editors' swap, lock and backup files, never anyone's work: vim's `.name.swp` (to .swa) and its
 * `4913` write probe, emacs's `.#name` locks, `#name#` autosaves and `name~` backups.
 */
const EDITOR_NOISE = [/^\..+\.sw[a-p]$/, /^4913$/, /^\.#./, /^#.+#$/, /.~$/];

export type PathFilter = (relativePath: string) => boolean;

/** Returns `isIgnored(relativePath)` for '/'-separated paths relative to the workspace folder. */
export function createPathFilter(rules: IgnoreRules): PathFilter {
  const globs = Object.entries(rules.filesExclude ?? {})
    .filter(([, enabled]) => enabled !== false && enabled !== null)
    .map(([glob]) => picomatch(glob, { dot: true }));
  const gitignores: { dir: string; matcher: Ignore }[] = (rules.gitignores ?? []).map((file) => ({
    dir: trimSlashes(file.dir),
    matcher: ignore().add(file.content),
  }));

  return (relativePath: string): boolean => {
    const path = trimSlashes(relativePath.replace(/\\/g, '/'));
    if (path === '' || path.startsWith('../')) return true;
    const segments = path.split('/');
    if (segments.some((segment) => ALWAYS_IGNORED.has(segment))) return true;
    const name = segments[segments.length - 1] ?? ''; // split always yields at least one segment
    if (EDITOR_NOISE.some((pattern) => pattern.test(name))) return true;
    // An excluded folder excludes everything below it: test every prefix.
    for (let i = 1; i <= segments.length; i++) {
      const prefix = segments.slice(0, i).join('/');
      if (globs.some((matches) => matches(prefix))) return true;
    }
    for (const { dir, matcher } of gitignores) {
      if (dir !== '' && !path.startsWith(`${dir}/`)) continue;
      const inner = dir === '' ? path : path.slice(dir.length + 1);
      if (matcher.ignores(inner)) return true;
    }
    return false;
  };
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
