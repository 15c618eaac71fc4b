// Reading chats' journals back from disk for a restore or the history. One chat must never take
// the others with it: a file that cannot be read (too large, not a journal, another chat's, a
// decoder failure) is named with why, left on disk, and the rest load; the lines a journal skips
// are logged one by one (journalDecode.ts puts them in the chat's note too).
import { errorMessage } from '../../shared/errorMessage';
import { t } from '../../shared/l10n';
import { openRegularFile } from '../../fs/regularFile';
import { decodeJournal } from './journalDecode';
import type { DecodedJournal } from './journalFormat';

/** A journal larger than this is not read (a string cannot hold much more); it stays on disk, named as unreadable. */
export const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;

/** A journal that could not be read back at all, and why (for the history list and the log). */
export interface UnreadableChat {
  threadId: string;
  reason: string;
  /** The file's mtime (ms), 0 when unknown. */
  modified: number;
}

export interface ReadableChat {
  journal: DecodedJournal;
  /** The file's mtime (ms). */
  modified: number;
}

/** One chat read back: its journal, or why it cannot be; null when it has no journal. */
export type JournalRead = ReadableChat | { unreadable: UnreadableChat } | null;

export interface LoadedJournals {
  chats: ReadableChat[];
  unreadable: UnreadableChat[];
}

/** The journal `file` of `threadId`, or why it cannot be read (logged either way). */
export async function readJournal(file: string, threadId: string, log: (line: string) => void): Promise<JournalRead> {
  const unreadable = (reason: string, modified: number): { unreadable: UnreadableChat } => {
    log(`[switchboard] chat ${threadId} could not be read back and was left alone on disk: ${reason}`);
    return { unreadable: { threadId, reason, modified } };
  };
  let text: string;
  let modified = 0;
  try {
    // Opened as any file the host reads: a FIFO or a device here must not block the host.
    const { handle, stats } = await openRegularFile(file, { realPath: false });
    try {
      modified = stats.mtimeMs;
      if (stats.size > MAX_JOURNAL_BYTES)
        return unreadable(t('it is {0} MiB, more than a chat can load', Math.round(stats.size / 2 ** 20)), modified);
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return unreadable(errorMessage(error), modified);
  }
  let decoded: DecodedJournal | null;
  try {
    decoded = decodeJournal(text);
  } catch (error) {
    // Not expected (every line is checked), but one chat must never take the others with it.
    return unreadable(errorMessage(error), modified);
  }
  if (!decoded) return unreadable(t('it is not a chat transcript this version of Switchboard reads'), modified);
  if (decoded.header.threadId !== threadId)
    return unreadable(t('it names another chat ({0})', decoded.header.threadId.slice(0, 100)), modified);
  for (const note of decoded.notes) log(`[switchboard] chat ${threadId}: ${note}`);
  return { journal: decoded, modified };
}

/** The chats read, the readable ones apart from the unreadable ones (absent journals dropped). */
export function sortReads(reads: readonly JournalRead[]): LoadedJournals {
  const loaded: LoadedJournals = { chats: [], unreadable: [] };
  for (const read of reads) {
    if (read === null) continue;
    if ('journal' in read) loaded.chats.push(read);
    else loaded.unreadable.push(read.unreadable);
  }
  return loaded;
}
