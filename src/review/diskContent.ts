// What review compares of a file on disk now: its text, or, for a file that is not text (or one review
// already holds as binary), the id of a copy of its bytes (src/review/binaryCopies.ts), so a binary file's
// change can be kept or undone whole. One bounded read: text files up to their cap, binary files up to theirs
// (switchboard.review.maxBinaryMiB); past a cap, a folder, a FIFO or a device: not tracked.
import { looksBinary } from './budget';
import type { BinaryCopies } from './binaryCopies';
import { bytesText, readDiskBytes } from './diskText';

export interface DiskContent {
  /** The text, or a binary file's copy id; null: there is no file. */
  after: string | null;
  binary: boolean;
  /** Bytes, for the turn's budget. */
  size: number;
}

export interface ContentLimits {
  maxTextBytes: number;
  maxBinaryBytes: number;
}

/** `binary`: review holds the file as binary already (it stays so whatever its bytes are now). */
export async function readDiskContent(
  filePath: string,
  binary: boolean,
  limits: ContentLimits,
  copies: BinaryCopies,
): Promise<DiskContent | undefined> {
  const bytes = await readDiskBytes(filePath, Math.max(limits.maxTextBytes, limits.maxBinaryBytes));
  if (bytes === undefined) return undefined;
  if (bytes === null) return { after: null, binary, size: 0 };
  if (!binary && !looksBinary(bytes))
    return bytes.length > limits.maxTextBytes
      ? undefined
      : { after: bytesText(bytes), binary: false, size: bytes.length };
  if (bytes.length > limits.maxBinaryBytes) return undefined;
  // No copy (the storage cannot be written): not tracked, as if over the cap.
  const id = await copies.put(bytes).catch(() => undefined);
  return id === undefined ? undefined : { after: id, binary: true, size: bytes.length };
}
