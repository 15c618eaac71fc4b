// The history with the real scripted agent: its sessions listed by `session/list` (pages of 2,
// followed by the cursor, filtered by cwd) are merged with the local journals without duplicates;
// `session/delete` removes one where advertised; an agent that does not advertise list or delete
// is not asked (the capability guard would refuse it unsent; the recording shows nothing sent);
// a session only the agent holds opens as a chat that session/load replays.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import { gatedSpawn } from '../../src/agents/refusedProcess';
import { isMissingAgent, missingAgent, missingAgentFailure } from '../../src/session/lifecycle/missingAgent';
import type { AgentConfig, ThreadController } from '../../src/session/api';
import { ChatJournal } from '../../src/session/journal/chatJournal';
import { localItem, mergeHistory } from '../../src/session/journal/historyItems';
import { agentHistory, deleteAgentSession, type HistoryAgentOptions } from '../../src/session/agent/historyAgent';
import { listedSessionState } from '../../src/session/lifecycle/sessionContinuation';
import { createThreadController } from '../../src/session/threadController';
import { createThreadState, type ThreadState } from '../../src/shared/thread';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';
import { failureWords } from '../../src/shared/failureWords';

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

function world(caps: string[]) {
  const cwd = tempDir('switchboard-history-');
  const sessionDir = tempDir('switchboard-agent-sessions-');
  const record = join(sessionDir, 'received.ndjson');
  const agent: AgentConfig = {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args: [SCRIPTED_AGENT, '--session-dir', sessionDir, '--caps', caps.join(','), '--record', record],
    env: {},
    isDemo: false,
  };
  const env = testHostEnv(cwd);
  const options: HistoryAgentOptions = {
    agent,
    env,
    spawn: spawnAgentProcess,
    clientInfo: env.clientInfo(),
    stopGraceMs: 500,
  };
  const controller = (threadId: string, restored?: ThreadState) => {
    const created = createThreadController({
      threadId,
      agent,
      env,
      handlers: {
        readTextFile: async () => ({ content: '' }),
        writeTextFile: async () => {
          throw new Error('no write expected');
        },
      },
      restored,
      stopGraceMs: 500,
    });
    controllers.push(created);
    return created;
  };
  const methods = () =>
    readFileSync(record, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { method?: string }).method)
      .filter((method): method is string => method !== undefined);
  return { cwd, agent, options, controller, methods, journalDir: join(cwd, 'journal') };
}

async function until(controller: ThreadController, predicate: (state: ThreadState) => boolean): Promise<ThreadState> {
  await vi.waitFor(
    () => {
      if (!predicate(controller.snapshot().state)) throw new Error('condition not met yet');
    },
    { timeout: 10_000 },
  );
  return controller.snapshot().state;
}
const idle = (state: ThreadState) => state.connection.kind === 'ready' && state.turn.kind === 'idle';

/** `count` chats with one prompt each: sessions the agent keeps; the first one also journaled. */
async function chats(w: ReturnType<typeof world>, count: number) {
  const journal = new ChatJournal(w.journalDir, () => undefined, 10);
  const sessionIds: string[] = [];
  for (let i = 1; i <= count; i++) {
    const thread = w.controller(`chat-${i}`);
    if (i === 1) journal.watch(thread);
    await thread.start();
    await thread.prompt(`question ${i}`);
    const state = await until(thread, idle);
    sessionIds.push(state.sessionId!);
    await thread.dispose();
  }
  await journal.flushAll();
  journal.dispose();
  return { journal: new ChatJournal(w.journalDir, () => undefined), sessionIds };
}

