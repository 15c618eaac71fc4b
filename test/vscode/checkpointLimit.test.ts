// switchboard.checkpoints.maxDiskMiB in the real editor: the limit is the user's setting as VS Code
// reports it (read at each checkpoint), and when the checkpoints need more, the oldest are dropped.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReviewFeature } from '../../src/vscode/review/reviewFeature';
import { switchboardApi, waitFor, workspaceRoot } from './helpers';

const KiB = 1024;

async function review(): Promise<ReviewFeature> {
  const api = await switchboardApi();
  assert.ok(api.review, 'activate() exposes review');
  return api.review;
}

suite('Checkpoint disk limit (switchboard.checkpoints.maxDiskMiB)', () => {
  let dir: string;

  suiteSetup(() => {
    dir = fs.mkdtempSync(path.join(workspaceRoot(), 'checkpoint-limit-'));
  });

  suiteTeardown(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('over the limit set in VS Code the oldest checkpoints are dropped; under the default they are kept', async () => {
    const feature = await review();
    const file = path.join(dir, 'big.txt');
    const threadId = `limit-${Date.now()}`;
    const run = `run ${Date.now()}`;
    /** Writes 600 KiB the store cannot share with another checkpoint, then takes the prompt's checkpoint. */
    const prompt = async (n: number): Promise<void> => {
      fs.writeFileSync(file, randomBytes(300 * KiB).toString('hex'));
      await feature.checkpoints.beforePrompt(threadId, `entry-${n}`, `${run} #${n}`);
    };
    const kept = async (): Promise<string[]> =>
      (await feature.checkpoints.store.list())
        .map((manifest) => manifest.label)
        .filter((label) => label.startsWith(run))
        .map((label) => label.slice(run.length + 1));

    // The test's writes are the user's: not within the grace after an earlier suite's agent turn, when a disk
    // change still counts as the agent's (and the checkpoint would take its text from before the change).
    await waitFor(() => !feature.controller.store.isAgentTime(), 10_000, 'the end of the grace after the last turn');
    feature.checkpoints.touch(file);
    const config = vscode.workspace.getConfiguration('switchboard');
    const limitIs = (value: number): boolean =>
      vscode.workspace.getConfiguration('switchboard').get<number>('checkpoints.maxDiskMiB') === value;
    await config.update('checkpoints.maxDiskMiB', 1, vscode.ConfigurationTarget.Global);
    // The update resolves once the settings file is written; the extension host may see it a moment later.
    await waitFor(() => limitIs(1), 10_000, 'the 1 MiB limit to reach the extension host');
    try {
      await prompt(1);
      await prompt(2);
      // 1.2 MiB of blobs with a 1 MiB limit: the older one goes.
      assert.deepEqual(await kept(), ['#2']);
      await prompt(3);
      assert.deepEqual(await kept(), ['#3']);
      assert.ok((await feature.checkpoints.store.diskUse()) <= 1024 * KiB);
    } finally {
      await config.update('checkpoints.maxDiskMiB', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => limitIs(100), 10_000, 'the default limit back in the extension host');
    // The default (100 MiB) keeps them all.
    await prompt(4);
    await prompt(5);
    assert.deepEqual(await kept(), ['#3', '#4', '#5']);
  });
});
