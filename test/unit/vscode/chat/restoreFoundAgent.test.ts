// A chat with an agent found on PATH (no settings entry) comes back after a reload with that agent: the agents
// found on PATH are known only once their detection ran, after activation, so the restore may wait for the
// agent of a chat (src/vscode/chat/chatPersistence.ts's restoreOpenChats). Real journal files on disk.
import { describe, expect, it } from 'vitest';
import type { AgentConfig } from '../../../../src/session/api';
import { ThreadRegistry } from '../../../../src/session/threadRegistry';
import { restoreOpenChats } from '../../../../src/vscode/chat/chatPersistence';
import { fakeAgent } from '../../chat/fakeThread';
import { journalSetup, prompt, ReducingThread } from '../../session/journalHarness';

describe('restoreOpenChats', () => {
  it('waits for the agent of a chat when it is known only later (found on PATH)', async () => {
    const { journal } = journalSetup();
    const found: AgentConfig = {
      ...fakeAgent('gemini'),
      command: '/usr/local/bin/gemini',
      foundAt: '/usr/local/bin/gemini',
    };
    const before = new ReducingThread('t1', found);
    journal.watch(before);
    before.emit(prompt('hello'));
    await journal.flushAll();
    await journal.saveIndex({ open: ['t1'], active: 't1' });

    const threads = new ThreadRegistry((agent, threadId, state) => {
      const thread = new ReducingThread(threadId, agent);
      if (state) thread.state = state;
      return thread;
    });
    let detected: (agent: AgentConfig) => void = () => undefined;
    const detection = new Promise<AgentConfig>((resolve) => (detected = resolve));
    const restoring = restoreOpenChats(journal, threads, () => detection, new Map());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(threads.all()).toEqual([]);
    detected(found);
    expect(await restoring).toBe(1);
    expect(threads.all().map((thread) => [thread.threadId, thread.agent])).toEqual([['t1', found]]);
    expect(
      threads
        .active()
        ?.snapshot()
        .state.entries.map((entry) => entry.kind),
    ).toEqual(['user']);
  });
});
