import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { RequestFailure } from '../../../src/session/api';
import { settingErrorWords } from '../../../src/shared/entryWords';
import { scriptBasicAgent, type FakeAgentProcess } from './fakeAgent';
import { deferred, setup, toolOf, until } from './harness';
import { within } from '../../within';

function update(fake: FakeAgentProcess, sessionId: string, u: acp.SessionUpdate): void {
  fake.agent.notify('session/update', { sessionId, update: u });
}

describe('ThreadController turns', () => {
  it('runs a full turn: prompt, streamed updates, end of turn', async () => {
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        update(fake, sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hel' } });
        update(fake, sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'lo' } });
        return { stopReason: 'end_turn' };
      });
    });
    await t.controller.start();
    await t.controller.prompt('hi there');
    expect(t.spawner.last.sent('session/prompt')).toEqual([
      { sessionId: 'session-1', prompt: [{ type: 'text', text: 'hi there' }] },
    ]);
    const state = t.state();
    expect(state.turn).toEqual({ kind: 'idle' });
    expect(state.entries.map((entry) => entry.kind)).toEqual(['user', 'agent', 'turnEnd']);
    const agent = state.entries[1]!;
    expect(agent.kind === 'agent' && agent.parts).toEqual([{ kind: 'text', text: 'Hello' }]);
    expect(state.entries[2]).toMatchObject({ kind: 'turnEnd', stopReason: 'end_turn' });
  });

  it('refuses a second prompt while one is running, without disturbing the first', async () => {
    const answer = deferred<acp.PromptResponse>();
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/prompt', () => answer.promise);
    });
    await t.controller.start();
    const first = t.controller.prompt('one');
    await expect(t.controller.prompt('two')).rejects.toThrow(/still working on the previous prompt/);
    answer.resolve({ stopReason: 'end_turn' });
    await within(first, 'the end of the first turn once the agent answered');
    expect(t.spawner.last.sent('session/prompt')).toHaveLength(1);
    expect(t.state().entries.filter((entry) => entry.kind === 'user')).toHaveLength(1);
  });

  it('refuses to prompt before the session is ready', async () => {
    const t = setup();
    await expect(t.controller.prompt('too early')).rejects.toThrow(/not ready/);
  });

  it('a JSON-RPC error from session/prompt fails the turn with its message', async () => {
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/prompt', () => {
        throw new RequestFailure(-32603, 'model overloaded');
      });
    });
    await t.controller.start();
    await t.controller.prompt('hi');
    expect(t.state().entries.at(-1)).toMatchObject({
      kind: 'turnEnd',
      stopReason: 'error',
      message: 'model overloaded',
    });
    expect(t.state().turn.kind).toBe('idle');
  });

  it('cancel: marks open tool calls cancelled at once, sends session/cancel, keeps applying updates until the answer', async () => {
    const cancelled = deferred<void>();
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onNotification('session/cancel', () => cancelled.resolve());
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        update(fake, sessionId, {
          sessionUpdate: 'tool_call',
          toolCallId: 'read-1',
          title: 'Read file',
          status: 'in_progress',
        });
        await cancelled.promise;
        update(fake, sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'stopping' } });
        return { stopReason: 'cancelled' };
      });
    });
    await t.controller.start();
    const turn = t.controller.prompt('work');
    await until(t.controller, (state) => state.entries.some((entry) => entry.kind === 'tool'));

    await t.controller.cancel();
    expect(t.state().turn).toEqual({ kind: 'cancelling' });
    expect(toolOf(t.state(), 'read-1').status).toBe('cancelled');

    // The agent ends its turn only once session/cancel reached it.
    await within(turn, 'the end of the cancelled turn');
    expect(t.spawner.last.sent('session/cancel')).toEqual([{ sessionId: 'session-1' }]);
    const state = t.state();
    expect(state.turn).toEqual({ kind: 'idle' });
    expect(state.entries.map((entry) => entry.kind)).toEqual(['user', 'tool', 'agent', 'turnEnd']);
    expect(state.entries.at(-1)).toMatchObject({ stopReason: 'cancelled' });
  });

  it('cancel: an error answer after session/cancel counts as a cancelled turn, not a failure', async () => {
    const cancelled = deferred<void>();
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onNotification('session/cancel', () => cancelled.resolve());
      fake.agent.onRequest('session/prompt', async () => {
        await cancelled.promise;
        throw new RequestFailure(-32800, 'Request cancelled');
      });
    });
    await t.controller.start();
    const turn = t.controller.prompt('work');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    await t.controller.cancel();
    await within(turn, 'the end of the cancelled turn');
    expect(t.state().entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'cancelled' });
    expect(t.actionTypes()).not.toContain('turnFailed');
  });

  it('cancel when idle does nothing', async () => {
    const t = setup();
    await t.controller.start();
    const before = t.events.length;
    await t.controller.cancel();
    expect(t.events.length).toBe(before);
    expect(t.spawner.last.sent('session/cancel')).toEqual([]);
  });

  it('a crash mid-turn ends the turn: failure entry, open tool calls unfinished', async () => {
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        update(fake, sessionId, {
          sessionUpdate: 'tool_call',
          toolCallId: 'edit-1',
          title: 'Edit',
          status: 'in_progress',
        });
        setTimeout(() => fake.crash(139), 10);
        return new Promise<acp.PromptResponse>(() => undefined);
      });
    });
    await t.controller.start();
    // The agent never answers the prompt: only its exit can end the turn.
    await within(t.controller.prompt('go'), 'the end of the turn after the agent crashed');
    const state = await until(t.controller, (s) => s.connection.kind === 'failed');
    expect(state.turn).toEqual({ kind: 'idle' });
    expect(toolOf(state, 'edit-1').status).toBe('unfinished');
    expect(state.entries.at(-1)).toMatchObject({
      kind: 'failure',
      failure: { reason: { kind: 'exited' }, exitCode: 139 },
    });
    expect(t.actionTypes().filter((type) => type === 'agentFailed')).toHaveLength(1);
    expect(t.actionTypes()).not.toContain('turnFailed');
  });

  it('replaces config options with the full returned list, and switches modes', async () => {
    const full: acp.SessionConfigOption[] = [
      {
        id: 'model',
        name: 'Model',
        type: 'select',
        currentValue: 'fast',
        options: [
          { value: 'fast', name: 'Fast' },
          { value: 'smart', name: 'Smart' },
        ],
      },
      { id: 'effort', name: 'Effort', type: 'select', currentValue: 'low', options: [{ value: 'low', name: 'Low' }] },
    ];
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/new', () => ({
        sessionId: 's',
        configOptions: [full[0]],
        modes: {
          currentModeId: 'ask',
          availableModes: [
            { id: 'ask', name: 'Ask' },
            { id: 'code', name: 'Code' },
          ],
        },
      }));
      fake.agent.onRequest('session/set_config_option', () => ({ configOptions: full }));
      fake.agent.onRequest('session/set_mode', () => ({}));
    });
    await t.controller.start();
    expect(t.state().configOptions).toEqual([full[0]]);

    await t.controller.setConfigOption('model', 'fast');
    expect(t.spawner.last.sent('session/set_config_option')).toEqual([
      { sessionId: 's', configId: 'model', value: 'fast' },
    ]);
    expect(t.state().configOptions).toEqual(full);

    await t.controller.setMode('code');
    expect(t.spawner.last.sent('session/set_mode')).toEqual([{ sessionId: 's', modeId: 'code' }]);
    expect(t.state().modes?.currentModeId).toBe('code');
  });

  it('a setMode the agent refuses becomes state beside the selector (not a thrown error), the mode unchanged', async () => {
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/new', () => ({
        sessionId: 's',
        modes: { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }] },
      }));
      fake.agent.onRequest('session/set_mode', () => {
        throw new RequestFailure(-32602, 'unknown mode');
      });
    });
    await t.controller.start();
    await expect(t.controller.setMode('nope')).resolves.toBeUndefined();
    expect(t.state().modes?.currentModeId).toBe('ask');
    // The refused change and the agent's words, as data: the selector words it (shared/entryWords.ts).
    const error = t.state().settingError;
    expect(error).toEqual({ target: { kind: 'mode', modeId: 'nope' }, error: expect.stringContaining('unknown mode') });
    expect(settingErrorWords(error!)).toMatch(/^Could not switch the mode to nope: .*unknown mode/);
  });

  it('fs calls go to the handlers; a write is recorded on the thread', async () => {
    const results: unknown[] = [];
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        results.push(await fake.agent.request('fs/read_text_file', { sessionId, path: '/work/project/a.txt' }));
        results.push(
          await fake.agent.request('fs/write_text_file', { sessionId, path: '/work/project/a.txt', content: 'new' }),
        );
        results.push(
          await fake.agent
            .request('fs/read_text_file', { sessionId: 'other', path: '/x' })
            .catch((error) => error.code),
        );
        return { stopReason: 'end_turn' };
      });
    });
    await t.controller.start();
    // The agent waits for each fs answer before it ends the turn.
    await within(t.controller.prompt('edit'), 'the end of a turn whose agent awaits three fs answers');
    expect(results).toEqual([{ content: 'contents of /work/project/a.txt' }, {}, -32602]);
    expect(t.writes).toEqual([{ sessionId: 'session-1', path: '/work/project/a.txt', content: 'new' }]);
    // The thread names the write by {path, revision} and holds the hunks the host computed, not the texts.
    const written = t.events.find((event) => event.action.type === 'fileWritten')?.action;
    expect(written).toMatchObject({ type: 'fileWritten', write: { path: '/work/project/a.txt', created: false } });
    const write = written?.type === 'fileWritten' ? written.write : undefined;
    expect(write?.fromRevision).toBe(write?.revision);
    expect(write?.diff.hunks[0]?.lines).toEqual([
      { kind: 'del', text: 'old text', noNewlineAtEnd: true },
      { kind: 'add', text: 'new', noNewlineAtEnd: true },
    ]);
  });

  it('applies updates sent before the session/new answer, and logs unknown variants once', async () => {
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/new', async () => {
        update(fake, 'early', {
          sessionUpdate: 'available_commands_update',
          availableCommands: [{ name: 'web', description: 'Search' }],
        });
        return { sessionId: 'early' };
      });
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        for (let i = 0; i < 2; i++) {
          fake.agent.notify('session/update', { sessionId, update: { sessionUpdate: 'future_thing', x: i } });
        }
        return { stopReason: 'end_turn' };
      });
    });
    await t.controller.start();
    expect(t.state().commands).toEqual([{ name: 'web', description: 'Search' }]);
    await t.controller.prompt('x');
    expect(t.logs.filter((line) => line.includes('"future_thing"'))).toHaveLength(1);
    expect(t.state().entries.map((entry) => entry.kind)).toEqual(['user', 'turnEnd']);
  });
});
