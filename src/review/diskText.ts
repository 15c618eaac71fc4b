// Reading a workspace file's text for review without blocking the extension host: asynchronous,
// bounded by size, text files only. What an agent touches is its choice (any number of files, any
// size), so every read here is async and capped.
import { promises as fs } from 'node:fs';
import { looksBinary } from './budget';

/** Whether anything is at the path (a stat that does not block the host; false when it cannot be read). */
export async function pathExists(filePath: string): Promise<boolean> {
  try {
    await fs.stat(filePath);
    return true;
  } catch {
    return false;
  }
}

/** The file's text, or '' when it cannot be read (no such file): small config files such as .gitignore. */
export async function readTextOrEmpty(filePath: string): Promise<string> {
  try {
    return await fs.readFile(filePath, 'utf8');
  } catch {
    return '';
  }
}

/** The text on disk (BOM dropped); null when missing; undefined when not a text file review should track. */
export async function readDiskText(filePath: string, maxBytes: number): Promise<string | null | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(filePath, 'r');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EISDIR' ? undefined : null;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
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
    const content = bytes.subarray(0, length);
    if (looksBinary(content)) return undefined;
    const text = content.toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
