// In the real extension host: an ACP v2 agent changes a file on disk itself (never opened, never read through
// Switchboard) and reports it as a diff with a git_patch. The file is pending review with the text before the
// change as its baseline (the patch reversed), the chat's card names kept texts ("Open diff") and shows the file
// pending; Undo restores the file on disk, and after the agent changes it again, Keep keeps it. The same change
// reported without a patch: the card shows the diff of what the watcher saw before (a file it knew), per hunk
// Keep / Undo as with a patch; of a file nothing saw before, the card says so instead of showing no diff.
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

async function modifyAndWait(thread: ThreadController, file: string, how = ''): Promise<void> {
  const ended = nextAction(
    thread,
    (a): a is Extract<ThreadAction, { type: 'turnEnded' | 'turnFailed' | 'agentFailed' }> =>
      a.type === 'turnEnded' || a.type === 'turnFailed' || a.type === 'agentFailed',
    30_000,
  );
  await thread.prompt(`files modify ${file}${how}`);
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

  test('no patch, a file review saw before: the card shows the diff, each hunk kept or undone', async () => {
    const api = await switchboardApi();
    const review = api.review;
    // Written before the turn and opened (not edited): the watcher holds its text from before the change.
    const seen = path.join(workspaceRoot(), 'notes', 'v2-seen.txt');
    fs.writeFileSync(seen, ORIGINAL);
    await vscode.workspace.openTextDocument(seen);
    const thread = await api.newChat(AGENT);
    await modifyAndWait(thread, seen, ' nopatch');
    await waitFor(() => (diffCard(thread, seen)?.revision ?? 0) > 0, 10_000, 'the card naming the texts review found');
    const card = diffCard(thread, seen)!;
    // Both changed lines, with context (one hunk on the card), as with a patch.
    assert.deepEqual([card.diff.added, card.diff.removed], [2, 2]);
    const changed = card.diff.hunks.flatMap((hunk) => hunk.lines.filter((line) => line.kind !== 'ctx'));
    assert.deepEqual(
      changed.map((line) => `${line.kind} ${line.text}`),
      ['del line 2', 'add LINE 2', 'del line 9', 'add LINE 9'],
    );
    assert.deepEqual(review.controller.texts.texts({ path: seen, revision: card.revision }), {
      before: ORIGINAL,
      after: CHANGED,
    });
    const reviewed = findFile(review.controller.store.state, seen)!;
    assert.equal(reviewed.baseline, ORIGINAL);
    assert.equal(fileHunks(reviewed).length, 2);
    await vscode.commands.executeCommand('switchboard.review.undoHunk', seen, 0);
    await waitFor(
      () => fs.readFileSync(seen, 'utf8') === ORIGINAL.replace('line 9\n', 'LINE 9\n'),
      5000,
      'the first hunk undone on disk, the second still there',
    );
    await vscode.commands.executeCommand('switchboard.review.keepHunk', seen, 0);
    assert.equal(findFile(review.controller.store.state, seen)?.resolution, 'kept');
    await thread.dispose();
    fs.rmSync(seen, { force: true });
  });

  test('no patch, a file nothing saw before: the card says so (and it is listed, with nothing to undo)', async () => {
    const api = await switchboardApi();
    const unseen = path.join(workspaceRoot(), 'notes', 'v2-unseen.txt');
    assert.equal(fs.readFileSync(unseen, 'utf8'), ORIGINAL);
    const thread = await api.newChat(AGENT);
    await modifyAndWait(thread, unseen, ' nopatch');
    await waitFor(() => diffCard(thread, unseen)?.beforeUnknown === true, 10_000, 'the card saying nothing is known');
    assert.equal(diffCard(thread, unseen)!.diff.hunks.length, 0);
    assert.deepEqual(
      api.review.source.files([unseen]).map((state) => state.status),
      ['unknown'],
    );
    await thread.dispose();
    fs.writeFileSync(unseen, ORIGINAL);
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
