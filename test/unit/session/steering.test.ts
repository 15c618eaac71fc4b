// "Send now" on an agent that advertises steering (initialize's `_meta.steering.supported`, as codex-acp 2.6 and
// claude-agent-acp 0.101 do): the message joins the running turn by `_session/steering` instead of cancelling it.
// Each answer the agent may give, and what the chat then shows and sends.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it, vi } from 'vitest';
import { RequestFailure } from '../../../src/protocol/types';
import type { ThreadController } from '../../../src/session/api';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { ANSWER_DEADLINE_MS } from '../../within';
import { scriptBasicAgent } from './fakeAgent';
import { deferred, setup } from './harness';

const STEERING = { steering: { supported: true } };

async function until(controller: ThreadController, predicate: (state: ThreadState) => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      if (!predicate(controller.snapshot().state)) throw new Error(`the chat never came to ${String(predicate)}`);
    },
    { timeout: ANSWER_DEADLINE_MS },
  );
}

type SteerAnswer = (params: Record<string, unknown>) => unknown;

/**
 * An agent whose turns end when the test says so, answering `_session/steering` with `steer` (default
 * `injected`). `advertised`: the initialize response's `_meta` (steering on unless told otherwise).
 */
function steeringAgent(steer: SteerAnswer = () => ({ outcome: 'injected' }), advertised: unknown = STEERING) {
  const turns: Array<ReturnType<typeof deferred<acp.PromptResponse>>> = [];
  const t = setup((fake) => {
    scriptBasicAgent(fake, advertised ? { _meta: advertised as Record<string, unknown> } : {});
    fake.agent.onRequest('session/prompt', () => {
      const turn = deferred<acp.PromptResponse>();
      turns.push(turn);
      return turn.promise;
    });
    fake.agent.onNotification('session/cancel', () => turns.at(-1)?.resolve({ stopReason: 'cancelled' }));
    fake.agent.onRequest('_session/steering', (params) => steer(params as Record<string, unknown>));
  });
  const textOf = (blocks: acp.ContentBlock[]) => blocks.map((b) => (b.type === 'text' ? b.text : b.type)).join('');
  const prompts = () => (t.spawner.last.sent('session/prompt') as acp.PromptRequest[]).map((r) => textOf(r.prompt));
  const steers = () => t.spawner.last.sent('_session/steering') as Array<Record<string, unknown>>;
  const users = () =>
    t.state().entries.filter((entry): entry is Extract<Entry, { kind: 'user' }> => entry.kind === 'user');
  const userTexts = () => users().map((entry) => entry.parts.map((p) => (p.kind === 'text' ? p.text : '')).join(''));
  /** Starts the agent, sends `working` and queues `message` during that turn; the queued item. */
  const working = async (message = 'also check the tests') => {
    await t.controller.start();
    void t.controller.prompt('working');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    await t.controller.queuePrompt(message);
    return t.state().queue![0]!;
  };
  const endTurn = async (n: number, stopReason: acp.StopReason = 'end_turn') => {
    await vi.waitFor(() => expect(turns.length).toBeGreaterThanOrEqual(n), { timeout: ANSWER_DEADLINE_MS });
    turns[n - 1]!.resolve({ stopReason });
  };
  return { ...t, prompts, steers, users, userTexts, working, endTurn };
}

