import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { scriptBasicAgent, type FakeAgentProcess } from './fakeAgent';
import { deferred, setup, toolOf, until } from './harness';
import { within } from '../../within';

const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

/**
 * An agent whose turn asks for permission on tool call `tc-1` and reports the answer it got.
 * `abort` (when given) is wired to the request so the test can send `$/cancel_request`.
 */
function permissionAgent(answers: unknown[], abort?: AbortController, finish = deferred<void>()) {
  return (fake: FakeAgentProcess) => {
    scriptBasicAgent(fake);
    fake.agent.onNotification('session/cancel', () => finish.resolve());
    fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
      fake.agent.notify('session/update', {
        sessionId,
        update: {
          sessionUpdate: 'tool_call',
          toolCallId: 'tc-1',
          title: 'Run rm -rf build',
          kind: 'execute',
          status: 'pending',
        },
      });
      const answer = await fake.agent
        .request(
          'session/request_permission',
          { sessionId, toolCall: { toolCallId: 'tc-1' }, options: OPTIONS },
          { signal: abort?.signal },
        )
        .catch((error) => ({ error: error.code }));
      answers.push(answer);
      if (!abort) await finish.promise.catch(() => undefined);
      return {
        stopReason:
          answers.length && (answer as acp.RequestPermissionResponse).outcome?.outcome === 'cancelled'
            ? 'cancelled'
            : 'end_turn',
      };
    });
  };
}

async function startTurn(t: ReturnType<typeof setup>) {
  await t.controller.start();
  const turn = t.controller.prompt('clean up');
  const state = await until(t.controller, (s) =>
    s.entries.some((e) => e.kind === 'tool' && e.tool.permission?.state.kind === 'pending'),
  );
  const permission = toolOf(state, 'tc-1').permission!;
  return { turn, permissionId: permission.permissionId, permission };
}

