// Limits and draft switches are the user's: a repository's .vscode/settings.json
// (what a cloned repository brings) could raise switchboard.maxMessageSizeMiB to a million MiB and
// switch draft ACP features on. Written into the open folder's settings file as a repository would,
// they must not apply; the same values in user settings do.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { transportSettings } from '../../src/vscode/agents/agentCatalog';
import { maxBinaryBytes, maxCheckpointBytes, turnLimits } from '../../src/vscode/review/reviewFeature';
import { settings } from '../../src/vscode/settings';
import { waitFor, workspaceRoot } from './helpers';

const MIB = 1024 * 1024;

const REPOSITORY_SETTINGS = {
  'switchboard.maxMessageSizeMiB': 1_000_000,
  'switchboard.initializeTimeoutSeconds': 3600,
  'switchboard.review.maxFilesPerTurn': 100_000,
  'switchboard.review.maxMiBPerTurn': 1024,
  'switchboard.review.maxBinaryMiB': 1024,
  'switchboard.checkpoints.maxDiskMiB': 102_400,
  'switchboard.experimental.elicitation': true,
  'switchboard.experimental.fork': true,
};

suite('Limits and draft switches come from user settings only', () => {
  let settingsFile: string;
  let original: string;

  suiteSetup(async () => {
    settingsFile = path.join(workspaceRoot(), '.vscode', 'settings.json');
    original = fs.readFileSync(settingsFile, 'utf8');
    // A marker the test can see arrive: the file was read again once it applies.
    const marker = `**/marker-${Date.now()}`;
    fs.writeFileSync(
      settingsFile,
      JSON.stringify({ 'files.exclude': { [marker]: true }, ...REPOSITORY_SETTINGS }, null, 2),
    );
    await waitFor(
      () => vscode.workspace.getConfiguration('files').get<Record<string, boolean>>('exclude')?.[marker] === true,
      10_000,
      "the workspace's settings file to be read again",
    );
  });

  suiteTeardown(async () => {
    fs.writeFileSync(settingsFile, original);
    const config = vscode.workspace.getConfiguration('switchboard');
    await config.update('maxMessageSizeMiB', undefined, vscode.ConfigurationTarget.Global);
    await config.update('experimental.fork', undefined, vscode.ConfigurationTarget.Global);
    await config.update('review.maxFilesPerTurn', undefined, vscode.ConfigurationTarget.Global);
  });

  test("a repository's values do not apply", () => {
    const transport = transportSettings();
    assert.equal(transport.maxMessageBytes, 64 * MIB);
    assert.equal(transport.initializeTimeoutMs, 30_000);
    assert.deepEqual(transport.experimental, { fork: false });
    // Elicitation is stable and on by default; the repository's old experimental key changes nothing.
    assert.equal(transport.elicitation, true);
    assert.deepEqual(transport.notes, []);
    assert.equal(turnLimits().maxFiles, 200);
    assert.equal(turnLimits().maxBytes, 20 * MIB);
    assert.equal(maxCheckpointBytes(), 100 * MIB);
    assert.equal(maxBinaryBytes(), 16 * MIB);
  });

  test('VS Code itself keeps them out of the workspace (they are machine-scoped, as switchboard.fs.* are)', () => {
    const config = vscode.workspace.getConfiguration('switchboard');
    for (const key of Object.keys(REPOSITORY_SETTINGS)) {
      const inspected = config.inspect(key.slice('switchboard.'.length));
      assert.equal(inspected?.workspaceValue, undefined, key);
    }
    assert.equal(config.get('maxMessageSizeMiB'), 64);
    assert.equal(config.get('experimental.elicitation'), false);
  });

  test("the user's own values do, the workspace ones still ignored", async () => {
    const config = vscode.workspace.getConfiguration('switchboard');
    await config.update('maxMessageSizeMiB', 128, vscode.ConfigurationTarget.Global);
    await config.update('experimental.fork', true, vscode.ConfigurationTarget.Global);
    await waitFor(() => transportSettings().maxMessageBytes === 128 * MIB, 10_000, 'the user value to apply');
    assert.deepEqual(transportSettings().experimental, { fork: true });
  });

  test("a user value out of bounds gets the nearest bound, and the window is told; a repository's is not applied", async () => {
    const config = vscode.workspace.getConfiguration('switchboard');
    await config.update('maxMessageSizeMiB', 5000, vscode.ConfigurationTarget.Global);
    await config.update('review.maxFilesPerTurn', 'all', vscode.ConfigurationTarget.Global);
    await waitFor(() => settings.problems().length === 2, 10_000, 'the user values to be read');
    assert.equal(transportSettings().maxMessageBytes, 1024 * MIB);
    assert.equal(turnLimits().maxFiles, 200);
    assert.deepEqual(settings.problems(), [
      'switchboard.maxMessageSizeMiB is 5000, but it takes a whole number from 1 to 1024; 1024 applies.',
      'switchboard.review.maxFilesPerTurn must be a whole number, not "all"; its default, 200, applies.',
    ]);
  });
});
