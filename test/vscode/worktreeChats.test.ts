// Chats in their own worktree in the real extension host, with the scripted agent (a real child process) configured
// through the real switchboard.agents setting: New Chat in Worktree gives a chat whose agent works in a copy of the
// workspace in the extension's storage (its terminal edits the copy, never the workspace); Bring back merges the
// change into the workspace as pending review, per hunk Keep / Undo in the editor, and a second Bring back only
// what the chat changed since; Discard leaves nothing behind; a
// reload brings the chat back in the same worktree, and a worktree that vanished is a card, not the workspace.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fileHunks, findFile } from '../../src/review/reviewModel';
import type { ThreadController } from '../../src/session/api';
import type { WorktreeChange } from '../../src/worktrees/worktreeTypes';
import { EXTENSION_ID, revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

const TERMINALS = 'worktree-terminals';
const PROBE = 'worktree-probe';
const FILE = 'worktree-notes.txt';
const LINES = Array.from({ length: 10 }, (_, i) => `line ${i + 1}\n`).join('');

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('switchboard');
}

const all = async (changes: readonly WorktreeChange[]) =>
  new Set(changes.map((change) => path.join(change.source, ...change.relPath.split('/'))));

/** Runs a shell line in the chat's terminal (the scripted agent's `terminals` scenario) and waits for the turn. */
async function inTerminal(thread: ThreadController, line: string): Promise<void> {
  await thread.prompt(`edit:${JSON.stringify({ command: 'sh', args: ['-c', line] })}`);
}

