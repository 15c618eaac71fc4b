// Review in the real editor: an agent write through fs is merged, decorated and reviewable per
// hunk (Undo is itself undoable); a file the agent writes directly on disk during a turn is
// listed in the Changes view; a checkpoint restore brings back two files and can be undone.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import { createFsHandlers } from '../../src/vscode/fs/fsHandlers';
import type { ReviewFeature } from '../../src/vscode/review/reviewFeature';
import { DISK_DEMO_FILE, REVIEW_DEMO_FILE, REVIEW_DEMO_TEXT } from '../../src/demo-agent/reviewSteps';
import { fileHunks, findFile } from '../../src/review/reviewModel';
import type { CancelSignal, ThreadController } from '../../src/session/api';
import type { ThreadAction } from '../../src/shared/actions';
import { nextAction, revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

const notCancelled: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};
const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');

async function review(): Promise<ReviewFeature> {
  const api = await switchboardApi();
  assert.ok(api.review, 'activate() exposes review');
  return api.review;
}

async function promptAndWait(thread: ThreadController, text: string): Promise<void> {
  const ended = nextAction(
    thread,
    (a): a is Extract<ThreadAction, { type: 'turnEnded' | 'turnFailed' | 'agentFailed' }> =>
      a.type === 'turnEnded' || a.type === 'turnFailed' || a.type === 'agentFailed',
    45_000,
  );
  await thread.prompt(text);
  assert.deepEqual(await ended, { type: 'turnEnded', stopReason: 'end_turn' });
}

