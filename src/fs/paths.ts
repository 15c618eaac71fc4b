// Path rules for the fs handlers, kept pure so they are unit-tested without VS Code. What an agent
// sends as `path` is hostile until checked: these rules decide which strings are paths at all.
import * as path from 'node:path';

/** ACP requires absolute paths; anything else is the agent's bug and is refused with -32602. */
export function isAbsolutePath(candidate: unknown): candidate is string {
  return typeof candidate === 'string' && candidate.length > 0 && path.isAbsolute(candidate);
}

/** A path the handlers may use, or why not (the message is the agent's error text). */
export type PathCheck = { ok: true; path: string } | { ok: false; message: string };

const WINDOWS_DRIVE = /^[A-Za-z]:([\\/]|$)/;
const WINDOWS_UNC = /^\\\\/;

/**
 * Checks an agent's `path` before anything touches the disk. Refused, each with its own message:
 * not a string, empty, a NUL byte (the OS would cut the path there), relative, a Windows drive or
 * UNC path on POSIX (it would be read as a relative name), and any `.`/`..` segment: agents send
 * resolved absolute paths, and a `..` is what makes `<ws>/src/../../../home/me/.bashrc` look like
 * a workspace file in a dialog. The answer suggests the normalised form so the agent can retry.
 */
export function checkRequestPath(candidate: unknown, pathApi: path.PlatformPath = path): PathCheck {
  if (typeof candidate !== 'string') return { ok: false, message: 'path must be a string' };
  if (candidate.length === 0) return { ok: false, message: 'path must not be empty' };
  if (candidate.includes('\0')) return { ok: false, message: 'path must not contain a NUL byte' };
  const posix = pathApi.sep === '/';
  if (posix && (WINDOWS_DRIVE.test(candidate) || WINDOWS_UNC.test(candidate))) {
    return { ok: false, message: `path is a Windows path, but this machine uses POSIX paths: ${candidate}` };
  }
  if (!pathApi.isAbsolute(candidate)) return { ok: false, message: `path must be absolute: ${candidate}` };
  const segments = candidate.split(posix ? '/' : /[\\/]/);
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    return {
      ok: false,
      message: `path must not contain "." or ".." segments: ${candidate} (did you mean ${pathApi.resolve(candidate)}?)`,
    };
  }
  return { ok: true, path: pathApi.resolve(candidate) };
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

// Characters that change how a path reads without being visible as themselves: C0/C1 controls and
// DEL (a newline adds a line to a dialog), the bidi controls (U+202E turns `txt.exe` around),
// zero-width and other format characters (\p{Cf}), and the line/paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * A path as a user may safely read it in a dialog or log: every invisible or layout-changing
 * character written as `\uXXXX` (`\u{XXXXX}` above the BMP). On POSIX a backslash is an ordinary
 * file-name character, so it is doubled: a file really named `a\u202E` then shows as `a\\u202E`.
 */
export function displayPath(filePath: string, pathApi: path.PlatformPath = path): string {
  const escapedBackslashes = pathApi.sep === '/' ? filePath.replace(/\\/g, '\\\\') : filePath;
  return escapedBackslashes.replace(INVISIBLE, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code > 0xffff
      ? `\\u{${code.toString(16).toUpperCase()}}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}
