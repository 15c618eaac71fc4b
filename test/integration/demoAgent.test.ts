// The built-in Demo agent as a real child process: bundled from source with esbuild, spawned
// with node, driven over stdio by createAcpConnection acting as the client, with fs handlers
// over a temp dir. Every message the agent sends is validated against the ACP v1 JSON schema.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { createAcpConnection, type AcpConnection } from '../../src/protocol/connection';
import { AcpRpcError } from '../../src/protocol/errors';
import { RequestFailure } from '../../src/session/api';
import { appendDemoEdit, SHOWCASE_THOUGHT } from '../../src/demo-agent/content';
import { splitIntoChunks } from '../../src/demo-agent/turn';
import { buildDemoAgent } from './demoAgentProcess';

const require = createRequire(import.meta.url);
// zod ships with the ACP SDK (its peer dependency); fromJSONSchema turns the official schema into validators.
const z = require('zod/v4') as typeof import('zod/v4');
const schema = require('@agentclientprotocol/sdk/schema/v1/schema.json') as { $schema: string; $defs: object };
const validators = new Map<string, { safeParse(value: unknown): { success: boolean; error?: unknown } }>();
function validate(defName: string, value: unknown): string | null {
  let validator = validators.get(defName);
  if (!validator) {
    validator = z.fromJSONSchema({ $schema: schema.$schema, $ref: `#/$defs/${defName}`, $defs: schema.$defs } as never);
    validators.set(defName, validator);
  }
  const result = validator.safeParse(value);
  return result.success ? null : `${defName}: ${JSON.stringify(value).slice(0, 300)} -> ${String(result.error)}`;
}
/** What each message from the agent must be, by method (requests and notifications) or by the request it answers. */
const SCHEMA_BY_METHOD: Record<string, string> = {
  'session/update': 'SessionNotification',
  'session/request_permission': 'RequestPermissionRequest',
  'fs/read_text_file': 'ReadTextFileRequest',
  'fs/write_text_file': 'WriteTextFileRequest',
  '$/cancel_request': 'CancelRequestNotification',
};
const SCHEMA_BY_RESPONSE: Record<string, string> = {
  initialize: 'InitializeResponse',
  'session/new': 'NewSessionResponse',
  'session/set_mode': 'SetSessionModeResponse',
  'session/set_config_option': 'SetSessionConfigOptionResponse',
  'session/prompt': 'PromptResponse',
};

let workDir: string;
let agentScript: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'switchboard-demo-test-'));
  agentScript = await buildDemoAgent(workDir);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type PermissionAnswer = (request: acp.RequestPermissionRequest) => Promise<acp.RequestPermissionResponse>;

