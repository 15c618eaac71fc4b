// Reading a copied file's bytes for a comparison or a merge: regular files only (never a FIFO or a device
// an agent swapped in), bounded in size, and told apart as text or binary the way the types say: a NUL
// byte, or bytes that are not valid UTF-8.
import { lstat } from 'node:fs/promises';
import { openRegularFile } from '../fs/regularFile';
import { t } from '../shared/l10n';
import { WorktreeError } from './worktreeError';

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text, or null where they are binary. */
export function textOf(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return fatalUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** A regular file's bytes, refused past `maxBytes` with a clear error. */
export async function readBoundedFile(filePath: string, maxBytes: number): Promise<Buffer> {
  const { handle, stats } = await openRegularFile(filePath, { realPath: false });
  try {
    if (stats.size > maxBytes) {
      throw new WorktreeError(
        'too-big',
        t('{0} is {1} bytes, more than the {2} that Bring back reads.', filePath, stats.size, maxBytes),
      );
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The regular file's bytes, or null where there is no regular file (missing, a link, a folder). */
export async function readIfRegular(filePath: string, maxBytes: number): Promise<Buffer | null> {
  const stats = await lstat(filePath).catch(() => undefined);
  if (!stats?.isFile()) return null;
  return readBoundedFile(filePath, maxBytes);
}

const CHUNK = 64 * 1024;

/** Whether two regular files hold the same bytes: read side by side in chunks, any size, constant memory. */
export async function sameBytes(a: string, b: string): Promise<boolean> {
  const { handle: fa, stats: sa } = await openRegularFile(a, { realPath: false });
  const second = await openRegularFile(b, { realPath: false }).catch(async (error: unknown) => {
    await fa.close();
    throw error;
  });
  const { handle: fb, stats: sb } = second;
  try {
    if (sa.size !== sb.size) return false;
    const ba = Buffer.alloc(CHUNK);
    const bb = Buffer.alloc(CHUNK);
    for (let at = 0; at < sa.size; at += CHUNK) {
      const [ra, rb] = await Promise.all([fa.read(ba, 0, CHUNK, at), fb.read(bb, 0, CHUNK, at)]);
      if (ra.bytesRead !== rb.bytesRead || !ba.subarray(0, ra.bytesRead).equals(bb.subarray(0, rb.bytesRead))) {
        return false;
      }
      if (ra.bytesRead === 0) break;
    }
    return true;
  } finally {
    await Promise.all([fa.close(), fb.close()]);
  }
}
