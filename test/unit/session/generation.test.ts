// A generation of a chat's agent process as a scope (src/session/lifecycle/generation.ts), on a real AgentConnection to the
// in-memory agent: it ends once, closing what it owns in a fixed order and releasing its lease last; nothing opens
// on it once ended; and a request for its session that comes after its end is answered with an error, never left
// waiting for an answer nobody will give.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { AgentConnection, type SessionSink } from '../../../src/session/agent/agentConnection';
import { AgentPool, ownProcess, type AgentLease } from '../../../src/session/agent/agentPool';
import { RequestFailure } from '../../../src/session/api';
import { Generation, type GenerationParts } from '../../../src/session/lifecycle/generation';
import { AcpRpcError } from '../../../src/protocol/errors';
import { eventually, within } from '../../within';
import { cancelSignal } from './cancelSignal';
import { fakeEnv, FakeAgentProcess, TEST_AGENT } from './fakeAgent';

const OPTIONS: acp.PermissionOption[] = [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }];
const ASK: acp.RequestPermissionRequest = { sessionId: 's1', toolCall: { toolCallId: 'tc-1' }, options: OPTIONS };

/** A generation whose parts write down what they are asked; `answered` is what its requests step reports. */
function generation(lease?: (start: () => AgentConnection) => AgentLease, answered = 0) {
  const fake = new FakeAgentProcess();
  const { env } = fakeEnv();
  const start = () => new AgentConnection({ agent: TEST_AGENT, env, spawn: () => fake });
  const steps: string[] = [];
  const asked: acp.RequestPermissionRequest[] = [];
  const sink: SessionSink = {
    update: () => steps.push('update'),
    // Never answered by the sink itself: only the generation's end may settle what it holds.
    requestPermission: (params) => {
      asked.push(params);
      return new Promise(() => undefined);
    },
    readTextFile: async () => ({ content: '' }),
    writeTextFile: async () => ({}),
  };
  const parts: GenerationParts = {
    openSession: (gen, sessionId) => {
      steps.push(`open ${sessionId}`);
      const route = gen.connection.attach(sessionId, gen.guard(sink));
      return {
        replayDone: () => steps.push(`replay done ${sessionId}`),
        close: () => {
          steps.push(`close ${sessionId}`);
          route.dispose();
          return 0;
        },
      };
    },
    answerPending: () => {
      steps.push('answer pending');
      return answered;
    },
    log: (line) => steps.push(line),
  };
  const held = (lease ?? ownProcess)(start);
  return { gen: new Generation(held.connection, held, parts), fake, steps, asked, sink };
}

