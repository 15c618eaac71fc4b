// switchboard.followAgent in the real editor (src/vscode/review/followAgent.ts): "reveal" opens the
// file of a tool call without taking the focus from where the user is typing (the chat), "focus"
// opens it and moves the focus there. Where the focus is, is observed as the user would notice it:
// the editor's `type` command (what a key press runs) lands in the focused editor only.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DISK_DEMO_FILE, REVIEW_DEMO_FILE, REVIEW_DEMO_TEXT } from '../../src/demo-agent/reviewSteps';
import type { ThreadController } from '../../src/session/api';
import type { ThreadAction } from '../../src/shared/actions';
import { nextAction, revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

const MARK = 'typed-after-follow ';

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

function editorOf(filePath: string): vscode.TextEditor | undefined {
  return vscode.window.visibleTextEditors.find((editor) => editor.document.uri.fsPath === filePath);
}

/** Puts the focus in the chat (where the user types a prompt), then runs one demo turn with followAgent = mode. */
async function followTurn(mode: 'reveal' | 'focus', command: string, filePath: string): Promise<vscode.TextEditor> {
  const api = await switchboardApi();
  const thread = await api.newChat('demo');
  await vscode.workspace.getConfiguration('switchboard').update('followAgent', mode, vscode.ConfigurationTarget.Global);
  try {
    await vscode.commands.executeCommand('switchboard.chat.focus');
    // Focus Chat puts the focus in the composer once the webview has loaded: a webview still loading
    // when the agent's file opened took the focus back from it (a flaky failure in CI). Users prompt from
    // the loaded composer, so the test does too.
    await waitFor(() => api.chatViewState().ready, 45_000, 'the chat webview to post `ready`');
    // VS Code gives a view it was asked to focus the focus once its webview has loaded, a moment after `ready`
    // (webview focus is delayed in the workbench): a turn sent at once could open its file before that and lose the
    // focus to it (one flaky failure in CI). A user types the prompt first; the test lets that moment pass.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(editorOf(filePath), undefined);
    await promptAndWait(thread, command);
    await waitFor(() => editorOf(filePath) !== undefined, 5_000, "the tool call's file to open");
  } finally {
    await vscode.workspace
      .getConfiguration('switchboard')
      .update('followAgent', undefined, vscode.ConfigurationTarget.Global);
  }
  return editorOf(filePath)!;
}

suite('Follow the agent (switchboard.followAgent)', () => {
  const created: string[] = [];

  suiteSetup(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    // The turns' changes are the review's until kept: the suites after this one start with none pending.
    // (This suite runs after the Review suites, which use the Demo agent's same two files: run before them,
    // their disk-change and restore checks failed; not understood yet, see the closing note of session 4.)
    const review = (await switchboardApi()).review;
    review?.controller.keepAll();
    for (const filePath of created) fs.rmSync(filePath, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    review?.controller.keepAll();
  });

  test('"reveal" opens the file of the tool call and leaves the focus in the chat', async () => {
    const reviewFile = path.join(workspaceRoot(), REVIEW_DEMO_FILE);
    fs.writeFileSync(reviewFile, REVIEW_DEMO_TEXT);
    created.push(reviewFile);
    const editor = await followTurn('reveal', '/review', reviewFile);
    const before = editor.document.getText();
    await vscode.commands.executeCommand('type', { text: MARK });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(editor.document.getText(), before, 'a key press reached the editor: it had taken the focus');
  });

  test('"focus" opens the file of the tool call and moves the focus there: the next key press lands in it', async () => {
    const diskFile = path.join(workspaceRoot(), DISK_DEMO_FILE);
    fs.writeFileSync(diskFile, 'Before the turn.\n');
    created.push(diskFile);
    const editor = await followTurn('focus', '/diskwrite', diskFile);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, diskFile);
    await waitFor(() => editor.document.getText().includes('Written on disk'), 5_000, 'the disk write to show');
    await vscode.commands.executeCommand('type', { text: MARK });
    await waitFor(() => editor.document.getText().includes(MARK), 5_000, 'the key press to land in the followed file');
  });
});
