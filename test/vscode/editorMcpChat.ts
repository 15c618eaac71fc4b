// For the in-host suites of the editor's MCP server (editorMcpServer.test.ts over HTTP, editorMcpBridge.test.ts over
// stdio): a chat on the scripted agent advertising the given agentCapabilities and recording what it receives
// (--record), and the `switchboard` entry its session/new carried.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ThreadController } from '../../src/session/api';
import { EXTENSION_ID, switchboardApi } from './helpers';

export interface McpChat {
  thread: ThreadController;
  /** The `switchboard` entry of the session/new the scripted agent received. */
  offered<T>(): T;
  dispose(): Promise<void>;
}

export async function scriptedMcpChat(agentId: string, capabilities: object): Promise<McpChat> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  const recordFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-record-')), 'received.jsonl');
  const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
  await vscode.workspace.getConfiguration('switchboard').update(
    'agents',
    {
      [agentId]: {
        displayName: 'MCP Scripted',
        command: process.execPath,
        args: [script, '--capabilities', JSON.stringify(capabilities), '--record', recordFile],
        env: { ELECTRON_RUN_AS_NODE: '1' },
      },
    },
    vscode.ConfigurationTarget.Global,
  );
  const thread = await (await switchboardApi()).newChat(agentId);
  assert.equal(thread.snapshot().state.connection.kind, 'ready', JSON.stringify(thread.snapshot().state.connection));
  return {
    thread,
    offered: <T>() => {
      const sessionNew = fs
        .readFileSync(recordFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { method?: string; params?: { mcpServers?: Array<{ name: string }> } })
        .find((message) => message.method === 'session/new');
      const entry = sessionNew?.params?.mcpServers?.find((server) => server.name === 'switchboard');
      assert.ok(entry, `no switchboard MCP server in session/new: ${JSON.stringify(sessionNew)}`);
      return entry as T;
    },
    dispose: async () => {
      await thread.dispose();
      await vscode.workspace
        .getConfiguration('switchboard')
        .update('agents', undefined, vscode.ConfigurationTarget.Global);
      fs.rmSync(path.dirname(recordFile), { recursive: true, force: true });
    },
  };
}
