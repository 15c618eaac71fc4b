import { describe, expect, it, vi } from 'vitest';
import { RequestFailure } from '../../../src/session/api';
import { failureWords } from '../../../src/shared/failureWords';
import { CLIENT_INFO, scriptBasicAgent } from './fakeAgent';
import { setup, until } from './harness';

describe('ThreadController start', () => {
  it('sends initialize with protocol version 1, clientInfo and the fs, terminal, boolean config option, session notices and compaction, terminal sign-in, elicitation (form: the host opens no addresses here) and subagent sessions capabilities, then session/new', async () => {
    const t = setup();
    await t.controller.start();
    const fake = t.spawner.last;
    expect(fake.sent('initialize')).toEqual([
      {
        protocolVersion: 1,
        clientCapabilities: {
          fs: { readTextFile: true, writeTextFile: true },
          terminal: true,
          session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
          auth: { terminal: true },
          _meta: { 'terminal-auth': true },
          elicitation: { form: {} },
          subagents: {},
        },
        clientInfo: CLIENT_INFO,
      },
    ]);
    expect(fake.sent('session/new')).toEqual([{ cwd: '/work/project', mcpServers: [] }]);
    const state = t.state();
    expect(state.connection).toEqual({ kind: 'ready' });
    expect(state.sessionId).toBe('session-1');
    expect(state.agentInfo).toEqual({ name: 'fake', title: 'Fake Agent', version: '1.0.0' });
    expect(t.actionTypes()).toEqual(['connection', 'initialized', 'sessionStarted', 'connection']);
    expect(t.events.map((event) => event.seq)).toEqual([1, 2, 3, 4]);
    expect(t.events.every((event) => event.threadId === 'thread-1')).toBe(true);
    expect(t.controller.snapshot().seq).toBe(4);
  });

  it('writes the notes about its settings to the agent log at each start, and advertises no elicitation when it is off', async () => {
    const t = setup(scriptBasicAgent, { elicitation: false, notes: ['a setting was renamed'] });
    await t.controller.start();
    expect(t.logs).toContain('[switchboard] a setting was renamed');
    expect(t.spawner.last.sent('initialize')[0]).toMatchObject({
      clientCapabilities: expect.not.objectContaining({ elicitation: expect.anything() }),
    });
  });

  it('a start asked for while one is under way is that start: one process, and a prompt after it goes through', async () => {
    const t = setup();
    const first = t.controller.start();
    const second = t.controller.start(); // a message sent to the chat while its agent starts (messageRouter.ts)
    await second;
    expect(t.state().connection).toEqual({ kind: 'ready' });
    await first;
    expect(t.spawner.configs).toHaveLength(1);
    await t.controller.prompt('typed at once');
    expect(t.spawner.last.sent('session/prompt')).toHaveLength(1);
  });

  it('runs the agent in the workspace folder with the configured command', async () => {
    const t = setup();
    await t.controller.start();
    expect(t.spawner.configs[0]).toMatchObject({ id: 'fake', command: 'fake-agent' });
    // The folder the process starts in is the workspace's (fakeEnv's), not the editor's own cwd or `/`;
    // test/vscode/agentProcess.test.ts checks the same from the agent's side in a real VS Code.
    expect(t.spawner.cwds).toEqual(['/work/project']);
    await t.controller.restart();
    expect(t.spawner.cwds).toEqual(['/work/project', '/work/project']);
  });

  it('on auth_required shows the advertised methods, authenticates and retries session/new', async () => {
    let authenticated = false;
    const t = setup((fake) => {
      scriptBasicAgent(fake, { authMethods: [{ id: 'login', name: 'Log in with browser' }] });
      fake.agent.onRequest('session/new', () => {
        if (!authenticated) throw new RequestFailure(-32000, 'Authentication required');
        return { sessionId: 'after-auth' };
      });
      fake.agent.onRequest('authenticate', () => {
        authenticated = true;
        return {};
      });
    });
    await t.controller.start();
    expect(t.state().connection).toEqual({
      kind: 'authRequired',
      methods: [{ id: 'login', name: 'Log in with browser' }],
    });

    await t.controller.authenticate('login');
    expect(t.spawner.last.sent('authenticate')).toEqual([{ methodId: 'login' }]);
    expect(t.spawner.last.sent('session/new')).toHaveLength(2);
    expect(t.state().connection).toEqual({ kind: 'ready' });
    expect(t.state().sessionId).toBe('after-auth');
    const connectionKinds = t.events.flatMap((event) =>
      event.action.type === 'connection' ? [event.action.state.kind] : [],
    );
    expect(connectionKinds).toEqual(['starting', 'authRequired', 'authenticating', 'ready']);
  });

  it('a failed authenticate goes back to authRequired and throws for the glue to show', async () => {
    const t = setup((fake) => {
      scriptBasicAgent(fake, { authMethods: [{ id: 'login', name: 'Log in' }] });
      fake.agent.onRequest('session/new', () => {
        throw new RequestFailure(-32000, 'Authentication required');
      });
      fake.agent.onRequest('authenticate', () => {
        throw new RequestFailure(-32603, 'browser closed');
      });
    });
    await t.controller.start();
    await expect(t.controller.authenticate('login')).rejects.toThrow('Authentication failed: browser closed');
    expect(t.state().connection.kind).toBe('authRequired');
  });

  it('auth_required without any advertised method is a failure that says so', async () => {
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/new', () => {
        throw new RequestFailure(-32000, 'Authentication required');
      });
    });
    await t.controller.start();
    const { connection } = t.state();
    expect(connection.kind).toBe('failed');
    expect(connection.kind === 'failed' && connection.failure.reason).toEqual({ kind: 'noAuthMethod' });
    expect(connection.kind === 'failed' && failureWords(connection.failure).title).toBe(
      'The agent needs authentication but offered no method to authenticate',
    );
  });

  it('stops the agent and explains when it wants another protocol version', async () => {
    const t = setup((fake) => scriptBasicAgent(fake, { protocolVersion: 3 }));
    await t.controller.start();
    const state = t.state();
    expect(state.connection.kind).toBe('failed');
    expect(state.connection.kind === 'failed' && state.connection.failure).toMatchObject({
      reason: { kind: 'protocolVersion', version: '3' },
      commandLine: 'fake-agent --acp',
    });
    expect(state.connection.kind === 'failed' && failureWords(state.connection.failure).title).toBe(
      'The agent wants ACP protocol version 3; Switchboard speaks version 1',
    );
    expect(t.spawner.last.stopCalls).toBeGreaterThan(0);
    expect(t.spawner.last.sent('session/new')).toEqual([]);
    expect(state.entries.at(-1)?.kind).toBe('failure');
  });

  it('an agent that answers version 2 while switchboard.acpV2 is off: stopped, the failure says to turn it on', async () => {
    const t = setup((fake) => scriptBasicAgent(fake, { protocolVersion: 2 }));
    await t.controller.start();
    const state = t.state();
    expect(state.connection.kind === 'failed' && state.connection.failure.reason).toEqual({ kind: 'needsV2' });
    const words = state.connection.kind === 'failed' ? failureWords(state.connection.failure) : null;
    expect(words?.title).toBe('The agent speaks ACP protocol version 2, which is turned off');
    expect(words?.hint).toContain('switchboard.acpV2');
    expect(t.spawner.last.stopCalls).toBeGreaterThan(0);
    expect(t.spawner.last.sent('session/new')).toEqual([]);
  });

  it('fails with a clear message and kills the agent when initialize gets no answer in time', async () => {
    const t = setup((fake) => fake.agent.onRequest('initialize', () => new Promise(() => undefined)), {
      initializeTimeoutMs: 150,
    });
    await t.controller.start();
    const { connection } = t.state();
    expect(connection.kind === 'failed' && connection.failure).toMatchObject({
      reason: { kind: 'initializeTimeout', ms: 150 },
      stderrTail: ['fake: last words'],
    });
    expect(connection.kind === 'failed' && failureWords(connection.failure).title).toBe(
      'The agent did not answer initialize within 0.2 s',
    );
    expect(t.spawner.last.stopCalls).toBeGreaterThan(0);
  });

  it('reports the exit when the agent dies during initialize, once', async () => {
    const t = setup((fake) =>
      fake.agent.onRequest('initialize', () => {
        fake.crash(7);
        return new Promise(() => undefined);
      }),
    );
    await t.controller.start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const failures = t.events.filter((event) => event.action.type === 'agentFailed');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.action).toMatchObject({ failure: { reason: { kind: 'exited' }, exitCode: 7 } });
  });

  it('an error answer to session/new is a failure naming the step', async () => {
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/new', () => {
        throw new RequestFailure(-32603, 'no model configured');
      });
    });
    await t.controller.start();
    const { connection } = t.state();
    expect(connection.kind === 'failed' && failureWords(connection.failure).title).toBe(
      'session/new failed: no model configured',
    );
  });

  it('restart stops the old process group and starts a new session, keeping the old entries and marking the lost context', async () => {
    const t = setup();
    await t.controller.start();
    await t.controller.prompt('hello');
    const first = t.spawner.last;
    const entriesBefore = t.state().entries.length;

    await t.controller.restart();
    expect(first.stopCalls).toBe(1);
    expect(t.spawner.processes).toHaveLength(2);
    expect(t.state().sessionId).toBe('session-1'); // a new process numbers its sessions from 1 again
    expect(t.spawner.last).not.toBe(first);
    expect(t.state().connection).toEqual({ kind: 'ready' });
    // The agent advertises neither session/resume nor session/load: the transcript says it starts fresh.
    expect(t.state().entries.length).toBe(entriesBefore + 1);
    expect(t.state().entries.at(-1)).toMatchObject({ kind: 'continued', how: 'new' });
    // Nothing from the stopped process is reported as a failure.
    expect(t.actionTypes()).not.toContain('agentFailed');
  });

  it('restart after a crash starts again', async () => {
    const t = setup();
    await t.controller.start();
    t.spawner.last.crash(1);
    await until(t.controller, (state) => state.connection.kind === 'failed');
    await t.controller.restart();
    expect(t.state().connection).toEqual({ kind: 'ready' });
    expect(t.spawner.processes).toHaveLength(2);
  });

  it('a spawn factory that throws still ends as a failure, not a rejection', async () => {
    const t = setup(() => {
      throw new Error('factory bug');
    });
    await expect(t.controller.start()).resolves.toBeUndefined();
    const { connection } = t.state();
    expect(connection.kind === 'failed' && connection.failure.reason).toEqual({
      kind: 'notStarted',
      error: 'factory bug',
    });
    expect(connection.kind === 'failed' && failureWords(connection.failure).title).toBe(
      'Could not start the agent: factory bug',
    );
  });

  it('dispose stops the agent and marks the connection stopped', async () => {
    const t = setup();
    await t.controller.start();
    await t.controller.dispose();
    expect(t.spawner.last.stopCalls).toBe(1);
    expect(t.state().connection).toEqual({ kind: 'stopped' });
    await expect(t.controller.prompt('late')).rejects.toThrow(/not ready/);
  });
});

describe('AgentConnection', () => {
  it('stops an agent that closed its output but kept running, and says so', async () => {
    const t = setup();
    await t.controller.start();
    t.spawner.last.stdout.end(); // output gone, process still "running"
    await vi.waitFor(
      () => {
        if (t.state().connection.kind !== 'failed') throw new Error('not yet');
      },
      { timeout: 3000 },
    );
    const { connection } = t.state();
    expect(connection.kind === 'failed' && connection.failure.reason).toEqual({ kind: 'outputClosed' });
    expect(connection.kind === 'failed' && failureWords(connection.failure)).toEqual({
      title: 'The agent closed its output and was stopped',
      hint: 'The agent exited; press Restart to start it again. The stderr lines above may say why.',
    });
    expect(t.spawner.last.stopCalls).toBeGreaterThan(0);
  });
});
