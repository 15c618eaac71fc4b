// The one way the host opens a file an agent can name (fs/read_text_file, a tool call's locations,
// the disk watcher, checkpoints, .gitignore): only regular files, and never an open that can block.
// - The type is checked before opening: a FIFO opened for reading parks one of libuv's four pool
//   threads in open(2) until a writer appears, stalling every file read of the extension host (of
//   every extension); /dev/zero never ends; opening a device can have effects of its own.
// - The open itself is O_NONBLOCK (and O_NOCTTY), so that even a FIFO swapped in after the check
//   cannot block, and the open descriptor is checked again: what is read is what was checked.
// - O_NOFOLLOW where the caller passes a real path (symlinks already resolved): a link in its last
//   component means the file was swapped since.
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';

/** Why a read was refused; other file system errors (ENOENT, EACCES, ...) are thrown as they are. */
export class FileReadError extends Error {
  constructor(
    readonly reason: 'directory' | 'not-regular' | 'too-big' | 'cancelled' | 'changed',
    message: string,
  ) {
    super(message);
  }
}

/** "a FIFO", "a character device", ...: what a non-regular file is, for the error. */
export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

export function refuseNonRegular(filePath: string, stats: Stats): void {
  if (stats.isFile()) return;
  if (stats.isDirectory()) throw new FileReadError('directory', `path is a directory: ${filePath}`);
  throw new FileReadError('not-regular', `only regular files can be read, and ${filePath} is ${fileKind(stats)}`);
}

const NON_BLOCKING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

export interface OpenedFile {
  handle: FileHandle;
  /** Of the open descriptor: a regular file. */
  stats: Stats;
}

/**
 * Opens a regular file for reading without ever blocking in open(2). `realPath`: the path has its
 * links resolved already, so one in its last component is refused (ELOOP). Refusals are
 * FileReadError; other errors (ENOENT, EACCES, ...) are thrown as they are. The caller closes the handle.
 */
export async function openRegularFile(filePath: string, options: { realPath: boolean }): Promise<OpenedFile> {
  const before = await stat(filePath);
  refuseNonRegular(filePath, before);
  const flags = options.realPath ? NON_BLOCKING | (constants.O_NOFOLLOW ?? 0) : NON_BLOCKING;
  const handle = await open(filePath, flags);
  try {
    const opened = await handle.stat();
    refuseNonRegular(filePath, opened);
    if (opened.ino !== before.ino || opened.dev !== before.dev) {
      throw new FileReadError('changed', `${filePath} was replaced while being opened; try again`);
    }
    return { handle, stats: opened };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** What is at the path, without opening it: a regular file, nothing, or something else (a folder, a FIFO, a device...). */
export async function regularFileOrMissing(filePath: string): Promise<'file' | 'missing' | Stats> {
  try {
    const stats = await stat(filePath);
    return stats.isFile() ? 'file' : stats;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}
