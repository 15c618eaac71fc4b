// Review in the real editor, continued: pending changes, kept state and checkpoints are kept in the
// window's workspaceState and storage (that they survive a real window reload is a journey step,
// test/journey/sessionSteps.mjs); the restore confirmation lists the files and flags the ones the user edited, "Restore only files
// you did not edit" restores only those and "Undo Restore" brings them back; Keep All / Undo All
// of one chat session leave another session's changes alone.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { RESTORE_BUTTONS, type RestoreDialogs } from '../../src/vscode/review/checkpointService';
import type { ReviewFeature } from '../../src/vscode/review/reviewFeature';
import { fileHunks, findFile } from '../../src/review/reviewModel';
import { revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

async function review(): Promise<ReviewFeature> {
  const api = await switchboardApi();
  assert.ok(api.review, 'activate() exposes review');
  return api.review;
}

const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');

/** A thread id that no chat has: checkpoints and turns are driven directly, with unique files. */
let counter = 0;
const uniqueId = (what: string): string => `${what}-${Date.now()}-${++counter}`;

suite('Review across sessions and reloads', () => {
  let dir: string;

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(workspaceRoot(), 'review-session-'));
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a checkpoint restores a pending and a kept file, and the restore can be undone', async () => {
    const feature = await review();
    const pendingFile = path.join(dir, 'pending.md');
    const keptFile = path.join(dir, 'kept.md');
    const before = lines('one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine');
    const after = lines('one', 'TWO', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten');
    fs.writeFileSync(pendingFile, before);
    fs.writeFileSync(keptFile, 'k\n');
    const threadId = uniqueId('reload');
    feature.checkpoints.touch(pendingFile);
    await feature.checkpoints.beforePrompt(threadId, 'entry-1', 'reload test');
    fs.writeFileSync(pendingFile, after);
    fs.writeFileSync(keptFile, 'k2\n');
    feature.controller.recordAgent(pendingFile, before, after);
    feature.controller.recordAgent(keptFile, 'k\n', 'k2\n');
    feature.controller.keepFile(keptFile);
    assert.equal(fileHunks(findFile(feature.controller.store.state, pendingFile)!).length, 2);

    assert.equal(findFile(feature.controller.store.state, keptFile)?.resolution, 'kept');
    assert.ok(feature.checkpoints.hasCheckpoint(threadId, 'entry-1'));
    // The checkpoint restores, and the restore can be undone.
    // (kept.md joined that checkpoint when the agent first changed it.)
    const restored = await feature.checkpoints.restore(threadId, 'entry-1', { confirm: false });
    assert.deepEqual(restored.sort(), [keptFile, pendingFile]);
    assert.equal(fs.readFileSync(pendingFile, 'utf8'), before);
    assert.equal(fs.readFileSync(keptFile, 'utf8'), 'k\n');
    assert.deepEqual((await feature.checkpoints.undoLastRestore()).sort(), [keptFile, pendingFile]);
    assert.equal(fs.readFileSync(pendingFile, 'utf8'), after);
  });

  test('the restore confirmation flags files the user edited; restoring only the others can be undone', async () => {
    const feature = await review();
    const editedFile = path.join(dir, 'edited.md');
    const otherFile = path.join(dir, 'other.md');
    fs.writeFileSync(editedFile, 'e0\n');
    fs.writeFileSync(otherFile, 'o0\n');
    const threadId = uniqueId('dialog');
    feature.checkpoints.touch(editedFile);
    feature.checkpoints.touch(otherFile);
    await feature.checkpoints.beforePrompt(threadId, 'entry-1', 'dialog test');
    // The agent changes both files; then the user edits one of them in the editor (unsaved).
    fs.writeFileSync(editedFile, 'e1\n');
    fs.writeFileSync(otherFile, 'o1\n');
    const document = await vscode.workspace.openTextDocument(editedFile);
    await waitFor(() => document.getText() === 'e1\n', 5_000, 'the editor to see the agent change');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), 'my own line\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const userText = document.getText();

    const original = feature.checkpoints.dialogs;
    const asked: { message: string; detail: string; buttons: string[] }[] = [];
    let answerNotification: (choice: string | undefined) => void = () => undefined;
    const notified = new Promise<string>((resolve) => {
      const dialogs: RestoreDialogs = {
        confirm: async (message, detail, buttons) => {
          asked.push({ message, detail, buttons });
          return RESTORE_BUTTONS.skipEdited;
        },
        restored: (message, undoAction) => {
          resolve(`${message} [${undoAction}]`);
          return new Promise((answer) => (answerNotification = answer));
        },
      };
      feature.checkpoints.dialogs = dialogs;
    });
    try {
      const restored = await feature.checkpoints.restore(threadId, 'entry-1');
      assert.equal(asked.length, 1);
      assert.match(asked[0]!.message, /Restore 2 files to how they were/);
      assert.match(asked[0]!.detail, /edited\.md — you edited it since/);
      assert.match(asked[0]!.detail, /other\.md\n/);
      assert.deepEqual(asked[0]!.buttons, [RESTORE_BUTTONS.all, RESTORE_BUTTONS.skipEdited]);

      assert.deepEqual(restored, [otherFile]);
      assert.equal(fs.readFileSync(otherFile, 'utf8'), 'o0\n');
      assert.equal(document.getText(), userText, 'the file the user edited is left alone');

      assert.equal(await notified, `Switchboard restored 1 file. [${RESTORE_BUTTONS.undo}]`);
      answerNotification(RESTORE_BUTTONS.undo);
      await waitFor(
        () => fs.readFileSync(otherFile, 'utf8') === 'o1\n',
        5_000,
        'Undo Restore to bring the agent’s text back',
      );
    } finally {
      feature.checkpoints.dialogs = original;
    }
  });

  test('two chats at work at once: each write is its own chat’s change, whichever turn began last or ended first', async () => {
    const feature = await review();
    const api = await switchboardApi();
    const store = feature.controller.store;
    const first = await api.newChat('demo');
    const second = await api.newChat('demo');
    const write = (threadId: string, name: string) => {
      const filePath = path.join(dir, name);
      fs.writeFileSync(filePath, `${name} by the agent\n`);
      const after = `${name} by the agent\n`;
      feature
        .hooksFor(threadId)
        .agentWrote({ path: filePath, before: `${name}\n`, after, content: after, conflicts: [] });
    };
    store.beginTurn(first.threadId);
    store.beginTurn(second.threadId);
    write(first.threadId, 'first-while-both.md');
    store.endTurn(second.threadId);
    // The first chat still works: a change on disk now is an agent's, and its next write is its own.
    assert.equal(store.isAgentTime(Date.now()), true);
    write(first.threadId, 'first-after.md');
    // Another chat begins (the record lets go of turns that changed nothing): the second's late write is still its own.
    const third = await api.newChat('demo');
    store.beginTurn(third.threadId);
    store.endTurn(third.threadId);
    write(second.threadId, 'second-late.md');
    store.endTurn(first.threadId);
    assert.equal(store.isAgentTime(Date.now() + 60_000), false);
    assert.equal(feature.controller.pendingCount(first.threadId), 2);
    assert.equal(feature.controller.pendingCount(second.threadId), 1, 'a write after its turn ended is still its own');
    await feature.resolveSession(first.threadId, 'keep');
    await feature.resolveSession(second.threadId, 'keep');
  });

  test('Keep All / Undo All of one chat session leave another session’s changes pending', async () => {
    const feature = await review();
    const api = await switchboardApi();
    const store = feature.controller.store;
    const first = await api.newChat('demo');
    const second = await api.newChat('demo');
    const files = { first: path.join(dir, 'first.md'), second: path.join(dir, 'second.md') };
    for (const [name, thread] of [
      ['first', first],
      ['second', second],
    ] as const) {
      fs.writeFileSync(files[name], `${name} by the agent\n`);
      store.beginTurn(thread.threadId);
      feature.controller.recordAgent(files[name], `${name}\n`, `${name} by the agent\n`);
      store.endTurn(thread.threadId);
    }
    const resolution = (filePath: string) => findFile(store.state, filePath)?.resolution;
    assert.equal(feature.controller.pendingCount(first.threadId), 1);
    assert.equal(feature.controller.pendingCount(second.threadId), 1);

    // The command acts on the active chat: the second one.
    assert.equal(api.activeThread()?.threadId, second.threadId);
    await vscode.commands.executeCommand('switchboard.review.undoAllSession');
    assert.equal(resolution(files.second), 'undone');
    assert.equal((await vscode.workspace.openTextDocument(files.second)).getText(), 'second\n');
    assert.equal(resolution(files.first), null, 'the first session’s change is still pending');

    await feature.resolveSession(first.threadId, 'keep');
    assert.equal(resolution(files.first), 'kept');
    assert.equal(feature.controller.pendingCount(first.threadId), 0);
  });
});