suite('Chats in their own worktree', () => {
  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    const entry = (name: string, scenario: string) => ({
      displayName: name,
      command: process.execPath,
      args: [script, '--scenario', scenario],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    await config().update(
      'agents',
      { [TERMINALS]: entry('Worktree terminals', 'terminals'), [PROBE]: entry('Worktree probe', 'probe') },
      vscode.ConfigurationTarget.Global,
    );
  });
  setup(() => fs.writeFileSync(path.join(workspaceRoot(), FILE), LINES));
  teardown(revertAndCloseAll);
  suiteTeardown(async () => {
    await config().update('agents', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(path.join(workspaceRoot(), FILE), { force: true });
  });

  test('the agent changes its worktree only; Bring back puts the change under review, per hunk Keep / Undo', async () => {
    const api = await switchboardApi();
    const thread = await api.newChatInWorktree(TERMINALS);
    assert.equal(thread.snapshot().state.connection.kind, 'ready');
    const worktree = thread.snapshot().state.worktree;
    assert.ok(worktree, 'the chat names its worktree');
    const copy = worktree.folders[0]!;
    assert.ok(!copy.startsWith(workspaceRoot()), `the worktree ${copy} is outside the workspace`);
    assert.equal(api.contextKeys()['switchboard.chatInWorktree'], true);

    await inTerminal(thread, `sed -i -e 's/^line 2$/line 2 by the chat/' -e 's/^line 9$/line 9 by the chat/' ${FILE}`);
    const target = path.join(workspaceRoot(), FILE);
    assert.match(fs.readFileSync(path.join(copy, FILE), 'utf8'), /line 2 by the chat/);
    assert.equal(fs.readFileSync(target, 'utf8'), LINES, 'the workspace is untouched');

    await api.worktrees.bringBack(thread, all);
    assert.match(fs.readFileSync(target, 'utf8'), /line 2 by the chat\n[\s\S]*line 9 by the chat\n/);
    const reviewed = findFile(api.review.controller.store.state, target);
    assert.ok(reviewed, 'the file is under review');
    assert.equal(fileHunks(reviewed).length, 2);
    assert.equal(api.review.controller.pendingCount(thread.threadId), 1, "pending as this chat's change");
    const note = thread
      .snapshot()
      .state.entries.find((entry) => entry.kind === 'notice' && entry.note.kind === 'broughtBack');
    assert.ok(note, 'the chat says what was brought back');

    const document = await vscode.workspace.openTextDocument(target);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('switchboard.review.undoHunk', target, 0);
    assert.equal(document.lineAt(1).text, 'line 2');
    await vscode.commands.executeCommand('switchboard.review.keepHunk', target, 0);
    assert.equal(document.lineAt(8).text, 'line 9 by the chat');
    await waitFor(() => api.review.controller.pendingCount(thread.threadId) === 0, 5000, 'nothing pending');
    await document.save();

    // The chat goes on; Bring back again brings its new line only: the line the user undid stays undone.
    await inTerminal(thread, `sed -i -e 's/^line 5$/line 5 by the chat/' ${FILE}`);
    let offered: string[] = [];
    await api.worktrees.bringBack(thread, async (changes) => {
      offered = changes.map((change) => change.relPath);
      return all(changes);
    });
    assert.deepEqual(offered, [FILE]);
    assert.equal(document.lineAt(1).text, 'line 2', 'the undone line stays undone');
    assert.equal(document.lineAt(4).text, 'line 5 by the chat');
    assert.equal(document.lineAt(8).text, 'line 9 by the chat');

    assert.equal(await api.worktrees.discard(thread, async () => true), true);
  });

  test("Bring back merges with the user's unsaved edit: a conflict stays in the file with its markers, and the chat says where", async () => {
    const api = await switchboardApi();
    const thread = await api.newChatInWorktree(TERMINALS);
    await inTerminal(thread, `sed -i -e 's/^line 3$/line 3 by the chat/' -e 's/^line 7$/line 7 by the chat/' ${FILE}`);
    const target = path.join(workspaceRoot(), FILE);
    const document = await vscode.workspace.openTextDocument(target);
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) => edit.replace(document.lineAt(2).range, 'line 3 by the user'));
    assert.ok(document.isDirty);

    await api.worktrees.bringBack(thread, all);
    const text = document.getText();
    assert.match(text, /<<<<<<< workspace\nline 3 by the user\n=======\nline 3 by the chat\n>>>>>>> chat\n/);
    assert.match(text, /\nline 7 by the chat\n/, 'the change without a conflict is merged');
    const note = thread
      .snapshot()
      .state.entries.find((entry) => entry.kind === 'notice' && entry.note.kind === 'broughtBack');
    assert.ok(note?.kind === 'notice' && note.note.kind === 'broughtBack');
    assert.deepEqual(note.note.conflicts, [{ path: FILE, count: 1 }]);
    assert.equal(await api.worktrees.discard(thread, async () => true), true);
  });

  test('Discard asks, then removes the worktree and closes the chat; declined, it changes nothing', async () => {
    const api = await switchboardApi();
    const thread = await api.newChatInWorktree(TERMINALS);
    const copy = thread.snapshot().state.worktree!.folders[0]!;
    const home = path.dirname(copy);
    assert.equal(await api.worktrees.discard(thread, async () => false), false);
    assert.ok(fs.existsSync(copy));
    assert.equal(await api.worktrees.discard(thread, async () => true), true);
    assert.ok(!fs.existsSync(home), `nothing of the worktree is left in ${home}`);
    assert.ok(!api.chats().some((chat) => chat.threadId === thread.threadId), 'the chat is closed');
  });

  test('closing asks what becomes of the worktree: dismissed keeps the chat, Keep keeps it, Discard removes it once closed', async () => {
    const api = await switchboardApi();
    const thread = await api.newChatInWorktree(TERMINALS);
    const copy = thread.snapshot().state.worktree!.folders[0]!;
    assert.deepEqual(await api.worktrees.beforeClose(thread, async () => undefined), { close: false });
    assert.deepEqual(await api.worktrees.beforeClose(thread, async () => 'keep'), { close: true });
    assert.ok(fs.existsSync(copy));
    const discard = await api.worktrees.beforeClose(thread, async () => 'discard');
    assert.equal(discard.close, true);
    assert.ok(fs.existsSync(copy), 'nothing is removed before the chat closed (its close may still be declined)');
    await discard.after?.();
    assert.ok(!fs.existsSync(path.dirname(copy)));
    await thread.dispose();
  });

  test('a reload brings the chat back in its worktree; a vanished worktree is a card, never the workspace', async () => {
    const api = await switchboardApi();
    const first = await api.newChatInWorktree(PROBE);
    const worktree = first.snapshot().state.worktree!;
    await first.prompt('hello'); // a chat is journaled once it has a conversation
    const restored = await api.reopenFromJournal(first.threadId);
    assert.ok(restored);
    assert.deepEqual(restored.snapshot().state.worktree, worktree);
    await restored.start();
    await restored.prompt('info');
    const text = restored
      .snapshot()
      .state.entries.flatMap((entry) => (entry.kind === 'agent' ? entry.parts : []))
      .map((part) => (part.kind === 'text' ? part.text : ''))
      .join('');
    const probe = JSON.parse(/probe: (\{.*\})/s.exec(text)?.[1] ?? '{}') as { cwd?: string; sessionCwd?: string };
    // The process's own cwd is the real path (the test's storage may be behind a symbolic link).
    assert.equal(probe.cwd, fs.realpathSync(worktree.folders[0]!));
    assert.equal(probe.sessionCwd, worktree.folders[0]);

    fs.rmSync(path.dirname(worktree.folders[0]!), { recursive: true, force: true });
    const gone = await api.reopenFromJournal(first.threadId);
    assert.ok(gone);
    await gone.start();
    const connection = gone.snapshot().state.connection;
    assert.equal(connection.kind, 'failed');
    assert.equal(connection.kind === 'failed' && connection.failure.reason.kind, 'worktreeGone');
    await gone.dispose();
  });
});
