// Messages typed while the agent works (src/session/turn/promptQueue.ts, ThreadController.queuePrompt /
// sendNow): queued in order, edited and removed by id, sent one per turn end; Stop keeps the
// queue, "Send now" cancels the turn and sends first.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it, vi } from 'vitest';
import { MAX_QUEUED, PromptQueue } from '../../../src/session/turn/promptQueue';
import { scriptBasicAgent } from './fakeAgent';
import type { ThreadController } from '../../../src/session/api';
import type { ThreadState } from '../../../src/shared/thread';
import { deferred, setup } from './harness';
import { ANSWER_DEADLINE_MS } from '../../within';

/** Like harness.until, with room for a loaded machine (several steps chain here), within the answer deadline. */
async function until(controller: ThreadController, predicate: (state: ThreadState) => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      if (!predicate(controller.snapshot().state)) throw new Error(`the chat never came to ${String(predicate)}`);
    },
    { timeout: ANSWER_DEADLINE_MS },
  );
}

/** An agent whose turns end only when the test says so; `cancelled` ends the open turn cancelled. */
function heldAgent() {
  const answers: Array<ReturnType<typeof deferred<acp.PromptResponse>>> = [];
  const t = setup((fake) => {
    scriptBasicAgent(fake);
    fake.agent.onRequest('session/prompt', () => {
      const answer = deferred<acp.PromptResponse>();
      answers.push(answer);
      return answer.promise;
    });
    fake.agent.onNotification('session/cancel', () => answers.at(-1)?.resolve({ stopReason: 'cancelled' }));
  });
  const sent = () =>
    (t.spawner.last.sent('session/prompt') as acp.PromptRequest[]).map((request) =>
      request.prompt.map((block) => (block.type === 'text' ? block.text : block.type)).join(''),
    );
  /** The n-th session/prompt (1-based) as the agent received it, to answer. */
  const turn = async (n: number) => {
    await vi.waitFor(
      () => {
        if (answers.length < n) throw new Error(`session/prompt number ${n} never reached the agent`);
      },
      { timeout: ANSWER_DEADLINE_MS },
    );
    return answers[n - 1]!;
  };
  return { ...t, answers, sent, turn };
}

describe('PromptQueue', () => {
  it('keeps order, edits, removes, moves to the front, and stops at MAX_QUEUED', () => {
    const queue = new PromptQueue();
    const a = queue.add('a')!;
    const b = queue.add('b')!;
    expect(a.id).not.toBe(b.id);
    expect(queue.edit(b.id, 'B')).toBe(true);
    expect(queue.edit('nope', 'x')).toBe(false);
    expect(queue.moveToFront(b.id)).toBe(true);
    expect(queue.list.map((item) => item.text)).toEqual(['B', 'a']);
    expect(queue.remove(a.id)).toBe(true);
    expect(queue.remove(a.id)).toBe(false);
    expect(queue.add('front', [], true)!.text).toBe('front');
    expect(queue.shift()!.text).toBe('front');
    while (queue.list.length < MAX_QUEUED) queue.add('more');
    expect(queue.add('one too many')).toBeNull();
  });
});

