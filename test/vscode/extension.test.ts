// The extension activates, contributes its commands, and its chat view resolves in the real
// workbench with the webview bundle running under the CSP (it posts `ready`).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, switchboardApi, waitFor } from './helpers';

/** Every command package.json contributes (its one home), so a new command cannot go untested here. */
function contributedCommands(): string[] {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  const commands = (extension.packageJSON as { contributes: { commands: Array<{ command: string }> } }).contributes
    .commands;
  return commands.map((c) => c.command);
}

/** The text of the output channel documents whose text matches (output channels are `output:` documents). */
function outputTexts(matching: RegExp): string[] {
  return vscode.workspace.textDocuments
    .filter((d) => d.uri.scheme === 'output')
    .map((d) => d.getText())
    .filter((t) => matching.test(t));
}

suite('Switchboard extension', () => {
  test('activates and registers every command it contributes', async () => {
    const api = await switchboardApi();
    assert.equal(typeof api.newChat, 'function');
    const contributed = contributedCommands();
    assert.ok(contributed.length >= 20, `only ${contributed.length} commands in package.json`);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], `commands not registered: ${missing.join(', ')}`);
  });

  test('Focus Chat resolves the chat view and its webview reports ready', async () => {
    const api = await switchboardApi();
    await vscode.commands.executeCommand('switchboard.focusChat');
    await waitFor(() => api.chatViewState().resolved, 30_000, 'the chat view to resolve');
    // A fresh profile registers the webview service worker first, which takes several seconds.
    await waitFor(() => api.chatViewState().ready, 45_000, 'the chat webview to post `ready`');
  });

  test("Show ACP Traffic shows the messages of a turn both ways; Show Agent Log shows the agent's stderr", async () => {
    const api = await switchboardApi();
    const thread = await api.newChat('demo');
    await thread.prompt('/help traffic');
    await vscode.commands.executeCommand('switchboard.showTraffic');
    await waitFor(
      () => outputTexts(/session\/prompt/).length > 0,
      20_000,
      'the traffic channel to show session/prompt',
    );
    const traffic = outputTexts(/session\/prompt/).join('\n');
    assert.match(traffic, /->.*session\/prompt.*\/help traffic/, 'the prompt sent');
    assert.match(traffic, /<-.*session\/update/, 'the updates received');
    assert.match(traffic, /<-.*"stopReason"/, 'the prompt response');
    await vscode.commands.executeCommand('switchboard.showAgentLog');
    await waitFor(() => outputTexts(/\[switchboard-demo\]/).length > 0, 20_000, 'the Demo agent log with its stderr');
    await thread.dispose();
  });
});
