// Switchboard's editor MCP server in the real VS Code, called by the official MCP client the way an agent would:
// a chat on the scripted agent advertising mcpCapabilities.http gets the server in session/new (read from what the
// agent received, --record), and every tool answers from the real editor: a write asks in the chat's card, merges
// with the user's unsaved typing and is left for review (Keep / Undo per hunk); a read returns unsaved text; the
// JSON and TypeScript language features (built into code-server) answer diagnostics, definition and workspace
// symbols; the open editors and the selection are the window's.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fileHunks, findFile } from '../../src/review/reviewModel';
import type { ThreadController } from '../../src/session/api';
import type { ThreadAction } from '../../src/shared/actions';
import { scriptedMcpChat, type McpChat } from './editorMcpChat';
import { nextAction, revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

const AGENT = 'mcp-scripted';
const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');

interface HttpServerEntry {
  type: 'http';
  name: string;
  url: string;
  headers: Array<{ name: string; value: string }>;
}

async function callText(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: Array<{ type: string; text?: string }>;
    isError?: boolean;
  };
  const text = result.content.map((part) => part.text ?? '').join('');
  assert.ok(!result.isError, `${name} failed: ${text}`);
  return text;
}

/** Calls a language tool until its list is not empty: a language server answers once it has loaded the project. */
async function firstAnswer(client: Client, name: string, args: Record<string, unknown>, key: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = JSON.parse(await callText(client, name, args)) as Record<string, unknown[]>;
    if ((answer[key]?.length ?? 0) > 0) return answer[key] as Array<Record<string, unknown>>;
    if (Date.now() > deadline) throw new Error(`${name} found nothing within 60 s: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

suite('The editor MCP server, called by an MCP client', () => {
  let dir: string;
  let chat: McpChat;
  let thread: ThreadController;
  let client: Client;

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(workspaceRoot(), 'mcp-'));
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    chat = await scriptedMcpChat(AGENT, { mcpCapabilities: { http: true, sse: false } });
    thread = chat.thread;
    const server = chat.offered<HttpServerEntry>();
    assert.equal(server.type, 'http');
    client = new Client({ name: 'in-host-test', version: '1' });
    const headers = Object.fromEntries(server.headers.map((header) => [header.name, header.value]));
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    await client?.close();
    await chat?.dispose();
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the tools are listed, and read_file returns the unsaved text', async () => {
    const { tools } = await client.listTools();
    assert.ok(tools.some((tool) => tool.name === 'write_file'));
    const file = path.join(dir, 'read.txt');
    fs.writeFileSync(file, lines('one', 'two'));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    assert.ok(await editor.edit((edit) => edit.insert(new vscode.Position(1, 0), 'unsaved ')));
    assert.equal(await callText(client, 'read_file', { path: file }), lines('one', 'unsaved two'));
    assert.equal(fs.readFileSync(file, 'utf8'), lines('one', 'two'), 'reading does not save');
  });

  test('write_file asks in the chat, merges with unsaved typing and is reviewable per hunk', async () => {
    const feature = (await switchboardApi()).review;
    const file = path.join(dir, 'write.md');
    const original = lines('# Title', '', 'first', '', 'a', 'b', 'c', 'd', '', 'last');
    fs.writeFileSync(file, original);
    const document = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(document);
    // The agent reads, then the user types (unsaved) in a line the agent leaves alone.
    await callText(client, 'read_file', { path: file });
    assert.ok(await editor.edit((edit) => edit.insert(new vscode.Position(5, 1), ' (user)')));

    const asked = nextAction(
      thread,
      (a): a is Extract<ThreadAction, { type: 'permissionRequested' }> => a.type === 'permissionRequested',
      30_000,
    );
    const agentText = original.replace('first\n', 'first, by the agent\n') + 'appended by the agent\n';
    const written = callText(client, 'write_file', { path: path.relative(workspaceRoot(), file), content: agentText });
    const request = await asked;
    thread.resolvePermission(request.permissionId, 'allow');
    assert.match(await written, /pending the user's review/);

    assert.equal(document.getText(), agentText.replace('b\n', 'b (user)\n'), 'the unsaved typing survives');
    const card = thread
      .snapshot()
      .state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []))
      .find((tool) => tool.toolCallId.startsWith('switchboard-'));
    assert.equal(card?.status, 'completed');
    assert.equal(card?.permission?.state.kind, 'selected');
    await waitFor(() => findFile(feature.controller.store.state, file) !== undefined, 5_000, 'the file in review');
    assert.equal(fileHunks(findFile(feature.controller.store.state, file)!).length, 2, 'two agent hunks');

    await vscode.commands.executeCommand('switchboard.review.undoHunk', file, 0);
    assert.equal(document.lineAt(2).text, 'first', 'Undo of the first hunk brings the line back');
    await vscode.commands.executeCommand('switchboard.review.keepHunk', file, 0);
    const left = findFile(feature.controller.store.state, file);
    assert.equal(left ? fileHunks(left).length : 0, 0, 'nothing left to review');
    assert.equal(document.lineAt(10).text, 'appended by the agent', 'the kept hunk stays');
    assert.equal(document.lineAt(5).text, 'b (user)');
  });

  test('diagnostics are the JSON language server’s; definition and workspace symbols are TypeScript’s', async () => {
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{ "a": 1,, }\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(broken));
    const problems = await firstAnswer(client, 'diagnostics', { path: broken }, 'diagnostics');
    assert.equal(problems[0]?.path, path.relative(workspaceRoot(), broken));
    assert.equal(problems[0]?.severity, 'error');

    const greet = path.join(workspaceRoot(), 'src', 'greet.ts');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(greet));
    const usage = fs.readFileSync(greet, 'utf8').split('\n');
    const line = usage.findIndex((text) => text.includes('options: GreetOptions'));
    const character = usage[line]!.indexOf('GreetOptions') + 1;
    const definitions = await firstAnswer(
      client,
      'definition',
      { path: 'src/greet.ts', line: line + 1, character },
      'definitions',
    );
    assert.deepEqual(definitions[0], {
      path: path.join('src', 'greet.ts'),
      start: { line: 1, character: 18 },
      end: { line: 1, character: 30 },
    });
    const symbols = await firstAnswer(client, 'workspace_symbols', { query: 'GreetOptions' }, 'symbols');
    assert.ok(
      symbols.some((symbol) => symbol.name === 'GreetOptions' && symbol.path === path.join('src', 'greet.ts')),
      JSON.stringify(symbols),
    );
  });

  test('open_editors and selection are the window’s', async () => {
    const first = path.join(dir, 'first.txt');
    const second = path.join(dir, 'second.txt');
    fs.writeFileSync(first, 'first\n');
    fs.writeFileSync(second, lines('hello world', 'bye'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(first));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(second), {
      preview: false,
    });
    editor.selection = new vscode.Selection(0, 6, 0, 11);
    await waitFor(() => vscode.window.tabGroups.all.flatMap((g) => g.tabs).length >= 2, 5_000, 'two tabs');

    const { editors } = JSON.parse(await callText(client, 'open_editors')) as {
      editors: Array<{ path: string; active: boolean }>;
    };
    const shown = (file: string) => editors.find((item) => item.path === path.relative(workspaceRoot(), file));
    assert.equal(shown(second)?.active, true, JSON.stringify(editors));
    assert.ok(shown(first), JSON.stringify(editors));
    assert.deepEqual(JSON.parse(await callText(client, 'selection')), {
      path: path.relative(workspaceRoot(), second),
      selections: [{ start: { line: 1, character: 7 }, end: { line: 1, character: 12 } }],
      text: 'world',
    });
  });
});
