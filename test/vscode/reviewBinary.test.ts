// In the real extension host: an ACP v2 agent changes binary files on disk itself and reports them with
// `fileType: binary`. Each is reviewed whole: one Keep / Undo, no hunks. An added file's Undo deletes it; a
// file the tool call named before it ran (its bytes copied then) is restored to exactly those bytes by Undo,
// after a modify and after a delete; Keep keeps the agent's bytes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findFile, summarize } from '../../src/review/reviewModel';
import type { ThreadController } from '../../src/session/api';
import type { ThreadAction } from '../../src/shared/actions';
import { EXTENSION_ID, nextAction, revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

const AGENT = 'review-v2-binary';

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('switchboard');
}

/** The bytes test/fixtures/scripted/v2Files.mjs writes (its binaryBytes). */
function binaryBytes(seed: number): Buffer {
  return Buffer.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0,
    0,
    0,
    seed,
    ...Array.from({ length: 64 }, (_, i) => (i * seed) % 256),
  ]);
}

async function turn(thread: ThreadController, prompt: string): Promise<void> {
  const ended = nextAction(
    thread,
    (a): a is Extract<ThreadAction, { type: 'turnEnded' | 'turnFailed' | 'agentFailed' }> =>
      a.type === 'turnEnded' || a.type === 'turnFailed' || a.type === 'agentFailed',
    30_000,
  );
  await thread.prompt(prompt);
  assert.deepEqual(await ended, { type: 'turnEnded', stopReason: 'end_turn' });
}

suite('Review of an ACP v2 agent’s binary files', () => {
  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    await config().update('acpV2', true, vscode.ConfigurationTarget.Global);
    await config().update(
      'agents',
      {
        [AGENT]: {
          displayName: 'v2 binary',
          command: process.execPath,
          args: [script, '--scenario', 'v2-files'],
          env: { ELECTRON_RUN_AS_NODE: '1' },
        },
      },
      vscode.ConfigurationTarget.Global,
    );
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    for (const key of ['agents', 'acpV2']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  test('added: pending whole, Undo deletes it', async () => {
    const api = await switchboardApi();
    const review = api.review;
    const file = path.join(workspaceRoot(), 'assets', 'added.bin');
    const thread = await api.newChat(AGENT);
    await turn(thread, `files binary add ${file}`);
    await waitFor(() => findFile(review.controller.store.state, file)?.resolution === null, 10_000, 'the file pending');
    const reviewed = findFile(review.controller.store.state, file)!;
    assert.equal(reviewed.binary, true);
    assert.deepEqual(
      review.source.files([file]).map((state) => [state.status, state.hunks, state.binary]),
      [['pending', 0, true]],
    );
    assert.equal(summarize(reviewed).created, true);
    // The Changes view lists it as a binary file; clicking it opens the file (no text diff to show).
    const listed = review.changes.items().find((item) => item.path === file)!;
    const treeItem = review.changes.getTreeItem(listed);
    assert.match(String(treeItem.description), /^binary file · new · agent · pending$/);
    assert.equal(treeItem.command?.command, 'vscode.open');
    await review.resolveFile(file, 'undo');
    await waitFor(() => !fs.existsSync(file), 5000, 'the added binary file deleted by Undo');
    assert.equal(findFile(review.controller.store.state, file)?.resolution, 'undone');
    await thread.dispose();
  });

  test('named before the change: Undo restores its exact bytes after a modify and after a delete; Keep keeps', async () => {
    const api = await switchboardApi();
    const review = api.review;
    // In the sample workspace from the start and never opened: only the tool call naming it copies its bytes.
    const file = path.join(workspaceRoot(), 'assets', 'logo.bin');
    const original = fs.readFileSync(file);
    assert.deepEqual(original, binaryBytes(1));
    const thread = await api.newChat(AGENT);

    await turn(thread, `files binary modify ${file}`);
    await waitFor(
      () => {
        const reviewed = findFile(review.controller.store.state, file);
        return reviewed !== undefined && summarize(reviewed).status === 'pending';
      },
      10_000,
      'the modified binary file pending',
    );
    assert.notDeepEqual(fs.readFileSync(file), original);
    await review.resolveFile(file, 'undo');
    await waitFor(() => fs.readFileSync(file).equals(original), 5000, 'the exact bytes before, back on disk');

    await turn(thread, `files binary delete ${file}`);
    await waitFor(
      () => findFile(review.controller.store.state, file)?.current === null,
      10_000,
      'the deletion pending',
    );
    await review.resolveFile(file, 'undo');
    await waitFor(() => fs.existsSync(file) && fs.readFileSync(file).equals(original), 5000, 'the deleted file back');

    await turn(thread, `files binary modify ${file}`);
    await waitFor(
      () => findFile(review.controller.store.state, file)?.resolution === null,
      10_000,
      'the next change pending',
    );
    const changed = fs.readFileSync(file);
    await review.resolveFile(file, 'keep');
    assert.equal(findFile(review.controller.store.state, file)?.resolution, 'kept');
    assert.deepEqual(fs.readFileSync(file), changed);
    await thread.dispose();
    fs.writeFileSync(file, original);
  });
});
