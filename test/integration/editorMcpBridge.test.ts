// The editor's MCP server over stdio: the real bridge (src/mcp-bridge/, built here as esbuild.mjs builds
// dist/mcp-bridge.js) started from the very entry an agent gets (stdioBridgeEntry), on this runtime with no Node on
// PATH, and the official MCP client (@modelcontextprotocol/sdk's Client over its stdio transport) talking to it; the
// bridge forwards to the real HTTP server (src/chat/mcp/mcpHttpServer.ts) over real files (diskEditorSession.ts).
// Also what the bridge does alone: its secret stays out of its arguments, it exits with its reason when the server
// or the route is gone or stdin closes, and a line that is not JSON gets a parse error.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as esbuild from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mcpBridgeBundle } from '../../scripts/build/mcpBridge.mjs';
import { stdioBridgeEntry } from '../../src/chat/mcp/editorServerEntry';
import { EditorMcpHttpServer, type EditorRoute } from '../../src/chat/mcp/mcpHttpServer';
import { EDITOR_TOOL_NAMES } from '../../src/shared/editorToolNames';
import type { OpenEditorSession } from '../../src/session/api';
import { DiskEditor } from '../unit/vscode/fs/diskEditor';
import { eventually, PROCESS_DEADLINE_MS, within } from '../within';
import { diskEditorSession } from './diskEditorSession';

let bundleDir: string;
let bridgeScript: string;
let workspace: string;
let server: EditorMcpHttpServer;
let route: EditorRoute;
let session: OpenEditorSession;
let permissions: acp.RequestPermissionRequest[];
/** Each permission's answer; by default allowed at once. */
let permission: (params: acp.RequestPermissionRequest) => Promise<acp.RequestPermissionResponse>;
let cancelledPermissions: number;
const clients: Client[] = [];

beforeAll(async () => {
  bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bridge-'));
  await esbuild.build({ ...mcpBridgeBundle, bundle: true, outdir: bundleDir, logLevel: 'silent' });
  bridgeScript = path.join(bundleDir, 'mcp-bridge.js');
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bridge-ws-')));
  server = new EditorMcpHttpServer('0.0.0-test');
}, 60_000);
afterAll(async () => {
  await server.dispose();
  fs.rmSync(bundleDir, { recursive: true, force: true });
  fs.rmSync(workspace, { recursive: true, force: true });
});

beforeEach(async () => {
  const editor = new DiskEditor();
  editor.folders = [workspace];
  permissions = [];
  cancelledPermissions = 0;
  permission = async () => ({ outcome: { outcome: 'selected', optionId: 'allow' } });
  session = diskEditorSession({
    workspace,
    editor,
    permission: (params, signal) => {
      permissions.push(params);
      signal.onCancellationRequested(() => cancelledPermissions++);
      return permission(params);
    },
  }).session;
  route = await server.addRoute({ session: () => session, language: {} as never }, EDITOR_TOOL_NAMES);
});
afterEach(async () => {
  route.close();
  for (const client of clients.splice(0)) await client.close();
});

/** The entry an agent would get for `target`: its command, arguments and environment as the agent runs them. */
function agentLaunch(target: Pick<EditorRoute, 'url' | 'secret'> = route) {
  const entry = stdioBridgeEntry({ runtime: process.execPath, script: bridgeScript }, target);
  // No Node on PATH: the entry names the runtime by its absolute path.
  const env = { PATH: '/nonexistent', ...Object.fromEntries(entry.env.map((v) => [v.name, v.value])) };
  return { command: entry.command, args: entry.args, env };
}

/** The MCP SDK's client over stdio to a bridge the entry started; its stderr collected. */
async function connect(target: Pick<EditorRoute, 'url' | 'secret'> = route) {
  const transport = new StdioClientTransport({ ...agentLaunch(target), stderr: 'pipe' });
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  let exited = false;
  const client = new Client({ name: 'stdio-agent', version: '1' });
  client.onclose = () => (exited = true);
  await within(client.connect(transport), 'the MCP initialize through the bridge', PROCESS_DEADLINE_MS);
  clients.push(client);
  return { client, pid: transport.pid!, stderr: () => stderr.join(''), exited: () => exited };
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await within(client.callTool({ name, arguments: args }), `the ${name} call`)) as {
    content: Array<{ type: string; text: string }>;
    isError?: boolean;
  };
  return { text: result.content.map((item) => item.text).join(''), isError: result.isError === true };
}

