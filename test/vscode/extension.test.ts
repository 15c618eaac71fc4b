// The extension activates, contributes its commands, and its chat view resolves in the real
// workbench with the webview bundle running under the CSP (it posts `ready`).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { switchboardApi, waitFor } from './helpers';

const COMMANDS = [
  'switchboard.newChat',
  'switchboard.newChatWithAgent',
  'switchboard.cancel',
  'switchboard.restartAgent',
  'switchboard.showAgentLog',
  'switchboard.showTraffic',
  'switchboard.focusChat',
];

suite('Switchboard extension', () => {
  test('activates and registers every command', async () => {
    const api = await switchboardApi();
    assert.equal(typeof api.newChat, 'function');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = COMMANDS.filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], `commands not registered: ${missing.join(', ')}`);
  });

  test('Focus Chat resolves the chat view and its webview reports ready', async () => {
    const api = await switchboardApi();
    await vscode.commands.executeCommand('switchboard.focusChat');
    await waitFor(() => api.chatViewState().resolved, 30_000, 'the chat view to resolve');
    // A fresh profile registers the webview service worker first, which takes several seconds.
    await waitFor(() => api.chatViewState().ready, 45_000, 'the chat webview to post `ready`');
  });

  test('Show ACP Traffic and Show Agent Log run without errors', async () => {
    await vscode.commands.executeCommand('switchboard.showTraffic');
    await vscode.commands.executeCommand('switchboard.showAgentLog');
  });
});
