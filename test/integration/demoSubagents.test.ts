// The Demo agent's /subagents turn (src/demo-agent/subagentSteps.ts) as a real child process, driven by the
// minimal wire client: with clientCapabilities.subagents its two children obey the order rules, work on their own
// session ids (fs, permission) and the Reader alone may be cancelled; without it, plain tool calls. Every message
// is checked against the ACP v1 unstable schema (where subagent sessions are), except the tool-call link to a
// session, which is newer than the SDK's schema.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import unstableSchema from '@agentclientprotocol/sdk/schema/v1/schema.unstable.json';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkSubagentOrder, type WireMessage } from '../fixtures/subagentOrder';
import { buildDemoAgent } from './demoAgentProcess';
import { WireClient } from './wireClient';

// The unstable schema has `not` (other states) that zod's fromJSONSchema refuses; ajv reads it as it is.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
ajv.addSchema({ $defs: (unstableSchema as { $defs: object }).$defs }, 'acp');
const DEFS: Record<string, string> = {
  'session/update': 'SessionNotification',
  'session/request_permission': 'RequestPermissionRequest',
  'fs/read_text_file': 'ReadTextFileRequest',
  'fs/write_text_file': 'WriteTextFileRequest',
};
function schemaError(message: WireMessage): string | null {
  const def = message.method === undefined ? undefined : DEFS[message.method];
  if (def === undefined) return null;
  const params = structuredClone(message.params) as Json;
  const update = params.update as Json | undefined;
  if (Array.isArray(update?.content)) update.content = update.content.filter((item: Json) => item.type !== 'session');
  const validate = ajv.getSchema(`acp#/$defs/${def}`)!;
  return validate(params)
    ? null
    : `${def}: ${JSON.stringify(message.params).slice(0, 200)} ${ajv.errorsText(validate.errors)}`;
}

type Json = Record<string, any>;
let workDir: string;
let agentScript: string;
beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'switchboard-demo-subagents-'));
  agentScript = await buildDemoAgent(workDir);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const clients: WireClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

const FILE_TEXT = '# Notes\n\nOne line.\n';

/** The demo in a fresh workspace holding switchboard-demo.md; `permission` answers (or not) its permission asks. */
async function startDemo(subagents: boolean, permission: (message: WireMessage) => unknown = () => allowOnce) {
  const cwd = mkdtempSync(join(workDir, 'cwd-'));
  writeFileSync(join(cwd, 'switchboard-demo.md'), FILE_TEXT);
  const client = new WireClient(
    process.execPath,
    [agentScript],
    (message) => {
      const params = message.params as Json;
      if (message.method === 'fs/read_text_file') return { content: readFileSync(params.path, 'utf8') };
      if (message.method === 'fs/write_text_file') return writeFileSync(params.path, params.content) ?? {};
      return message.method === 'session/request_permission' ? permission(message) : undefined;
    },
    { ...process.env, SWITCHBOARD_DEMO_CHUNK_DELAY_MS: '1' },
  );
  clients.push(client);
  await client.request('initialize', {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, ...(subagents ? { subagents: {} } : {}) },
  });
  const sessionId = ((await client.request('session/new', { cwd, mcpServers: [] })).result as Json).sessionId as string;
  const prompt = () => client.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/subagents' }] });
  return { client, cwd, sessionId, prompt };
}
const allowOnce = { outcome: { outcome: 'selected', optionId: 'allow_once' } };
const update = (message: WireMessage): Json => (message.params as Json)?.update ?? {};
const stateOf = (received: WireMessage[], childId: string) =>
  received
    .map(update)
    .filter((item) => item.sessionUpdate === 'subagent_update' && item.sessionId === childId && item.state)
    .map((item) => item.state);

