// Terminals in the real extension host: node-pty loads there, the Demo agent's /terminal turn runs
// real commands whose output reaches the chat, and "Open in Terminal" shows one in VS Code's panel, whose
// input reaches the command.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ThreadAction } from '../../src/shared/actions';
import { EXTENSION_ID, nextAction, switchboardApi, waitFor } from './helpers';

type Action<K extends ThreadAction['type']> = Extract<ThreadAction, { type: K }>;

suite('Terminals', () => {
  test('node-pty loads in the extension host', async () => {
    const api = await switchboardApi();
    const support = api.terminalSupport();
    assert.deepEqual(support, { pty: true }, `terminals fell back to pipes: ${support?.problem}`);
  });

  test('/terminal runs real commands whose output reaches the chat, and Open in Terminal shows one', async () => {
    const api = await switchboardApi();
    await vscode.commands.executeCommand('switchboard.focusChat');
    await waitFor(() => api.chatViewState().ready, 45_000, 'the chat webview to post `ready`');
    const thread = await api.newChat('demo');
    assert.equal(thread.snapshot().state.connection.kind, 'ready');
    const output = new Map<string, string>();
    const subscription = thread.onTerminalOutput((id, data) => output.set(id, (output.get(id) ?? '') + data));
    try {
      const slowCreated = nextAction(
        thread,
        (a): a is Action<'terminalCreated'> => a.type === 'terminalCreated' && a.terminal.terminalId === 'terminal-2',
        30_000,
      );
      const turn = thread.prompt('/terminal');
      const created = await slowCreated;
      assert.equal(created.terminal.mode, 'pty');

      // While the agent's second command runs: the same process in a VS Code terminal.
      const terminal = api.openTerminal('terminal-2');
      assert.ok(terminal, 'Open in Terminal returned no terminal');
      await waitFor(() => vscode.window.terminals.includes(terminal), 10_000, 'the VS Code terminal to open');
      assert.match(terminal.name, /Demo agent|Demo/);

      await turn;
      const state = thread.snapshot().state;
      assert.equal(state.terminals?.['terminal-1']?.exitStatus?.exitCode, 0);
      assert.equal(state.terminals?.['terminal-2']?.stoppedBy, 'agent');
      assert.match(output.get('terminal-1') ?? '', /all 3 steps passed/);
      // What a card replays after the view is hidden and shown again (terminals are released by now).
      assert.match(thread.terminalReplay('terminal-1') ?? '', /all 3 steps passed/);
      terminal.dispose();
    } finally {
      subscription.dispose();
    }
  });

  test('what the user types into "Open in Terminal" reaches the running command', async () => {
    const api = await switchboardApi();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    const agent = {
      displayName: 'Scripted',
      command: process.execPath,
      args: [script, '--scenario', 'terminals'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    };
    await vscode.workspace
      .getConfiguration('switchboard')
      .update('agents', { scripted: agent }, vscode.ConfigurationTarget.Global);
    try {
      const thread = await api.newChat('scripted');
      const created = nextAction(thread, (a): a is Action<'terminalCreated'> => a.type === 'terminalCreated', 30_000);
      // `cat` echoes what reaches its stdin and ends at end of input (Ctrl+D).
      const turn = thread.prompt(`typing:${JSON.stringify({ command: 'cat' })}`);
      const { terminal: info } = await created;
      const terminal = api.openTerminal(info.terminalId);
      assert.ok(terminal, 'Open in Terminal returned no terminal');
      await waitFor(() => vscode.window.terminals.includes(terminal), 10_000, 'the VS Code terminal to open');
      terminal.sendText('typed by the user', true);
      terminal.sendText('\x04', false);
      await turn;
      const state = thread.snapshot().state;
      assert.equal(state.terminals?.[info.terminalId]?.exitStatus?.exitCode, 0, 'cat ended at end of input');
      // Twice: the terminal's echo of the typing, then cat's own output of the line it read.
      assert.match(thread.terminalReplay(info.terminalId) ?? '', /typed by the user[\s\S]*typed by the user/);
      terminal.dispose();
      await thread.dispose();
    } finally {
      await vscode.workspace
        .getConfiguration('switchboard')
        .update('agents', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
