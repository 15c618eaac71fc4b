// Wires the chat journal to the window: every chat is written to the workspace storage while it
// runs, the list of open chats is kept, and after a reload the chats come back (shown, not
// started: no agent runs until the user continues a chat).
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { DisposableStore, type Disposable } from '../../shared/disposableStore';
import type { AgentConfig } from '../../session/api';
import type { ChatJournal } from '../../session/journal/chatJournal';
import type { DecodedJournal } from '../../session/journal/journalFormat';
import { sortReads, type UnreadableChat } from '../../session/journal/journalRead';
import type { ThreadRegistry } from '../../session/threadRegistry';

export function journalDir(context: vscode.ExtensionContext): string {
  const base = context.storageUri?.fsPath ?? path.join(context.globalStorageUri?.fsPath ?? os.tmpdir(), 'no-workspace');
  return path.join(base, 'chats');
}

/** Saves the open chats and the shown one whenever they change. */
export function trackOpenChats(journal: ChatJournal, threads: ThreadRegistry): Disposable {
  const save = (): void =>
    void journal.saveIndex({
      open: threads.all().map((thread) => thread.threadId),
      active: threads.active()?.threadId ?? null,
    });
  const subscriptions = new DisposableStore();
  subscriptions.add(
    threads.onDidChangeList(() => {
      save();
      // A closed chat: its journal stays (the history lists it), written up to now.
      const open = new Set(threads.all().map((thread) => thread.threadId));
      for (const threadId of journal.watchedIds()) if (!open.has(threadId)) void journal.unwatch(threadId);
    }),
  );
  subscriptions.add(threads.onDidChangeActive(save));
  return subscriptions;
}

/**
 * Brings back the chats that were open: read in parallel, added in their old order, the one that
 * was shown shown again (unless the user started another chat meanwhile). Resolves with how many.
 * A chat whose journal cannot be read stays out, and `unreadable` is told (the others come back).
 */
export async function restoreOpenChats(
  journal: ChatJournal,
  threads: ThreadRegistry,
  /** May wait (an agent found on PATH is known once the first detection is done). */
  agentFor: (journal: DecodedJournal) => AgentConfig | Promise<AgentConfig>,
  pending: Map<string, DecodedJournal>,
  unreadable: (chat: UnreadableChat) => void = () => {},
): Promise<number> {
  const index = await journal.readIndex();
  const reads = sortReads(await Promise.all(index.open.map((threadId) => journal.read(threadId))));
  reads.unreadable.forEach(unreadable);
  const showActive = threads.active() === undefined;
  let restored = 0;
  for (const { journal: decoded } of reads.chats) {
    const agent = await agentFor(decoded);
    // The factory picks the journal up from `pending` (so it keeps writing the same file).
    pending.set(decoded.header.threadId, decoded);
    threads.restore(
      agent,
      decoded.header.threadId,
      decoded.state,
      showActive && decoded.header.threadId === index.active,
    );
    pending.delete(decoded.header.threadId);
    restored++;
  }
  const all = threads.all();
  if (showActive && !threads.active() && all.length > 0) threads.show(all[all.length - 1]!.threadId);
  return restored;
}
