// The scripted agent's `subagents` scenario on the wire (test/fixtures/scripted/subagents.mjs): a real child process
// and a minimal ACP client in the test, so what is checked is exactly what the agent sends. It must obey the order
// rules of subagent sessions (test/fixtures/subagentOrder.ts), cancel only the child it is asked to cancel, and
// send nothing of subagents to a client that did not advertise `clientCapabilities.subagents`.
import { afterEach, describe, expect, it } from 'vitest';
import { checkSubagentOrder, type WireMessage } from '../fixtures/subagentOrder';
import { SCRIPTED_AGENT } from './scriptedAgent';
import { type AgentRequestHandler, WireClient } from './wireClient';

const TRIGGER = 'delegate to subagents';
const clients: WireClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

const allow: AgentRequestHandler = (message) =>
  message.method === 'session/request_permission' ? { outcome: { outcome: 'selected', optionId: 'allow' } } : undefined;

async function start(
  advertise: boolean,
  onRequest: AgentRequestHandler = allow,
  extraArgs: string[] = [],
  offers: object = {},
) {
  const client = new WireClient(process.execPath, [SCRIPTED_AGENT, '--scenario', 'subagents', ...extraArgs], onRequest);
  clients.push(client);
  const init = await client.request('initialize', {
    protocolVersion: 1,
    clientCapabilities: { ...offers, ...(advertise ? { subagents: {} } : {}) },
  });
  const created = await client.request('session/new', { cwd: process.cwd(), mcpServers: [] });
  const sessionId = (created.result as { sessionId: string }).sessionId;
  const prompt = (text = TRIGGER) => client.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
  return { client, init, sessionId, prompt };
}

type Json = Record<string, any>;
const update = (message: WireMessage): Json => (message.params as Json)?.update ?? {};
const isUpdate = (message: WireMessage, kind: string) =>
  message.method === 'session/update' && update(message).sessionUpdate === kind;
const announcementOf = (title: string) => (message: WireMessage) =>
  isUpdate(message, 'subagent_update') && update(message).title === title;

/** The traffic as short lines (`P`, `R`, `L`, `G` for the chat, Reader, Planner, Counter), answers left out. */
function outline(received: readonly WireMessage[], sessionId: string): string[] {
  const names: Record<string, string> = {
    [sessionId]: 'P',
    'subagent-1-reader': 'R',
    'subagent-1-planner': 'L',
    'subagent-1-counter': 'G',
  };
  const name = (id: unknown) => names[String(id)] ?? String(id);
  return received.flatMap((message) => {
    if (message.method === undefined) return [];
    const params = message.params as Json;
    if (message.method !== 'session/update') return [`${name(params.sessionId)} ${message.method}`];
    const item = params.update as Json;
    let line = `${name(params.sessionId)} ${item.sessionUpdate}`;
    if (item.sessionUpdate === 'subagent_update') {
      line += ` ${name(item.sessionId)}`;
      if (item.capabilities) line += ` capabilities=${JSON.stringify(item.capabilities)}`;
      if (item.state) line += ` ${[item.state.state, item.state.stopReason].filter(Boolean).join(':')}`;
    }
    if (item.toolCallId) line += ` ${item.toolCallId}${item.status ? ` ${item.status}` : ''}`;
    if (item.messageId && item.sessionUpdate.startsWith('session_message')) line += ` ${item.messageId}`;
    return [line];
  });
}

