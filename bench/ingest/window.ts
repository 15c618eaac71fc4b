// A window of many chats on the host, for the many-agents figures (bench/figures/manyAgents.ts): chats made as the
// extension makes them (each journaled), either bare (the ingest alone) or in a registry with the chat list and
// the shown chat's mirror (the window's machinery). The flood agents stream at a rate with latency markers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentConfig, ThreadController } from '../../src/session/api';
import type { ThreadState } from '../../src/shared/thread';
import { createThreadController } from '../../src/session/threadController';
import { ChatJournal } from '../../src/session/journal/chatJournal';
import type { DecodedJournal } from '../../src/session/journal/journalFormat';
import { benchEnv } from './switchboard';
import { FLOOD_AGENT } from './floodChild';

/** A flood agent streaming `rate` chunks/s for `seconds`, each chunk's text with `⟦seq@Date.now()⟧`. */
export function streamingAgent(rate: number, seconds: number): AgentConfig {
  return {
    id: 'flood',
    displayName: 'Flood',
    command: process.execPath,
    args: [FLOOD_AGENT, '--rate', String(rate), '--seconds', String(seconds)],
    env: {},
    isDemo: false,
  };
}

export const IDLE_AGENT: AgentConfig = {
  id: 'idle',
  displayName: 'Idle',
  command: 'node',
  args: [],
  env: {},
  isDemo: false,
};

/**
 * Chats made as the extension makes them, each watched by one journal: in `dir` (a folder of its own when none is
 * given, removed on dispose), a chat restored from it going on writing the journal it was read from (`restored`,
 * restoreOpenChats' `pending`).
 */
export class ChatMaker {
  readonly journal: ChatJournal;
  private readonly env = benchEnv();
  private readonly ownDir: string | undefined;

  constructor(
    dir?: string,
    private readonly restored = new Map<string, DecodedJournal>(),
  ) {
    this.ownDir = dir === undefined ? mkdtempSync(join(tmpdir(), 'sb-bench-window-')) : undefined;
    this.journal = new ChatJournal(dir ?? this.ownDir!, (line) => process.stderr.write(`${line}\n`));
  }

  readonly make = (agent: AgentConfig, threadId: string, restored?: ThreadState): ThreadController => {
    const thread = createThreadController({
      threadId,
      agent,
      env: this.env,
      restored,
      handlers: {
        readTextFile: () => Promise.reject(new Error('not in the bench')),
        writeTextFile: () => Promise.reject(new Error('not in the bench')),
      },
    });
    this.journal.watch(thread, this.restored.get(threadId));
    return thread;
  };

  /** Stops writing (after the chats were disposed: a write they scheduled would keep them another second). */
  async dispose(): Promise<void> {
    await Promise.all(this.journal.watchedIds().map((id) => this.journal.unwatch(id)));
    if (this.ownDir) rmSync(this.ownDir, { recursive: true, force: true });
  }
}

/** Every latency marker in a text: when its chunk was written (Date.now() in the agent). */
export function markerTimes(text: string): number[] {
  const times: number[] = [];
  for (const match of text.matchAll(/⟦\d+@(\d+)⟧/g)) times.push(Number(match[1]));
  return times;
}

/** The markers an agent message of the thread holds: how many chunks arrived. */
export function chunksIn(thread: ThreadController): number {
  let count = 0;
  for (const entry of thread.snapshot().state.entries)
    if (entry.kind === 'agent')
      for (const part of entry.parts) if (part.kind === 'text') count += markerTimes(part.text).length;
  return count;
}