interface DemoClient {
  connection: AcpConnection;
  cwd: string;
  updates: acp.SessionUpdate[];
  permissionRequests: acp.RequestPermissionRequest[];
  writes: acp.WriteTextFileRequest[];
  schemaErrors: string[];
  answerPermission: PermissionAnswer;
  sessionId: string;
  prompt(text: string): Promise<acp.PromptResponse>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

async function startDemo(
  options: { chunkDelayMs?: number; fs?: boolean; handshake?: boolean } = {},
): Promise<DemoClient> {
  const cwd = mkdtempSync(join(workDir, 'cwd-'));
  const child = spawn(process.execPath, [agentScript], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, SWITCHBOARD_DEMO_CHUNK_DELAY_MS: String(options.chunkDelayMs ?? 1) },
  });
  children.push(child);
  child.stderr!.resume();
  const sentMethods = new Map<unknown, string>();
  const client = {
    cwd,
    updates: [],
    permissionRequests: [],
    writes: [],
    schemaErrors: [],
    answerPermission: async () => ({ outcome: { outcome: 'selected', optionId: 'allow_once' } }),
    sessionId: '',
  } as unknown as DemoClient;
  client.connection = createAcpConnection(child.stdout!, child.stdin!, {
    traffic: {
      record(direction, message) {
        const m = message as { id?: unknown; method?: string; params?: unknown; result?: unknown };
        if (direction === 'send') {
          if (m.method !== undefined && m.id !== undefined) sentMethods.set(m.id, m.method);
          return;
        }
        const defName =
          m.method !== undefined ? SCHEMA_BY_METHOD[m.method] : SCHEMA_BY_RESPONSE[sentMethods.get(m.id) ?? ''];
        const value = m.method !== undefined ? m.params : m.result;
        if (defName === undefined) client.schemaErrors.push(`unexpected message ${JSON.stringify(m).slice(0, 200)}`);
        else if (value !== undefined) {
          const error = validate(defName, value);
          if (error) client.schemaErrors.push(error);
        }
      },
    },
  });
  const { connection } = client;
  connection.onNotification('session/update', (params) => void client.updates.push(params.update));
  connection.onRequest('session/request_permission', (params) => {
    client.permissionRequests.push(params);
    return client.answerPermission(params);
  });
  connection.onRequest('fs/read_text_file', async (params) => {
    try {
      return { content: await readFile(params.path, 'utf8') };
    } catch {
      throw new RequestFailure(-32002, `Resource not found: ${params.path}`);
    }
  });
  connection.onRequest('fs/write_text_file', async (params) => {
    client.writes.push(params);
    await writeFile(params.path, params.content);
    return {};
  });
  client.prompt = (text) =>
    connection.request('session/prompt', { sessionId: client.sessionId, prompt: [{ type: 'text', text }] });
  if (options.handshake === false) return client;
  const fsCapability = options.fs ?? true;
  await connection.request('initialize', {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: fsCapability, writeTextFile: fsCapability }, terminal: false },
    clientInfo: { name: 'demo-agent-test', version: '0' },
  });
  client.sessionId = (await connection.request('session/new', { cwd, mcpServers: [] })).sessionId;
  // Start every test's turn after the session-level commands update, so turn updates stand alone.
  await waitFor(() => client.updates.some((u) => u.sessionUpdate === 'available_commands_update'));
  return client;
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function toolUpdates(client: DemoClient, toolCallId: string) {
  return client.updates.filter(
    (u): u is Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call' | 'tool_call_update' }> =>
      (u.sessionUpdate === 'tool_call' || u.sessionUpdate === 'tool_call_update') && u.toolCallId === toolCallId,
  );
}

function messageText(client: DemoClient, kind: 'agent_message_chunk' | 'agent_thought_chunk'): string {
  return client.updates
    .map((u) => (u.sessionUpdate === kind && u.content.type === 'text' ? u.content.text : ''))
    .join('');
}

const demoFile = (client: DemoClient) => join(client.cwd, 'switchboard-demo.md');