describe('permission requests', () => {
  it('show inline on the tool call with a deterministic id and the agent options', async () => {
    const answers: unknown[] = [];
    const finish = deferred<void>();
    const t = setup(permissionAgent(answers, undefined, finish));
    const { permission, turn } = await startTurn(t);
    expect(permission).toEqual({ permissionId: 'permission-1', options: OPTIONS, state: { kind: 'pending' } });
    t.controller.resolvePermission('permission-1', 'allow');
    finish.resolve();
    await within(turn, 'the end of the turn, which waits for the permission answer');
  });

  it('user choice answers selected with that option', async () => {
    const answers: unknown[] = [];
    const finish = deferred<void>();
    const t = setup(permissionAgent(answers, undefined, finish));
    const { turn, permissionId } = await startTurn(t);
    t.controller.resolvePermission(permissionId, 'reject');
    await until(t.controller, () => answers.length === 1);
    expect(answers).toEqual([{ outcome: { outcome: 'selected', optionId: 'reject' } }]);
    expect(toolOf(t.state(), 'tc-1').permission?.state).toEqual({ kind: 'selected', optionId: 'reject' });
    // A second answer to the same request changes nothing.
    t.controller.resolvePermission(permissionId, 'allow');
    expect(toolOf(t.state(), 'tc-1').permission?.state).toEqual({ kind: 'selected', optionId: 'reject' });
    finish.resolve();
    await within(turn, 'the end of the turn, which waits for the permission answer');
  });

  it('null (dismissed) answers cancelled', async () => {
    const answers: unknown[] = [];
    const finish = deferred<void>();
    const t = setup(permissionAgent(answers, undefined, finish));
    const { turn, permissionId } = await startTurn(t);
    t.controller.resolvePermission(permissionId, null);
    await until(t.controller, () => answers.length === 1);
    expect(answers).toEqual([{ outcome: { outcome: 'cancelled' } }]);
    expect(toolOf(t.state(), 'tc-1').permission?.state).toEqual({ kind: 'cancelled' });
    finish.resolve();
    await within(turn, 'the end of the turn, which waits for the permission answer');
  });

  it('an option that was not offered answers cancelled, never an allow', async () => {
    const answers: unknown[] = [];
    const finish = deferred<void>();
    const t = setup(permissionAgent(answers, undefined, finish));
    const { turn, permissionId } = await startTurn(t);
    t.controller.resolvePermission(permissionId, 'allow_always_everything');
    await until(t.controller, () => answers.length === 1);
    expect(answers).toEqual([{ outcome: { outcome: 'cancelled' } }]);
    expect(toolOf(t.state(), 'tc-1').permission?.state).toEqual({ kind: 'cancelled' });
    finish.resolve();
    await within(turn, 'the end of the turn, which waits for the permission answer');
  });

  it('cancel() answers a pending request cancelled before sending session/cancel', async () => {
    const answers: unknown[] = [];
    const t = setup(permissionAgent(answers));
    const { turn } = await startTurn(t);
    await t.controller.cancel();
    await within(turn, 'the end of the turn, which waits for the permission answer');
    expect(answers).toEqual([{ outcome: { outcome: 'cancelled' } }]);
    expect(t.spawner.last.sent('session/cancel')).toEqual([{ sessionId: 'session-1' }]);
    const state = t.state();
    expect(toolOf(state, 'tc-1')).toMatchObject({ status: 'cancelled', permission: { state: { kind: 'cancelled' } } });
    expect(state.entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'cancelled' });
  });

  it('the agent cancelling the request ($/cancel_request) resolves it cancelled', async () => {
    const answers: unknown[] = [];
    const abort = new AbortController();
    const t = setup(permissionAgent(answers, abort));
    const { turn } = await startTurn(t);
    abort.abort();
    await within(turn, 'the end of the turn, which waits for the permission answer');
    expect(answers).toEqual([{ outcome: { outcome: 'cancelled' } }]);
    expect(toolOf(t.state(), 'tc-1').permission?.state).toEqual({ kind: 'cancelled' });
    // The turn goes on: the agent decides what a refused tool means.
    expect(t.state().connection).toEqual({ kind: 'ready' });
  });

  it('the agent exiting resolves it cancelled and shows the failure', async () => {
    const answers: unknown[] = [];
    const t = setup(permissionAgent(answers));
    await startTurn(t);
    t.spawner.last.crash(2);
    const state = await until(t.controller, (s) => s.connection.kind === 'failed');
    expect(toolOf(state, 'tc-1')).toMatchObject({ status: 'unfinished', permission: { state: { kind: 'cancelled' } } });
    const resolved = t.events.filter((e) => e.action.type === 'permissionResolved').map((e) => e.action);
    expect(resolved).toEqual([
      { type: 'permissionResolved', permissionId: 'permission-1', outcome: { kind: 'cancelled' } },
    ]);
    // Answering after the agent is gone is a no-op.
    t.controller.resolvePermission('permission-1', 'allow');
    expect(toolOf(t.state(), 'tc-1').permission?.state).toEqual({ kind: 'cancelled' });
  });

  it('dispose resolves it cancelled, ends the turn and stops the agent', async () => {
    const answers: unknown[] = [];
    const t = setup(permissionAgent(answers));
    const { turn } = await startTurn(t);
    await t.controller.dispose();
    await within(turn, 'the end of the turn, which waits for the permission answer');
    expect(answers).toEqual([{ outcome: { outcome: 'cancelled' } }]);
    const state = t.state();
    expect(toolOf(state, 'tc-1').permission?.state).toEqual({ kind: 'cancelled' });
    expect(state.turn.kind).toBe('idle');
    expect(state.connection).toEqual({ kind: 'stopped' });
    expect(t.spawner.last.stopCalls).toBe(1);
  });

  it('a request arriving after cancel is answered cancelled without being shown', async () => {
    const answers: unknown[] = [];
    const t = setup((fake) => {
      scriptBasicAgent(fake);
      const cancelled = deferred<void>();
      fake.agent.onNotification('session/cancel', () => cancelled.resolve());
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        await cancelled.promise;
        answers.push(
          await fake.agent.request('session/request_permission', {
            sessionId,
            toolCall: { toolCallId: 'late' },
            options: OPTIONS,
          }),
        );
        return { stopReason: 'cancelled' };
      });
    });
    await t.controller.start();
    const turn = t.controller.prompt('x');
    await until(t.controller, (s) => s.turn.kind === 'prompting');
    await t.controller.cancel();
    await within(turn, 'the end of the turn, which waits for the permission answer');
    expect(answers).toEqual([{ outcome: { outcome: 'cancelled' } }]);
    expect(t.actionTypes()).not.toContain('permissionRequested');
  });
});
