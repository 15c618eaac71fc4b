// In the real extension host: an ACP v2 agent changes a file on disk itself (never opened, never read through
// Switchboard) and reports it as a diff with a git_patch. The file is pending review with the text before the
// change as its baseline (the patch reversed), the chat's card names kept texts ("Open diff") and shows the file
// pending; Undo restores the file on disk, and after the agent changes it again, Keep keeps it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fileHunks, findFile } from '../../src/review/reviewModel';
import type { ThreadController } from '../../src/session/api';
import type { ThreadAction } from '../../src/shared/actions';
import { EXTENSION_ID, nextAction, revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

const AGENT = 'review-v2-files';
const ORIGINAL = Array.from({ length: 12 }, (_, i) => `line ${i + 1}\n`).join('');
const CHANGED = ORIGINAL.replace('line 2\n', 'LINE 2\n').replace('line 9\n', 'LINE 9\n');

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('switchboard');
}

async function modifyAndWait(thread: ThreadController, file: string): Promise<void> {
  const ended = nextAction(
    thread,
    (a): a is Extract<ThreadAction, { type: 'turnEnded' | 'turnFailed' | 'agentFailed' }> =>
      a.type === 'turnEnded' || a.type === 'turnFailed' || a.type === 'agentFailed',
    30_000,
  );
  await thread.prompt(`files modify ${file}`);
  assert.deepEqual(await ended, { type: 'turnEnded', stopReason: 'end_turn' });
}

function diffCard(thread: ThreadController, file: string) {
  for (const entry of thread.snapshot().state.entries)
    if (entry.kind === 'tool')
      for (const item of entry.tool.content) if (item.type === 'diff' && item.path === file) return item;
  return undefined;
}

suite('Review of an ACP v2 agent’s own on-disk edit', () => {
  let file: string;

  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    await config().update('acpV2', true, vscode.ConfigurationTarget.Global);
    await config().update(
      'agents',
      {
        [AGENT]: {
          displayName: 'v2 files',
          command: process.execPath,
          args: [script, '--scenario', 'v2-files'],
          env: { ELECTRON_RUN_AS_NODE: '1' },
        },
      },
      vscode.ConfigurationTarget.Global,
    );
    // In the sample workspace from the start and never opened: the watcher has no text of it from before.
    file = path.join(workspaceRoot(), 'notes', 'v2-review.txt');
    assert.equal(fs.readFileSync(file, 'utf8'), ORIGINAL);
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    for (const key of ['agents', 'acpV2']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    fs.writeFileSync(file, ORIGINAL);
  });

  test('the reported change is pending with its baseline; Undo restores the disk; Keep keeps it', async () => {
    const api = await switchboardApi();
    const review = api.review;
    const thread = await api.newChat(AGENT);
    await modifyAndWait(thread, file);
    assert.equal(fs.readFileSync(file, 'utf8'), CHANGED);

    await waitFor(
      () => findFile(review.controller.store.state, file)?.baseline === ORIGINAL,
      10_000,
      'the file pending review with the text before the change as its baseline',
    );
    const reviewed = findFile(review.controller.store.state, file)!;
    assert.equal(reviewed.current, CHANGED);
    assert.equal(fileHunks(reviewed).length, 2, 'two hunks (lines 2 and 9), each with Keep / Undo');
    assert.deepEqual(
      review.source.files([file]).map((state) => ({ status: state.status, hunks: state.hunks })),
      [{ status: 'pending', hunks: 2 }],
    );
    await waitFor(() => (diffCard(thread, file)?.revision ?? 0) > 0, 5000, 'the card naming kept texts');
    const card = diffCard(thread, file)!;
    assert.deepEqual(review.controller.texts.texts({ path: file, revision: card.revision }), {
      before: ORIGINAL,
      after: CHANGED,
    });

    await review.resolveFile(file, 'undo');
    await waitFor(() => fs.readFileSync(file, 'utf8') === ORIGINAL, 5000, 'the file restored on disk');

    await modifyAndWait(thread, file);
    await waitFor(
      () => findFile(review.controller.store.state, file)?.resolution === null,
      10_000,
      'the second change pending',
    );
    await review.resolveFile(file, 'keep');
    assert.equal(findFile(review.controller.store.state, file)?.resolution, 'kept');
    assert.equal(fs.readFileSync(file, 'utf8'), CHANGED);
    await thread.dispose();
  });
});