describe('scripted agent, subagents scenario, client advertises subagents', () => {
  it('advertises sessionCapabilities.subagents, like codex-acp 2.6', async () => {
    const { init } = await start(true);
    expect((init.result as Json).agentCapabilities.sessionCapabilities).toEqual({ subagents: {} });
  });

  it('sends the whole sequence in order: children, their traffic, a grandchild, messages, states, the answer', async () => {
    const { client, sessionId, prompt } = await start(true);
    const answer = await prompt();
    expect(answer.result).toEqual({ stopReason: 'end_turn' });
    expect(outline(client.received, sessionId)).toEqual([
      'P agent_message_chunk',
      'P subagent_update R capabilities={"cancel":{}} running',
      'P subagent_update L capabilities={} running',
      'P tool_call delegate-1-reader in_progress',
      'P tool_call delegate-1-planner in_progress',
      'P session_message to-reader-1',
      'R session_message_chunk from-parent-1',
      'R session_message from-parent-1',
      'R session_message_chunk from-parent-1',
      'R agent_message_chunk',
      'R tool_call reader-read-1 in_progress',
      'R tool_call_update reader-read-1 completed',
      'L agent_message_chunk',
      'L tool_call planner-search-1 completed',
      'L plan',
      'L subagent_update G capabilities={} running',
      'G agent_message_chunk',
      'G tool_call counter-count-1 completed',
      'L subagent_update G idle:end_turn',
      'P subagent_update L idle:error',
      'P tool_call_update delegate-1-planner failed',
      'R tool_call reader-edit-1 pending',
      'P subagent_update R requires_action',
      'R session/request_permission',
      'P subagent_update R running',
      'R tool_call_update reader-edit-1 completed',
      'R agent_message_chunk',
      'R session_message to-parent-1',
      'P session_message_chunk from-reader-1',
      'P session_message from-reader-1',
      'P session_message_chunk from-reader-1',
      'P subagent_update R idle:end_turn',
      'P tool_call_update delegate-1-reader completed',
      'P agent_message_chunk',
    ]);
  });

  it('obeys the order rules: each child announced before its traffic, the grandchild on its parent child', async () => {
    const { client, sessionId, prompt } = await start(true);
    await prompt();
    const { parents, violations } = checkSubagentOrder(client.received);
    expect(violations).toEqual([]);
    expect([...parents]).toEqual([
      ['subagent-1-reader', sessionId],
      ['subagent-1-planner', sessionId],
      ['subagent-1-counter', 'subagent-1-planner'],
    ]);
  });

  it('links the children, errs with an error object, and pairs the two views of each message', async () => {
    const { client, prompt } = await start(true);
    await prompt();
    const updates = client.received.filter((message) => message.method === 'session/update').map(update);
    expect(updates.find((item) => item.toolCallId === 'delegate-1-reader')?.content).toEqual([
      { type: 'session', sessionId: 'subagent-1-reader' },
    ]);
    const plannerEnd = updates.find((item) => item.sessionId === 'subagent-1-planner' && item.state?.state === 'idle');
    expect(plannerEnd?.state).toEqual({
      state: 'idle',
      stopReason: 'error',
      error: { code: -32603, message: expect.any(String) },
    });
    const messages = updates.filter((item) => item.sessionUpdate === 'session_message');
    expect(messages.map((item) => [item.messageId, item.recipientMessageId ?? item.senderMessageId])).toEqual([
      ['to-reader-1', 'from-parent-1'],
      ['from-parent-1', 'to-reader-1'],
      ['to-parent-1', 'from-reader-1'],
      ['from-reader-1', 'to-parent-1'],
    ]);
    const chunks = (id: string) =>
      updates
        .filter((item) => item.sessionUpdate === 'session_message_chunk' && item.messageId === id)
        .map((item) => item.content.text);
    expect(chunks('from-parent-1').join('')).toBe('Read README.md and fix its title.');
    expect(chunks('from-reader-1').join('')).toBe('README.md is done.');
  });

  it('to a client offering fs, terminals and forms: the reader reads and the counter runs on their own ids, the form is request-scoped', async () => {
    const offers = { fs: { readTextFile: true }, terminal: true, elicitation: { form: {} } };
    const answers: Record<string, unknown> = {
      'session/request_permission': { outcome: { outcome: 'selected', optionId: 'allow' } },
      'fs/read_text_file': { content: '# Title\n' },
      'terminal/create': { terminalId: 't-1' },
      'terminal/wait_for_exit': { exitCode: 0 },
      'terminal/output': { output: '1 README.md\n', truncated: false },
      'terminal/release': {},
      'elicitation/create': { action: 'decline' },
    };
    const { client, sessionId, prompt } = await start(true, (message) => answers[message.method!], [], offers);
    const answer = prompt();
    expect((await answer).result).toEqual({ stopReason: 'end_turn' });
    const requests = client.received.filter((message) => message.method !== undefined && message.id !== undefined);
    const form = requests.find((message) => message.method === 'elicitation/create');
    expect(
      requests.map((message) => `${(message.params as Json).sessionId ?? 'no session'} ${message.method}`),
    ).toEqual([
      `subagent-1-reader fs/read_text_file`,
      'subagent-1-counter terminal/create',
      'subagent-1-counter terminal/wait_for_exit',
      'subagent-1-counter terminal/output',
      'subagent-1-counter terminal/release',
      'subagent-1-reader session/request_permission',
      'no session elicitation/create',
    ]);
    // Tied to the prompt this client sent (its third request: initialize, session/new, session/prompt).
    expect((form!.params as Json).requestId).toBe(2);
    const updates = client.received.filter((message) => message.method === 'session/update').map(update);
    expect(
      updates.find((item) => item.toolCallId === 'reader-read-1' && item.sessionUpdate === 'tool_call_update')?.content,
    ).toEqual([{ type: 'content', content: { type: 'text', text: '# Title\n' } }]);
    expect(updates.filter((item) => item.toolCallId === 'counter-count-1').map((item) => item.status)).toEqual([
      'in_progress',
      'completed',
    ]);
    expect(updates.some((item) => item.content?.text === ' Your decision: {"action":"decline"}.')).toBe(true);
    expect(checkSubagentOrder(client.received, [sessionId]).violations).toEqual([]);
  });

  it('session/cancel of the child that may be cancelled stops that child only; the turn ends normally', async () => {
    let permission: WireMessage | undefined;
    const { client, sessionId, prompt } = await start(true, (message) => void (permission = message));
    const answer = prompt();
    await client.next('the reader asking permission', (message) => message.method === 'session/request_permission');
    expect((permission!.params as Json).sessionId).toBe('subagent-1-reader');
    const before = client.received.length;
    client.notify('session/cancel', { sessionId: 'subagent-1-reader' });
    // The client answers the pending request as cancelled, as it must; the agent no longer waits for it.
    client.answer(permission!.id, { outcome: { outcome: 'cancelled' } });
    expect((await answer).result).toEqual({ stopReason: 'end_turn' });
    expect(outline(client.received.slice(before), sessionId)).toEqual([
      'P subagent_update R idle:cancelled',
      'P tool_call_update delegate-1-reader completed',
      'P agent_message_chunk',
    ]);
    expect(checkSubagentOrder(client.received).violations).toEqual([]);
  });

  it('session/cancel of a child without the cancel capability changes nothing', async () => {
    const { client, sessionId, prompt } = await start(true, allow, ['--delay-ms', '20']);
    const answer = prompt();
    await client.next('the planner announced', announcementOf('Planner'));
    client.notify('session/cancel', { sessionId: 'subagent-1-planner' });
    client.notify('session/cancel', { sessionId: 'subagent-1-counter' });
    expect((await answer).result).toEqual({ stopReason: 'end_turn' });
    const lines = outline(client.received, sessionId);
    expect(lines.filter((line) => line.includes('cancelled'))).toEqual([]);
    expect(lines).toContain('P subagent_update L idle:error');
    expect(lines).toContain('L subagent_update G idle:end_turn');
  });

  it('session/cancel of the chat stops its running children and ends the turn cancelled', async () => {
    let permission: WireMessage | undefined;
    const { client, sessionId, prompt } = await start(true, (message) => void (permission = message));
    const answer = prompt();
    await client.next('the reader asking permission', (message) => message.method === 'session/request_permission');
    const before = client.received.length;
    client.notify('session/cancel', { sessionId });
    client.answer(permission!.id, { outcome: { outcome: 'cancelled' } });
    expect((await answer).result).toEqual({ stopReason: 'cancelled' });
    expect(outline(client.received.slice(before), sessionId)).toEqual(['P subagent_update R idle:cancelled']);
  });
});