describe('the editor MCP server through the stdio bridge', () => {
  it('reads a file, and writes one only after the permission card allowed it', async () => {
    fs.writeFileSync(path.join(workspace, 'notes.txt'), 'one\ntwo\n');
    const { client } = await connect();
    const { tools } = await within(client.listTools(), 'tools/list');
    expect(tools.map((tool) => tool.name).sort()).toEqual([...EDITOR_TOOL_NAMES].sort());
    expect(await call(client, 'read_file', { path: 'notes.txt' })).toEqual({ text: 'one\ntwo\n', isError: false });

    permission = async () => ({ outcome: { outcome: 'selected', optionId: 'reject' } });
    expect((await call(client, 'write_file', { path: 'new.txt', content: 'hello' })).isError).toBe(true);
    expect(fs.existsSync(path.join(workspace, 'new.txt'))).toBe(false);
    permission = async () => ({ outcome: { outcome: 'selected', optionId: 'allow' } });
    expect((await call(client, 'write_file', { path: 'new.txt', content: 'hello' })).isError).toBe(false);
    expect(fs.readFileSync(path.join(workspace, 'new.txt'), 'utf8')).toBe('hello');
    expect(permissions).toHaveLength(2);
  });

  it('a call the agent cancels is cancelled in the editor: its pending permission ends', async () => {
    const { client } = await connect();
    permission = () => new Promise(() => {}); // the user does not answer
    const abort = new AbortController();
    const written = client.callTool({ name: 'write_file', arguments: { path: 'x.txt', content: 'x' } }, undefined, {
      signal: abort.signal,
    });
    written.catch(() => undefined);
    await eventually(() => permissions.length === 1, 'the permission asked');
    abort.abort();
    await eventually(() => cancelledPermissions === 1, 'the permission cancelled through the bridge');
    // The bridge goes on serving.
    expect((await call(client, 'read_file', { path: 'x.txt' })).isError).toBe(true);
  });

  // Read from /proc, as `ps` reads a process's arguments (Linux).
  it.skipIf(!fs.existsSync('/proc/self/cmdline'))(
    'has the secret in its environment only, never in its arguments',
    async () => {
      const { pid } = await connect();
      const proc = (file: string) => fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
      expect(proc('environ')).toContain(route.secret); // the check below can see it where it is
      expect(proc('cmdline')).toContain(route.url);
      expect(proc('cmdline')).not.toContain(route.secret);
    },
  );

  it('exits with its reason within seconds once the server is gone, though the agent sends nothing', async () => {
    const own = new EditorMcpHttpServer('0.0.0-test');
    const ownRoute = await own.addRoute({ session: () => session, language: {} as never }, ['read_file']);
    const bridge = await connect(ownRoute);
    await within(bridge.client.listTools(), 'tools/list'); // nothing of the bridge's is in flight
    const gone = Date.now();
    await own.dispose();
    await eventually(bridge.exited, 'the bridge exited', PROCESS_DEADLINE_MS);
    expect(Date.now() - gone).toBeLessThan(5_000);
    expect(bridge.stderr()).toMatch(/the editor's MCP server at http:\/\/127\.0\.0\.1:\d+ is gone.*exiting/);
    expect(bridge.stderr()).not.toContain(ownRoute.secret);
  });

  it("answers the call that found the agent's route ended, and exits saying why", async () => {
    const bridge = await connect();
    await within(bridge.client.listTools(), 'tools/list'); // nothing of the bridge's is in flight
    route.close();
    await expect(call(bridge.client, 'read_file', { path: 'notes.txt' })).rejects.toThrow(/no longer serves/);
    await eventually(bridge.exited, 'the bridge exited', PROCESS_DEADLINE_MS);
    expect(bridge.stderr()).toMatch(/no longer serves this session \(HTTP 401\).*exiting/);
  });
});

describe('the bridge alone', () => {
  /** The bridge as a plain child process: its output lines, its stderr, its exit. */
  function start(env: Record<string, string>, args: string[]) {
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, stdout: () => stdout, stderr: () => stderr, exit: within(exit, 'the exit', PROCESS_DEADLINE_MS) };
  }

  it('while idle, holds one connection to the server instead of knocking every few seconds, and exits when it closes', async () => {
    // Each knock woke the extension host (an accepted socket) every 2 s per chat, with nothing going on.
    const accepted: net.Socket[] = [];
    const bare = net.createServer((socket) => void accepted.push(socket));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const { port } = bare.address() as net.AddressInfo;
    const { env, args } = agentLaunch({ url: `http://127.0.0.1:${port}/mcp/${'0'.repeat(32)}`, secret: 'idle' });
    const bridge = start(env, args);
    await new Promise((resolve) => setTimeout(resolve, 4_500)); // past two of the old knocks (2 s apart)
    expect(accepted.length).toBe(1);
    expect(accepted[0]!.destroyed).toBe(false);
    bare.close();
    for (const socket of accepted) socket.destroy();
    expect(await bridge.exit).toBe(1);
    expect(bridge.stderr()).toMatch(/is gone \(connection refused\); exiting/);
  }, 20_000);

  it('exits 0 when the agent closes its stdin, saying so', async () => {
    const { env, args } = agentLaunch();
    const bridge = start(env, args);
    bridge.child.stdin.end();
    expect(await bridge.exit).toBe(0);
    expect(bridge.stderr()).toMatch(/closed stdin/);
  });

  it('answers a line that is not JSON with a parse error and goes on', async () => {
    const { env, args } = agentLaunch();
    const bridge = start(env, args);
    bridge.child.stdin.write('this is not json\n');
    await eventually(() => bridge.stdout().includes('\n'), 'an answer');
    expect(JSON.parse(bridge.stdout())).toMatchObject({ id: null, error: { code: -32700 } });
    bridge.child.stdin.end();
    expect(await bridge.exit).toBe(0);
  });

  it('refuses to start without its secret, or with an address off the loopback', async () => {
    const { env, args } = agentLaunch();
    const noSecret = start({ PATH: env.PATH, ELECTRON_RUN_AS_NODE: '1' }, args);
    expect(await noSecret.exit).toBe(2);
    expect(noSecret.stderr()).toMatch(/usage: mcp-bridge\.js/);
    const remote = start(env, [args[0]!, route.url.replace('127.0.0.1', 'example.com')]);
    expect(await remote.exit).toBe(2);
  });
});
