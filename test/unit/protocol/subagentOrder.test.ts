// The order rules of subagent sessions (test/fixtures/subagentOrder.ts) on made-up traffic that breaks them, and on
// every real agent's recording (test/fixtures/transcripts/*.wire.jsonl, by scripts/dev/recordAgentTranscript.mjs):
// codex-acp 2.6 with native subagents (client advertised `subagents`) and its fallback (not advertised).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSCRIPTS } from '../../fixtures/recordedTraffic';
import { checkSubagentOrder, type WireMessage } from '../../fixtures/subagentOrder';

type Json = Record<string, any>;
const ROOT = 'recorded-session';
const opened: WireMessage = { id: 1, result: { sessionId: ROOT } };
const on = (sessionId: string, update: Json): WireMessage => ({
  method: 'session/update',
  params: { sessionId, update },
});
const announce = (parent: string, child: string) => on(parent, { sessionUpdate: 'subagent_update', sessionId: child });

function recording(name: string): WireMessage[] {
  return readFileSync(join(TRANSCRIPTS, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as WireMessage);
}
const updates = (messages: WireMessage[]) =>
  messages.filter((message) => message.method === 'session/update').map((message) => message.params as Json);

describe('the order rules checker', () => {
  it('accepts a child and a grandchild announced on their parents before their traffic', () => {
    const { parents, violations } = checkSubagentOrder([
      opened,
      announce(ROOT, 'a'),
      on('a', { sessionUpdate: 'agent_message_chunk' }),
      announce('a', 'b'),
      { id: 'x', method: 'session/request_permission', params: { sessionId: 'b' } },
    ]);
    expect(violations).toEqual([]);
    expect([...parents]).toEqual([
      ['a', ROOT],
      ['b', 'a'],
    ]);
  });

  it('flags traffic, requests, messages and links bearing an id before its announcement', () => {
    const { violations } = checkSubagentOrder([
      opened,
      on('a', { sessionUpdate: 'agent_message_chunk' }),
      { id: 'x', method: 'session/request_permission', params: { sessionId: 'b' } },
      on(ROOT, { sessionUpdate: 'session_message', messageId: 'm', senderSessionId: ROOT, recipientSessionId: 'c' }),
      on(ROOT, { sessionUpdate: 'tool_call', toolCallId: 't', content: [{ type: 'session', sessionId: 'd' }] }),
      announce(ROOT, 'a'),
    ]);
    expect(violations).toEqual([
      '#1 agent_message_chunk on its session: session a was never announced',
      '#2 session/request_permission: session b was never announced',
      '#3 session_message recipient: session c was never announced',
      '#4 tool_call session link: session d was never announced',
    ]);
  });

  it('flags a grandchild announced on a child not yet announced, and a child that changes parents', () => {
    const { violations } = checkSubagentOrder([
      opened,
      announce('a', 'b'),
      announce(ROOT, 'a'),
      announce(ROOT, 'c'),
      announce('a', 'c'),
    ]);
    expect(violations).toEqual([
      '#1 subagent_update on its session: session a was never announced',
      '#4 subagent_update: c moved from recorded-session to a',
    ]);
  });
});

describe('recorded real agents obey the order rules', () => {
  const files = readdirSync(TRANSCRIPTS).filter((name) => name.endsWith('.wire.jsonl'));

  it.each(files)('%s', (name) => {
    expect(checkSubagentOrder(recording(name)).violations).toEqual([]);
  });

  it('codex-acp 2.6 with subagents: two children of the chat, a grandchild of the first, its permission on its own id', () => {
    const messages = recording('codex-acp-2.6-subagents.wire.jsonl');
    const { parents } = checkSubagentOrder(messages);
    const [reader, planner, helper] = [...parents.keys()];
    expect([...parents]).toEqual([
      [reader, ROOT],
      [planner, ROOT],
      [helper, reader],
    ]);
    expect(reader).toMatch(/^recorded-session:subagent:/);
    const permission = messages.find((message) => message.method === 'session/request_permission');
    expect((permission!.params as Json).sessionId).toBe(reader);
    const childUpdates = updates(messages).filter((params) => params.update.sessionUpdate === 'subagent_update');
    const first = childUpdates.find((params) => params.update.sessionId === reader)!.update;
    expect(first).toEqual({
      sessionUpdate: 'subagent_update',
      sessionId: reader,
      capabilities: {},
      description: expect.any(String),
    });
    const readerStates = childUpdates.filter((params) => params.update.sessionId === reader && params.update.state);
    expect(readerStates.map((params) => params.update.state)).toEqual([
      { state: 'running' },
      { state: 'running' },
      { state: 'requires_action' },
      { state: 'running' },
      { state: 'idle', stopReason: 'end_turn' },
    ]);
    expect(
      childUpdates.filter((params) => params.update.capabilities).map((params) => params.update.capabilities),
    ).toEqual(expect.arrayContaining([{ cancel: {} }, { cancel: null }]));
  });

  it('codex-acp 2.6, the client cancelling the child that asks: that child ends cancelled, the rest goes on', () => {
    const messages = recording('codex-acp-2.6-subagents-cancel.wire.jsonl');
    const { parents } = checkSubagentOrder(messages);
    const [reader, planner] = [...parents.keys()] as [string, string];
    const lastState = (childId: string) =>
      updates(messages)
        .filter((params) => params.update.sessionUpdate === 'subagent_update' && params.update.sessionId === childId)
        .filter((params) => params.update.state)
        .at(-1)?.update.state;
    expect(lastState(reader)).toEqual({ state: 'idle', stopReason: 'cancelled' });
    expect(lastState(planner)).toEqual({ state: 'idle', stopReason: 'end_turn' });
    const asked = updates(messages).filter(
      (params) => params.sessionId === reader && params.update.status === 'failed',
    );
    expect(asked).toHaveLength(1); // the command it asked for
    const answer = messages.filter((message) => message.method === undefined).at(-1);
    expect((answer?.result as Json).stopReason).toBe('end_turn');
  });

  it('codex-acp 2.6 without the capability: spawnAgent tool calls and the child permission on the chat session', () => {
    const messages = recording('codex-acp-2.6-subagents-off.wire.jsonl');
    const sessions = new Set(
      messages.flatMap((message) => (message.method ? [(message.params as Json).sessionId] : [])),
    );
    expect([...sessions].filter((id) => id !== undefined)).toEqual([ROOT]);
    expect(JSON.stringify(messages)).not.toMatch(/subagent_update|session_message/);
    const spawns = updates(messages).filter(
      (params) => params.update.sessionUpdate === 'tool_call' && params.update.title === 'spawnAgent',
    );
    expect(spawns.map((params) => params.update.kind)).toEqual(['other', 'other']);
  });
});
