// "Compare Agents" in the real extension host with two scripted agents (real child processes configured through the
// real switchboard.agents setting): one prompt with a context file goes to both, each in a worktree of its own (the
// file named in the worktree, never the workspace); the comparison shows each answer, tool calls and changed files
// with their diffs; Run tests runs the test command in each worktree; a follow-up goes to one chat only; Take this
// one brings that chat's change into the workspace as pending review and discards the other chat and its worktree;
// the comparison's tab comes back from its saved state after a reload.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findFile } from '../../src/review/reviewModel';
import type { CompareView } from '../../src/shared/compare';
import { EXTENSION_ID, revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

const FIRST = 'compare-first';
const SECOND = 'compare-second';
const FILE = 'compare-notes.txt';
/** Each agent appends a line naming its worktree (its id is the folder above the copy), so the two differ. */
const PROMPT = `edit:${JSON.stringify({ command: 'sh', args: ['-c', `echo "by $(basename "$(dirname "$PWD")")" >> ${FILE}`] })}`;

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('switchboard');
}

suite('Compare Agents', () => {
  let records: string;

  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    records = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-compare-'));
    const entry = (name: string, id: string) => ({
      displayName: name,
      command: process.execPath,
      args: [script, '--scenario', 'terminals', '--record', path.join(records, `${id}.jsonl`)],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    await config().update(
      'agents',
      { [FIRST]: entry('First agent', FIRST), [SECOND]: entry('Second agent', SECOND) },
      vscode.ConfigurationTarget.Global,
    );
  });
  setup(() => fs.writeFileSync(path.join(workspaceRoot(), FILE), 'start\n'));
  teardown(revertAndCloseAll);
  suiteTeardown(async () => {
    await config().update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config().update('compare.testCommand', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(path.join(workspaceRoot(), FILE), { force: true });
  });

  test('one prompt to two agents in worktrees of their own, compared, tested, followed up; Take this one keeps one', async () => {
    const api = await switchboardApi();
    const target = path.join(workspaceRoot(), FILE);
    const live = await api.comparisons.start({ text: PROMPT, context: [{ kind: 'file', path: target }] }, [
      FIRST,
      SECOND,
    ]);
    assert.ok(live, 'the comparison started');
    const doneView = async (): Promise<CompareView> => {
      await waitFor(
        () => live.view().columns.every((column) => column.state === 'done' && column.files.length === 1),
        20_000,
        'both done with one changed file',
      ).catch((error: Error) => {
        const seen = live.view().columns.map((c) => ({
          state: c.state,
          detail: c.detail,
          files: c.files,
          filesError: c.filesError,
          answer: c.answer.slice(0, 300),
        }));
        throw new Error(`${error.message}: ${JSON.stringify(seen)}`);
      });
      return live.view();
    };
    const view = await doneView();
    const [first, second] = view.columns;
    assert.ok(first && second);
    assert.deepEqual([first.agentName, second.agentName], ['First agent', 'Second agent']);
    assert.notEqual(first.worktreeFolder, second.worktreeFolder, 'a worktree each');
    for (const column of [first, second]) {
      assert.ok(!column.worktreeFolder.startsWith(workspaceRoot()), 'the worktree is outside the workspace');
      const line = `by ${path.basename(path.dirname(column.worktreeFolder))}`;
      assert.equal(fs.readFileSync(path.join(column.worktreeFolder, FILE), 'utf8'), `start\n${line}\n`);
      assert.equal(column.files[0]!.path, FILE);
      assert.equal(column.files[0]!.kind, 'modified');
      assert.equal(column.files[0]!.diff?.added, 1);
      assert.ok(column.toolCallCount >= 1, 'its tool calls are counted');
      assert.match(column.answer, /terminal\/create/, 'its answer is shown');
      assert.ok(column.elapsedMs > 0, 'its time is counted');
    }
    assert.equal(fs.readFileSync(target, 'utf8'), 'start\n', 'the workspace is untouched while they work');

    // The context file reached each agent as its worktree's copy, never the workspace's file.
    for (const [id, column] of [
      [FIRST, first],
      [SECOND, second],
    ] as const) {
      const sent = fs.readFileSync(path.join(records, `${id}.jsonl`), 'utf8');
      const promptLine = sent.split('\n').find((line) => line.includes('"session/prompt"'));
      assert.ok(promptLine, `${id} got the prompt`);
      assert.ok(promptLine.includes(path.join(column.worktreeFolder, FILE)), `${id} got its worktree's copy`);
      assert.ok(!promptLine.includes(`"file://${target}"`), `${id} did not get the workspace's file`);
    }

    // Run tests in each worktree: the command runs there (passes where the agent's line is).
    await config().update('compare.testCommand', `grep -q "^by " ${FILE}`, vscode.ConfigurationTarget.Global);
    await api.comparisons.runTests(live, undefined);
    await waitFor(
      () => live.view().columns.every((column) => column.tests?.state === 'passed'),
      10_000,
      'the tests passing in each worktree',
    );
    await config().update('compare.testCommand', 'exit 4', vscode.ConfigurationTarget.Global);
    await api.comparisons.runTests(live, second.threadId);
    await waitFor(() => live.view().columns[1]!.tests?.state === 'failed', 10_000, 'the failing run');
    assert.equal(live.view().columns[1]!.tests?.exitCode, 4);
    assert.equal(live.view().columns[0]!.tests?.state, 'passed', 'only the chosen worktree ran again');

    // A follow-up to the second agent only.
    const turnsOf = (threadId: string) =>
      api
        .chats()
        .find((thread) => thread.threadId === threadId)!
        .snapshot()
        .state.entries.filter((entry) => entry.kind === 'user').length;
    await api.comparisons.followUp(live, PROMPT, second.threadId);
    await waitFor(
      () => turnsOf(second.threadId) === 2 && live.view().columns[1]!.state === 'done',
      20_000,
      'the follow-up',
    );
    assert.equal(turnsOf(first.threadId), 1, 'the first chat got no follow-up');

    // Take the first: its change comes back for review; the second chat and its worktree are gone.
    await api.comparisons.take(live, first.threadId, async () => true);
    const firstLine = `by ${path.basename(path.dirname(first.worktreeFolder))}`;
    assert.equal(fs.readFileSync(target, 'utf8'), `start\n${firstLine}\n`);
    assert.ok(findFile(api.review.controller.store.state, target), 'the change is under review');
    assert.equal(api.review.controller.pendingCount(first.threadId), 1);
    assert.ok(!api.chats().some((thread) => thread.threadId === second.threadId), 'the other chat is closed');
    assert.ok(!fs.existsSync(second.worktreeFolder), "the other chat's worktree is deleted");
    await waitFor(() => live.view().taken === first.threadId, 5000, 'the view says which was taken');
    assert.equal(live.view().columns[1]!.state, 'closed');

    // After a reload, the tab's saved state brings the comparison back.
    const panel = vscode.window.createWebviewPanel('switchboard.compare', 'restored', vscode.ViewColumn.Active);
    await api.comparisons.deserializeWebviewPanel(panel, { comparisonId: view.id });
    await waitFor(() => panel.title.startsWith('Compare:'), 5000, 'the restored tab shows the comparison');
    panel.dispose();

    await api.review.resolveSession(first.threadId, 'keep');
    assert.equal(
      await api.worktrees.discard(
        api.chats().find((t) => t.threadId === first.threadId)!,
        async () => true,
      ),
      true,
    );
  });

  test('one agent run twice: two chats of it, each in its own worktree, compared like two agents', async () => {
    const api = await switchboardApi();
    const live = await api.comparisons.start({ text: PROMPT, context: [] }, [FIRST, FIRST]);
    assert.ok(live);
    await waitFor(
      () => live.view().columns.every((column) => column.state === 'done' && column.files.length === 1),
      20_000,
      'both runs done with their change',
    );
    const [one, two] = live.view().columns;
    assert.ok(one && two);
    assert.notEqual(one.threadId, two.threadId);
    assert.notEqual(one.worktreeFolder, two.worktreeFolder);
    assert.equal(fs.readFileSync(path.join(workspaceRoot(), FILE), 'utf8'), 'start\n', 'the workspace is untouched');
    for (const column of [one, two]) {
      const thread = api.chats().find((candidate) => candidate.threadId === column.threadId)!;
      assert.equal(await api.worktrees.discard(thread, async () => true), true);
    }
  });
});
