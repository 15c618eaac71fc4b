// Reopening a window: the host's half of "every chat is back before any agent starts". A workspace
// storage with `chats` chats in its journal folder, one of them `longEntries` entries long, the others 40; timed
// from reading the index to the chat list the view shows (src/vscode/chat/chatPersistence.ts restoreOpenChats:
// every journal read and decoded in parallel, each chat made as the extension makes it, with its restored state
// and no agent started; then ChatList's summaries). The webview's half (the active chat's first paint) is in
// bench/render/page.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatJournal } from '../../src/session/journal/chatJournal';
import { ChatList } from '../../src/session/chatList';
import { fullJournal, JOURNAL_VERSION } from '../../src/session/journal/journalFormat';
import { createThreadController } from '../../src/session/threadController';
import { ThreadRegistry } from '../../src/session/threadRegistry';
import { restoreOpenChats } from '../../src/vscode/chat/chatPersistence';
import type { AgentConfig } from '../../src/session/api';
import { longThread } from '../render/content';
import { benchEnv } from './switchboard';

const AGENT: AgentConfig = {
  id: 'scripted',
  displayName: 'Scripted',
  command: 'node',
  args: [],
  env: {},
  isDemo: false,
};

export interface StoredChats {
  dir: string;
  dispose(): void;
}

/** The journal folder of a window with `chats` open chats; the last (the shown one) is `longEntries` long. */
export async function storedChats(chats: number, longEntries: number): Promise<StoredChats> {
  const dir = mkdtempSync(join(tmpdir(), 'sb-bench-reopen-'));
  const journal = new ChatJournal(dir, () => {});
  const short = longThread(40);
  const ids: string[] = [];
  const { writeFile } = await import('node:fs/promises');
  for (let i = 0; i < chats; i++) {
    const threadId = `chat-${i}`;
    const state = i === chats - 1 ? longThread(longEntries) : short;
    const header = {
      v: JOURNAL_VERSION,
      threadId,
      agent: { id: AGENT.id, displayName: AGENT.displayName, isDemo: false },
      created: Date.now(),
    };
    await writeFile(journal.fileOf(threadId), fullJournal(header, { ...state, key: { agentId: AGENT.id, threadId } }));
    ids.push(threadId);
  }
  await journal.saveIndex({ open: ids, active: ids[ids.length - 1]! });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** ms from reading the index to the chat list's summaries of every restored chat. */
export async function reopenChats(stored: StoredChats, chats: number): Promise<number> {
  const env = benchEnv();
  const t0 = performance.now();
  const journal = new ChatJournal(stored.dir, () => {});
  const threads = new ThreadRegistry((agent, threadId, restored) =>
    createThreadController({
      threadId,
      agent,
      env,
      restored,
      handlers: {
        readTextFile: () => Promise.reject(new Error('not in the bench')),
        writeTextFile: () => Promise.reject(new Error('not in the bench')),
      },
    }),
  );
  const restored = await restoreOpenChats(journal, threads, () => AGENT, new Map());
  const list = new ChatList(threads).summaries();
  const ms = performance.now() - t0;
  if (restored !== chats || list.length !== chats)
    throw new Error(`${restored} chats restored and ${list.length} listed, not ${chats}`);
  await threads.disposeAll();
  return ms;
}