describe('scripted agent, subagents scenario, client does not advertise subagents', () => {
  it('falls back to plain tool calls on the chat session, with no subagent traffic', async () => {
    const { client, sessionId, prompt } = await start(false);
    expect((await prompt()).result).toEqual({ stopReason: 'end_turn' });
    expect(outline(client.received, sessionId)).toEqual([
      'P agent_message_chunk',
      'P tool_call delegate-1-reader in_progress',
      'P tool_call delegate-1-planner in_progress',
      'P tool_call reader-edit-1 pending',
      'P session/request_permission',
      'P tool_call_update reader-edit-1 completed',
      'P tool_call_update delegate-1-reader completed',
      'P tool_call_update delegate-1-planner failed',
      'P agent_message_chunk',
    ]);
    const calls = client.received.filter((message) => isUpdate(message, 'tool_call')).map(update);
    expect(calls.slice(0, 2).map((item) => [item.title, item.kind])).toEqual([
      ['Reader', 'other'],
      ['Planner', 'other'],
    ]);
    expect(JSON.stringify(client.received)).not.toMatch(/subagent_update|session_message|"type":"session"/);
  });

  it('answers any other prompt with the basic turn', async () => {
    const { client, prompt } = await start(true);
    expect((await prompt('hello')).result).toEqual({ stopReason: 'end_turn' });
    expect(client.received.some((message) => isUpdate(message, 'subagent_update'))).toBe(false);
  });
});
