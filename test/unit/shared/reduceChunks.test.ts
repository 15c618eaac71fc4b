import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { agent, freshState, run, thought, toolCall, update, user } from './helpers';
import type { SessionUpdateView } from '../../../src/shared/thread';

const image: acp.ContentBlock = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const link: acp.ContentBlock = { type: 'resource_link', uri: 'file:///a/b.ts', name: 'b.ts' };

describe('message chunks', () => {
  it('coalesces id-less chunks of one kind into one entry and one text part', () => {
    const s = run(freshState(), agent('Hel'), agent('lo'), agent(', world'));
    expect(s.entries).toEqual([
      { kind: 'agent', id: 'e1', messageId: null, parts: [{ kind: 'text', text: 'Hello, world' }] },
    ]);
    expect(s.nextEntryId).toBe(2);
  });

  it('treats an absent messageId and null alike', () => {
    const s = run(freshState(), agent('a'), agent('b', null), agent('c'));
    expect(s.entries).toHaveLength(1);
    expect(s.entries[0]).toMatchObject({ parts: [{ kind: 'text', text: 'abc' }] });
  });

  it('joins chunks with the same messageId and splits on a changed one', () => {
    const s = run(freshState(), agent('one ', 'm1'), agent('more', 'm1'), agent('two', 'm2'));
    expect(s.entries).toEqual([
      { kind: 'agent', id: 'e1', messageId: 'm1', parts: [{ kind: 'text', text: 'one more' }] },
      { kind: 'agent', id: 'e2', messageId: 'm2', parts: [{ kind: 'text', text: 'two' }] },
    ]);
  });

  it('does not join an id-less chunk to a message with an id, nor the reverse', () => {
    const s = run(freshState(), agent('x', 'm1'), agent('y'), agent('z', 'm1'));
    expect(s.entries.map((e) => e.kind === 'agent' && e.messageId)).toEqual(['m1', null, 'm1']);
  });

  it('starts a new entry when a different kind comes in between', () => {
    const s = run(freshState(), thought('think'), agent('say'), thought('think again'), agent('say again'));
    expect(s.entries.map((e) => e.kind)).toEqual(['thought', 'agent', 'thought', 'agent']);
    expect(s.entries.map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('keeps thoughts, agent and user messages apart even with the same messageId', () => {
    const s = run(freshState(), thought('t', 'same'), agent('a', 'same'), user('u', 'same'));
    expect(s.entries.map((e) => e.kind)).toEqual(['thought', 'agent', 'user']);
  });

  it('makes non-text blocks their own parts and resumes text after them', () => {
    const s = run(freshState(), user('look: '), user(image), user(link), user('and '), user('this'));
    expect(s.entries).toHaveLength(1);
    expect(s.entries[0]).toMatchObject({
      kind: 'user',
      parts: [
        { kind: 'text', text: 'look: ' },
        { kind: 'block', block: image },
        { kind: 'block', block: link },
        { kind: 'text', text: 'and this' },
      ],
    });
  });

  it('ignores a chunk without content instead of throwing', () => {
    const before = run(freshState(), agent('a'));
    const after = run(before, {
      type: 'sessionUpdate',
      update: { sessionUpdate: 'agent_message_chunk' } as unknown as SessionUpdateView,
    });
    expect(after).toBe(before);
  });

  describe('a plan update between two texts', () => {
    const plan = update({
      sessionUpdate: 'plan',
      entries: [{ content: 'Read', priority: 'medium', status: 'pending' }],
    });

    it('starts a new message after it, so the texts are not glued together', () => {
      const s = run(freshState(), agent('Here is my plan.'), plan, agent('The plan is recorded.'));
      expect(s.entries).toEqual([
        { kind: 'agent', id: 'e1', messageId: null, parts: [{ kind: 'text', text: 'Here is my plan.' }], closed: true },
        { kind: 'agent', id: 'e2', messageId: null, parts: [{ kind: 'text', text: 'The plan is recorded.' }] },
      ]);
      expect(s.plan).toHaveLength(1);
    });

    it('splits thoughts and messages that share a messageId too', () => {
      const s = run(
        freshState(),
        thought('t1', 'm'),
        plan,
        thought('t2', 'm'),
        agent('a1', 'm'),
        plan,
        agent('a2', 'm'),
      );
      expect(s.entries.map((e) => e.kind)).toEqual(['thought', 'thought', 'agent', 'agent']);
    });

    it('leaves a message open for updates that may come mid-sentence', () => {
      const s = run(
        freshState(),
        agent('Hello wor'),
        update({ sessionUpdate: 'usage_update', used: 10, size: 100 }),
        update({ sessionUpdate: 'available_commands_update', availableCommands: [] }),
        update({ sessionUpdate: 'session_info_update', title: 'Greeting' }),
        update({ sessionUpdate: 'current_mode_update', currentModeId: 'code' }),
        agent('ld'),
      );
      expect(s.entries).toEqual([
        { kind: 'agent', id: 'e1', messageId: null, parts: [{ kind: 'text', text: 'Hello world' }] },
      ]);
    });

    it('changes nothing but the plan after a user message or a tool call, and closes a message once', () => {
      const afterUser = run(freshState(), user('hi'));
      expect(run(afterUser, plan).entries).toBe(afterUser.entries);
      const afterTool = run(freshState(), agent('a'), toolCall('t1', { title: 'Read' }));
      expect(run(afterTool, plan).entries).toBe(afterTool.entries);
      const closed = run(freshState(), agent('a'), plan);
      expect(run(closed, plan).entries).toBe(closed.entries);
    });
  });
});
