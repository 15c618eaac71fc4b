// Bounds on what an agent can make the host hold or show: pending permissions, error entries,
// updates for sessions that never attach.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { MAX_PENDING_PERMISSIONS, MAX_PROTOCOL_ERROR_ENTRIES } from '../../../src/session/threadController';
import { scriptBasicAgent, type FakeAgentProcess } from './fakeAgent';
import { deferred, setup, until } from './harness';
import { within } from '../../within';

const OPTIONS: acp.PermissionOption[] = [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }];

describe('agent junk', () => {
  it(`at most ${MAX_PENDING_PERMISSIONS} permission requests wait at once; more get -32603 at once`, async () => {
    const answers: Array<{ code?: number; outcome?: unknown }> = [];
    const done = deferred<void>();
    const t = setup((fake: FakeAgentProcess) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        const asks = Array.from({ length: MAX_PENDING_PERMISSIONS + 3 }, (_, i) =>
          fake.agent
            .request('session/request_permission', { sessionId, toolCall: { toolCallId: `tc-${i}` }, options: OPTIONS })
            .then(
              (answer) => answers.push(answer as { outcome?: unknown }),
              (error) => answers.push({ code: error.code }),
            ),
        );
        void asks;
        await done.promise;
        return { stopReason: 'end_turn' };
      });
    });
    await t.controller.start();
    const turn = t.controller.prompt('go');
    await until(t.controller, () => answers.length === 3);
    expect(answers.map((a) => a.code)).toEqual([-32603, -32603, -32603]);
    const pending = t.state().entries.filter((e) => e.kind === 'tool' && e.tool.permission?.state.kind === 'pending');
    expect(pending).toHaveLength(MAX_PENDING_PERMISSIONS);
    done.resolve();
    await turn;
    // The turn's end answered the rest `cancelled`: every request got exactly one answer.
    await until(t.controller, () => answers.length === MAX_PENDING_PERMISSIONS + 3);
    expect(answers.slice(3).every((a) => (a.outcome as { outcome?: string })?.outcome === 'cancelled')).toBe(true);
  });

  it(`shows at most ${MAX_PROTOCOL_ERROR_ENTRIES} protocol error entries per thread, then one that says the rest are logged`, async () => {
    const t = setup((fake: FakeAgentProcess) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        for (let i = 0; i < 50; i++)
          fake.agent.notify('session/update', {
            sessionId,
            update: { sessionUpdate: 'usage_update', used: 'x', size: i } as never,
          });
        fake.agent.notify('session/update', {
          sessionId,
          update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'still alive' } },
        });
        return { stopReason: 'end_turn' };
      });
    });
    await t.controller.start();
    await t.controller.prompt('go');
    const errors = t.state().entries.filter((e) => e.kind === 'protocolError');
    expect(errors).toHaveLength(MAX_PROTOCOL_ERROR_ENTRIES + 1);
    expect(errors.at(-1)).toMatchObject({ problem: { kind: 'keepsFailing', shown: MAX_PROTOCOL_ERROR_ENTRIES } });
    expect(t.logs.filter((line) => line.includes('Ignored an invalid usage_update'))).toHaveLength(50);
    expect(t.state().entries.some((e) => e.kind === 'agent')).toBe(true);
  });

  it('a session/update without a string sessionId is logged, not held', async () => {
    const t = setup();
    await t.controller.start();
    const fake = t.spawner.last;
    fake.agent.notify('session/update', { sessionId: { evil: true }, update: {} } as never);
    fake.agent.notify('session/update', null as never);
    await until(
      t.controller,
      () => t.logs.filter((line) => line.includes('ignored a session/update whose sessionId')).length === 2,
    );
    expect(t.logs.join('\n')).not.toMatch(/holding updates/);
  });

  it('requests with invalid params get -32602 naming what is wrong, before any handler runs', async () => {
    const t = setup();
    await t.controller.start();
    const fake = t.spawner.last;
    const sessionId = t.state().sessionId!;
    // A request that got past the check would reach a handler (a permission would wait for the user).
    const ask = (method: string, params: unknown) =>
      within(fake.agent.request(method, params), `the answer to ${method}`).then(
        () => 'answered',
        (error) => `${error.code} ${error.message}`,
      );
    expect(await ask('fs/read_text_file', { sessionId, path: 42 })).toBe(
      '-32602 Invalid params for fs/read_text_file: path must be string',
    );
    expect(await ask('fs/write_text_file', { sessionId, path: '/a' })).toBe(
      "-32602 Invalid params for fs/write_text_file: params must have required property 'content'",
    );
    expect(await ask('terminal/create', { sessionId, command: 'ls', args: 'abc' })).toBe(
      '-32602 Invalid params for terminal/create: args must be array',
    );
    expect(await ask('terminal/output', { sessionId })).toBe(
      "-32602 Invalid params for terminal/output: params must have required property 'terminalId'",
    );
    expect(
      await ask('session/request_permission', {
        sessionId,
        toolCall: { toolCallId: 't' },
        options: [{ optionId: 'a', name: 'A', kind: 'maybe' }],
      }),
    ).toBe(
      '-32602 Invalid params for session/request_permission: options[0].kind must be one of ["allow_once","allow_always","reject_once","reject_always"]',
    );
    expect(await ask('fs/read_text_file', 'not an object')).toBe(
      '-32602 Invalid params for fs/read_text_file: params must be object',
    );
    expect(t.writes).toEqual([]);
  });
});

describe('agent data from responses', () => {
  it('initialize and session/new answers are bounded before they enter the state (and every snapshot)', async () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 1000; i++) deep = { next: deep }; // the fake agent must still serialise it
    const t = setup((fake: FakeAgentProcess) => {
      scriptBasicAgent(fake, { agentCapabilities: { loadSession: false, _meta: deep } });
      fake.agent.onRequest('session/new', () => ({
        sessionId: 'session-1',
        modes: { currentModeId: 'a', availableModes: [{ id: 'a', name: 'A', _meta: deep }] },
      }));
    });
    await t.controller.start();
    expect(t.state().connection.kind).toBe('ready');
    const text = JSON.stringify(t.controller.snapshot());
    expect(text.length).toBeLessThan(10_000);
    expect(text).toContain('deeper levels omitted');
  });
});
