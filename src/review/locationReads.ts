// Reading the files a tool call names (its `locations`), to remember their text before the agent
// changes them. An agent chooses how many locations and how big the files are (2,000 locations of
// 1 MiB files took 3.7 s of synchronous reads), so this is asynchronous, a few reads at a time, and
// capped in count and bytes: past the caps a file simply has no remembered base, and a later write
// merges against the live document instead (src/review/agentWrites.ts).
import { readDiskText } from './diskText';

export interface LocationReadLimits {
  /** Distinct files read per tool call. */
  maxFiles: number;
  /** Bytes read per tool call, all files together. */
  maxTotalBytes: number;
  maxFileBytes: number;
  /** Reads in flight at once. */
  concurrency: number;
}

const MIB = 1024 * 1024;
export const DEFAULT_LOCATION_LIMITS: LocationReadLimits = {
  maxFiles: 64,
  maxTotalBytes: 16 * MIB,
  maxFileBytes: MIB,
  concurrency: 4,
};

export interface LocationReadResult {
  read: number;
  /** Files not read because of the caps. */
  skipped: number;
}

/**
 * Calls onText for every file read. openText gives an open document's text (what the user sees
 * wins over the disk, and costs no I/O); undefined sends the read to the disk.
 */
export async function readLocationTexts(
  paths: readonly string[],
  openText: (filePath: string) => string | undefined,
  onText: (filePath: string, text: string) => void,
  limits: LocationReadLimits = DEFAULT_LOCATION_LIMITS,
): Promise<LocationReadResult> {
  const distinct = [...new Set(paths)];
  const chosen = distinct.slice(0, limits.maxFiles);
  let skipped = distinct.length - chosen.length;
  let read = 0;
  let budget = limits.maxTotalBytes;
  const queue = [...chosen];
  const worker = async (): Promise<void> => {
    for (let filePath = queue.shift(); filePath !== undefined; filePath = queue.shift()) {
      const open = openText(filePath);
      if (open !== undefined) {
        read++;
        onText(filePath, open);
        continue;
      }
      const cap = Math.min(limits.maxFileBytes, budget);
      if (cap <= 0) {
        skipped++;
        continue;
      }
      // Reserve the cap while reading, so parallel reads never overshoot the budget together.
      budget -= cap;
      const text = await readDiskText(filePath, cap);
      const used = typeof text === 'string' ? Buffer.byteLength(text) : 0;
      budget += cap - used;
      if (typeof text === 'string') {
        read++;
        onText(filePath, text);
      } else if (text === undefined) {
        skipped++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limits.concurrency) }, worker));
  return { read, skipped };
}
