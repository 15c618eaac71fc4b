// Switchboard's editor MCP server over stdio in the real VS Code: a chat on the scripted agent advertising no
// MCP transport of its own (neither mcpCapabilities.http nor .acp) gets a stdio entry in session/new that runs the
// extension's bridge (dist/mcp-bridge.js) on the editor's runtime; started here exactly as the entry says, with no
// Node on PATH, by the official MCP client over stdio, its read_file answers the editor's unsaved text. The
// route's secret is only in the entry's environment, and neither the traffic log nor the agent's log shows it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { scriptedMcpChat, type McpChat } from './editorMcpChat';
import { revertAndCloseAll, switchboardApi, workspaceRoot } from './helpers';

const AGENT = 'mcp-stdio-scripted';
const SECRET_ENV = 'SWITCHBOARD_MCP_SECRET';

interface StdioServerEntry {
  type?: undefined;
  name: string;
  command: string;
  args: string[];
  env: Array<{ name: string; value: string }>;
}

suite('The editor MCP server over stdio, through the bridge', () => {
  let dir: string;
  let chat: McpChat;
  let entry: StdioServerEntry;
  let client: Client;

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(workspaceRoot(), 'mcp-stdio-'));
    chat = await scriptedMcpChat(AGENT, {});
    entry = chat.offered<StdioServerEntry>();
    const env = Object.fromEntries(entry.env.map((variable) => [variable.name, variable.value]));
    client = new Client({ name: 'in-host-stdio-agent', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: entry.command, args: entry.args, env: { PATH: '/nonexistent', ...env } }),
    );
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    await client?.close();
    await chat?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the entry runs the bundled bridge on the editor’s runtime, the secret in its environment only', () => {
    assert.equal(entry.type, undefined, 'a stdio entry has no type');
    assert.equal(entry.command, process.execPath);
    assert.equal(path.basename(entry.args[0]!), 'mcp-bridge.js');
    assert.ok(fs.existsSync(entry.args[0]!), `${entry.args[0]} is shipped`);
    assert.match(entry.args[1]!, /^http:\/\/127\.0\.0\.1:\d+\/mcp\/[0-9a-f]{32}$/);
    const env = new Map(entry.env.map((variable) => [variable.name, variable.value]));
    assert.equal(env.get('ELECTRON_RUN_AS_NODE'), '1');
    const secret = env.get(SECRET_ENV);
    assert.ok(secret && secret.length >= 40, 'a 256-bit secret');
    assert.ok(!entry.args.some((arg) => arg.includes(secret)), 'the secret is not an argument');
  });

  test('read_file through the bridge returns the unsaved text', async () => {
    const file = path.join(dir, 'read.txt');
    fs.writeFileSync(file, 'one\ntwo\n');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    assert.ok(await editor.edit((edit) => edit.insert(new vscode.Position(1, 0), 'unsaved ')));
    const result = (await client.callTool({ name: 'read_file', arguments: { path: file } })) as {
      content: Array<{ text?: string }>;
      isError?: boolean;
    };
    assert.ok(!result.isError, JSON.stringify(result));
    assert.equal(result.content.map((part) => part.text ?? '').join(''), 'one\nunsaved two\n');
  });

  test('neither the traffic log nor the agent’s log shows the secret, though both name the entry', async () => {
    const secret = entry.env.find((variable) => variable.name === SECRET_ENV)!.value;
    const { traffic, agent } = (await switchboardApi()).logText(AGENT);
    assert.ok(traffic.includes('session/new') && traffic.includes(SECRET_ENV), 'the traffic log has the entry');
    assert.ok(!traffic.includes(secret), 'the traffic log does not show the secret');
    assert.match(agent, /MCP server "switchboard" over stdio/);
    assert.ok(!agent.includes(secret), 'the agent log does not show the secret');
  });
});
