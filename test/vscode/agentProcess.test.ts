// Promises about the agent's process, checked from the agent's side with the probe agent (the scripted agent's
// `probe` scenario, test/fixtures/scripted/probe.mjs) configured through the real `switchboard.agents` setting: it
// runs in the workspace folder; Restart, Cancel and an agent that exits leave no process behind (its children
// included); the transport settings are read from VS Code.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ThreadController } from '../../src/session/api';
import { failureWords } from '../../src/shared/failureWords';
import type { Entry } from '../../src/shared/thread';
import { EXTENSION_ID, switchboardApi, waitFor, workspaceRoot } from './helpers';

const PROBE = 'probe';

function probeEntry(extraArgs: string[] = [], env: Record<string, string> = {}) {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
  return {
    displayName: 'Probe',
    command: process.execPath,
    args: [script, '--scenario', 'probe', ...extraArgs],
    env: { ELECTRON_RUN_AS_NODE: '1', ...env },
  };
}

async function configure(settings: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('switchboard');
  for (const [key, value] of Object.entries(settings))
    await config.update(key, value, vscode.ConfigurationTarget.Global);
}

function agentTexts(thread: ThreadController): string[] {
  return thread
    .snapshot()
    .state.entries.filter((e): e is Extract<Entry, { kind: 'agent' }> => e.kind === 'agent')
    .map((e) => e.parts.map((p) => (p.kind === 'text' ? p.text : '')).join(''));
}

/** Sends a probe command and returns the JSON of the `probe: {...}` answer it produced. */
async function ask<T>(thread: ThreadController, command: string): Promise<T> {
  const before = agentTexts(thread).length;
  await thread.prompt(command);
  const answer = agentTexts(thread)
    .slice(before)
    .join('')
    .match(/probe: (\{.*\})/s);
  assert.ok(answer, `no probe answer to "${command}": ${agentTexts(thread).slice(before).join('')}`);
  return JSON.parse(answer[1]!) as T;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number, what: string): Promise<void> {
  await waitFor(() => !alive(pid), 10_000, `${what} (pid ${pid}) to be gone`);
}

