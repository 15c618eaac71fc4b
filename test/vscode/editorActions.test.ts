// What the chat's "open file" and "review diff" buttons do in the real editor.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DIFF_SCHEME, DiffDocuments, openLocation } from '../../src/vscode/chat/diffDocuments';
import { FileTexts } from '../../src/review/fileTexts';
import { ToolDiffs } from '../../src/session/updates/toolDiffs';
import { revertAndCloseAll, waitFor, workspaceRoot } from './helpers';

suite('chat editor actions', () => {
  const texts = new FileTexts();
  const diffs = new DiffDocuments(texts);
  let registration: vscode.Disposable;

  suiteSetup(() => {
    registration = diffs.register();
  });
  suiteTeardown(() => registration.dispose());
  teardown(revertAndCloseAll);

  test('openLocation opens the file at the 1-based line (0 means line 1), relative paths from the workspace', async () => {
    const file = path.join(workspaceRoot(), 'location.txt');
    fs.writeFileSync(file, 'l1\nl2\nl3\nl4\n');
    await openLocation(file, 3, workspaceRoot());
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, file);
    assert.equal(vscode.window.activeTextEditor?.selection.active.line, 2);

    await openLocation('location.txt', 0, workspaceRoot());
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, file);
    assert.equal(vscode.window.activeTextEditor?.selection.active.line, 0);
  });

  async function diffTab(): Promise<vscode.TabInputTextDiff> {
    let input: vscode.TabInputTextDiff | undefined;
    await waitFor(
      () => {
        const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
        input = tab?.input instanceof vscode.TabInputTextDiff ? tab.input : undefined;
        return input !== undefined;
      },
      10_000,
      'the diff editor tab',
    );
    assert.ok(input);
    return input;
  }

  test('openWrite shows the texts of fs writes, read from the keeper by revision', async () => {
    const file = path.join(workspaceRoot(), 'src', 'written.ts');
    const first = texts.record(file, 'v1\n', 'v2\n');
    texts.record(path.join(workspaceRoot(), 'other.ts'), null, 'other\n');
    const second = texts.record(file, 'v2\n', 'v3\n');
    await diffs.openWrite(file, first.revision, second.revision);
    const input = await diffTab();
    assert.equal(input.original.scheme, DIFF_SCHEME);
    assert.equal(path.basename(input.modified.path), 'written.ts');
    assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), 'v1\n');
    assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), 'v3\n');
  });

  test("a tool call's own diff opens from its one revision in the keeper (src/session/updates/toolDiffs.ts)", async () => {
    const file = path.join(workspaceRoot(), 'src', 'greet.ts');
    const diff = new ToolDiffs(texts).update({
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'Edit greet.ts',
      content: [{ type: 'diff', path: file, oldText: 'old line\n', newText: 'new line\n' }],
    });
    const item = diff.sessionUpdate === 'tool_call' ? diff.content?.[0] : undefined;
    assert.ok(item?.type === 'diff');
    await diffs.openWrite(file, item.revision, item.revision);
    const input = await diffTab();
    assert.equal(input.original.scheme, DIFF_SCHEME);
    assert.equal(input.modified.scheme, DIFF_SCHEME);
    assert.equal(path.basename(input.original.path), 'greet.ts');
    const original = await vscode.workspace.openTextDocument(input.original);
    const modified = await vscode.workspace.openTextDocument(input.modified);
    assert.equal(original.getText(), 'old line\n');
    assert.equal(modified.getText(), 'new line\n');
  });
});