describe('history', () => {
  it('list: every page is followed, the journaled session is one item, delete removes the agent session', async () => {
    const w = world(['list', 'delete', 'load']);
    const { journal, sessionIds } = await chats(w, 5);
    const listed = await agentHistory(w.options, w.cwd);
    // Five sessions in pages of two: three session/list requests.
    expect(listed.map((item) => item.sessionId).sort()).toEqual([...sessionIds].sort());
    expect(w.methods().filter((method) => method === 'session/list')).toHaveLength(3);
    expect(listed.every((item) => item.agentDeletes)).toBe(true);

    const local = (await journal.loadAll()).chats.map(({ journal: decoded, modified }) =>
      localItem(decoded.header.threadId, decoded.header.agent, decoded.state, modified),
    );
    const merged = mergeHistory(local, listed);
    expect(merged).toHaveLength(5);
    const journaled = merged.find((item) => item.threadId === 'chat-1');
    expect(journaled).toMatchObject({ source: 'both', sessionId: sessionIds[0], title: 'question 1' });

    expect(await deleteAgentSession(w.options, sessionIds[1]!)).toBe(true);
    const after = await agentHistory(w.options, w.cwd);
    expect(after.map((item) => item.sessionId)).not.toContain(sessionIds[1]);
    expect(after).toHaveLength(4);
  });

  it("only the workspace's sessions are listed (cwd)", async () => {
    const w = world(['list']);
    await chats(w, 1);
    expect(await agentHistory(w.options, w.cwd)).toHaveLength(1);
    expect(await agentHistory(w.options, join(w.cwd, 'elsewhere'))).toEqual([]);
  });

  it('an agent that advertises neither list nor delete is not asked', async () => {
    const w = world(['load']);
    const { sessionIds } = await chats(w, 1);
    expect(await agentHistory(w.options, w.cwd)).toEqual([]);
    expect(await deleteAgentSession(w.options, sessionIds[0]!)).toBe(false);
    expect(w.methods()).not.toContain('session/list');
    expect(w.methods()).not.toContain('session/delete');
  });

  it('a session only the agent holds opens as a chat that session/load replays', async () => {
    const w = world(['list', 'load']);
    const { sessionIds } = await chats(w, 2);
    const [item] = (await agentHistory(w.options, w.cwd)).filter((candidate) => candidate.sessionId === sessionIds[1]);
    expect(item).toBeDefined();
    const base = createThreadState({ agentId: w.agent.id, threadId: 'from-history' }, item!.agent);
    const thread = w.controller('from-history', listedSessionState(base, item!.sessionId!, item!.title, null));
    await thread.start();
    const state = await until(thread, idle);
    expect(state.sessionId).toBe(sessionIds[1]);
    const conversation = state.entries.flatMap((entry) =>
      entry.kind === 'user' || entry.kind === 'agent'
        ? [`${entry.kind}: ${entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')}`]
        : [],
    );
    expect(conversation[0]).toBe('user: question 2');
    expect(conversation[1]).toMatch(/^agent: You said: question 2/);
    expect(w.methods()).toContain('session/load');
    // The two chats above made two sessions; opening from the history made none.
    expect(w.methods().filter((method) => method === 'session/new')).toHaveLength(2);
  });

  it('a tampered journal line hides nothing: the history lists every chat, and the chat goes on with its agent', async () => {
    const w = world(['load']);
    const { journal } = await chats(w, 1);
    // The line of the issue: it made the load throw, and every chat's history with it.
    appendFileSync(journal.fileOf('chat-1'), '{"e":{"kind":"tool","id":"e9"}}\n');
    writeFileSync(journal.fileOf('garbage'), 'not a journal\n');
    const { chats: loaded, unreadable } = await journal.loadAll();
    expect(unreadable.map((chat) => chat.threadId)).toEqual(['garbage']);
    expect(loaded.map(({ journal: decoded }) => decoded.header.threadId)).toEqual(['chat-1']);
    const decoded = loaded[0]!.journal;
    expect(decoded.notes).toEqual([expect.stringContaining('line')]);

    const writer = new ChatJournal(w.journalDir, () => undefined, 10);
    const thread = w.controller('chat-1', decoded.state);
    writer.watch(thread, decoded);
    await thread.start();
    await thread.prompt('and again');
    const state = await until(thread, idle);
    expect(w.methods()).toContain('session/load');
    const kinds = state.entries.map((entry) => entry.kind);
    expect(kinds).toContain('notice');
    expect(kinds.filter((kind) => kind === 'user')).toHaveLength(2);
    await writer.flushAll();
    writer.dispose();
    // Rewritten without the bad line, the note kept in the transcript.
    const again = (await journal.load('chat-1'))!;
    expect(again.notes).toEqual([]);
    expect(again.state.entries.some((entry) => entry.kind === 'notice')).toBe(true);
  });

  it('a restored chat whose agent is no longer configured starts into a card that says what to do', async () => {
    const w = world(['load']);
    const { journal } = await chats(w, 1);
    const decoded = (await journal.load('chat-1'))!;
    const gone = missingAgent(decoded);
    expect(isMissingAgent(gone)).toBe(true);
    const thread = createThreadController({
      threadId: 'chat-1',
      agent: gone,
      env: testHostEnv(w.cwd),
      handlers: { readTextFile: async () => ({ content: '' }), writeTextFile: async () => ({ revision: 0 }) as never },
      restored: decoded.state,
      spawn: gatedSpawn(spawnAgentProcess, () => false, missingAgentFailure(gone)),
    });
    controllers.push(thread);
    await thread.start();
    const state = await until(thread, (s) => s.connection.kind === 'failed');
    if (state.connection.kind !== 'failed') throw new Error('expected the failure');
    expect(state.connection.failure.reason).toEqual({
      kind: 'missingAgent',
      agentId: gone.id,
      displayName: 'Scripted',
    });
    const { title, hint } = failureWords(state.connection.failure);
    expect(title).toBe('Scripted is no longer configured');
    expect(hint).toContain('switchboard.agents');
    expect(hint).toContain('reload the window');
    // The transcript stays.
    expect(state.entries.some((entry) => entry.kind === 'user')).toBe(true);
  });
});