describe('Send now on an agent that steers', () => {
  it("injected: the message joins the running turn, shown as the user's, and the turn goes on", async () => {
    const t = steeringAgent();
    const queued = await t.working();
    await t.controller.sendNow({ id: queued.id });
    expect(t.steers()).toEqual([
      {
        sessionId: 'session-1',
        prompt: [{ type: 'text', text: 'also check the tests' }],
        _meta: { steering: { idleBehavior: 'promptRequired' } },
      },
    ]);
    expect(t.spawner.last.sent('session/cancel')).toEqual([]);
    expect(t.state().queue).toEqual([]);
    expect(t.state().turn.kind).toBe('prompting');
    expect(t.userTexts()).toEqual(['working', 'also check the tests']);
    expect(t.users()[1]).toMatchObject({ steered: true });
    expect(t.users()[0]!.steered).toBeUndefined();
    // The turn ends once: nothing more is sent after it.
    await t.endTurn(1);
    await until(t.controller, (state) => state.turn.kind === 'idle');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.prompts()).toEqual(['working']);
    expect(t.state().entries.filter((entry) => entry.kind === 'turnEnd')).toHaveLength(1);
  });

  it('new text sent now (Ctrl+Enter) steers too, with its attached context', async () => {
    const t = steeringAgent();
    await t.working();
    const context: acp.ContentBlock[] = [{ type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' }];
    await t.controller.sendNow({ text: 'look at a.ts', context });
    expect(t.steers().map((params) => params.prompt)).toEqual([[{ type: 'text', text: 'look at a.ts' }, ...context]]);
    expect(t.state().queue!.map((item) => item.text)).toEqual(['also check the tests']);
    expect(t.userTexts()).toEqual(['working', 'look at a.ts']);
  });

  it('promptRequired: the turn had ended for the agent; the message goes as the next prompt, once', async () => {
    const t = steeringAgent(() => ({ outcome: 'promptRequired', reason: 'noRunningTurn' }));
    const queued = await t.working();
    await t.controller.sendNow({ id: queued.id });
    expect(t.steers()).toHaveLength(1);
    expect(t.spawner.last.sent('session/cancel')).toEqual([]);
    // The agent's answer to the running prompt is still on its way: the message waits for it, first in line.
    expect(t.state().queue!.map((item) => item.text)).toEqual(['also check the tests']);
    expect(t.userTexts()).toEqual(['working']);
    await t.endTurn(1, 'cancelled'); // even a turn that ended cancelled: the user asked for it now
    await until(t.controller, (state) => state.queue!.length === 0 && state.turn.kind === 'prompting');
    expect(t.prompts()).toEqual(['working', 'also check the tests']);
    expect(t.users().every((entry) => entry.steered === undefined)).toBe(true);
  });

  it('promptRequired after the turn ended here too (the answer came while the steer waited): sent once', async () => {
    const answer = deferred<unknown>();
    const t = steeringAgent(() => answer.promise);
    const queued = await t.working();
    const sending = t.controller.sendNow({ id: queued.id });
    await vi.waitFor(() => expect(t.steers()).toHaveLength(1), { timeout: ANSWER_DEADLINE_MS });
    await t.endTurn(1);
    await until(t.controller, (state) => state.turn.kind === 'idle');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.prompts()).toEqual(['working']); // the turn's end does not send it while the steer is unanswered
    answer.resolve({ outcome: 'promptRequired', reason: 'noRunningTurn' });
    await sending;
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    expect(t.prompts()).toEqual(['working', 'also check the tests']);
    expect(t.state().queue).toEqual([]);
  });

  it.each([
    ['an error (method not found)', () => Promise.reject(new RequestFailure(-32601, 'Method not found'))],
    ['an error (invalid params)', () => Promise.reject(new RequestFailure(-32602, 'steer params require a prompt'))],
    ["codex-acp's failed", () => ({ outcome: 'failed' })],
    ['an unknown outcome', () => ({ outcome: 'queued' })],
    ['no outcome', () => ({})],
    ['null', () => null],
  ])('%s: the message stays first in the queue, the caller hears why, the turn goes on', async (_name, steer) => {
    const t = steeringAgent(steer as SteerAnswer);
    await t.working('queued behind');
    await t.controller.queuePrompt('steer this');
    const queued = t.state().queue![1]!;
    await expect(t.controller.sendNow({ id: queued.id })).rejects.toThrow(
      /did not add it to its running turn \(.+\); it waits first in the queue/,
    );
    expect(t.state().queue!.map((item) => item.text)).toEqual(['steer this', 'queued behind']);
    expect(t.userTexts()).toEqual(['working']);
    expect(t.state().turn.kind).toBe('prompting');
    expect(t.spawner.last.sent('session/cancel')).toEqual([]);
    expect(t.logs.join('\n')).toContain('_session/steering did not add the message');
    // It waits like any queued message: the turn's end sends it first.
    await t.endTurn(1);
    await until(t.controller, (state) => state.queue!.length === 1 && state.turn.kind === 'prompting');
    expect(t.prompts()).toEqual(['working', 'steer this']);
  });

  it('the agent gone mid-steer: the message stays queued, nothing else is sent', async () => {
    const t = steeringAgent(() => new Promise(() => {}));
    const queued = await t.working();
    const sending = t.controller.sendNow({ id: queued.id });
    await vi.waitFor(() => expect(t.steers()).toHaveLength(1), { timeout: ANSWER_DEADLINE_MS });
    t.spawner.last.crash(1);
    await expect(sending).rejects.toThrow(/did not add it to its running turn/);
    await until(t.controller, (state) => state.connection.kind === 'failed');
    expect(t.state().queue!.map((item) => item.text)).toEqual(['also check the tests']);
    expect(t.userTexts()).toEqual(['working']);
  });

  it('the agent echoes the steered message (before or after it answers): its text shows once', async () => {
    let echoFirst = true;
    const t = steeringAgent(async (params) => {
      const echo = (text: string) =>
        t.spawner.last.agent.notify('session/update', {
          sessionId: params.sessionId,
          update: { sessionUpdate: 'user_message_chunk', content: { type: 'text', text } },
        });
      if (echoFirst) {
        echo('also check ');
        echo('the tests');
      } else setTimeout(() => echo('late message'), 0);
      return { outcome: 'injected' };
    });
    const queued = await t.working();
    await t.controller.sendNow({ id: queued.id });
    expect(t.userTexts()).toEqual(['working', 'also check the tests']);
    echoFirst = false;
    await t.controller.queuePrompt('late message');
    await t.controller.sendNow({ id: t.state().queue![0]!.id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.userTexts()).toEqual(['working', 'also check the tests', 'late message']);
    // What is not an echo still shows.
    t.spawner.last.agent.notify('session/update', {
      sessionId: 'session-1',
      update: { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'from another client' } },
    });
    await until(t.controller, () => t.userTexts().length === 4);
  });

  it('a turn being stopped is not steered (the message goes after it); the next turn is', async () => {
    const t = steeringAgent();
    const queued = await t.working();
    await t.controller.cancel();
    expect(t.state().turn.kind).toBe('cancelling');
    await t.controller.sendNow({ id: queued.id });
    expect(t.steers()).toEqual([]);
    await until(t.controller, (state) => state.queue!.length === 0 && state.turn.kind === 'prompting');
    expect(t.prompts()).toEqual(['working', 'also check the tests']);
    await t.controller.queuePrompt('and the docs');
    await t.controller.sendNow({ id: t.state().queue![0]!.id });
    expect(t.steers().map((params) => params.prompt)).toEqual([[{ type: 'text', text: 'and the docs' }]]);
    expect(t.spawner.last.sent('session/cancel')).toHaveLength(1);
  });
});