suite('Review of agent changes', () => {
  let dir: string;

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(workspaceRoot(), 'review-'));
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('an fs write keeps the user’s concurrent edit, is decorated, and Undo of one hunk is itself undoable', async () => {
    const feature = await review();
    const handlers = createFsHandlers({
      review: feature.fsHooks,
      confirmOutsideWorkspace: async () => {
        throw new Error('unexpected confirmation');
      },
      log: () => {},
    });
    const file = path.join(dir, 'hunks.md');
    const original = lines('# Title', '', 'first paragraph', '', 'a', 'b', 'c', 'd', '', 'last line');
    fs.writeFileSync(file, original);
    const document = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(document);

    // The agent reads, the user types in line 6 (unsaved), then the agent writes two changes.
    await handlers.readTextFile({ sessionId: 's', path: file }, notCancelled);
    assert.ok(await editor.edit((edit) => edit.insert(new vscode.Position(5, 1), ' (user)')));
    const agentContent =
      original.replace('first paragraph\n', 'first paragraph, edited by the agent\n') + 'appended by the agent\n';
    await handlers.writeTextFile({ sessionId: 's', path: file, content: agentContent }, notCancelled);

    const merged = agentContent.replace('b\n', 'b (user)\n');
    assert.equal(document.getText(), merged, 'the user edit survives the agent write');
    const reviewed = findFile(feature.controller.store.state, file);
    assert.ok(reviewed);
    assert.equal(fileHunks(reviewed).length, 2, 'two agent hunks; the user edit is not one');

    await waitFor(
      () => (feature.editor.applied.get(file)?.added.length ?? 0) === 2,
      5_000,
      'decorations on the two added lines',
    );
    assert.deepEqual(feature.editor.applied.get(file), { added: [2, 10], removed: [2] });
    assert.ok(
      feature.changes.items().some((item) => item.path === file && item.status === 'pending' && item.hunkCount === 2),
    );

    // Undo the first hunk: its original line comes back; the second hunk stays.
    await vscode.commands.executeCommand('switchboard.review.undoHunk', file, 0);
    assert.equal(document.lineAt(2).text, 'first paragraph');
    assert.equal(document.lineAt(10).text, 'appended by the agent');
    assert.equal(fileHunks(findFile(feature.controller.store.state, file)!).length, 1);

    // The Undo is on the editor's undo stack: Ctrl+Z brings the agent's line back, pending again.
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    await waitFor(() => document.lineAt(2).text === 'first paragraph, edited by the agent', 5_000, 'undo of the Undo');
    await waitFor(
      () => fileHunks(findFile(feature.controller.store.state, file)!).length === 2,
      5_000,
      'the hunk pending again',
    );

    // Keep the second: it leaves review; the first is still pending.
    await vscode.commands.executeCommand('switchboard.review.keepHunk', file, 1);
    const after = findFile(feature.controller.store.state, file)!;
    assert.equal(fileHunks(after).length, 1);
    assert.ok(after.baseline?.endsWith('appended by the agent\n'));
  });

  test('Undo of a change the agent saved restores the file on disk too; with unsaved edits of the user, only the editor', async () => {
    const feature = await review();
    const handlers = createFsHandlers({
      review: feature.fsHooks,
      confirmOutsideWorkspace: async () => {
        throw new Error('unexpected confirmation');
      },
      log: () => {},
    });
    const file = path.join(dir, 'undo-saved.md');
    const original = lines('one', 'two', 'three', 'four', 'five', 'six');
    fs.writeFileSync(file, original);
    const agentText = original.replace('two\n', 'two, by the agent\n');

    // The agent's write is saved: after Undo, the disk holds the original again and nothing is left unsaved.
    await handlers.readTextFile({ sessionId: 's', path: file }, notCancelled);
    await handlers.writeTextFile({ sessionId: 's', path: file, content: agentText }, notCancelled);
    assert.equal(fs.readFileSync(file, 'utf8'), agentText);
    assert.ok((await vscode.commands.executeCommand('switchboard.review.undoFile', file)) !== false);
    const document = await vscode.workspace.openTextDocument(file);
    assert.equal(document.getText(), original);
    assert.equal(document.isDirty, false, 'the undone file is saved');
    assert.equal(fs.readFileSync(file, 'utf8'), original, 'the disk no longer has the agent text');

    // Again, and now the user types (unsaved) before Undo: the user's typing is never saved for them.
    await handlers.readTextFile({ sessionId: 's', path: file }, notCancelled);
    await handlers.writeTextFile({ sessionId: 's', path: file, content: agentText }, notCancelled);
    const editor = await vscode.window.showTextDocument(document);
    assert.ok(await editor.edit((edit) => edit.insert(new vscode.Position(5, 3), ' (user)')));
    await waitFor(
      () => findFile(feature.controller.store.state, file)?.current === document.getText(),
      5_000,
      'the user typing recorded by review (its change event came before the dirty flag)',
    );
    await vscode.commands.executeCommand('switchboard.review.undoFile', file);
    assert.equal(document.getText(), original.replace('six\n', 'six (user)\n'));
    assert.equal(document.isDirty, true, 'the user typing stays unsaved');
    assert.equal(fs.readFileSync(file, 'utf8'), agentText, 'the disk is untouched until the user saves');
  });

  test('a file the agent writes directly on disk during a turn appears in the Changes view', async () => {
    const feature = await review();
    const api = await switchboardApi();
    const thread = await api.newChat('demo');
    const file = path.join(workspaceRoot(), DISK_DEMO_FILE);
    fs.rmSync(file, { force: true });
    await promptAndWait(thread, '/diskwrite');
    await waitFor(
      () => feature.changes.items().some((item) => item.path === file),
      10_000,
      'the disk write in the Changes view',
    );
    const item = feature.changes.items().find((candidate) => candidate.path === file)!;
    assert.deepEqual(
      { authors: item.authors, created: item.created, status: item.status, added: item.added },
      { authors: ['agent'], created: true, status: 'pending', added: 1 },
    );
  });

  test('an atomic save (temporary file renamed over the real one) lists only the real file', async () => {
    const feature = await review();
    const store = feature.controller.store;
    const file = path.join(dir, 'hello.txt');
    // The user's file, written outside any agent's time: just after a turn (the earlier test's), a disk change
    // still counts as that agent's (the watcher's events come late), and this one would be taken for its creation.
    await waitFor(() => !store.isAgentTime(), 10_000, 'the end of the grace after the last turn');
    fs.writeFileSync(file, 'hello\n');
    await vscode.workspace.openTextDocument(file); // seen: its text before the agent's change is known
    await new Promise((resolve) => setTimeout(resolve, 500));
    const threadId = 'atomic-save-test';
    store.beginTurn(threadId);
    try {
      // A real child process saves like write-file-atomic: twice, the second time slowly, so the
      // watcher sees its temporary file on its own before the rename.
      const script = `
        const fs = require('node:fs');
        const [target, text, pause] = process.argv.slice(1);
        const tmp = target + '.tmp.' + process.pid + '.' + pause;
        fs.writeFileSync(tmp, text);
        setTimeout(() => fs.renameSync(tmp, target), Number(pause));`;
      for (const [text, pause] of <[string, string][]>[
        ['hi\n', '0'],
        ['hi there\n', '800'],
      ]) {
        const child = spawnSync(process.execPath, ['-e', script, file, text, pause], {
          env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        });
        assert.equal(child.status, 0, child.stderr?.toString());
      }
      const listed = () => feature.changes.items().filter((item) => path.basename(item.path).startsWith('hello'));
      await waitFor(() => findFile(store.state, file)?.current === 'hi there\n', 10_000, 'the saved text in review');
      const summary = () =>
        listed().map((item) => ({
          name: path.basename(item.path),
          status: item.status,
          added: item.added,
          removed: item.removed,
        }));
      const expected = [{ name: 'hello.txt', status: 'pending', added: 1, removed: 1 }];
      // Every watcher event settled (the temporary file's deletion and the rename's events can come late on a busy
      // machine): then only the real file is listed, changed from its text before the agent's saves.
      await waitFor(
        () => isDeepStrictEqual(summary(), expected),
        10_000,
        'the Changes view to list only hello.txt',
      ).catch((error: Error) => {
        throw new Error(
          `${error.message}; it lists ${JSON.stringify(summary())}, review holds ${JSON.stringify(findFile(store.state, file))}`,
        );
      });
      assert.deepEqual(
        fs.readdirSync(dir).filter((name) => name.startsWith('hello')),
        ['hello.txt'],
      );
      assert.deepEqual(summary(), expected);
      assert.deepEqual(feature.source.files(listed().map((item) => item.path)).length, 1);
    } finally {
      store.endTurn(threadId);
      await feature.controller.keepFile(file);
    }
  });

  test("a file the user changed before the turn is not the agent's, even when its watcher event comes during the turn", async () => {
    const feature = await review();
    const store = feature.controller.store;
    const file = path.join(dir, 'written-before.txt');
    const threadId = 'late-event-test';
    store.beginTurn(threadId);
    try {
      // As a busy machine delivers it: the file was written (and last modified) before the turn, but its
      // event reaches the watcher now.
      fs.writeFileSync(file, 'the user wrote this\n');
      const earlier = new Date(Date.now() - 10_000);
      fs.utimesSync(file, earlier, earlier);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the watcher settles and processes it
      assert.equal(findFile(store.state, file), undefined, 'not listed as a change of the agent');
    } finally {
      store.endTurn(threadId);
    }
  });

  test("a file the agent changed during its turn is the agent's, even when its watcher event comes seconds after the turn", async () => {
    const feature = await review();
    const store = feature.controller.store;
    const file = path.join(dir, 'written-in-turn.txt');
    const threadId = 'later-event-test';
    store.beginTurn(threadId);
    const inTurn = new Date();
    await new Promise((resolve) => setTimeout(resolve, 100));
    store.endTurn(threadId);
    // As a busy machine delivers it (CI once saw this): the agent's write, modified during the turn, reaches
    // the watcher well past the grace after the turn's end.
    await waitFor(() => !store.isAgentTime(), 10_000, 'the end of the grace after the turn');
    fs.writeFileSync(file, 'the agent wrote this\n');
    fs.utimesSync(file, inTurn, inTurn);
    try {
      await waitFor(() => findFile(store.state, file) !== undefined, 5_000, 'the late change listed as the agent’s');
      assert.deepEqual(findFile(store.state, file)?.agentTurns.length, 1);
    } finally {
      await feature.controller.keepFile(file);
    }
  });

  test('restoring the checkpoint of a message brings back two files, and the restore can be undone', async () => {
    const feature = await review();
    const api = await switchboardApi();
    const thread = await api.newChat('demo');
    const reviewFile = path.join(workspaceRoot(), REVIEW_DEMO_FILE);
    const diskFile = path.join(workspaceRoot(), DISK_DEMO_FILE);
    fs.writeFileSync(reviewFile, REVIEW_DEMO_TEXT);
    // The user's file, from before the turn: on a busy machine its watcher event can arrive after the turn
    // started, and its modification time is what tells review it is not the agent's (it once was taken as
    // created by the agent, and restoring the checkpoint deleted it).
    const earlier = new Date(Date.now() - 10_000);
    fs.utimesSync(reviewFile, earlier, earlier);
    fs.rmSync(diskFile, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 500));

    await promptAndWait(thread, '/review');
    await promptAndWait(thread, '/diskwrite');
    const edited = fs.readFileSync(reviewFile, 'utf8');
    assert.notEqual(edited, REVIEW_DEMO_TEXT);
    // The watcher reports a disk write a little later (150 ms to settle, longer on a busy machine): the checkpoint
    // covers what review has seen, so wait until the change is listed, as a user would see it in Changes.
    await waitFor(
      () => findFile(feature.controller.store.state, diskFile) !== undefined,
      10_000,
      'the disk write listed in review',
    );

    const firstPrompt = thread.snapshot().state.entries.find((entry) => entry.kind === 'user');
    assert.ok(firstPrompt);
    const restored = await feature.checkpoints.restore(thread.threadId, firstPrompt.id, { confirm: false });
    assert.deepEqual(restored.sort(), [diskFile, reviewFile].sort());
    assert.equal(fs.readFileSync(reviewFile, 'utf8'), REVIEW_DEMO_TEXT);
    assert.equal(fs.existsSync(diskFile), false);

    const undone = await feature.checkpoints.undoLastRestore();
    assert.equal(undone.length, 2);
    assert.equal(fs.readFileSync(reviewFile, 'utf8'), edited);
    assert.ok(fs.existsSync(diskFile));
  });

  test('"follow the agent" opens the file of a tool call as the agent works', async () => {
    const api = await switchboardApi();
    const thread = await api.newChat('demo');
    const reviewFile = path.join(workspaceRoot(), REVIEW_DEMO_FILE);
    fs.writeFileSync(reviewFile, REVIEW_DEMO_TEXT);
    await vscode.workspace
      .getConfiguration('switchboard')
      .update('followAgent', 'reveal', vscode.ConfigurationTarget.Global);
    try {
      assert.ok(!vscode.window.visibleTextEditors.some((editor) => editor.document.uri.fsPath === reviewFile));
      await promptAndWait(thread, '/review');
      await waitFor(
        () => vscode.window.visibleTextEditors.some((editor) => editor.document.uri.fsPath === reviewFile),
        5_000,
        "the tool call's file to open",
      );
    } finally {
      await vscode.workspace
        .getConfiguration('switchboard')
        .update('followAgent', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
