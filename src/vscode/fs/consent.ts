// The VS Code side of src/fs/outsideAccess.ts: the modal that asks before an agent reads or
// writes outside the workspace, and the `switchboard.fs.*` settings. The dialog shows the real
// path (symlinks followed), escaped, so `<ws>/link` -> ~/.bashrc shows as ~/.bashrc and a newline
// or U+202E in a name cannot add lines to the dialog or turn text around.
import * as vscode from 'vscode';
import type { ExecutionConfigRequest } from '../../fs/executionConfigGate';
import type { ExecutionConfigKind } from '../../fs/executionConfig';
import { displayPath } from '../../fs/paths';
import { outsideQuestion, type OutsideChoice, type OutsidePolicy, type OutsideRequest } from '../../fs/outsideAccess';
import { settings } from '../settings';

export async function askOutsideWorkspace(agentName: string, request: OutsideRequest): Promise<OutsideChoice> {
  const question = outsideQuestion(agentName, request);
  // No close affordance: VS Code keeps that item apart as the Cancel button and makes the first
  // of the others primary, which put "Allow Once" under Enter. Deny is a plain first button (the
  // primary one), and the "Cancel" VS Code then adds answers nothing, which is Deny too.
  const buttons: vscode.MessageItem[] = question.choices.map(({ title }) => ({ title }));
  const picked = await vscode.window.showWarningMessage(
    question.message,
    { modal: true, detail: question.detail },
    ...buttons,
  );
  // Escape or closing the dialog is Deny, as is its close affordance.
  return question.choices[picked ? buttons.indexOf(picked) : -1]?.choice ?? 'deny';
}

/**
 * Before each write to a workspace file that configures what runs (src/fs/executionConfigGate.ts): Deny is the
 * primary button, as in the question above; Escape or closing the dialog is Deny. The path shows as
 * displayPath makes it (invisible characters visible), the real one first.
 */
export async function askExecutionConfigWrite(agentName: string, request: ExecutionConfigRequest): Promise<boolean> {
  const lines = [displayPath(request.realPath)];
  if (request.requestedPath !== request.realPath) {
    lines.push(
      '',
      vscode.l10n.t(
        '(the agent asked for {0}, which leads there through a symbolic link)',
        displayPath(request.requestedPath),
      ),
    );
  }
  lines.push(
    '',
    executionConfigSentence(request.kind),
    vscode.l10n.t(
      'Permission rules and auto-approve never allow this by themselves. Allow only if you expected this change.',
    ),
  );
  const deny: vscode.MessageItem = { title: vscode.l10n.t('Deny') };
  const allow: vscode.MessageItem = { title: vscode.l10n.t('Allow Once') };
  const picked = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} wants to change a file that configures what runs.', agentName),
    { modal: true, detail: lines.join('\n') },
    deny,
    allow,
  );
  return picked === allow;
}

function executionConfigSentence(kind: ExecutionConfigKind): string {
  switch (kind) {
    case 'git':
      return vscode.l10n.t(
        'Git runs programs this file names (hooks, fsmonitor, pagers), and VS Code runs git by itself.',
      );
    case 'editor':
      return vscode.l10n.t(
        'Editor settings, tasks and launch configurations can name programs that run, some as soon as the folder opens.',
      );
    case 'environment':
      return vscode.l10n.t('Shells and tools load this file into the environment of the programs they start.');
    case 'gitHooks':
      return vscode.l10n.t('Git hooks run at the next commit, push or checkout.');
    case 'packageManager':
      return vscode.l10n.t('Package manager settings choose the shell of scripts and code that runs at install.');
    case 'buildTool':
      return vscode.l10n.t("The build tool's wrapper and settings choose the program that runs at the next build.");
    case 'toolVersions':
      return vscode.l10n.t('Tool version managers run its hooks and choose the programs your shell runs.');
    case 'devContainer':
      return vscode.l10n.t('Dev container settings run commands when the container is built or opened.');
    case 'installedCode':
      return vscode.l10n.t('Tools and editor extensions run installed code and environments by themselves.');
    case 'login':
      return vscode.l10n.t('Your shell, ssh or desktop runs this file at the next terminal or log-in.');
  }
}

/**
 * The user's own value only (shared/settingsTable.ts): a workspace's .vscode/settings.json (a cloned
 * repository) must not switch off the question. The settings are machine-scoped as well; this holds even if not.
 */
export function readOutsidePolicy(): OutsidePolicy {
  return settings.get('fs.readOutsideWorkspace');
}

/** The largest text a read returns (and the most it buffers), in bytes. */
export function readMaxBytes(): number {
  return settings.get('fs.maxReadMiB') * 1024 * 1024;
}