describe('ThreadController queue', () => {
  it('sends at once when idle; during a turn queues, then sends one message per turn end, in order', async () => {
    const t = heldAgent();
    await t.controller.start();
    void t.controller.queuePrompt('first');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    await t.controller.queuePrompt('second');
    await t.controller.queuePrompt('third');
    expect(t.state().queue!.map((item) => item.text)).toEqual(['second', 'third']);
    expect(t.sent()).toEqual(['first']);

    (await t.turn(1)).resolve({ stopReason: 'end_turn' });
    await until(t.controller, (state) => state.queue!.length === 1 && state.turn.kind === 'prompting');
    expect(t.sent()).toEqual(['first', 'second']);
    (await t.turn(2)).resolve({ stopReason: 'end_turn' });
    await until(t.controller, (state) => state.queue!.length === 0 && state.turn.kind === 'prompting');
    (await t.turn(3)).resolve({ stopReason: 'end_turn' });
    await until(t.controller, (state) => state.turn.kind === 'idle');
    expect(t.sent()).toEqual(['first', 'second', 'third']);
    const users = t.state().entries.filter((entry) => entry.kind === 'user');
    expect(users).toHaveLength(3);
  });

  it('edits and removes a queued message by id; the edited text is what is sent', async () => {
    const t = heldAgent();
    await t.controller.start();
    void t.controller.prompt('working');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    await t.controller.queuePrompt('typo');
    await t.controller.queuePrompt('drop me');
    const [typo, drop] = t.state().queue!;
    t.controller.editQueued(typo!.id, 'fixed');
    t.controller.removeQueued(drop!.id);
    t.controller.removeQueued('queued-unknown');
    expect(t.state().queue).toEqual([{ id: typo!.id, text: 'fixed' }]);
    (await t.turn(1)).resolve({ stopReason: 'end_turn' });
    await until(t.controller, (state) => state.queue!.length === 0 && state.turn.kind === 'prompting');
    expect(t.sent()).toEqual(['working', 'fixed']);
  });

  it('Stop keeps the queue (nothing is sent after a cancelled turn)', async () => {
    const t = heldAgent();
    await t.controller.start();
    void t.controller.prompt('working');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    await t.controller.queuePrompt('later');
    await t.controller.cancel();
    await until(t.controller, (state) => state.turn.kind === 'idle');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.sent()).toEqual(['working']);
    expect(t.state().queue!.map((item) => item.text)).toEqual(['later']);
  });

  it('Send now cancels the turn and sends that message next, ahead of the others', async () => {
    const t = heldAgent();
    await t.controller.start();
    void t.controller.prompt('working');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    await t.controller.queuePrompt('queued first');
    await t.controller.queuePrompt('urgent');
    const urgent = t.state().queue![1]!;
    await t.controller.sendNow({ id: urgent.id });
    await until(t.controller, (state) => state.queue!.length === 1 && state.turn.kind === 'prompting');
    expect(t.spawner.last.sent('session/cancel')).toHaveLength(1);
    expect(t.sent()).toEqual(['working', 'urgent']);
    expect(t.state().entries.find((entry) => entry.kind === 'turnEnd')).toMatchObject({ stopReason: 'cancelled' });
    // New text with Send now goes ahead of what waits.
    await t.controller.sendNow({ text: 'typed now' });
    await until(t.controller, (state) => state.turn.kind === 'prompting' && t.sent().length === 3);
    expect(t.sent()).toEqual(['working', 'urgent', 'typed now']);
    expect(t.state().queue!.map((item) => item.text)).toEqual(['queued first']);
  });

  it('Send now while idle sends the queued message at once', async () => {
    const t = heldAgent();
    await t.controller.start();
    void t.controller.prompt('working');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    await t.controller.queuePrompt('kept');
    await t.controller.cancel();
    await until(t.controller, (state) => state.turn.kind === 'idle');
    void t.controller.sendNow({ id: t.state().queue![0]!.id });
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    expect(t.sent()).toEqual(['working', 'kept']);
    expect(t.state().queue).toEqual([]);
  });

  it('Send now after a crash: the send fails, the message stays first in line, and the caller hears why', async () => {
    const t = heldAgent();
    await t.controller.start();
    void t.controller.prompt('working');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    await t.controller.queuePrompt('queued before the crash');
    t.spawner.last.crash(1);
    await until(t.controller, (state) => state.connection.kind === 'failed');
    const [queued] = t.state().queue!;
    // The router shows a rejection as an error notification ("Switchboard could not send the message now: ...").
    await expect(t.controller.sendNow({ id: queued!.id })).rejects.toThrow(/not ready/);
    expect(t.state().queue).toEqual([{ id: queued!.id, text: 'queued before the crash' }]);
    await expect(t.controller.sendNow({ text: 'typed after it' })).rejects.toThrow(/not ready/);
    expect(t.state().queue!.map((item) => item.text)).toEqual(['typed after it', 'queued before the crash']);
    expect(t.state().entries.filter((entry) => entry.kind === 'user')).toHaveLength(1);
    // Nothing was lost: after Restart, Send now sends it.
    await t.controller.restart();
    await until(t.controller, (state) => state.connection.kind === 'ready');
    void t.controller.sendNow({ id: queued!.id });
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    expect(t.sent()).toEqual(['queued before the crash']); // the new process's first prompt
    expect(t.state().queue!.map((item) => item.text)).toEqual(['typed after it']);
  });

  it('refuses past MAX_QUEUED', async () => {
    const t = heldAgent();
    await t.controller.start();
    void t.controller.prompt('working');
    await until(t.controller, (state) => state.turn.kind === 'prompting');
    for (let i = 0; i < MAX_QUEUED; i += 1) await t.controller.queuePrompt(`m${i}`);
    await expect(t.controller.queuePrompt('too many')).rejects.toThrow(/already waiting/);
    expect(t.state().queue).toHaveLength(MAX_QUEUED);
  });
});