describe('Demo agent (child process over stdio)', () => {
  it('initializes as switchboard-demo and opens a session with modes, config options and then commands', async () => {
    const client = await startDemo({ handshake: false });
    const init = await client.connection.request('initialize', { protocolVersion: 1 });
    expect(init.agentInfo).toMatchObject({ name: 'switchboard-demo', title: 'Demo agent' });
    expect(init.agentCapabilities).toMatchObject({
      loadSession: false,
      promptCapabilities: { image: true, audio: false, embeddedContext: true },
    });
    expect(init.authMethods).toEqual([]);
    const session = await client.connection.request('session/new', { cwd: client.cwd, mcpServers: [] });
    expect(client.updates).toEqual([]); // the commands follow the response
    expect(session.modes?.currentModeId).toBe('code');
    expect(session.modes?.availableModes.map((m) => m.id)).toEqual(['ask', 'code', 'architect']);
    const model = session.configOptions?.find((o) => o.id === 'model');
    expect(model && 'options' in model && model.options.map((g) => ('group' in g ? g.name : null))).toEqual([
      'Fast',
      'Smart',
    ]);
    await waitFor(() => client.updates.some((u) => u.sessionUpdate === 'available_commands_update'));
    const commands = client.updates.find((u) => u.sessionUpdate === 'available_commands_update');
    expect(
      commands?.sessionUpdate === 'available_commands_update' && commands.availableCommands.map((c) => c.name),
    ).toEqual([
      'help',
      'plan',
      'edit',
      'think',
      'long',
      'slow',
      'refuse',
      'review',
      'diskwrite',
      'terminal',
      'shell',
      'subagents',
    ]);
    expect(client.schemaErrors).toEqual([]);
  });

  it('plays the full showcase and appends a line to the file when the edit is allowed', async () => {
    const client = await startDemo();
    writeFileSync(demoFile(client), '# Mine\n');
    const response = await client.prompt('Show me what you can do');
    expect(response.stopReason).toBe('end_turn');
    expect(readFileSync(demoFile(client), 'utf8')).toBe('# Mine\n- Demo edit #1 at turn 1\n');

    const kinds = client.updates.map((u) => u.sessionUpdate);
    for (const kind of [
      'agent_thought_chunk',
      'plan',
      'agent_message_chunk',
      'tool_call',
      'usage_update',
      'session_info_update',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(kinds.indexOf('agent_thought_chunk')).toBeLessThan(kinds.indexOf('plan'));
    expect(messageText(client, 'agent_thought_chunk')).toContain("This is Switchboard's offline demo agent");
    const markdown = messageText(client, 'agent_message_chunk');
    expect(markdown).toMatch(/^## Switchboard demo/);
    expect(markdown).toContain('| Feature | Shown by |');
    expect(markdown).toContain('```ts switchboard-apply-demo.ts\n');
    const plans = client.updates.filter((u) => u.sessionUpdate === 'plan');
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(plans.at(-1)?.sessionUpdate === 'plan' && plans.at(-1)?.entries.every((e) => e.status === 'completed')).toBe(
      true,
    );

    const read = toolUpdates(client, 'demo-turn1-read');
    expect(read[0]).toMatchObject({
      kind: 'read',
      title: 'Read switchboard-demo.md',
      locations: [{ path: demoFile(client) }],
    });
    expect(read.at(-1)?.status).toBe('completed');
    const edit = toolUpdates(client, 'demo-turn1-edit');
    expect(edit.map((u) => u.status)).toEqual(['pending', 'in_progress', 'completed']);
    expect(edit.at(-1)?.content).toEqual([
      { type: 'diff', path: demoFile(client), oldText: '# Mine\n', newText: '# Mine\n- Demo edit #1 at turn 1\n' },
    ]);
    expect(client.permissionRequests).toHaveLength(1);
    expect(client.permissionRequests[0]!.options.map((o) => [o.name, o.kind])).toEqual([
      ['Allow once', 'allow_once'],
      ['Always allow', 'allow_always'],
      ['Reject', 'reject_once'],
    ]);
    expect(client.schemaErrors).toEqual([]);
  });

  it('creates a missing file (diff oldText null) and stops asking after "Always allow"', async () => {
    const client = await startDemo();
    client.answerPermission = async () => ({ outcome: { outcome: 'selected', optionId: 'allow_always' } });
    expect((await client.prompt('/edit')).stopReason).toBe('end_turn');
    const firstDiff = toolUpdates(client, 'demo-turn1-edit').at(-1)?.content?.[0];
    expect(firstDiff).toMatchObject({ type: 'diff', oldText: null });
    expect((await client.prompt('/edit')).stopReason).toBe('end_turn');
    expect(client.permissionRequests).toHaveLength(1);
    expect(readFileSync(demoFile(client), 'utf8')).toMatch(/- Demo edit #1 at turn 1\n- Demo edit #2 at turn 2\n$/);
    expect(client.schemaErrors).toEqual([]);
  });

  it('writes nothing and fails the edit tool call when the edit is rejected', async () => {
    const client = await startDemo();
    client.answerPermission = async () => ({ outcome: { outcome: 'selected', optionId: 'reject_once' } });
    expect((await client.prompt('hello')).stopReason).toBe('end_turn');
    expect(client.writes).toEqual([]);
    expect(existsSync(demoFile(client))).toBe(false);
    const edit = toolUpdates(client, 'demo-turn1-edit');
    expect(edit.at(-1)?.status).toBe('failed');
    expect(JSON.stringify(edit.at(-1)?.content)).toContain('Edit skipped');
    expect(messageText(client, 'agent_message_chunk')).toContain('The edit was skipped');
  });

  it('stops streaming on session/cancel, mid-stream, and answers cancelled', async () => {
    const client = await startDemo({ chunkDelayMs: 100 });
    const turn = client.prompt('a long showcase');
    await waitFor(() => client.updates.some((u) => u.sessionUpdate === 'agent_thought_chunk'));
    client.connection.notify('session/cancel', { sessionId: client.sessionId });
    expect((await turn).stopReason).toBe('cancelled');
    // Order, not time: the answer came while the thought was still streaming (the stream checks the cancel
    // before every chunk), so the thought was cut short. An agent that noticed the cancel only between the
    // showcase's steps would have streamed the whole thought (about 25 chunks, 100 ms apart) first.
    const thought = messageText(client, 'agent_thought_chunk');
    expect(thought.length).toBeGreaterThan(0);
    expect(thought.length).toBeLessThan(SHOWCASE_THOUGHT.length);
    expect(SHOWCASE_THOUGHT.startsWith(thought)).toBe(true);
    expect(messageText(client, 'agent_message_chunk')).toBe('');
    const countAtResponse = client.updates.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(client.updates.slice(countAtResponse)).toEqual([]);
    expect(client.updates.some((u) => u.sessionUpdate === 'tool_call')).toBe(false);
    // The session still works after a cancel.
    expect((await client.prompt('/refuse')).stopReason).toBe('refusal');
  });

  it('fails the pending edit and answers cancelled when cancelled during the permission request', async () => {
    const client = await startDemo();
    let answer: (response: acp.RequestPermissionResponse) => void = () => {};
    client.answerPermission = () => new Promise((resolve) => (answer = resolve));
    const turn = client.prompt('/edit');
    await waitFor(() => client.permissionRequests.length === 1);
    client.connection.notify('session/cancel', { sessionId: client.sessionId });
    answer({ outcome: { outcome: 'cancelled' } }); // what a client must do with a pending permission on cancel
    expect((await turn).stopReason).toBe('cancelled');
    expect(toolUpdates(client, 'demo-turn1-edit').at(-1)?.status).toBe('failed');
    expect(client.writes).toEqual([]);
    expect(client.schemaErrors).toEqual([]);
  });

  it('returns the complete option list from session/set_config_option and rejects unknown values', async () => {
    const client = await startDemo();
    const { configOptions } = await client.connection.request('session/set_config_option', {
      sessionId: client.sessionId,
      configId: 'model',
      value: 'demo-pro',
    });
    expect(configOptions.map((o) => [o.id, o.type === 'select' ? o.currentValue : null])).toEqual([
      ['model', 'demo-pro'],
      ['thought_level', 'medium'],
    ]);
    for (const [configId, value] of [
      ['model', 'gpt-9'],
      ['colour', 'red'],
    ]) {
      const failure = client.connection.request('session/set_config_option', {
        sessionId: client.sessionId,
        configId: configId!,
        value: value!,
      });
      await expect(failure).rejects.toBeInstanceOf(AcpRpcError);
      await expect(failure).rejects.toMatchObject({ code: -32602 });
    }
    await client.connection.request('session/set_mode', { sessionId: client.sessionId, modeId: 'architect' });
    await waitFor(() => client.updates.some((u) => u.sessionUpdate === 'current_mode_update'));
    expect(client.updates.find((u) => u.sessionUpdate === 'current_mode_update')).toMatchObject({
      currentModeId: 'architect',
    });
    expect(client.schemaErrors).toEqual([]);
  });

  it('reads but does not edit in Ask mode', async () => {
    const client = await startDemo();
    await client.connection.request('session/set_mode', { sessionId: client.sessionId, modeId: 'ask' });
    expect((await client.prompt('/edit')).stopReason).toBe('end_turn');
    expect(toolUpdates(client, 'demo-turn1-read').at(-1)?.status).toBe('completed');
    expect(toolUpdates(client, 'demo-turn1-edit')).toEqual([]);
    expect(client.permissionRequests).toEqual([]);
    expect(messageText(client, 'agent_message_chunk')).toContain('Ask mode');
  });

  it('answers /refuse with a refusal, /help with the command list, /plan with a plan only', async () => {
    const client = await startDemo();
    expect((await client.prompt('/refuse')).stopReason).toBe('refusal');
    expect((await client.prompt('/help')).stopReason).toBe('end_turn');
    expect(messageText(client, 'agent_message_chunk')).toContain('`/long`');
    client.updates.length = 0;
    expect((await client.prompt('/plan the week')).stopReason).toBe('end_turn');
    expect(client.updates.filter((u) => u.sessionUpdate === 'plan').length).toBeGreaterThanOrEqual(3);
    expect(client.updates.some((u) => u.sessionUpdate === 'tool_call')).toBe(false);
  });

  it('names the context a prompt carries (an image, a link, an embedded file) before its answer', async () => {
    const client = await startDemo({ chunkDelayMs: 0 });
    const response = await client.connection.request('session/prompt', {
      sessionId: client.sessionId,
      prompt: [
        { type: 'text', text: '/plan with these' },
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'resource_link', uri: 'file:///w/src/a.ts', name: 'a.ts' },
        { type: 'resource', resource: { uri: 'file:///w/notes.md', text: 'one\ntwo\nthree' } },
      ],
    });
    expect(response.stopReason).toBe('end_turn');
    const said = messageText(client, 'agent_message_chunk');
    expect(said).toMatch(
      /^You attached: an image \(image\/png, 8 B\); a link to `a\.ts`; `notes\.md` with its text \(3 lines\)\./,
    );
    expect(client.updates.filter((u) => u.sessionUpdate === 'plan').length).toBeGreaterThanOrEqual(3);
  });

  it('streams about 200 lines for /long', async () => {
    const client = await startDemo({ chunkDelayMs: 0 });
    await client.prompt('/long');
    const lines = messageText(client, 'agent_message_chunk').split('\n').length;
    expect(lines).toBeGreaterThan(180);
    expect(lines).toBeLessThan(260);
  });

  it('explains that it cannot edit files when the client has no fs capability', async () => {
    const client = await startDemo({ fs: false });
    expect((await client.prompt('hi')).stopReason).toBe('end_turn');
    expect(client.permissionRequests).toEqual([]);
    expect(client.updates.some((u) => u.sessionUpdate === 'tool_call')).toBe(false);
    expect(messageText(client, 'agent_message_chunk')).toContain('cannot edit files');
  });
});

describe('Demo agent helpers', () => {
  it('splits text into chunks that join back to the original', () => {
    const text = 'one two  three\nfour\n\n```ts\nconst x = 1;\n```\n';
    expect(splitIntoChunks(text, { words: 2 }).join('')).toBe(text);
    expect(splitIntoChunks(text, { words: 2 }).length).toBeGreaterThan(2);
    expect(splitIntoChunks(text, { lines: 2 }).join('')).toBe(text);
  });

  it('numbers demo edits from the file itself and adds a header to an empty file', () => {
    const first = appendDemoEdit('', 3);
    expect(first).toMatch(/^# Switchboard demo file\n[\s\S]*- Demo edit #1 at turn 3\n$/);
    expect(appendDemoEdit(first, 4)).toBe(`${first}- Demo edit #2 at turn 4\n`);
    expect(appendDemoEdit('no newline', 1)).toBe('no newline\n- Demo edit #1 at turn 1\n');
  });
});
