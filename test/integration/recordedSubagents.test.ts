// codex-acp 2.6's recorded subagent sessions, replayed by the scripted agent (test/fixtures/recordedSession.mjs)
// to a minimal client on the wire: `--advertised-by subagents` makes `initialize` pick the recording that matches
// whether the client advertised `clientCapabilities.subagents`, as the real agent adapts to it.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSCRIPTS } from '../fixtures/recordedTraffic';
import { checkSubagentOrder, type WireMessage } from '../fixtures/subagentOrder';
import { SCRIPTED_AGENT } from './scriptedAgent';
import { WireClient } from './wireClient';

const clients: WireClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function replay(clientCapabilities: object): Promise<WireMessage[]> {
  const args = [
    SCRIPTED_AGENT,
    '--scenario',
    join(TRANSCRIPTS, 'codex-acp-2.6-subagents.wire.jsonl'),
    '--unadvertised',
    join(TRANSCRIPTS, 'codex-acp-2.6-subagents-off.wire.jsonl'),
    '--advertised-by',
    'subagents',
  ];
  const permissions: WireMessage[] = [];
  const client = new WireClient(process.execPath, args, (message) => {
    if (message.method !== 'session/request_permission') return undefined;
    permissions.push(message);
    return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
  });
  clients.push(client);
  await client.request('initialize', { protocolVersion: 1, clientCapabilities });
  const { sessionId } = (await client.request('session/new', { cwd: process.cwd(), mcpServers: [] })).result as {
    sessionId: string;
  };
  const answer = await client.request('session/prompt', {
    sessionId,
    prompt: [{ type: 'text', text: 'delegate to subagents' }],
  });
  expect(answer.result).toMatchObject({ stopReason: 'end_turn' });
  expect(permissions).toHaveLength(1);
  return client.received;
}

const sessionsOf = (received: WireMessage[]) =>
  new Set(
    received.flatMap((message) => (message.method ? [(message.params as { sessionId?: string }).sessionId] : [])),
  );

describe('codex-acp 2.6 subagents replayed by the scripted agent', () => {
  it('to a client that advertises subagents: the native child sessions, in order, the permission on a child', async () => {
    const received = await replay({ subagents: {} });
    const { parents, violations } = checkSubagentOrder(received);
    expect(violations).toEqual([]);
    expect(parents.size).toBe(3);
    const permission = received.find((message) => message.method === 'session/request_permission')!;
    expect(parents.has((permission.params as { sessionId: string }).sessionId)).toBe(true);
  });

  it('to a client that does not (even one advertising session.notices): only the chat session', async () => {
    const received = await replay({ session: { notices: {} } });
    expect([...sessionsOf(received)].filter(Boolean)).toEqual(['recorded-session']);
    expect(checkSubagentOrder(received).parents.size).toBe(0);
  });
});
