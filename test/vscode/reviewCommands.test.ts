// The review commands as a user reaches them, in the real editor: Go to Next/Previous Agent Change, the
// CodeLens at the top of a file and on each hunk, Open Diff Against Baseline (also the Changes view's
// click), per-file Keep/Undo (also with the Changes view's tree item as argument, as its inline actions
// pass it), and Keep All / Undo All across files.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { createFsHandlers } from '../../src/vscode/fs/fsHandlers';
import type { ReviewFeature } from '../../src/vscode/review/reviewFeature';
import { fileHunks, findFile } from '../../src/review/reviewModel';
import type { CancelSignal } from '../../src/session/api';
import { revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

const notCancelled: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};
const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');
const ORIGINAL = lines('one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten');
// Two separate hunks: line 2 replaced, line 9 replaced.
const AGENT = ORIGINAL.replace('two\n', 'two (agent)\n').replace('nine\n', 'nine (agent)\n');

async function feature(): Promise<ReviewFeature> {
  const api = await switchboardApi();
  assert.ok(api.review);
  return api.review;
}

/** A real agent write through the fs handlers: the file has two pending agent hunks. */
async function agentEdits(file: string): Promise<vscode.TextDocument> {
  const review = await feature();
  fs.writeFileSync(file, ORIGINAL);
  const handlers = createFsHandlers({
    review: review.fsHooks,
    confirmOutsideWorkspace: async () => 'deny',
    log: () => {},
  });
  await handlers.readTextFile({ sessionId: 's', path: file }, notCancelled);
  await handlers.writeTextFile({ sessionId: 's', path: file, content: AGENT }, notCancelled);
  await waitFor(
    () => fileHunks(findFile(review.controller.store.state, file) ?? nothing()).length === 2,
    5_000,
    'two pending hunks',
  );
  return vscode.workspace.openTextDocument(file);
}

function nothing(): never {
  throw new Error('the file is not in review');
}

function pendingHunks(review: ReviewFeature, file: string): number {
  const reviewed = findFile(review.controller.store.state, file);
  return reviewed ? fileHunks(reviewed).length : 0;
}

function activeDiffOf(file: string): boolean {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputTextDiff && input.modified.fsPath === file;
}

suite('Review commands', () => {
  let dir: string;

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(workspaceRoot(), 'review-commands-'));
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });
  teardown(async () => {
    await vscode.commands.executeCommand('switchboard.review.keepAll');
    await revertAndCloseAll();
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('Go to Next / Previous Agent Change move between the hunks and wrap around', async () => {
    const file = path.join(dir, 'next.txt');
    const editor = await vscode.window.showTextDocument(await agentEdits(file));
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const line = () => vscode.window.activeTextEditor?.selection.active.line;
    await vscode.commands.executeCommand('switchboard.review.nextChange');
    assert.equal(line(), 1);
    await vscode.commands.executeCommand('switchboard.review.nextChange');
    assert.equal(line(), 8);
    await vscode.commands.executeCommand('switchboard.review.nextChange');
    assert.equal(line(), 1, 'wraps to the first change');
    await vscode.commands.executeCommand('switchboard.review.previousChange');
    assert.equal(line(), 8, 'wraps back to the last change');
  });

  test('the CodeLens offers Keep All / Undo All for the file and Keep / Undo per hunk, and its commands work', async () => {
    const review = await feature();
    const file = path.join(dir, 'lens.txt');
    const document = await agentEdits(file);
    await vscode.window.showTextDocument(document);
    const lenses =
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
    const ours = lenses.filter((lens) => lens.command?.command.startsWith('switchboard.review.'));
    const titles = ours.map((lens) => lens.command?.title);
    assert.ok(titles.includes('Keep All') && titles.includes('Undo All'), titles.join(' | '));
    assert.equal(titles.filter((t) => t?.includes('Undo') && t !== 'Undo All').length, 2, 'one Undo per hunk');
    // The second hunk's Undo, run exactly as the lens would run it.
    const undoSecond = ours.filter((lens) => lens.command?.command === 'switchboard.review.undoHunk')[1]!.command!;
    await vscode.commands.executeCommand(undoSecond.command, ...(undoSecond.arguments ?? []));
    assert.equal(document.lineAt(8).text, 'nine');
    assert.equal(document.lineAt(1).text, 'two (agent)');
    assert.equal(pendingHunks(review, file), 1);
    const undoAll = ours.find((lens) => lens.command?.title === 'Undo All')!.command!;
    await vscode.commands.executeCommand(undoAll.command, ...(undoAll.arguments ?? []));
    assert.equal(document.getText(), ORIGINAL);
    assert.equal(pendingHunks(review, file), 0);
  });

  test('Open Diff Against Baseline, and the Changes view item that runs it, open the diff of the file', async () => {
    const review = await feature();
    const file = path.join(dir, 'diff.txt');
    await agentEdits(file);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('switchboard.review.openDiff', file);
    await waitFor(() => activeDiffOf(file), 10_000, 'the diff editor of the file');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const summary = review.changes.items().find((item) => item.path === file);
    assert.ok(summary, 'the file is listed in the Changes view');
    const click = review.changes.getTreeItem(summary).command;
    assert.ok(click, 'a Changes view item runs a command when clicked');
    await vscode.commands.executeCommand(click.command, ...(click.arguments ?? []));
    await waitFor(() => activeDiffOf(file), 10_000, 'the diff editor opened from the Changes view');
  });

  test('Keep / Undo All Changes in File take a path or the Changes view item; Keep All / Undo All cover every file', async () => {
    const review = await feature();
    const [a, b, c] = ['a.txt', 'b.txt', 'c.txt'].map((name) => path.join(dir, name));
    const docA = await agentEdits(a!);
    await agentEdits(b!);
    const docC = await agentEdits(c!);
    // Undo of one file with the tree item as argument (the Changes view's inline action).
    await vscode.commands.executeCommand(
      'switchboard.review.undoFile',
      review.changes.items().find((i) => i.path === a),
    );
    assert.equal(docA.getText(), ORIGINAL);
    await vscode.commands.executeCommand('switchboard.review.keepFile', b);
    assert.equal(pendingHunks(review, b!), 0);
    assert.equal(pendingHunks(review, c!), 2);
    await vscode.commands.executeCommand('switchboard.review.undoAll');
    assert.equal(docC.getText(), ORIGINAL);
    assert.equal(fs.readFileSync(b!, 'utf8'), AGENT, 'a kept file stays as the agent left it');

    const docD = await agentEdits(path.join(dir, 'd.txt'));
    await vscode.commands.executeCommand('switchboard.review.keepAll');
    assert.equal(docD.getText(), AGENT);
    assert.equal(review.changes.items().filter((i) => i.status === 'pending').length, 0);
  });
});
