// The chats of one agent share its process (src/session/agent/agentPool.ts): real ThreadControllers against the real
// scripted agent, counting the processes spawned. Each chat is its own ACP session on the one connection, its
// traffic routed by sessionId; the process lives while a chat holds it; a crash reaches every chat on it; Restart
// gives one chat a new process; `processPerChat` opts out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnAgentProcess, type AgentProcess, type SpawnAgentProcess } from '../../src/agents/agentProcess';
import { AgentPool } from '../../src/session/agent/agentPool';
import type { AgentConfig, ClientHandlers, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import type { ThreadState } from '../../src/shared/thread';
import { FileTexts } from '../../src/review/fileTexts';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';
import { agentText, scriptedAgent } from './scriptedAgent';

const fileTexts = new FileTexts();
const controllers: ThreadController[] = [];

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

/** A window: one pool, the processes it spawned, and a way to open chats with an agent. */
function window() {
  const cwd = tempDir('switchboard-pool-');
  /** What the client sent to the agents: the test reads the session/cancel a closed chat sends. */
  const sent: Array<{ method?: string; params?: { sessionId?: string } }> = [];
  const env = {
    ...testHostEnv(cwd),
    traffic: () => ({
      record: (direction: 'send' | 'recv', message: unknown) => {
        if (direction === 'send') sent.push(message as (typeof sent)[number]);
      },
    }),
  };
  const pool = new AgentPool();
  const processes: AgentProcess[] = [];
  const spawn: SpawnAgentProcess = (config, options) => {
    const proc = spawnAgentProcess(config, options);
    processes.push(proc);
    return proc;
  };
  const handlers: ClientHandlers = {
    readTextFile: async ({ path }) => ({ content: `editor copy of ${path}` }),
    writeTextFile: async ({ path, content }) => fileTexts.record(path, null, content),
  };
  let chats = 0;
  const chat = (agent: AgentConfig): ThreadController => {
    const controller = createThreadController({
      threadId: `chat-${++chats}`,
      agent,
      env,
      handlers,
      spawn,
      stopGraceMs: 500,
      agentPool: pool,
    });
    controllers.push(controller);
    return controller;
  };
  return { pool, processes, chat, sent };
}

async function until(controller: ThreadController, predicate: (state: ThreadState) => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      if (!predicate(controller.snapshot().state)) throw new Error('condition not met yet');
    },
    { timeout: 10_000 },
  );
}

const running = (proc: AgentProcess | undefined) =>
  proc !== undefined && Promise.race([proc.exited.then(() => false), Promise.resolve(true)]);

describe('the chats of one agent share its process', () => {
  it('two chats: one process, two sessions, each turn only in its own chat; the last chat out stops it', async () => {
    const w = window();
    const a = w.chat(scriptedAgent('basic-turn'));
    const b = w.chat(scriptedAgent('basic-turn'));
    await Promise.all([a.start(), b.start()]);
    expect(w.processes).toHaveLength(1);
    expect(w.pool.size).toBe(1);
    const [sa, sb] = [a.snapshot().state.sessionId, b.snapshot().state.sessionId];
    expect(sa).toBeTruthy();
    expect(sb).toBeTruthy();
    expect(sa).not.toBe(sb);
    // Both chats got the agent's capabilities from the one initialize.
    expect(b.snapshot().state.agentInfo).toEqual(a.snapshot().state.agentInfo);

    await Promise.all([a.prompt('for chat A'), b.prompt('for chat B')]);
    expect(agentText(a.snapshot().state)).toBe('You said: for chat A\n\nDone.');
    expect(agentText(b.snapshot().state)).toBe('You said: for chat B\n\nDone.');

    await a.dispose();
    expect(await running(w.processes[0])).toBe(true);
    await b.prompt('still here');
    expect(agentText(b.snapshot().state)).toContain('You said: still here');
    await b.dispose();
    const exit = await w.processes[0]!.exited;
    expect(exit.requested).toBe(true);
    expect(w.pool.size).toBe(0);
  });

  it('a crash reaches every chat on the process; the next start is a new process', async () => {
    const w = window();
    const a = w.chat(scriptedAgent('crash-mid-turn'));
    const b = w.chat(scriptedAgent('crash-mid-turn'));
    await a.start();
    await b.start();
    expect(w.processes).toHaveLength(1);
    await a.prompt('boom');
    await until(a, (state) => state.connection.kind === 'failed');
    await until(b, (state) => state.connection.kind === 'failed');
    expect(w.pool.size).toBe(0);
    await b.restart();
    expect(b.snapshot().state.connection).toEqual({ kind: 'ready' });
    expect(w.processes).toHaveLength(2);
  });

  it('Restart gives one chat a new process; the other chat keeps the old one and goes on', async () => {
    const w = window();
    const a = w.chat(scriptedAgent('basic-turn'));
    const b = w.chat(scriptedAgent('basic-turn'));
    await a.start();
    await b.start();
    await a.restart();
    expect(w.processes).toHaveLength(2);
    expect(await running(w.processes[0])).toBe(true);
    await Promise.all([a.prompt('after restart'), b.prompt('on the old process')]);
    expect(agentText(a.snapshot().state)).toContain('You said: after restart');
    expect(agentText(b.snapshot().state)).toContain('You said: on the old process');
    // A third chat joins the newest process.
    const c = w.chat(scriptedAgent('basic-turn'));
    await c.start();
    expect(w.processes).toHaveLength(2);
    await b.dispose();
    expect((await w.processes[0]!.exited).requested).toBe(true);
    expect(await running(w.processes[1])).toBe(true);
  });

  it('a chat closed mid-turn cancels its turn in the agent, which lives on for the other chat', async () => {
    const w = window();
    const a = w.chat(scriptedAgent('slow-turn'));
    const b = w.chat(scriptedAgent('slow-turn'));
    await a.start();
    await b.start();
    const sessionA = a.snapshot().state.sessionId;
    const turnA = a.prompt('a long one');
    await until(a, (state) => agentText(state).includes('tick 1 '));
    await a.dispose();
    await turnA;
    expect(w.sent).toContainEqual(
      expect.objectContaining({ method: 'session/cancel', params: { sessionId: sessionA } }),
    );
    expect(await running(w.processes[0])).toBe(true);
    // The other chat's turn runs (and is cancelled) on the same process as usual.
    const turnB = b.prompt('short');
    await until(b, (state) => agentText(state).includes('tick 0 '));
    await b.cancel();
    await turnB;
    expect(b.snapshot().state.entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'cancelled' });
  });

  it('processPerChat, or another way of starting the agent, gets its own process', async () => {
    const w = window();
    const own = w.chat(scriptedAgent('basic-turn', { processPerChat: true }));
    const shared = w.chat(scriptedAgent('basic-turn'));
    const otherEnv = w.chat(scriptedAgent('basic-turn', { env: { SCRIPTED_FLAVOUR: 'other' } }));
    await Promise.all([own.start(), shared.start(), otherEnv.start()]);
    expect(w.processes).toHaveLength(3);
    await own.dispose();
    expect((await w.processes[0]!.exited).requested).toBe(true);
  });
});