describe('a generation of the agent process', () => {
  it('ends once, in order: the session closes, waiting requests are answered, the thread ends its part, the lease goes last', async () => {
    const { gen, fake, steps } = generation(undefined, 2);
    gen.attach('s1', '/work/project', null);
    gen.opened();
    expect(gen.hasSession).toBe(true);

    const ending = gen.end(() => steps.push(`last (process stopped: ${fake.stopCalls})`));
    expect(gen.live).toBe(false);
    expect(gen.hasSession).toBe(false);
    // Two answers were given: the process is stopped only after they had a moment to reach the agent.
    expect(fake.stopCalls).toBe(0);
    await within(ending, 'the end of the generation');
    expect(fake.stopCalls).toBe(1);
    expect(steps).toEqual(['open s1', 'replay done s1', 'close s1', 'answer pending', 'last (process stopped: 0)']);

    await gen.end(() => steps.push('ended again'));
    expect(steps).toHaveLength(5);
    expect(fake.stopCalls).toBe(1);
  });

  it('a failing step is logged and the rest still runs: the lease is released', async () => {
    const { gen, fake, steps } = generation();
    gen.attach('s1', '/work/project', null);
    await within(
      gen.end(() => {
        throw new Error('a listener broke');
      }),
      'the end of the generation',
    );
    expect(steps).toEqual([
      'open s1',
      'close s1',
      'answer pending',
      '[switchboard] ending the agent process generation: Error: a listener broke',
    ]);
    expect(fake.stopCalls).toBe(1);
  });

  it('leaves one session before it routes the next, and opens nothing once ended', async () => {
    const { gen, steps } = generation();
    gen.attach('s1', '/work/project', null);
    expect(gen.hasSession).toBe(false); // attached, not opened: a session/load may still refuse it
    gen.switchTo('s2', '/work/project');
    expect(gen.hasSession).toBe(true);
    expect(gen.connection.isAttached('s1')).toBe(false);
    expect(gen.connection.isAttached('s2')).toBe(true);
    await within(gen.end(), 'the end of the generation');
    gen.attach('s3', '/work/project', null);
    gen.opened();
    expect(gen.hasSession).toBe(false);
    expect(steps).toEqual(['open s1', 'close s1', 'open s2', 'replay done s2', 'close s2', 'answer pending']);
  });

  it("a request for the session after the generation's end is answered with an error, not left waiting", async () => {
    // Another chat keeps the agent's process running, so the agent can still ask after this chat's generation ended.
    const pool = new AgentPool();
    let other: AgentLease | undefined;
    const { gen, fake, asked } = generation((start) => {
      const lease = pool.acquire('fake', start);
      other = pool.acquire('fake', start);
      return lease;
    });
    gen.switchTo('s1', '/work/project');
    fake.agent.request('session/request_permission', ASK).catch(() => undefined); // the agent's end closes with the test
    await eventually(() => asked.length === 1, 'the request reaching the sink');

    await within(gen.end(), 'the end of the generation');
    expect(fake.stopCalls).toBe(0);
    const late = fake.agent.request('session/request_permission', ASK);
    const error = await within(
      late.then(
        () => null,
        (e: unknown) => e,
      ),
      'the answer to the late request',
    );
    expect(error).toBeInstanceOf(AcpRpcError);
    expect((error as AcpRpcError).code).toBe(-32602);
    expect(asked).toHaveLength(1);
    await other!.release();
  });

  it("the session's sink refuses requests once the generation ended, and drops its updates", async () => {
    const { gen, sink, asked, steps } = generation();
    const guarded = gen.guard({
      ...sink,
      terminals: {
        create: async () => ({ terminalId: 't1' }),
        output: () => ({ output: '', truncated: false }),
        waitForExit: async () => ({ exitCode: 0 }),
        kill: () => ({}),
        release: () => ({}),
      },
      elicit: async () => ({ action: 'cancel' }),
      elicitationComplete: () => true,
    });
    const update: acp.SessionNotification = {
      sessionId: 's1',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } },
    };
    guarded.update(update);
    void guarded.requestPermission(ASK, cancelSignal());
    expect(await guarded.readTextFile({ sessionId: 's1', path: '/a' }, cancelSignal())).toEqual({ content: '' });
    expect(guarded.elicitationComplete!('e1')).toBe(true);
    expect(guarded.terminals!.output({ sessionId: 's1', terminalId: 't1' })).toEqual({ output: '', truncated: false });

    await within(gen.end(), 'the end of the generation');
    guarded.update(update);
    const refused = [
      () => guarded.requestPermission(ASK, cancelSignal()),
      () => guarded.readTextFile({ sessionId: 's1', path: '/a' }, cancelSignal()),
      () => guarded.writeTextFile({ sessionId: 's1', path: '/a', content: '' }, cancelSignal()),
      () =>
        guarded.elicit!({ sessionId: 's1', mode: 'form', message: 'm', requestedSchema: {} } as never, cancelSignal()),
      () => guarded.terminals!.create({ sessionId: 's1', command: 'ls' }),
      () => guarded.terminals!.output({ sessionId: 's1', terminalId: 't1' }),
      () => guarded.terminals!.waitForExit({ sessionId: 's1', terminalId: 't1' }, cancelSignal()),
      () => guarded.terminals!.kill({ sessionId: 's1', terminalId: 't1' }),
      () => guarded.terminals!.release({ sessionId: 's1', terminalId: 't1' }),
    ];
    for (const call of refused) expect(call).toThrow(RequestFailure);
    expect(guarded.elicitationComplete!('e1')).toBe(false);
    expect(steps.filter((step) => step === 'update')).toHaveLength(1);
    expect(asked).toHaveLength(1);
  });
});
