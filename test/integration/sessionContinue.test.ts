// Continuing a chat with the real scripted agent, for each combination of session capabilities:
// a chat is written to a journal, "the window reloads" (its controller is disposed and the agent
// process stopped), the chat is read back and continued in a new process with session/resume,
// session/load (the replay reconciled: nothing twice) or a new session (marked in the transcript);
// session/close when the user closes a chat and the agent advertises it.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentConfig, ClientHandlers, ThreadController } from '../../src/session/api';
import { ChatJournal } from '../../src/session/journal/chatJournal';
import { createThreadController } from '../../src/session/threadController';
import { ThreadRegistry } from '../../src/session/threadRegistry';
import type { Entry, ThreadState } from '../../src/shared/thread';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';
import { noteWords } from '../../src/shared/entryWords';

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

const handlers: ClientHandlers = {
  readTextFile: async ({ path }) => ({ content: `editor copy of ${path}` }),
  // The scripted agent's basic turn writes nothing.
  writeTextFile: async () => {
    throw new Error('no write expected');
  },
};

/** What the host says about a configured MCP server it did not pass (src/vscode/agents/mcpFeature.ts). */
const LEFT_OUT = 'The MCP server "web" was not passed to Scripted: the agent does not take MCP servers over HTTP.';

function world(caps: string[], extraArgs: string[] = [], otherFolder?: string) {
  const cwd = tempDir('switchboard-continue-');
  const sessionDir = tempDir('switchboard-agent-sessions-');
  const record = join(sessionDir, 'received.ndjson');
  const agent: AgentConfig = {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args: [SCRIPTED_AGENT, '--session-dir', sessionDir, '--caps', caps.join(','), '--record', record, ...extraArgs],
    env: {},
    isDemo: false,
  };
  const env = {
    ...testHostEnv(cwd, otherFolder ? { folders: [cwd, otherFolder] } : {}),
    mcpServers: async () => ({
      servers: [{ name: 'notes', command: '/usr/bin/notes-mcp', args: ['--stdio'], env: [] }],
      leftOut: [LEFT_OUT],
    }),
  };
  const controller = (threadId: string, restored?: ThreadState) => {
    const created = createThreadController({ threadId, agent, env, handlers, restored, stopGraceMs: 500 });
    controllers.push(created);
    return created;
  };
  const received = () =>
    readFileSync(record, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { method?: string; params?: Record<string, unknown> });
  const methods = () =>
    received()
      .map((message) => message.method)
      .filter((method): method is string => method !== undefined);
  const paramsOf = (method: string) => received().find((message) => message.method === method)?.params;
  return { cwd, agent, controller, journalDir: join(cwd, 'journal'), methods, paramsOf };
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

const ready = (state: ThreadState) => state.connection.kind === 'ready';
const idle = (state: ThreadState) => ready(state) && state.turn.kind === 'idle';
/** The conversation as lines (a message's first line), with the continuation markers. */
const texts = (entries: readonly Entry[]) =>
  entries.flatMap((entry) =>
    entry.kind === 'user' || entry.kind === 'agent'
      ? [
          `${entry.kind}: ${
            entry.parts
              .map((part) => (part.kind === 'text' ? part.text : ''))
              .join('')
              .split('\n')[0]
          }`,
        ]
      : entry.kind === 'continued'
        ? [`-- ${entry.how}`]
        : [],
  );

/** One chat with one turn, journaled; then the "window" closes and the chat comes back from disk. */
async function chatThenReload(w: ReturnType<typeof world>) {
  const journal = new ChatJournal(w.journalDir, () => undefined, 10);
  const first = w.controller('chat-1');
  journal.watch(first);
  await first.start();
  await until(first, ready);
  await first.prompt('first question');
  await until(first, idle);
  const sessionId = first.snapshot().state.sessionId;
  await journal.flushAll();
  journal.dispose();
  await first.dispose();

  const reader = new ChatJournal(w.journalDir, () => undefined, 10);
  const decoded = await reader.load('chat-1');
  expect(decoded).not.toBeNull();
  const restored = w.controller('chat-1', decoded!.state);
  reader.watch(restored, decoded!);
  // Back before any agent runs.
  expect(restored.snapshot().state.connection.kind).toBe('stopped');
  expect(texts(restored.snapshot().state.entries)).toEqual(['user: first question', 'agent: You said: first question']);
  return { restored, sessionId, reader };
}

describe('continuing a chat after a reload', () => {
  it('resume: the same session goes on, the local transcript stays as it was', async () => {
    const w = world(['resume', 'load']);
    const { restored, sessionId } = await chatThenReload(w);
    await restored.start();
    const state = await until(restored, ready);
    expect(state.sessionId).toBe(sessionId);
    await restored.prompt('second question');
    const after = await until(restored, idle);
    expect(texts(after.entries)).toEqual([
      'user: first question',
      'agent: You said: first question',
      '-- resumed',
      'user: second question',
      'agent: You said: second question',
    ]);
    expect(w.methods()).toContain('session/resume');
    expect(w.methods()).not.toContain('session/load');
  });

  it('load: the replay adds nothing the transcript has, and the same session goes on', async () => {
    const w = world(['load']);
    const { restored, sessionId } = await chatThenReload(w);
    await restored.start();
    const state = await until(restored, ready);
    expect(state.sessionId).toBe(sessionId);
    expect(texts(state.entries)).toEqual(['user: first question', 'agent: You said: first question', '-- loaded']);
    expect(w.methods().filter((method) => method === 'session/load')).toHaveLength(1);
  });

  it('load: what the window lost (the last second before a kill) comes back from the replay', async () => {
    const w = world(['load']);
    const journal = new ChatJournal(w.journalDir, () => undefined, 10);
    const first = w.controller('chat-2');
    journal.watch(first);
    await first.start();
    await until(first, ready);
    await first.prompt('kept');
    await until(first, idle);
    await journal.flushAll();
    journal.dispose(); // the host is "killed": the next turn never reaches the journal
    await first.prompt('lost');
    await until(first, (state) => idle(state) && state.entries.length > 4);
    await first.dispose();

    const decoded = await new ChatJournal(w.journalDir, () => undefined).load('chat-2');
    const restored = w.controller('chat-2', decoded!.state);
    await restored.start();
    const state = await until(restored, ready);
    expect(texts(state.entries)).toEqual([
      'user: kept',
      'agent: You said: kept',
      'user: lost',
      'agent: You said: lost',
      '-- loaded',
    ]);
  });

  it('neither: a new session, and the transcript says the agent starts fresh', async () => {
    const w = world([]);
    const { restored, sessionId } = await chatThenReload(w);
    await restored.start();
    const state = await until(restored, ready);
    expect(state.sessionId).not.toBe(sessionId);
    expect(texts(state.entries).at(-1)).toBe('-- new');
    expect(w.methods()).not.toContain('session/resume');
    expect(w.methods()).not.toContain('session/load');
  });

  it('a session the agent no longer knows: a new session, marked', async () => {
    const w = world(['resume']);
    const { restored } = await chatThenReload(w);
    // The agent lost its sessions (another machine, a cleared cache).
    const { rmSync, readdirSync } = await import('node:fs');
    const dir = w.agent.args[2]!;
    for (const name of readdirSync(dir)) if (name.startsWith('scripted-')) rmSync(join(dir, name));
    await restored.start();
    const state = await until(restored, ready);
    expect(texts(state.entries).at(-1)).toBe('-- new');
  });

  it('Restart after a crash resumes the same session where the agent can', async () => {
    const w = world(['resume']);
    const chat = w.controller('chat-3');
    await chat.start();
    await until(chat, ready);
    await chat.prompt('before the crash');
    await until(chat, idle);
    const sessionId = chat.snapshot().state.sessionId;
    await chat.restart();
    const state = await until(chat, ready);
    expect(state.sessionId).toBe(sessionId);
    expect(texts(state.entries).at(-1)).toBe('-- resumed');
  });

  it('resume and load carry the same folders and MCP servers as session/new', async () => {
    for (const method of ['session/resume', 'session/load']) {
      const other = tempDir('switchboard-other-root-');
      const capabilities = JSON.stringify({
        loadSession: method === 'session/load',
        sessionCapabilities: { additionalDirectories: {}, ...(method === 'session/resume' ? { resume: {} } : {}) },
      });
      const w = world([], ['--capabilities', capabilities], other);
      const { restored } = await chatThenReload(w);
      await restored.start();
      await until(restored, ready);
      const opened = w.paramsOf('session/new');
      const continued = w.paramsOf(method);
      expect(continued?.cwd).toBe(opened?.cwd);
      expect(continued?.additionalDirectories).toEqual([resolve(other)]);
      expect(continued?.additionalDirectories).toEqual(opened?.additionalDirectories);
      expect(continued?.mcpServers).toEqual([
        { name: 'notes', command: '/usr/bin/notes-mcp', args: ['--stdio'], env: [] },
      ]);
      // The chat said once which server was left out: continuing it does not say it again.
      const notices = restored
        .snapshot()
        .state.entries.filter((e) => e.kind === 'notice' && noteWords(e.note) === LEFT_OUT);
      expect(notices).toHaveLength(1);
    }
  });

  it('auth_required from resume or load: the sign-in card, and after sign-in the same session goes on', async () => {
    for (const [caps, method] of [
      [['resume'], 'session/resume'],
      [['load'], 'session/load'],
    ] as const) {
      const w = world([...caps], ['--scenario', 'auth-required']);
      const journal = new ChatJournal(w.journalDir, () => undefined, 10);
      const first = w.controller('chat-1');
      journal.watch(first);
      await first.start();
      await until(first, (state) => state.connection.kind === 'authRequired');
      await first.authenticate('scripted-login');
      await until(first, ready);
      await first.prompt('first question');
      await until(first, idle);
      const sessionId = first.snapshot().state.sessionId;
      await journal.flushAll();
      journal.dispose();
      await first.dispose();

      // A new process is signed out again: continuing the chat meets auth_required.
      const newSessions = w.methods().filter((m) => m === 'session/new').length;
      const decoded = await new ChatJournal(w.journalDir, () => undefined, 10).load('chat-1');
      const restored = w.controller('chat-1', decoded!.state);
      await restored.start();
      await until(restored, (state) => state.connection.kind === 'authRequired');
      expect(w.methods().filter((m) => m === method)).toHaveLength(1);
      await restored.authenticate('scripted-login');
      const state = await until(restored, ready);
      expect(state.sessionId).toBe(sessionId);
      expect(w.methods().filter((m) => m === method)).toHaveLength(2);
      expect(w.methods().filter((m) => m === 'session/new')).toHaveLength(newSessions);
      expect(texts(state.entries).slice(0, 2)).toEqual(['user: first question', 'agent: You said: first question']);
      await restored.dispose();
    }
  });

  it('closing a chat sends session/close only when advertised; a window reload never does', async () => {
    for (const caps of [['close'], []]) {
      const w = world(caps);
      const registry = new ThreadRegistry((_agent, threadId) => w.controller(threadId));
      const chat = registry.create(w.agent);
      await chat.start();
      await until(chat, ready);
      const other = registry.create(w.agent);
      await other.start();
      await until(other, ready);
      await registry.close(chat.threadId);
      await registry.disposeAll();
      const closes = w.methods().filter((method) => method === 'session/close');
      expect(closes).toHaveLength(caps.includes('close') ? 1 : 0);
    }
  });
});
