// Issue #37, hours-long live chats: "the host's memory for a chat grows no faster than its journal". The longest
// chat the host holds (MAX_LOADED_ENTRIES, 40,000 entries: a journal read back stops there, and a live agent stops
// at 20,000 entries of its own, so the 50,000 of the webview's long-chat figure never reach the host) and one of
// 1,000 are each journaled on disk (src/session/journal/journalFormat.ts, as the
// extension writes it), then brought back as the extension does after a reload (restoreOpenChats: the journal
// read and decoded, the chat made with its restored state, the journal watching it to write what comes next) and
// listed in the chat list; the host's JS heap after a GC, against none, is that chat's memory. Run in a process of
// its own on the extension host's Node (a clean heap), the two sizes interleaved.
import { statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatJournal } from '../../src/session/journal/chatJournal';
import { ChatList } from '../../src/session/chatList';
import { fullJournal, JOURNAL_VERSION, type DecodedJournal } from '../../src/session/journal/journalFormat';
import { MAX_LOADED_ENTRIES } from '../../src/session/journal/journalSessionLines';
import { ThreadRegistry } from '../../src/session/threadRegistry';
import { restoreOpenChats } from '../../src/vscode/chat/chatPersistence';
import type { AgentConfig } from '../../src/session/api';
import { repeatedThread } from '../render/content';
import { ChatMaker } from '../ingest/window';
import { gc, isQuick, median, report, round, settle } from '../lib/figure';

const AGENT: AgentConfig = {
  id: 'scripted',
  displayName: 'Scripted',
  command: 'node',
  args: [],
  env: {},
  isDemo: false,
};
const THREAD_ID = 'live-chat';

/** A journal folder holding one open chat of `entries` entries; its journal's size on disk. */
function journaled(entries: number): { dir: string; bytes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-bench-host-memory-'));
  const journal = new ChatJournal(dir, () => {});
  const header = {
    v: JOURNAL_VERSION,
    threadId: THREAD_ID,
    agent: { id: AGENT.id, displayName: AGENT.displayName, isDemo: false },
    created: Date.now(),
  };
  const state = repeatedThread(entries);
  writeFileSync(
    journal.fileOf(THREAD_ID),
    fullJournal(header, { ...state, key: { agentId: AGENT.id, threadId: THREAD_ID } }),
  );
  writeFileSync(join(dir, 'index.json'), JSON.stringify({ open: [THREAD_ID], active: THREAD_ID }));
  return { dir, bytes: statSync(journal.fileOf(THREAD_ID)).size };
}

/**
 * The heap after GCs once it stops shrinking: what the last run let go (its timers, its closed files) is gone
 * before a measurement starts, or the next one would count its release against its own chat.
 */
async function settledHeap(): Promise<number> {
  let last = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 20; round++) {
    await settle();
    gc();
    const now = process.memoryUsage().heapUsed;
    if (Math.abs(last - now) < 16 * 1024) return now;
    last = now;
  }
  return last;
}

/** The host's heap for the chat in `dir`, restored and watched as the extension does (bytes after GC). */
async function hostHeap(dir: string, entries: number): Promise<number> {
  const before = await settledHeap();
  const pending = new Map<string, DecodedJournal>();
  const maker = new ChatMaker(dir, pending);
  const threads = new ThreadRegistry(maker.make);
  await restoreOpenChats(maker.journal, threads, () => AGENT, pending);
  const list = new ChatList(threads);
  const held = threads.all()[0]?.snapshot().state.entries.length ?? 0;
  if (held !== entries || list.summaries().length !== 1)
    throw new Error(`the restored chat holds ${held} entries, not ${entries}`);
  const after = await settledHeap();
  list.dispose();
  await threads.disposeAll();
  await maker.dispose();
  return after - before;
}

async function main(): Promise<void> {
  const quick = isQuick();
  const [shortEntries, longEntries] = quick ? [200, 2_000] : [1_000, MAX_LOADED_ENTRIES];
  const reps = quick ? 1 : 3;
  const short = journaled(shortEntries);
  const long = journaled(longEntries);
  const shortHeaps: number[] = [];
  const longHeaps: number[] = [];
  try {
    for (let rep = 0; rep < reps; rep++) {
      shortHeaps.push(await hostHeap(short.dir, shortEntries));
      longHeaps.push(await hostHeap(long.dir, longEntries));
      process.stderr.write(
        `host memory rep ${rep + 1}/${reps}: ${longEntries} entries ${(longHeaps.at(-1)! / 1e6).toFixed(1)} MB, ${shortEntries} entries ${(shortHeaps.at(-1)! / 1e6).toFixed(2)} MB\n`,
      );
    }
  } finally {
    rmSync(short.dir, { recursive: true, force: true });
    rmSync(long.dir, { recursive: true, force: true });
  }
  const [longHeap, shortHeap] = [median(longHeaps), median(shortHeaps)];
  const memoryRatio = longHeap / shortHeap;
  const journalRatio = long.bytes / short.bytes;
  const mb = (bytes: number) => round(bytes / 1e6, 2);
  report([
    {
      name: 'host_memory_vs_journal',
      value: round(memoryRatio, 2),
      unit: 'x heap',
      baseline: round(journalRatio, 2),
      ratio: round(memoryRatio / journalRatio, 3),
      target: `<= 1x: the host heap of a ${longEntries}-entry chat against a ${shortEntries}-entry one grows no faster than their journals on disk`,
      met: memoryRatio <= journalRatio,
      note:
        `a live chat restored from its journal as after a reload (read, decoded, made, watched by the journal, in the chat list), host JS heap after GC against none: ` +
        `${longEntries} entries ${mb(longHeap)} MB (journal ${mb(long.bytes)} MB, ${round(longHeap / long.bytes, 2)} heap bytes per journal byte), ` +
        `${shortEntries} entries ${mb(shortHeap)} MB (journal ${mb(short.bytes)} MB, ${round(shortHeap / short.bytes, 2)}); ` +
        `heap ratio ${round(memoryRatio, 2)}x against the journals' ${round(journalRatio, 2)}x; median of ${reps}, interleaved; ratio = heap ratio / journal ratio`,
    },
  ]);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.log(`BENCH_PROBLEM ${error instanceof Error ? error.message : String(error)}`);
    console.error(error);
    process.exit(1);
  },
);
