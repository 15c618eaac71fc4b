// Switchboard's editor MCP server checked by the official MCP client (@modelcontextprotocol/sdk's Client over its
// Streamable HTTP transport) against the real HTTP server (src/chat/mcp/mcpHttpServer.ts): the chat session's
// requests are the real fs handlers over real files (diskEditorSession.ts)
// and a real TerminalManager; permission answers are scripted. Also the HTTP gate itself, with plain fetch: no
// secret, a wrong one, a foreign Origin or Host, a GET, an oversized body.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EditorMcpHttpServer, MAX_BODY_BYTES, type EditorRoute } from '../../src/chat/mcp/mcpHttpServer';
import type { LanguageFeatures } from '../../src/chat/mcp/languageTools';
import type { OpenEditorSession } from '../../src/session/api';
import { TerminalManager } from '../../src/session/requests/terminalManager';
import { LiveProcessGroups } from '../../src/terminals/liveProcessGroups';
import { EDITOR_TOOL_NAMES } from '../../src/shared/editorToolNames';
import { DiskEditor } from '../unit/vscode/fs/diskEditor';
import { diskEditorSession } from './diskEditorSession';
import { within, PROCESS_DEADLINE_MS } from '../within';

let workspace: string;
let outside: string;
let server: EditorMcpHttpServer;
let route: EditorRoute;
let editor: DiskEditor;
let permissions: Array<acp.RequestPermissionRequest>;
let cards: acp.SessionUpdate[];
let answer: string;
let outsideAsked: string[];
let session: OpenEditorSession | null;
let terminals: TerminalManager;
const clients: Client[] = [];

const language: LanguageFeatures = {
  diagnostics: async () =>
    Array.from({ length: 500 }, (_, i) => ({
      path: path.join(workspace, 'a.ts'),
      start: { line: i + 1, character: 1 },
      end: { line: i + 1, character: 2 },
      severity: i === 499 ? ('error' as const) : ('warning' as const),
      message: 'x'.repeat(2000),
    })),
  workspaceSymbols: async () => [],
  definition: async () => [],
  references: async () => [],
  openEditors: () => [],
  selection: () => null,
};

