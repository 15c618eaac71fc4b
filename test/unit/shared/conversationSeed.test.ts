// What an edit tells the agent: the seed of a new session (the conversation before the edited
// message, bounded, newest kept) and the note before the edited text in a fork.
import { describe, expect, it } from 'vitest';
import { conversationSeed, EXCERPT_MAX_CHARS, forkNote, messageExcerpt } from '../../../src/shared/conversationSeed';
import { reduce } from '../../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../../src/shared/thread';
import type { ThreadAction } from '../../../src/shared/actions';

function conversation(...turns: [string, string][]): ThreadState {
  let state = createThreadState({ agentId: 'a', threadId: 't' }, { id: 'a', displayName: 'A', isDemo: false });
  const apply = (action: ThreadAction) => (state = reduce(state, action));
  for (const [user, agent] of turns) {
    apply({ type: 'promptSent', prompt: [{ type: 'text', text: user }] });
    apply({
      type: 'sessionUpdate',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: agent } },
    });
    apply({
      type: 'sessionUpdate',
      update: { sessionUpdate: 'tool_call', toolCallId: `tc-${user}`, title: `read ${user}`, status: 'completed' },
    });
    apply({ type: 'turnEnded', stopReason: 'end_turn' });
  }
  return state;
}

const userIndex = (state: ThreadState, n: number) =>
  state.entries.map((entry, i) => (entry.kind === 'user' ? i : -1)).filter((i) => i >= 0)[n]!;

describe('conversationSeed', () => {
  it('holds the messages and tool calls before the edited message, in order, and nothing after', () => {
    const state = conversation(['one', 'answer one'], ['two', 'answer two'], ['three', 'answer three']);
    const seed = conversationSeed(state.entries, userIndex(state, 2))!;
    expect(seed.split('\n')).toEqual([
      expect.stringContaining('continues an earlier conversation'),
      'User: one',
      'Assistant: answer one',
      '(tool call: read one, completed)',
      'User: two',
      'Assistant: answer two',
      '(tool call: read two, completed)',
    ]);
    expect(seed).not.toContain('three');
  });

  it('is null when the edited message is the first', () => {
    const state = conversation(['one', 'a']);
    expect(conversationSeed(state.entries, userIndex(state, 0))).toBeNull();
  });

  it('keeps the newest turns within the budget and says how many were left out; one message is capped', () => {
    const turns: [string, string][] = Array.from({ length: 30 }, (_, i) => [`q${i}`, 'x'.repeat(10_000)]);
    const state = conversation(...turns, ['last', 'a']);
    const seed = conversationSeed(state.entries, userIndex(state, 30), 20_000)!;
    expect(seed.length).toBeLessThanOrEqual(20_000 + 300);
    expect(seed).toMatch(/\(\d+ earlier messages left out for length\)/);
    expect(seed).toContain('User: q29');
    expect(seed).not.toContain('User: q0\n');
    const longest = Math.max(...seed.split('\n').map((line) => line.length));
    expect(longest).toBeLessThanOrEqual('Assistant: '.length + 4000);
  });
});

describe('messageExcerpt and forkNote', () => {
  it('the excerpt is one bounded line', () => {
    const state = conversation([`a\n\nb ${'w'.repeat(500)}`, 'x']);
    const excerpt = messageExcerpt(state.entries[0]);
    expect(excerpt.startsWith('a b w')).toBe(true);
    expect(excerpt.length).toBe(EXCERPT_MAX_CHARS);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(messageExcerpt(undefined)).toBe('');
  });

  it('the fork note names the message and how many to disregard', () => {
    expect(forkNote('fix the bug', 1)).toContain('"fix the bug"');
    expect(forkNote('fix the bug', 1)).toContain('(1 message)');
    expect(forkNote('x', 3)).toContain('(3 messages)');
  });
});
