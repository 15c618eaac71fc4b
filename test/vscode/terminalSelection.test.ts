// A terminal's selection as chat context ("@" → Selection in the terminal): VS Code's stable API cannot read it,
// so src/vscode/chat/terminalSelection.ts copies it with the terminal's own Copy command and puts the user's
// clipboard text back. In the real VS Code, on a real terminal rendered in the browser.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { terminalSelectionRef } from '../../src/vscode/chat/terminalSelection';

suite('Terminal selection as chat context', () => {
  test('the selected text of the active terminal is read, the clipboard text is kept, nothing selected is nothing', async () => {
    const output = new vscode.EventEmitter<string>();
    const opened = new Promise<void>((resolve) => {
      const pty: vscode.Pseudoterminal = {
        onDidWrite: output.event,
        open: () => {
          output.fire('hello from the terminal\r\nsecond line\r\n');
          resolve();
        },
        close: () => undefined,
      };
      const terminal = vscode.window.createTerminal({ name: 'selection test', pty });
      terminal.show();
    });
    await opened;
    const terminal = vscode.window.terminals.find((candidate) => candidate.name === 'selection test')!;
    try {
      await new Promise((resolve) => setTimeout(resolve, 500)); // the text reaches the terminal's renderer
      await vscode.env.clipboard.writeText('what the user copied');
      await vscode.commands.executeCommand('workbench.action.terminal.focus');
      await vscode.commands.executeCommand('workbench.action.terminal.selectAll');
      const ref = await terminalSelectionRef(terminal);
      assert.ok(ref && ref.kind === 'terminal', `a terminal reference, got ${JSON.stringify(ref)}`);
      assert.match(ref.text, /hello from the terminal\s+second line/);
      assert.equal(ref.name, 'selection test');
      assert.equal(await vscode.env.clipboard.readText(), 'what the user copied');

      await vscode.commands.executeCommand('workbench.action.terminal.clearSelection');
      assert.equal(await terminalSelectionRef(terminal), undefined);
      assert.equal(await vscode.env.clipboard.readText(), 'what the user copied');
    } finally {
      terminal.dispose();
      output.dispose();
    }
  });
});