beforeAll(() => {
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-mcp-ws-')));
  outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-mcp-out-')));
  server = new EditorMcpHttpServer('0.0.0-test');
});
afterAll(async () => {
  await server.dispose();
  fs.rmSync(workspace, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

beforeEach(async () => {
  editor = new DiskEditor();
  editor.folders = [workspace];
  permissions = [];
  answer = 'allow';
  outsideAsked = [];
  terminals = new TerminalManager(
    { sessionCwd: () => workspace, baseEnv: () => process.env, liveGroups: new LiveProcessGroups(), log: () => {} },
    { created: () => {}, data: () => {}, exited: () => {}, killRequested: () => {}, released: () => {} },
  );
  const made = diskEditorSession({
    workspace,
    editor,
    permission: async (params) => {
      permissions.push(params);
      return { outcome: { outcome: 'selected', optionId: answer } };
    },
    confirmOutsideWorkspace: async (realPath) => {
      outsideAsked.push(realPath);
      return 'deny';
    },
    terminals,
  });
  session = made.session;
  cards = made.cards;
  route = await server.addRoute({ session: () => session, language }, EDITOR_TOOL_NAMES);
});
afterEach(async () => {
  route.close();
  terminals.disposeAll();
  for (const client of clients.splice(0)) await client.close();
});

async function connect(headers: Record<string, string> = { Authorization: `Bearer ${route.secret}` }) {
  const client = new Client({ name: 'test-agent', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(route.url), { requestInit: { headers } });
  await within(client.connect(transport), 'the MCP initialize');
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>, ms?: number) {
  const result = (await within(client.callTool({ name, arguments: args }), `the ${name} call`, ms)) as {
    content: Array<{ type: string; text: string }>;
    isError?: boolean;
  };
  return { text: result.content.map((item) => item.text).join(''), isError: result.isError === true };
}

describe('the editor MCP server, through the MCP SDK client', () => {
  it('lists the tools it was given, with their schemas', async () => {
    const client = await connect();
    const { tools } = await within(client.listTools(), 'tools/list');
    expect(tools.map((tool) => tool.name).sort()).toEqual([...EDITOR_TOOL_NAMES].sort());
    const read = tools.find((tool) => tool.name === 'read_file')!;
    expect(read.inputSchema.required).toEqual(['path']);
    expect(read.annotations?.readOnlyHint).toBe(true);
  });

  it('lists only the tools a route offers', async () => {
    route.close();
    route = await server.addRoute({ session: () => session, language }, ['read_file', 'diagnostics']);
    const client = await connect();
    const { tools } = await within(client.listTools(), 'tools/list');
    expect(tools.map((tool) => tool.name).sort()).toEqual(['diagnostics', 'read_file']);
    expect((await call(client, 'write_file', { path: 'x', content: 'y' })).isError).toBe(true);
    expect(fs.existsSync(path.join(workspace, 'x'))).toBe(false);
  });

  it('reads a real file by a relative path, and the editor text of a dirty document', async () => {
    fs.writeFileSync(path.join(workspace, 'notes.txt'), 'one\ntwo\nthree\n');
    const client = await connect();
    expect(await call(client, 'read_file', { path: 'notes.txt', line: 2, limit: 1 })).toEqual({
      text: 'two\n\n[showing 1 lines from line 2; pass line and limit for more]',
      isError: false,
    });
    editor.open(path.join(workspace, 'notes.txt'), 'unsaved text', true);
    expect((await call(client, 'read_file', { path: path.join(workspace, 'notes.txt') })).text).toBe('unsaved text');
  });

  it('asks before reading outside the workspace, and a refusal reaches the agent as an error', async () => {
    const secret = path.join(outside, 'secret.txt');
    fs.writeFileSync(secret, 'private');
    const client = await connect();
    const result = await call(client, 'read_file', { path: secret });
    expect(outsideAsked).toEqual([secret]);
    expect(result.isError).toBe(true);
    expect(result.text).not.toContain('private');
  });

  it('writes only after the permission card allowed it, on the card it showed', async () => {
    const client = await connect();
    answer = 'reject';
    const refused = await call(client, 'write_file', { path: 'new.txt', content: 'hello' });
    expect(refused.isError).toBe(true);
    expect(fs.existsSync(path.join(workspace, 'new.txt'))).toBe(false);
    answer = 'allow';
    expect((await call(client, 'write_file', { path: 'new.txt', content: 'hello' })).isError).toBe(false);
    expect(fs.readFileSync(path.join(workspace, 'new.txt'), 'utf8')).toBe('hello');
    expect(permissions).toHaveLength(2);
    const card = cards.find((update) => update.sessionUpdate === 'tool_call') as acp.ToolCall;
    expect(card).toMatchObject({ kind: 'edit', locations: [{ path: path.join(workspace, 'new.txt') }] });
    expect(permissions[0]!.toolCall.toolCallId).toBe(card.toolCallId);
    expect(permissions[0]!.options.map((option) => option.kind)).toEqual([
      'allow_once',
      'allow_always',
      'reject_once',
      'reject_always',
    ]);
  });

  it('edits the text the editor has, showing the diff in the card', async () => {
    fs.writeFileSync(path.join(workspace, 'code.ts'), 'const a = 1;\nconst b = 2;\n');
    const client = await connect();
    const result = await call(client, 'edit_file', { path: 'code.ts', old_string: 'b = 2', new_string: 'b = 3' });
    expect(result.isError).toBe(false);
    expect(fs.readFileSync(path.join(workspace, 'code.ts'), 'utf8')).toBe('const a = 1;\nconst b = 3;\n');
    const card = cards.find((update) => update.sessionUpdate === 'tool_call') as acp.ToolCall;
    expect(card.content?.[0]).toMatchObject({ type: 'diff', oldText: 'const a = 1;\nconst b = 2;\n' });
    const ambiguous = await call(client, 'edit_file', { path: 'code.ts', old_string: 'const', new_string: 'let' });
    expect(ambiguous).toMatchObject({ isError: true, text: expect.stringContaining('occurs 2 times') });
  });

  it('runs a command in a session terminal after permission, shown on the card', async () => {
    const client = await connect();
    const result = await call(client, 'run_command', { command: 'echo from-mcp; exit 3' }, PROCESS_DEADLINE_MS);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('exit code 3');
    expect(result.text).toContain('from-mcp');
    expect(permissions[0]!.toolCall.toolCallId).toMatch(/^switchboard-/);
    const card = cards.find((update) => update.sessionUpdate === 'tool_call') as acp.ToolCall;
    expect(card).toMatchObject({ kind: 'execute', rawInput: { command: 'echo from-mcp; exit 3' } });
    expect(cards.some((u) => u.sessionUpdate === 'tool_call_update' && u.content?.[0]?.type === 'terminal')).toBe(true);
  });

  it('bounds what it answers: a long file is cut, a long list keeps the errors', async () => {
    fs.writeFileSync(path.join(workspace, 'long.txt'), 'y'.repeat(400_000));
    const client = await connect();
    const read = await call(client, 'read_file', { path: 'long.txt' });
    expect(read.text.length).toBeLessThan(270_000);
    expect(read.text).toContain('[cut: ');
    const listed = JSON.parse((await call(client, 'diagnostics', {})).text);
    expect(listed.count).toBe(500);
    expect(listed.diagnostics).toHaveLength(200);
    expect(listed.diagnostics[0].severity).toBe('error');
    expect(listed.diagnostics[0].message.length).toBeLessThanOrEqual(501);
    expect(listed.diagnostics[0].path).toBe('a.ts');
  });

  it('refuses a call while the chat has no open session', async () => {
    const client = await connect();
    session = null;
    expect(await call(client, 'open_editors', {})).toMatchObject({ isError: true });
  });

  it('rejects bad arguments with the schema error', async () => {
    const client = await connect();
    const result = await call(client, 'definition', { path: 'a.ts', line: 0, character: 1 });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/line/);
  });
});

describe('the HTTP gate', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  });
  const json = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

  it('answers nothing without the secret: 401 for none, a wrong one, another route, a closed route', async () => {
    const post = (url: string, headers: Record<string, string>) =>
      within(fetch(url, { method: 'POST', headers: { ...json, ...headers }, body: initialize }), 'the answer');
    expect((await post(route.url, {})).status).toBe(401);
    expect((await post(route.url, { Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post(route.url, { Authorization: route.secret })).status).toBe(401);
    const other = await server.addRoute({ session: () => session, language }, ['read_file']);
    expect((await post(other.url, { Authorization: `Bearer ${route.secret}` })).status).toBe(401);
    expect((await post(other.url, { Authorization: `Bearer ${other.secret}` })).status).toBe(200);
    other.close();
    expect((await post(other.url, { Authorization: `Bearer ${other.secret}` })).status).toBe(401);
    await expect(connect({})).rejects.toThrow();
  });

  it('refuses a foreign Origin or Host (DNS rebinding), other methods, other types, and sends no CORS header', async () => {
    const auth = { Authorization: `Bearer ${route.secret}` };
    const post = (headers: Record<string, string>, method = 'POST') =>
      within(
        fetch(route.url, {
          method,
          headers: { ...json, ...auth, ...headers },
          body: method === 'POST' ? initialize : undefined,
        }),
        'the answer',
      );
    const foreign = await post({ Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const port = new URL(route.url).port;
    expect((await post({ Origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await post({}, 'GET')).status).toBe(405);
    expect((await post({}, 'OPTIONS')).status).toBe(405);
    expect((await post({ 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(await rawStatus(route.url, { ...json, ...auth, Host: `evil.example:${port}` }, initialize)).toBe(403);
  });

  it('refuses a body over the bound without reading it', async () => {
    const auth = { Authorization: `Bearer ${route.secret}` };
    const status = await rawStatus(route.url, { ...json, ...auth, 'Content-Length': String(MAX_BODY_BYTES + 1) }, '');
    expect(status).toBe(413);
    const streamed = await within(
      fetch(route.url, { method: 'POST', headers: { ...json, ...auth }, body: 'x'.repeat(MAX_BODY_BYTES + 10) }),
      'the answer to a streamed oversized body',
    ).then(
      (response) => response.status,
      () => 413, // the server may close the connection before the client finished sending
    );
    expect(streamed).toBe(413);
  });

  it('listens on 127.0.0.1 only', () => {
    expect(new URL(route.url).hostname).toBe('127.0.0.1');
  });
});

/** A request with headers fetch would not send as given (Host, a Content-Length that lies); its status. */
function rawStatus(url: string, headers: Record<string, string>, body: string): Promise<number> {
  const target = new URL(url);
  return within(
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: target.port, path: target.pathname, method: 'POST', headers },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(body);
    }),
    'the raw answer',
  );
}
