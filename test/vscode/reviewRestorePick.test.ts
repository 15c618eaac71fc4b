// "Switchboard: Restore Checkpoint..." in the real editor: the quick pick lists the checkpoint newest
// first with its prompt text and file count, with no chat to click on (as after a window reload; a
// real reload is in the journey, test/journey/sessionSteps.mjs); picking it goes through the usual
// confirmation (flagging the file the user edited), brings both files back, and "Undo Restore" puts
// back what it replaced. The registered command uses the same pick.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { RESTORE_BUTTONS, type RestoreDialogs } from '../../src/vscode/review/checkpointService';
import type { ReviewFeature } from '../../src/vscode/review/reviewFeature';
import type { CheckpointPick } from '../../src/review/checkpointPicks';
import { revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

async function review(): Promise<ReviewFeature> {
  const api = await switchboardApi();
  assert.ok(api.review, 'activate() exposes review');
  return api.review;
}

const unexpected = (what: string) => async (): Promise<never> => {
  throw new Error(`unexpected ${what}`);
};

suite('Restore Checkpoint... (pick a stored checkpoint)', () => {
  let dir: string;

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(workspaceRoot(), 'review-pick-'));
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the pick lists the checkpoint; restoring through it brings the files back and can be undone', async () => {
    const feature = await review();
    const editedFile = path.join(dir, 'edited.md');
    const otherFile = path.join(dir, 'other.md');
    fs.writeFileSync(editedFile, 'e0\n');
    fs.writeFileSync(otherFile, 'o0\n');
    feature.checkpoints.touch(editedFile);
    feature.checkpoints.touch(otherFile);
    const threadId = `pick-${Date.now()}`;
    await feature.checkpoints.beforePrompt(threadId, 'entry-1', 'pick test', '  Refactor the\n\nparser,   please  ');
    // The agent changes both files; the user then edits one of them in the editor (unsaved).
    fs.writeFileSync(editedFile, 'e1\n');
    fs.writeFileSync(otherFile, 'o1\n');
    const document = await vscode.workspace.openTextDocument(editedFile);
    await waitFor(() => document.getText() === 'e1\n', 5_000, 'the editor to see the agent change');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), 'mine\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const userText = document.getText();

    const newest = (await feature.checkpoints.store.list()).filter((manifest) => manifest.kind === 'prompt').pop();
    assert.ok(newest);
    assert.equal(newest.prompt, 'Refactor the parser, please', 'the manifest records the prompt, flattened');

    const original = feature.checkpoints.dialogs;
    const picked: CheckpointPick[][] = [];
    const asked: { message: string; detail: string; buttons: string[] }[] = [];
    let answerNotification: (choice: string | undefined) => void = () => undefined;
    const notified = new Promise<string>((resolve) => {
      const dialogs: RestoreDialogs = {
        pick: async (items) => {
          picked.push(items);
          return items.find((item) => item.checkpointId === newest.id);
        },
        confirm: async (message, detail, buttons) => {
          asked.push({ message, detail, buttons });
          return RESTORE_BUTTONS.all;
        },
        restored: (message, undoAction) => {
          resolve(`${message} [${undoAction}]`);
          return new Promise((answer) => (answerNotification = answer));
        },
      };
      feature.checkpoints.dialogs = dialogs;
    });
    try {
      assert.equal(feature.checkpoints.hasCheckpoint(threadId, 'entry-1'), true);
      const restored = await feature.checkpoints.pickAndRestore();

      assert.equal(picked.length, 1);
      const [first] = picked[0]!;
      const fileCount = Object.keys(newest.files).length;
      assert.deepEqual(first, {
        checkpointId: newest.id,
        label: first!.label,
        description: fileCount === 1 ? '1 file' : `${fileCount} files`,
        detail: '“Refactor the parser, please”',
      });
      assert.match(first.label, /^just now · \d\d:\d\d$/, 'newest first, with when it was taken');

      assert.equal(asked.length, 1);
      assert.match(asked[0]!.message, /Restore 2 files to how they were/);
      assert.match(asked[0]!.detail, /edited\.md — you edited it since/, 'the user’s edit is flagged');
      assert.match(asked[0]!.detail, /other\.md\n/);

      assert.deepEqual(restored.sort(), [editedFile, otherFile]);
      assert.equal(document.getText(), 'e0\n');
      assert.equal(fs.readFileSync(otherFile, 'utf8'), 'o0\n');

      assert.equal(await notified, `Switchboard restored 2 files. [${RESTORE_BUTTONS.undo}]`);
      answerNotification(RESTORE_BUTTONS.undo);
      await waitFor(
        () => fs.readFileSync(otherFile, 'utf8') === 'o1\n',
        5_000,
        'Undo Restore to bring the agent’s text back',
      );
      await waitFor(() => document.getText() === userText, 5_000, 'Undo Restore to bring the user’s edit back');
    } finally {
      feature.checkpoints.dialogs = original;
    }
  });

  test('the command shows the same pick; dismissing it restores nothing', async () => {
    const feature = await review();
    const newest = (await feature.checkpoints.store.list()).filter((manifest) => manifest.kind === 'prompt').pop();
    assert.ok(newest, 'the previous test left a checkpoint');
    const original = feature.checkpoints.dialogs;
    const picked: CheckpointPick[][] = [];
    feature.checkpoints.dialogs = {
      pick: async (items) => {
        picked.push(items);
        return undefined;
      },
      confirm: unexpected('confirmation'),
      restored: unexpected('notification'),
    };
    try {
      const restored = await vscode.commands.executeCommand<string[]>('switchboard.restoreCheckpoint');
      assert.deepEqual(restored, []);
      assert.equal(picked.length, 1);
      assert.equal(picked[0]![0]!.checkpointId, newest.id);
      assert.ok(
        picked[0]!.every(
          (item, index) =>
            index === 0 || Number(item.checkpointId.slice(3)) < Number(picked[0]![index - 1]!.checkpointId.slice(3)),
        ),
        'newest first',
      );
    } finally {
      feature.checkpoints.dialogs = original;
    }
  });
});
