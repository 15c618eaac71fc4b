// ThreadController against the real scripted agent (a child process speaking NDJSON over stdio).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnAgentProcess, type AgentProcess, type SpawnAgentProcess } from '../../src/agents/agentProcess';
import type { AgentConfig, ClientHandlers, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import type { ThreadState } from '../../src/shared/thread';
import { tempDir } from './tempDirs';
import { testHostEnv } from './hostEnv';
import { FileTexts } from '../../src/review/fileTexts';
import { agentText, SCRIPTED_AGENT, scriptedAgent } from './scriptedAgent';
import { failureWords } from '../../src/shared/failureWords';

/** The keeper of the fake writes' texts. */
const fileTexts = new FileTexts();

const controllers: ThreadController[] = [];

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

function setup(agent: AgentConfig, options: { initializeTimeoutMs?: number } = {}) {
  const cwd = tempDir('switchboard-session-');
  writeFileSync(join(cwd, 'hello.txt'), 'hello from the workspace\n');
  const stderr: string[] = [];
  const processes: AgentProcess[] = [];
  const env = testHostEnv(cwd, { log: (line) => stderr.push(line), initializeTimeoutMs: options.initializeTimeoutMs });
  const writes: string[] = [];
  const handlers: ClientHandlers = {
    readTextFile: async ({ path }) => ({ content: `editor copy of ${path}` }),
    writeTextFile: async ({ path, content }) => {
      writes.push(path);
      return fileTexts.record(path, null, content);
    },
  };
  const spawn: SpawnAgentProcess = (config, processOptions) => {
    const proc = spawnAgentProcess(config, processOptions);
    processes.push(proc);
    return proc;
  };
  const controller = createThreadController({ threadId: 't', agent, env, handlers, spawn, stopGraceMs: 500 });
  controllers.push(controller);
  return { controller, cwd, stderr, processes, writes, state: () => controller.snapshot().state };
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

function failureOf(state: ThreadState) {
  if (state.connection.kind !== 'failed') throw new Error(`connection is ${state.connection.kind}`);
  return state.connection.failure;
}

describe('ThreadController with the scripted agent', () => {
  it('runs a full turn', async () => {
    const t = setup(scriptedAgent('basic-turn'));
    await t.controller.start();
    expect(t.state().connection).toEqual({ kind: 'ready' });
    await t.controller.prompt('hello');
    const state = t.state();
    expect(state.entries.map((entry) => entry.kind)).toEqual(['user', 'thought', 'agent', 'tool', 'turnEnd']);
    expect(agentText(state)).toBe('You said: hello\n\nDone.');
    expect(state.entries.at(-1)).toMatchObject({ stopReason: 'end_turn' });
    expect(state.plan).toHaveLength(1);
  });

  it('a crash mid-turn produces a failure with the exit code and the stderr tail', async () => {
    const t = setup(scriptedAgent('crash-mid-turn'));
    await t.controller.start();
    await t.controller.prompt('boom');
    const state = await until(t.controller, (s) => s.connection.kind === 'failed');
    const failure = failureOf(state);
    expect(failure).toMatchObject({ reason: { kind: 'exited' }, exitCode: 3, signal: null });
    expect(failureWords(failure).title).toBe('Agent exited with code 3');
    expect(failure.stderrTail).toContain('scripted-agent: simulated crash');
    expect(failure.commandLine).toBe(`${process.execPath} ${SCRIPTED_AGENT} --scenario crash-mid-turn`);
    expect(state.turn).toEqual({ kind: 'idle' });
    expect(state.entries.at(-1)?.kind).toBe('failure');
  });

  it('a missing command produces a failure with the command line and a hint', async () => {
    const t = setup({ ...scriptedAgent('basic-turn'), command: 'switchboard-missing-agent', args: ['--acp'] });
    await t.controller.start();
    const failure = failureOf(await until(t.controller, (s) => s.connection.kind === 'failed'));
    expect(failure).toMatchObject({
      reason: { kind: 'commandNotFound', command: 'switchboard-missing-agent' },
      commandLine: 'switchboard-missing-agent --acp',
    });
    expect(failureWords(failure).title).toBe('Command not found: switchboard-missing-agent');
    expect(failureWords(failure).hint).toMatch(/installed and on PATH/);
  });

  it('an agent that never answers initialize times out and is killed', async () => {
    const t = setup(scriptedAgent('no-initialize'), { initializeTimeoutMs: 400 });
    await t.controller.start();
    expect(failureWords(failureOf(t.state())).title).toBe('The agent did not answer initialize within 0.4 s');
    const exit = await t.processes[0]!.exited;
    expect(exit.requested).toBe(true);
  });

  it('a protocol version mismatch stops the agent and says which version it wants', async () => {
    const t = setup(scriptedAgent('bad-protocol-version'));
    await t.controller.start();
    expect(failureWords(failureOf(t.state())).title).toBe(
      'The agent wants ACP protocol version 99; Switchboard speaks version 1',
    );
    expect((await t.processes[0]!.exited).requested).toBe(true);
  });

  it('authenticates when session/new says auth_required', async () => {
    const t = setup(scriptedAgent('auth-required'));
    await t.controller.start();
    const { connection } = t.state();
    expect(connection.kind === 'authRequired' && connection.methods.map((method) => method.id)).toEqual([
      'scripted-login',
    ]);
    await t.controller.authenticate('scripted-login');
    expect(t.state().connection).toEqual({ kind: 'ready' });
  });

  it('serves fs calls and a permission answered by the user', async () => {
    const t = setup(scriptedAgent('client-calls'));
    await t.controller.start();
    const turn = t.controller.prompt('go');
    const asking = await until(t.controller, (s) =>
      s.entries.some((entry) => entry.kind === 'tool' && entry.tool.permission?.state.kind === 'pending'),
    );
    const tool = asking.entries.find((entry) => entry.kind === 'tool');
    t.controller.resolvePermission(tool?.kind === 'tool' ? tool.tool.permission!.permissionId : '', 'allow');
    await turn;
    const text = agentText(t.state());
    expect(text).toContain(`editor copy of ${join(t.cwd, 'hello.txt')}`);
    expect(text).toContain('"optionId":"allow"');
    expect(t.writes).toEqual([join(t.cwd, 'scripted-output.txt')]);
    const written = t.state().entries.find((entry) => entry.kind === 'tool' && entry.tool.writes.length > 0);
    expect(written?.kind === 'tool' && written.tool.status).toBe('completed');
  });

  it('cancels a slow turn', async () => {
    const t = setup(scriptedAgent('slow-turn'));
    await t.controller.start();
    const turn = t.controller.prompt('slow');
    await until(t.controller, (s) => s.entries.some((entry) => entry.kind === 'agent'));
    await t.controller.cancel();
    await turn;
    expect(t.state().entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'cancelled' });
    expect(t.state().connection).toEqual({ kind: 'ready' });
  });

  it('restart replaces the process and keeps the thread', async () => {
    const t = setup(scriptedAgent('basic-turn'));
    await t.controller.start();
    await t.controller.prompt('one');
    await t.controller.restart();
    expect((await t.processes[0]!.exited).requested).toBe(true);
    await t.controller.prompt('two');
    expect(agentText(t.state())).toContain('You said: two');
    expect(agentText(t.state())).toContain('You said: one');
  });

  // What the client makes of the agent's answers (not what the scripted agent sends: that is the fixture).
  it("shows the modes and config options of session/new, and the agent's answers to set_mode / set_config_option", async () => {
    const t = setup(scriptedAgent('modes'));
    await t.controller.start();
    expect(t.state().modes?.currentModeId).toBe('ask');
    expect(t.state().configOptions?.map((o) => o.id)).toEqual(['model', 'thought_level']);
    await t.controller.setMode('code');
    await until(t.controller, (s) => s.modes?.currentModeId === 'code');
    await t.controller.setConfigOption('model', 'smart');
    expect(t.state().configOptions?.find((o) => o.id === 'model')).toMatchObject({ currentValue: 'smart' });
  });

  it('applies every stable session/update variant to the thread', async () => {
    const t = setup(scriptedAgent('all-updates'));
    await t.controller.start();
    await t.controller.prompt('everything');
    const state = t.state();
    const kinds = new Set(state.entries.map((e) => e.kind));
    for (const kind of ['user', 'agent', 'thought', 'tool', 'turnEnd']) expect(kinds, kind).toContain(kind);
    const tool = state.entries.find((e) => e.kind === 'tool');
    expect(tool?.kind === 'tool' && tool.tool.status).toBe('completed');
    expect(tool?.kind === 'tool' && tool.tool.content.some((c) => c.type === 'diff')).toBe(true);
    expect(state.plan?.length).toBeGreaterThan(0);
    expect(state.commands.length).toBeGreaterThan(0);
    expect(state.modes?.currentModeId).toBeTruthy();
    expect(state.configOptions?.length).toBeGreaterThan(0);
    expect(state.title).toBeTruthy();
    expect(state.usage?.used).toBeGreaterThan(0);
  });

  it('replays a recorded transcript into the thread, with its stop reason', async () => {
    const t = setup(scriptedAgent(resolve(__dirname, '../fixtures/transcripts/scripted-agent-replay.jsonl')));
    await t.controller.start();
    await t.controller.prompt('replay');
    const state = t.state();
    expect(state.entries.map((e) => e.kind)).toEqual(['user', 'thought', 'agent', 'tool', 'turnEnd']);
    expect(agentText(state)).toBe('Hello from the transcript.');
    expect(state.entries.at(-1)).toMatchObject({ stopReason: 'max_tokens' });
  });
});
