// "Run tests" of a comparison: the workspace's test command (switchboard.compare.testCommand, else what the project's
// files suggest, else asked once and remembered for the workspace) run in each compared chat's worktree, its result
// on its column, its whole output (bounded) a click away.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXAMPLE_TEST_COMMAND, MAKEFILE, PACKAGE_JSON, suggestTestCommand } from '../../chat/compare/testCommand';
import type { CompareTestRun } from '../../shared/compare';
import { outputTail, runCommand, type RunningCommand } from '../../terminals/commandRun';
import { settings } from '../settings';
import type { LiveComparison } from './liveComparison';

const ASKED_KEY = 'switchboard.compare.askedTestCommand';
/** The package files read to suggest a command: small ones only. */
const MAX_PROJECT_FILE_BYTES = 1024 * 1024;

export class CompareTests {
  private suggested: string | null = null;
  private readonly running = new Map<string, RunningCommand>();
  private readonly outputs = new Map<string, string>();

  constructor(private readonly workspaceState: vscode.Memento) {}

  /** The command Run tests runs now; null when it would ask. Reads what was looked up last (see `refresh`). */
  command(): string | null {
    const set = settings.get('compare.testCommand').trim();
    if (set !== '') return set;
    return this.workspaceState.get<string>(ASKED_KEY) ?? this.suggested;
  }

  /** Looks at the first workspace folder's project files again for a suggestion. */
  async refresh(): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.find((candidate) => candidate.uri.scheme === 'file');
    this.suggested = folder ? await suggestFor(folder.uri.fsPath) : null;
  }

  /** Runs the tests in the worktree of each chat named (or every open one); asks for the command where none is known. */
  async run(live: LiveComparison, threadIds: readonly string[]): Promise<void> {
    // The tests are the workspace's code (and what the agents wrote): Restricted Mode runs none of it.
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          "Running the workspace's tests needs a trusted workspace (Restricted Mode runs none of its code).",
        ),
      );
      return;
    }
    await this.refresh();
    let command = this.command();
    if (command === null) {
      const typed = await vscode.window.showInputBox({
        title: vscode.l10n.t('Run tests in each worktree'),
        prompt: vscode.l10n.t(
          'The command that runs the workspace\'s tests (run in each worktree with a shell; the setting "switchboard.compare.testCommand" sets it for good).',
        ),
        placeHolder: EXAMPLE_TEST_COMMAND,
        ignoreFocusOut: true,
      });
      if (!typed?.trim()) return;
      command = typed.trim();
      await this.workspaceState.update(ASKED_KEY, command);
    }
    await Promise.all(threadIds.map((threadId) => this.runOne(live, threadId, command)));
  }

  /** The whole output of the chat's last run, in an editor. */
  async showOutput(threadId: string): Promise<void> {
    const output = this.outputs.get(threadId);
    if (output === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No test output is kept for that chat in this window.'));
      return;
    }
    const document = await vscode.workspace.openTextDocument({ content: output, language: 'log' });
    await vscode.window.showTextDocument(document, { preview: true });
  }

  stopAll(): void {
    for (const run of this.running.values()) run.stop();
  }

  private async runOne(live: LiveComparison, threadId: string, command: string): Promise<void> {
    const column = live.record.columns.find((candidate) => candidate.threadId === threadId);
    if (!column || this.running.has(threadId)) return;
    const startedAt = Date.now();
    const failed = (error: string): CompareTestRun => ({ state: 'error', command, startedAt, tail: '', error });
    if (!existsSync(column.worktreeFolder)) {
      live.setTests(threadId, failed(vscode.l10n.t('The worktree is gone ({0}).', column.worktreeFolder)));
      return;
    }
    live.setTests(threadId, { state: 'running', command, startedAt, tail: '' });
    const timeoutMinutes = vscode.workspace
      .getConfiguration('switchboard')
      .get<number>('compare.testTimeoutMinutes', 10);
    const run = runCommand(
      { command, cwd: column.worktreeFolder, env: process.env, timeoutMs: Math.max(1, timeoutMinutes) * 60_000 },
      {
        timedOut: vscode.l10n.t('Stopped after {0} minutes (switchboard.compare.testTimeoutMinutes).', timeoutMinutes),
        stopped: vscode.l10n.t('Stopped.'),
      },
    );
    this.running.set(threadId, run);
    try {
      const result = await run.done;
      this.outputs.set(threadId, result.output);
      const tail = outputTail(result.output);
      const base = { command, startedAt, durationMs: result.durationMs, tail, exitCode: result.exitCode };
      if (result.error !== undefined) live.setTests(threadId, { ...base, state: 'error', error: result.error });
      else live.setTests(threadId, { ...base, state: result.exitCode === 0 ? 'passed' : 'failed' });
    } finally {
      this.running.delete(threadId);
    }
  }
}

async function suggestFor(folder: string): Promise<string | null> {
  let names: Set<string>;
  try {
    names = new Set(await readdir(folder));
  } catch {
    return null;
  }
  const read = async (name: string) => {
    if (!names.has(name)) return undefined;
    try {
      const text = await readFile(path.join(folder, name), 'utf8');
      return text.length <= MAX_PROJECT_FILE_BYTES ? text : undefined;
    } catch {
      return undefined;
    }
  };
  const packageJson = await read(PACKAGE_JSON);
  const makefile = await read(MAKEFILE);
  return suggestTestCommand({
    names,
    ...(packageJson !== undefined ? { packageJson } : {}),
    ...(makefile !== undefined ? { makefile } : {}),
  });
}
