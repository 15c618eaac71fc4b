// The editor's ways into the chat in the real editor: the "Fix with Switchboard" quick fix on a
// diagnostic, the Fix command sending the diagnostic and the code around it to the agent, Explain
// on a selection, Add File / Add Selection in their context menus, and keybindings that take no
// key VS Code itself uses.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EDITOR_COMMANDS } from '../../src/vscode/chat/editorActions';
import { revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

/** The quick fixes at a range; asked again when cancelled (the editor changed under the request: the document just opened). */
async function quickFixes(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        uri,
        range,
        vscode.CodeActionKind.QuickFix.value,
      );
    } catch (error) {
      if (attempt >= 5 || !/Canceled/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

suite('composer editor actions', () => {
  const diagnostics = vscode.languages.createDiagnosticCollection('switchboard-test');
  suiteTeardown(() => diagnostics.dispose());
  teardown(async () => {
    diagnostics.clear();
    await revertAndCloseAll();
  });

  function fileWithProblem(): { uri: vscode.Uri; diagnostic: vscode.Diagnostic } {
    const file = path.join(workspaceRoot(), 'broken.ts');
    fs.writeFileSync(file, Array.from({ length: 30 }, (_, i) => `const line${i + 1} = ${i + 1};`).join('\n') + '\n');
    const uri = vscode.Uri.file(file);
    const diagnostic = new vscode.Diagnostic(
      new vscode.Range(14, 6, 14, 12),
      "Cannot find name 'line15x'.",
      vscode.DiagnosticSeverity.Error,
    );
    diagnostic.source = 'ts';
    diagnostics.set(uri, [diagnostic]);
    return { uri, diagnostic };
  }

  test('a diagnostic offers "Fix with Switchboard"; it sends the problem and the code around it to the agent', async () => {
    const api = await switchboardApi();
    const { uri, diagnostic } = fileWithProblem();
    await vscode.window.showTextDocument(uri);
    const actions = await quickFixes(uri, diagnostic.range);
    const fix = actions.find((action) => action.title.startsWith('Fix with Switchboard'));
    assert.ok(fix?.command, `no Switchboard quick fix among: ${actions.map((a) => a.title).join(', ')}`);
    assert.equal(fix.command.command, EDITOR_COMMANDS.fix);
    assert.equal(fix.kind?.value, vscode.CodeActionKind.QuickFix.value);

    const thread = await api.newChat('demo');
    await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments ?? []));
    await waitFor(
      () => thread.snapshot().state.entries.some((entry) => entry.kind === 'user'),
      20_000,
      'the Fix message to reach the chat',
    );
    const user = thread.snapshot().state.entries.find((entry) => entry.kind === 'user');
    assert.ok(user && user.kind === 'user');
    const text = user.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
    assert.match(text, /^Fix this problem:\n- broken\.ts:15:7 error: Cannot find name 'line15x'\. \(ts\)/);
    const blocks = user.parts.flatMap((part) => (part.kind === 'block' ? [part.block] : []));
    // The demo agent takes embedded context: lines 10-20 (five around line 15) with their text.
    assert.equal(blocks.length, 1);
    const block = blocks[0]!;
    assert.ok(block.type === 'resource' && 'text' in block.resource, JSON.stringify(block));
    assert.match(block.resource.uri, /^file:\/\/.*\/broken\.ts#L10-L20$/);
    assert.equal(block.resource.text.trimEnd().split('\n').length, 11);
    assert.match(block.resource.text, /^const line10 = 10;\n[^]*const line15 = 15;[^]*const line20 = 20;/);
    await thread.dispose();
  });

  test('Explain sends the selection with its range', async () => {
    const api = await switchboardApi();
    const { uri } = fileWithProblem();
    const editor = await vscode.window.showTextDocument(uri);
    editor.selection = new vscode.Selection(2, 0, 4, 5);
    const thread = await api.newChat('demo');
    await vscode.commands.executeCommand(EDITOR_COMMANDS.explain);
    await waitFor(
      () => thread.snapshot().state.entries.some((entry) => entry.kind === 'user'),
      20_000,
      'the Explain message to reach the chat',
    );
    const user = thread.snapshot().state.entries.find((entry) => entry.kind === 'user');
    assert.ok(user && user.kind === 'user');
    assert.deepEqual(user.parts[0], { kind: 'text', text: 'Explain this code.' });
    const block = user.parts[1];
    assert.ok(block?.kind === 'block' && block.block.type === 'resource' && 'text' in block.block.resource);
    assert.match(block.block.resource.uri, /broken\.ts#L3-L5$/);
    assert.match(block.block.resource.text, /^const line3 = 3;\nconst line4 = 4;\nconst line5 = 5;\n?$/);
    await thread.dispose();
  });

  test('Add File and Add Selection are in the editor, editor tab and Explorer context menus', () => {
    const extension = vscode.extensions.getExtension('switchboard.switchboard');
    const menus = (extension?.packageJSON as { contributes: { menus: Record<string, Array<{ command: string }>> } })
      .contributes.menus;
    const commandsIn = (menu: string) => (menus[menu] ?? []).map((item) => item.command);
    assert.ok(commandsIn('editor/context').includes(EDITOR_COMMANDS.addSelection));
    assert.ok(commandsIn('editor/context').includes(EDITOR_COMMANDS.addFile));
    assert.ok(commandsIn('editor/title/context').includes(EDITOR_COMMANDS.addFile));
    assert.ok(commandsIn('explorer/context').includes(EDITOR_COMMANDS.addFile));
  });

  test("the chat's keybindings take no key VS Code's own keybindings use", async () => {
    const extension = vscode.extensions.getExtension('switchboard.switchboard');
    const ours = (
      extension?.packageJSON as { contributes: { keybindings: Array<{ command: string; key: string }> } }
    ).contributes.keybindings.filter((binding) =>
      ['switchboard.focusChat', 'switchboard.newChat'].includes(binding.command),
    );
    assert.equal(ours.length, 2);
    await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
    await waitFor(
      () => vscode.window.activeTextEditor?.document.uri.scheme === 'vscode',
      10_000,
      'the default keybindings',
    );
    const defaults = vscode.window.activeTextEditor!.document.getText();
    // The file lists every default binding (extensions' too) as { "key": ..., "command": ... }.
    const bindings = [...defaults.matchAll(/"key":\s*"([^"]+)",\s*"command":\s*"([^"]+)"/g)];
    assert.ok(bindings.length > 100, 'the default keybindings file lists bindings');
    for (const { key, command } of ours) {
      const others = bindings.filter((match) => match[1] === key && match[2] !== command).map((match) => match[2]);
      assert.deepEqual(others, [], `${key} is also bound to ${others.join(', ')}`);
    }
  });
});
