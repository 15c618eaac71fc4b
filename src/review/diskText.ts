// Reading a workspace file's text for review without blocking the extension host: asynchronous,
// bounded by size, regular text files only. What an agent touches is its choice (any number of
// files, any size, a FIFO or a device where a file was), so every read here is async, capped, and
// opened as fs/read_text_file opens files (src/fs/regularFile.ts: an open that cannot block).
import { FileReadError, openRegularFile, regularFileOrMissing, type OpenedFile } from '../fs/regularFile';
import { looksBinary } from './budget';

/** The most of a small config file (.gitignore) read; past it the file counts as empty. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * Whether a regular file is at the path (a stat, which never blocks): false for nothing, a folder, a
 * FIFO or a device, which a diff editor must not open (VS Code would read it).
 */
export async function isRegularFile(filePath: string): Promise<boolean> {
  return (await regularFileOrMissing(filePath).catch(() => 'missing')) === 'file';
}

/** The file's text, or '' when it cannot be read (no such file, not a regular text file, over 1 MiB): small config files such as .gitignore. */
export async function readTextOrEmpty(filePath: string): Promise<string> {
  return (await readDiskText(filePath, MAX_CONFIG_BYTES)) ?? '';
}

/** The text on disk (BOM dropped); null when missing; undefined when not a text file review should track. */
export async function readDiskText(filePath: string, maxBytes: number): Promise<string | null | undefined> {
  const content = await readDiskBytes(filePath, maxBytes);
  if (content === null || content === undefined || looksBinary(content)) return content === null ? null : undefined;
  return bytesText(content);
}

/** Bytes of a text file as its text (BOM dropped). */
export function bytesText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The bytes on disk; null when missing; undefined when not a regular file or over `maxBytes`. */
export async function readDiskBytes(filePath: string, maxBytes: number): Promise<Buffer | null | undefined> {
  let opened: OpenedFile;
  try {
    // Workspace paths may lead through links on purpose: they are followed, and the file they reach checked.
    opened = await openRegularFile(filePath, { realPath: false });
  } catch (error) {
    // Refused (a folder, a FIFO, a device...): not tracked; any other failure reads as missing, as before.
    return error instanceof FileReadError ? undefined : null;
  }
  const { handle, stats: stat } = opened;
  try {
    if (stat.size > maxBytes) return undefined;
    // Read through the open handle: a file swapped between stat and read (an atomic save) cannot
    // slip past the size check.
    const bytes = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(bytes, length, bytes.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) return undefined; // it grew past the cap while read
      if (length === bytes.length) break;
    }
    return bytes.subarray(0, length);
  } catch {
    return null;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