suite('The agent process', () => {
  suiteSetup(async () => {
    await configure({ agents: { [PROBE]: probeEntry([], { PROBE_FROM_SETTINGS: 'yes', HOME: '/tmp' }) } });
  });
  suiteTeardown(async () => {
    await configure({ agents: undefined, maxMessageSizeMiB: undefined, initializeTimeoutSeconds: undefined });
  });

  test('runs in the workspace folder, with the env of its settings entry', async () => {
    const api = await switchboardApi();
    const thread = await api.newChat(PROBE);
    assert.equal(thread.snapshot().state.connection.kind, 'ready');
    const info = await ask<{ cwd: string; sessionCwd: string; env: Record<string, string>; home: string }>(
      thread,
      'info',
    );
    const root = fs.realpathSync(workspaceRoot());
    assert.equal(fs.realpathSync(info.cwd), root, 'the process cwd');
    assert.equal(fs.realpathSync(info.sessionCwd), root, 'the cwd of session/new');
    assert.equal(info.env.PROBE_FROM_SETTINGS, 'yes');
    assert.equal(info.home, '/tmp', "HOME from the entry applies over the editor's (the user's word is final)");
    await thread.dispose();
  });

  test('Restart Agent (the command) kills the agent and its children, and starts a new process', async () => {
    const api = await switchboardApi();
    const thread = await api.newChat(PROBE);
    const first = await ask<{ pid: number; childPid: number }>(thread, 'spawn');
    assert.ok(alive(first.childPid));
    await vscode.commands.executeCommand('switchboard.restartAgent');
    await gone(first.pid, 'the old agent');
    await gone(first.childPid, "the old agent's child");
    await waitFor(() => thread.snapshot().state.connection.kind === 'ready', 20_000, 'the restarted agent');
    const second = await ask<{ pid: number; childPid: number }>(thread, 'spawn');
    assert.notEqual(second.pid, first.pid);
    await thread.dispose();
    await gone(second.pid, 'the agent after dispose');
    await gone(second.childPid, "the agent's child after dispose");
  });

  test('an agent that exits mid-turn leaves no child behind, and the chat says it exited', async () => {
    const api = await switchboardApi();
    const thread = await api.newChat(PROBE);
    const facts = await ask<{ pid: number; childPid: number }>(thread, 'spawn');
    await thread.prompt('exit');
    await gone(facts.pid, 'the agent');
    await gone(facts.childPid, "the exited agent's child");
    await waitFor(() => thread.snapshot().state.connection.kind === 'failed', 10_000, 'the chat to show the exit');
    await thread.dispose();
  });

  test('Cancel (the command) ends a running turn as cancelled', async () => {
    const api = await switchboardApi();
    const thread = await api.newChat(PROBE);
    const turn = thread.prompt('slow');
    await waitFor(() => agentTexts(thread).join('').includes('tick 3'), 10_000, 'the slow turn to stream');
    await vscode.commands.executeCommand('switchboard.cancel');
    await turn;
    const ends = thread.snapshot().state.entries.filter((e) => e.kind === 'turnEnd');
    assert.equal((ends.at(-1) as { stopReason?: string } | undefined)?.stopReason, 'cancelled');
    assert.ok(!agentTexts(thread).join('').includes('tick 500'), 'the turn stopped early');
    await thread.dispose();
  });

  test('switchboard.maxMessageSizeMiB is read from the settings: a larger message is dropped, the next one arrives', async () => {
    await configure({ maxMessageSizeMiB: 1 });
    const api = await switchboardApi();
    const thread = await api.newChat(PROBE);
    await thread.prompt(`big ${2 * 1024 * 1024}`);
    const text = agentTexts(thread).join('');
    assert.ok(text.includes('probe: after big'), 'the message after the big one arrives');
    assert.ok(!text.includes('x'.repeat(1024)), 'the 2 MiB message was dropped');
    await thread.dispose();
    await configure({ maxMessageSizeMiB: undefined });
  });

  test('switchboard.initializeTimeoutSeconds is read from the settings', async () => {
    await configure({ initializeTimeoutSeconds: 1, agents: { [PROBE]: probeEntry(['--no-initialize']) } });
    const api = await switchboardApi();
    const thread = await api.newChat(PROBE);
    const connection = thread.snapshot().state.connection;
    assert.equal(connection.kind, 'failed');
    // The failure names the limit it waited for: the setting's 1 s, not the default 30 s.
    assert.deepEqual(connection.failure.reason, { kind: 'initializeTimeout', ms: 1000 });
    assert.equal(failureWords(connection.failure).title, 'The agent did not answer initialize within 1 s');
    await thread.dispose();
    await configure({
      initializeTimeoutSeconds: undefined,
      agents: { [PROBE]: probeEntry([], { PROBE_FROM_SETTINGS: 'yes' }) },
    });
  });

  test('switchboard.review.maxFilesPerTurn and maxMiBPerTurn are read from the settings', async () => {
    const api = await switchboardApi();
    assert.ok(api.review);
    const review = api.review;
    const root = workspaceRoot();
    const written = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => path.join(root, `${prefix}write-${i + 1}.txt`));
    const listed = (prefix: string) =>
      review.changes.items().filter((item) => path.basename(item.path).startsWith(`${prefix}write-`)).length;
    const clean = async () => {
      await vscode.commands.executeCommand('switchboard.review.keepAll');
      for (const file of [...written('files-', 4), ...written('bytes-', 3)]) fs.rmSync(file, { force: true });
    };
    try {
      await clean();
      await configure({ 'review.maxFilesPerTurn': 2 });
      let thread = await api.newChat(PROBE);
      await ask(thread, 'write 4 10 files-');
      await waitFor(() => listed('files-') >= 2, 10_000, 'the tracked disk writes in Changes');
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(listed('files-'), 2, 'only maxFilesPerTurn files are tracked');
      await thread.dispose();

      await clean();
      await configure({ 'review.maxFilesPerTurn': undefined, 'review.maxMiBPerTurn': 1 });
      thread = await api.newChat(PROBE);
      // Three files of 600 KiB: the third passes the 1 MiB budget of the turn.
      await ask(thread, `write 3 ${600 * 1024} bytes-`);
      await waitFor(() => listed('bytes-') >= 1, 10_000, 'the tracked disk writes in Changes');
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(listed('bytes-'), 1, 'a second 600 KiB file would pass the 1 MiB budget of the turn');
      await thread.dispose();
    } finally {
      await configure({ 'review.maxFilesPerTurn': undefined, 'review.maxMiBPerTurn': undefined });
      await clean();
    }
  });
});