describe("what decides it: steering in the initialize response's own _meta, nothing else", () => {
  it('advertised: steered; absent, false or malformed: Send now stops the turn and sends it next', async () => {
    const cases: Array<[unknown, 'steers' | 'cancels']> = [
      [STEERING, 'steers'],
      [null, 'cancels'],
      [{ steering: { supported: false } }, 'cancels'],
      [{ steering: 'yes' }, 'cancels'],
      [{ steering: { supported: 'true' } }, 'cancels'],
    ];
    for (const [advertised, expected] of cases) {
      const t = steeringAgent(undefined, advertised);
      const queued = await t.working();
      await t.controller.sendNow({ id: queued.id });
      await until(t.controller, (state) => state.queue!.length === 0);
      const did = t.steers().length === 1 ? 'steers' : 'cancels';
      expect([advertised, did]).toEqual([advertised, expected]);
      if (did === 'cancels') {
        await until(t.controller, (state) => state.turn.kind === 'prompting' && t.prompts().length === 2);
        expect(t.spawner.last.sent('session/cancel')).toHaveLength(1);
        expect(t.prompts()).toEqual(['working', 'also check the tests']);
      } else expect(t.spawner.last.sent('session/cancel')).toEqual([]);
      await t.controller.dispose();
    }
  });
});
