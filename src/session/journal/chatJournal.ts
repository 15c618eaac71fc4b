// Keeps every chat's transcript on disk (journalFormat.ts) while it streams, off the hot path: an
// action only marks the chat dirty; at most once per interval the entries that changed since the
// last write are appended (a growing message as its new text only), and the file is rewritten
// whole once what it repeats passes its bound. Killing the host mid-turn loses at most the last
// interval. Reading back (journalRead.ts) never fails for all because of one chat. Also keeps
// which chats were open and which one was shown (index.json), so a reloaded window brings them
// back before any agent starts. Closing a chat keeps its journal (the history lists it).
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ThreadState } from '../../shared/thread';
import { errorMessage } from '../../shared/errorMessage';
import type { ThreadController } from '../api';
import { fullJournal, JOURNAL_VERSION, JournalSizes, linesSince, type DecodedJournal } from './journalFormat';
import { readJournal, sortReads, type JournalRead, type LoadedJournals } from './journalRead';
import type { Disposable } from '../../shared/disposableStore';

/** How often a streaming chat is written at most (the most a killed host can lose). */
export const JOURNAL_INTERVAL_MS = 1000;
const INDEX_FILE = 'index.json';
/** The user's names for chats (history's Rename), by history key. */
const NAMES_FILE = 'names.json';
const MAX_NAME = 200;
/** Thread ids become file names: only what a randomUUID (or a test id) is made of. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
export interface JournalIndex {
  /** The open chats, in the chat list's order. */
  open: string[];
  active: string | null;
}

interface Watched {
  thread: ThreadController;
  created: number;
  /** The state the file holds (null: nothing written yet). */
  written: ThreadState | null;
  /** Rewrite the whole file at the next write (a restored chat with skipped lines or an older version, a failed write). */
  compact: boolean;
  /** What the file holds against what a fresh write would (journalFormat.ts): past the bound, the next write is whole. */
  sizes: JournalSizes;
  cancelTimer: (() => void) | undefined;
  /** Writes of one chat are chained, so lines land in order. */
  writing: Promise<void>;
  subscription: Disposable;
}

type Schedule = (callback: () => void, ms: number) => () => void;
const timer: Schedule = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};

export class ChatJournal {
  private readonly watched = new Map<string, Watched>();
  private indexWrite: Promise<void> = Promise.resolve();
  private ready: Promise<void> | undefined;

  constructor(
    readonly dir: string,
    private readonly log: (line: string) => void,
    private readonly intervalMs = JOURNAL_INTERVAL_MS,
    private readonly schedule: Schedule = timer,
  ) {}

  static isSafeId(threadId: string): boolean {
    return SAFE_ID.test(threadId);
  }

  fileOf(threadId: string): string {
    return join(this.dir, `${threadId}.jsonl`);
  }

  /**
   * Writes `thread` from now on. `restored`: the journal it was read from (the file already holds
   * that state; it is compacted at the next write when it repeats many entries).
   */
  watch(thread: ThreadController, restored?: DecodedJournal): Disposable {
    const threadId = thread.threadId;
    if (!ChatJournal.isSafeId(threadId)) return { dispose: () => {} };
    const watched: Watched = {
      thread,
      created: restored?.header.created ?? Date.now(),
      written: restored ? thread.snapshot().state : null,
      compact:
        restored !== undefined &&
        (restored.header.v !== JOURNAL_VERSION || restored.notes.length > 0 || restored.sizes.wasteful),
      sizes: restored?.sizes ?? new JournalSizes(),
      cancelTimer: undefined,
      writing: Promise.resolve(),
      subscription: { dispose: () => {} },
    };
    // The hot path: one flag and at most one timer per interval.
    watched.subscription = thread.onEvent(() => {
      watched.cancelTimer ??= this.schedule(() => {
        watched.cancelTimer = undefined;
        void this.write(watched);
      }, this.intervalMs);
    });
    this.watched.set(threadId, watched);
    if (watched.compact) void this.write(watched);
    return { dispose: () => this.unwatch(threadId) };
  }

  watchedIds(): string[] {
    return [...this.watched.keys()];
  }

  /** Writes what is pending now (deactivation, tests). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.watched.values()].map((watched) => this.flush(watched)));
    await this.indexWrite;
  }

  /** Writes what is pending of one chat, then stops writing it. */
  async unwatch(threadId: string): Promise<void> {
    const watched = this.watched.get(threadId);
    if (!watched) return;
    watched.subscription.dispose();
    this.watched.delete(threadId);
    await this.flush(watched);
  }

  async load(threadId: string): Promise<DecodedJournal | null> {
    const read = await this.read(threadId);
    return read !== null && 'journal' in read ? read.journal : null;
  }

  /** One chat's journal, or why it cannot be read (logged either way, with each line it skipped). */
  read(threadId: string): Promise<JournalRead> {
    if (!ChatJournal.isSafeId(threadId)) return Promise.resolve(null);
    return readJournal(this.fileOf(threadId), threadId, this.log);
  }

