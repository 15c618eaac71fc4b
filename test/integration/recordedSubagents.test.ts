// codex-acp 2.6's recorded subagent sessions, replayed by the scripted agent
// (test/fixtures/scripted/recordedSession.mjs):
// `--advertised-by subagents` makes `initialize` pick the recording that matches whether the client advertised
// `clientCapabilities.subagents`, as the real agent adapts to it. First to a minimal client on the wire (what the
// agent sends), then to the real client core (what the chat shows of it, and what the user's answers send back).
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSCRIPTS } from '../fixtures/recordedTraffic';
import { checkSubagentOrder, type WireMessage } from '../fixtures/subagentOrder';
import { PROCESS_DEADLINE_MS, within } from '../within';
import { SCRIPTED_AGENT, scriptedAgent } from './scriptedAgent';
import { cardsIn, childOf, disposeChats, pendingPermission, startChat, textOf, toolIn } from './subagentChat';
import { tempDir } from './tempDirs';
import { WireClient } from './wireClient';

const clients: WireClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await disposeChats();
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

const ROOT = 'recorded-session';
const child = (n: number) => `${ROOT}:subagent:recorded-id-${n}`;

/** A chat of the client core on codex-acp's recording `name` (the -off one when subagents are not advertised). */
async function recordedChat(name: string, subagents?: boolean) {
  const cwd = tempDir('switchboard-recorded-subagents-');
  const record = join(cwd, 'received.jsonl');
  const agent = scriptedAgent(join(TRANSCRIPTS, name), {
    extraArgs: [
      '--unadvertised',
      join(TRANSCRIPTS, 'codex-acp-2.6-subagents-off.wire.jsonl'),
      '--advertised-by',
      'subagents',
      '--record',
      record,
    ],
  });
  const chat = await startChat(agent, cwd, { subagents, record });
  return { ...chat, turn: chat.controller.prompt('delegate to subagents') };
}
const ended = (turn: Promise<void>) => within(turn, 'the turn ending', PROCESS_DEADLINE_MS);

/** The whole recorded turn with its one permission allowed: the chat's state at its end. */
async function allowedTurn(subagents?: boolean) {
  const t = await recordedChat('codex-acp-2.6-subagents.wire.jsonl', subagents);
  const asking = () => (subagents === false ? t.state() : childOf(t.state(), child(1)));
  const toolCallId = subagents === false ? 'call_fake-5_0' : 'call_fake-3_0';
  t.controller.resolvePermission(await pendingPermission(asking, toolCallId), 'allow_once');
  await ended(t.turn);
  return t;
}

describe('codex-acp 2.6 subagents replayed to the client core', () => {
  it("the children and the grandchild shown; the permission on the child's id answered through the controller", async () => {
    const t = await allowedTurn();
    const state = t.state();
    expect(Object.entries(state.subagents ?? {}).map(([id, thread]) => [id, thread.parentSessionId])).toEqual([
      [child(1), null],
      [child(2), null],
      [child(5), child(1)],
    ]);
    expect(cardsIn(state).map((card) => [card.sessionId, card.description, card.work])).toEqual([
      [child(1), 'Subagent task reader: show notes.txt and have a helper count its lines', idle('end_turn')],
      [child(2), 'Subagent task planner: list the workspace', idle('end_turn')],
    ]);
    // codex-acp clears the cancel capability once a child is idle.
    expect(cardsIn(state).map((card) => card.cancellable)).toEqual([false, false]);
    expect(cardsIn(childOf(state, child(1))).map((card) => [card.sessionId, card.description, card.work])).toEqual([
      [child(5), 'Subagent task helper: count the lines of notes.txt', idle('end_turn')],
    ]);
    expect(toolIn(childOf(state, child(1)), 'call_fake-3_0')).toMatchObject({
      status: 'completed',
      permission: { state: { kind: 'selected' } },
    });
    expect(textOf(childOf(state, child(2)))).toBe('The workspace holds notes.txt.');
    expect(textOf(childOf(state, child(5)))).toBe('One line.');
    expect(textOf(state)).toBe('Both subagents finished: notes.txt says hello, in one line.');
    expect(state.entries.filter((entry) => entry.kind === 'protocolError')).toEqual([]);
  });

  it('Stop on the child while it asks: session/cancel with its id, its request answered cancelled, the card idle', async () => {
    const t = await recordedChat('codex-acp-2.6-subagents-cancel.wire.jsonl');
    await pendingPermission(() => childOf(t.state(), child(1)), 'call_fake-3_0');
    expect(cardsIn(t.state())[0]).toMatchObject({ sessionId: child(1), cancellable: true });
    await within(t.controller.cancelSubagent(child(1)), 'Stop on the child');
    await ended(t.turn);
    expect(t.received('session/cancel').map((message) => message.params)).toEqual([{ sessionId: child(1) }]);
    expect(toolIn(childOf(t.state(), child(1)), 'call_fake-3_0')).toMatchObject({
      status: 'failed',
      permission: { state: { kind: 'cancelled' } },
    });
    expect(cardsIn(t.state()).map((card) => [card.work, card.cancellable])).toEqual([
      [idle('cancelled'), false],
      [idle('end_turn'), false],
    ]);
  });

  it('switchboard.subagents off: the recording codex-acp made without the capability, only tool calls', async () => {
    expect(Object.keys((await allowedTurn()).state().subagents ?? {})).toHaveLength(3);
    const t = await allowedTurn(false);
    expect(t.received('initialize')[0]?.params.clientCapabilities).not.toHaveProperty('subagents');
    const state = t.state();
    expect(state.subagents).toBeUndefined();
    expect(cardsIn(state)).toEqual([]);
    const tools = state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool.title] : []));
    expect(tools.filter((title) => title === 'spawnAgent')).toHaveLength(2);
    expect(toolIn(state, 'call_fake-5_0')?.permission?.state).toMatchObject({ kind: 'selected' });
    expect(textOf(state)).toContain('Both subagents finished');
  });
});

function idle(stopReason: string) {
  return { state: 'idle', stopReason, error: null };
}
