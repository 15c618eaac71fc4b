// Chats as editor tabs in the real VS Code: "Open Chat in Editor" puts two chats side by side, each
// tab's webview loads the chat app and shows its own chat while the side bar shows another; closing
// a tab leaves the chat running, closing the chat closes its tab; after a reload VS Code hands the
// tab to the serializer with the state the webview saved, and the tab shows its chat again (the
// journey reloads the window for real, test/journey/sessionSteps.mjs).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { revertAndCloseAll, switchboardApi, waitFor } from './helpers';

suite('Editor-tab chats', () => {
  teardown(revertAndCloseAll);

  test('two chats open side by side in editor tabs; closing a tab keeps the chat, closing the chat closes its tab', async () => {
    const api = await switchboardApi();
    const first = await api.newChat('demo');
    const second = await api.newChat('demo');
    await api.openChatInEditor(first.threadId);
    await vscode.commands.executeCommand('switchboard.openChatInEditor', second.threadId);
    const mine = () => api.chatPanels().filter((p) => p.threadId === first.threadId || p.threadId === second.threadId);
    await waitFor(() => mine().length === 2 && mine().every((p) => p.ready), 30_000, 'both tabs to load the chat app');
    assert.equal(api.activeThread(), second, 'the side bar keeps its chat');
    // Opening a chat that has a tab reveals that tab rather than opening another one.
    await api.openChatInEditor(first.threadId);
    assert.equal(mine().length, 2);

    // A tab is a view: closing it leaves the chat in the chat list, running. (The reveal above made it the active editor.)
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await waitFor(() => mine().length === 1, 10_000, 'the tab to close');
    assert.deepEqual(
      mine().map((p) => p.threadId),
      [second.threadId],
    );
    assert.ok(api.chats().includes(first), 'the chat outlives its tab');
    assert.notEqual(first.snapshot().state.connection.kind, 'stopped');

    // Closing the chat closes its tab.
    await vscode.commands.executeCommand('switchboard.closeChat');
    await waitFor(() => mine().length === 0, 10_000, 'the closed chat to take its tab with it');
  });

  test('the serializer gives a tab of the last window its chat back', async () => {
    const api = await switchboardApi();
    const thread = await api.newChat('demo');
    const panel = vscode.window.createWebviewPanel('switchboard.chatPanel', 'restored', vscode.ViewColumn.Active, {
      enableScripts: true,
    });
    await api.chatPanelSerializer.deserializeWebviewPanel(panel, { threadId: thread.threadId });
    await waitFor(
      () => api.chatPanels().some((p) => p.threadId === thread.threadId && p.ready),
      30_000,
      'the restored tab to load its chat',
    );
    // A tab whose chat is gone (closed before the reload) is not kept as an empty tab.
    const orphan = vscode.window.createWebviewPanel('switchboard.chatPanel', 'orphan', vscode.ViewColumn.Active, {
      enableScripts: true,
    });
    let disposed = false;
    orphan.onDidDispose(() => (disposed = true));
    await api.chatPanelSerializer.deserializeWebviewPanel(orphan, { threadId: 'closed-before-the-reload' });
    assert.equal(disposed, true);
  });
});