  /** Every journal in the folder with its file's mtime (the history), read in parallel; the unreadable ones named. */
  async loadAll(): Promise<LoadedJournals> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return { chats: [], unreadable: [] };
    }
    const ids = names.filter((name) => name.endsWith('.jsonl')).map((name) => name.slice(0, -'.jsonl'.length));
    return sortReads(await Promise.all(ids.filter((id) => SAFE_ID.test(id)).map((id) => this.read(id))));
  }

  /** Deletes a chat's journal (history's Delete); the chat must not be watched any more. */
  async delete(threadId: string): Promise<void> {
    if (!ChatJournal.isSafeId(threadId)) return;
    await fs.rm(this.fileOf(threadId), { force: true });
  }

  async readNames(): Promise<Record<string, string>> {
    try {
      const raw = JSON.parse(await fs.readFile(join(this.dir, NAMES_FILE), 'utf8')) as unknown;
      const names: Record<string, string> = {};
      if (raw && typeof raw === 'object' && !Array.isArray(raw))
        for (const [key, name] of Object.entries(raw))
          if (typeof name === 'string') names[key] = name.slice(0, MAX_NAME);
      return names;
    } catch {
      return {};
    }
  }

  /** Names (or, with undefined, un-names) one history item; atomically, like the index. */
  async saveName(key: string, name: string | undefined): Promise<void> {
    const names = await this.readNames();
    if (name === undefined) delete names[key];
    else names[key] = name.slice(0, MAX_NAME);
    await this.ensureDir();
    const temporary = join(this.dir, `${NAMES_FILE}.${process.pid}.tmp`);
    await fs.writeFile(temporary, JSON.stringify(names));
    await fs.rename(temporary, join(this.dir, NAMES_FILE));
  }

  async readIndex(): Promise<JournalIndex> {
    try {
      const index = JSON.parse(await fs.readFile(join(this.dir, INDEX_FILE), 'utf8')) as Partial<JournalIndex> | null;
      const open = Array.isArray(index?.open)
        ? index.open.filter((id): id is string => typeof id === 'string' && SAFE_ID.test(id))
        : [];
      const active = typeof index?.active === 'string' && open.includes(index.active) ? index.active : null;
      return { open, active };
    } catch {
      return { open: [], active: null };
    }
  }

  /** Replaces the index (atomically: a temporary file renamed over it). */
  saveIndex(index: JournalIndex): Promise<void> {
    const text = JSON.stringify({ open: index.open.filter((id) => SAFE_ID.test(id)), active: index.active });
    this.indexWrite = this.indexWrite.then(async () => {
      try {
        await this.ensureDir();
        const temporary = join(this.dir, `${INDEX_FILE}.${process.pid}.tmp`);
        await fs.writeFile(temporary, text);
        await fs.rename(temporary, join(this.dir, INDEX_FILE));
      } catch (error) {
        this.log(`[switchboard] could not save the list of open chats: ${errorMessage(error)}`);
      }
    });
    return this.indexWrite;
  }

  dispose(): void {
    for (const watched of this.watched.values()) {
      watched.cancelTimer?.();
      watched.subscription.dispose();
    }
    this.watched.clear();
  }

  private flush(watched: Watched): Promise<void> {
    watched.cancelTimer?.();
    watched.cancelTimer = undefined;
    return this.write(watched);
  }

  private write(watched: Watched): Promise<void> {
    watched.writing = watched.writing.then(async () => {
      const state = watched.thread.snapshot().state;
      // A chat nobody wrote in yet is not worth a file.
      if (watched.written === null && state.entries.length === 0) return;
      const threadId = watched.thread.threadId;
      const whole = watched.written === null || watched.compact || watched.sizes.wasteful;
      try {
        const header = { v: JOURNAL_VERSION, threadId, agent: state.agent, created: watched.created };
        const text = whole
          ? fullJournal(header, state, watched.sizes)
          : linesSince(watched.written, state, watched.sizes);
        if (text === '') return;
        await this.ensureDir();
        if (whole) {
          const temporary = `${this.fileOf(threadId)}.tmp`;
          await fs.writeFile(temporary, text);
          await fs.rename(temporary, this.fileOf(threadId));
        } else {
          await fs.appendFile(this.fileOf(threadId), text);
        }
        watched.written = state;
        watched.compact = false;
      } catch (error) {
        // What the file holds is not known now: the next write rewrites it whole.
        watched.compact = true;
        this.log(`[switchboard] could not save chat ${threadId}: ${errorMessage(error)}`);
      }
    });
    return watched.writing;
  }

  private ensureDir(): Promise<void> {
    this.ready ??= fs.mkdir(this.dir, { recursive: true }).then(() => undefined);
    return this.ready;
  }
}