describe('Demo agent /subagents, client advertises subagents', () => {
  it('runs a Reader and a Planner as child sessions, in order, each working on its own id', async () => {
    const { client, cwd, sessionId, prompt } = await startDemo(true);
    expect((await prompt()).result).toEqual({ stopReason: 'end_turn' });
    const received = client.received;
    expect(received.map(schemaError).filter(Boolean)).toEqual([]);
    const { parents, violations } = checkSubagentOrder(received);
    expect(violations).toEqual([]);
    const reader = `${sessionId}-turn1-reader`;
    const planner = `${sessionId}-turn1-planner`;
    expect([...parents]).toEqual([
      [reader, sessionId],
      [planner, sessionId],
    ]);
    const announcements = received.map(update).filter((item) => item.sessionUpdate === 'subagent_update' && item.title);
    expect(announcements.map((item) => [item.title, item.capabilities])).toEqual([
      ['Reader', { cancel: {} }],
      ['Planner', {}],
    ]);
    const requests = received.filter((message) => message.method !== undefined && message.method !== 'session/update');
    expect(requests.map((message) => [message.method, (message.params as Json).sessionId])).toEqual([
      ['fs/read_text_file', reader],
      ['session/request_permission', reader],
      ['fs/write_text_file', reader],
    ]);
    expect(stateOf(received, reader)).toEqual([
      { state: 'running' },
      { state: 'requires_action' },
      { state: 'running' },
      { state: 'idle', stopReason: 'end_turn' },
    ]);
    expect(stateOf(received, planner)).toEqual([{ state: 'running' }, { state: 'idle', stopReason: 'end_turn' }]);
    expect(
      received.some(
        (message) => (message.params as Json)?.sessionId === planner && update(message).sessionUpdate === 'plan',
      ),
    ).toBe(true);
    expect(readFileSync(join(cwd, 'switchboard-demo.md'), 'utf8')).toMatch(
      /^# Notes\n\nOne line\.\n- Demo edit #1 at turn 1\n$/,
    );
    const messages = received.map(update).filter((item) => item.sessionUpdate === 'session_message');
    expect(messages).toHaveLength(8); // task and result of each child, each in both transcripts
  });

  it('session/cancel of the Reader while it asks stops the Reader only; the Planner finishes, nothing is written', async () => {
    const { client, cwd, sessionId, prompt } = await startDemo(true, () => undefined);
    const answer = prompt();
    const asked = await client.next(
      'the reader asking permission',
      (message) => message.method === 'session/request_permission',
    );
    const reader = `${sessionId}-turn1-reader`;
    client.notify('session/cancel', { sessionId: reader });
    client.answer(asked.id, { outcome: { outcome: 'cancelled' } });
    expect((await answer).result).toEqual({ stopReason: 'end_turn' });
    expect(stateOf(client.received, reader).at(-1)).toEqual({ state: 'idle', stopReason: 'cancelled' });
    expect(stateOf(client.received, `${sessionId}-turn1-planner`).at(-1)).toEqual({
      state: 'idle',
      stopReason: 'end_turn',
    });
    expect(readFileSync(join(cwd, 'switchboard-demo.md'), 'utf8')).toBe(FILE_TEXT);
    expect(checkSubagentOrder(client.received).violations).toEqual([]);
  });

  it('session/cancel of the Planner (no cancel capability) is ignored', async () => {
    const { client, sessionId, prompt } = await startDemo(true);
    const answer = prompt();
    const planner = `${sessionId}-turn1-planner`;
    await client.next('the planner announced', (message) => update(message).sessionId === planner);
    client.notify('session/cancel', { sessionId: planner });
    expect((await answer).result).toEqual({ stopReason: 'end_turn' });
    expect(stateOf(client.received, planner).at(-1)).toEqual({ state: 'idle', stopReason: 'end_turn' });
  });
});

describe('Demo agent /subagents, client does not advertise subagents', () => {
  it('shows the same work as plain tool calls in the chat, with no subagent traffic', async () => {
    const { client, sessionId, prompt } = await startDemo(false);
    expect((await prompt()).result).toEqual({ stopReason: 'end_turn' });
    const sessions = new Set(
      client.received.flatMap((message) => (message.method ? [(message.params as Json).sessionId] : [])),
    );
    expect([...sessions]).toEqual([sessionId]);
    expect(JSON.stringify(client.received)).not.toMatch(/subagent_update|session_message/);
    const calls = client.received
      .map(update)
      .filter((item) => item.sessionUpdate === 'tool_call' && item.kind === 'other');
    expect(calls.map((item) => item.title)).toEqual(['Reader', 'Planner']);
    expect(client.received.map(schemaError).filter(Boolean)).toEqual([]);
  });
});
