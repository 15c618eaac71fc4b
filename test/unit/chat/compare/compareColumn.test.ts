// What the comparison view shows of one chat, read from its real reduced state: where it is (working, waiting for the
// user, done, failed, stopped), its answer to the latest prompt only, its tool calls (bounded) and its usage.
import { describe, expect, it } from 'vitest';
import { latestAnswer, threadColumn } from '../../../../src/chat/compare/compareColumn';
import { MAX_COMPARE_ANSWER_CHARS, MAX_COMPARE_TOOL_CALLS } from '../../../../src/shared/compare';
import type { ThreadAction } from '../../../../src/shared/actions';
import { prompt, ready, thread, update } from '../../../layout/threads';

const say = (text: string): ThreadAction =>
  update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
const tool = (id: string, title: string): ThreadAction =>
  update({ sessionUpdate: 'tool_call', toolCallId: id, title, kind: 'edit', status: 'completed' });
const ended = (stopReason: 'end_turn' | 'cancelled' | 'max_tokens'): ThreadAction => ({
  type: 'turnEnded',
  stopReason,
});

const ASK_TO_DELETE: ThreadAction = {
  type: 'permissionRequested',
  permissionId: 'p1',
  toolCall: { toolCallId: 't1', title: 'rm -rf build', kind: 'execute', status: 'pending' },
  options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
};

describe('a compared chat as its column shows it', () => {
  it('starts, works, then is done with its answer', () => {
    expect(threadColumn(thread([])).state).toBe('starting');
    expect(threadColumn(thread([...ready()])).state).toBe('starting');
    const working = thread([...ready(), prompt('Fix it'), say('Looking')]);
    expect(threadColumn(working)).toMatchObject({ state: 'working', answer: 'Looking' });
    const done = thread([
      ...ready(),
      prompt('Fix it'),
      say('Fixed '),
      say('it.'),
      tool('t1', 'Edit a.ts'),
      ended('end_turn'),
    ]);
    expect(threadColumn(done)).toMatchObject({
      state: 'done',
      answer: 'Fixed it.',
      toolCallCount: 1,
      toolCalls: [{ title: 'Edit a.ts', kind: 'edit', status: 'completed' }],
    });
  });

  it('waits for the user while a permission of the running turn is pending', () => {
    const asking = thread([...ready(), prompt('Delete it'), ASK_TO_DELETE]);
    expect(threadColumn(asking).state).toBe('needsYou');
    const answered = thread([
      ...ready(),
      prompt('Delete it'),
      ASK_TO_DELETE,
      { type: 'permissionResolved', permissionId: 'p1', outcome: { kind: 'selected', optionId: 'ok' } },
    ]);
    expect(threadColumn(answered).state).toBe('working');
  });

  it('says why it stopped or failed', () => {
    expect(threadColumn(thread([...ready(), prompt('x'), ended('cancelled')]))).toMatchObject({ state: 'stopped' });
    expect(threadColumn(thread([...ready(), prompt('x'), ended('max_tokens')])).detail).toContain('max_tokens');
    const failed = thread([...ready(), prompt('x'), { type: 'turnFailed', message: 'rate limited' }]);
    expect(threadColumn(failed)).toMatchObject({ state: 'failed', detail: 'rate limited' });
  });

  it('shows the answer to the latest prompt only, bounded', () => {
    const two = thread([
      ...ready(),
      prompt('first'),
      say('old answer'),
      ended('end_turn'),
      prompt('second'),
      say('new'),
    ]);
    expect(latestAnswer(two.entries)).toBe('new');
    const long = thread([...ready(), prompt('x'), say('y'.repeat(MAX_COMPARE_ANSWER_CHARS + 10))]);
    const answer = latestAnswer(long.entries);
    expect(answer.length).toBeLessThan(MAX_COMPARE_ANSWER_CHARS + 100);
    expect(answer).toContain('The rest of the answer is in the chat.');
  });

  it('keeps the newest tool calls and counts them all', () => {
    const many = Array.from({ length: MAX_COMPARE_TOOL_CALLS + 7 }, (_, n) => tool(`t${n}`, `Tool ${n}`));
    const column = threadColumn(thread([...ready(), prompt('x'), ...many]));
    expect(column.toolCallCount).toBe(MAX_COMPARE_TOOL_CALLS + 7);
    expect(column.toolCalls).toHaveLength(MAX_COMPARE_TOOL_CALLS);
    expect(column.toolCalls.at(-1)!.title).toBe(`Tool ${MAX_COMPARE_TOOL_CALLS + 6}`);
  });

  it('reports tokens and cost only where the agent sent them', () => {
    expect(threadColumn(thread([...ready(), prompt('x')])).usage).toEqual({});
    const withUsage = thread([
      ...ready(),
      prompt('x'),
      update({ sessionUpdate: 'usage_update', used: 1200, size: 200000, cost: { amount: 0.42, currency: 'USD' } }),
      { type: 'turnEnded', stopReason: 'end_turn', usage: { inputTokens: 1000, outputTokens: 200, totalTokens: 1200 } },
    ]);
    expect(threadColumn(withUsage).usage).toEqual({
      used: 1200,
      size: 200000,
      cost: { amount: 0.42, currency: 'USD' },
      inputTokens: 1000,
      outputTokens: 200,
      totalTokens: 1200,
    });
  });
});
