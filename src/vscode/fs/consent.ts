// The VS Code side of src/fs/outsideAccess.ts: the modal that asks before an agent reads or
// writes outside the workspace, and the `switchboard.fs.*` settings. The dialog shows the real
// path (symlinks followed), escaped, so `<ws>/link` -> ~/.bashrc shows as ~/.bashrc and a newline
// or U+202E in a name cannot add lines to the dialog or turn text around.
import * as vscode from 'vscode';
import { maxReadBytesFrom } from '../../fs/fileSlice';
import {
  outsideQuestion,
  parseOutsidePolicy,
  type OutsideChoice,
  type OutsidePolicy,
  type OutsideRequest,
} from '../../fs/outsideAccess';

export const FS_SETTINGS_SECTION = 'switchboard.fs';

export async function askOutsideWorkspace(agentName: string, request: OutsideRequest): Promise<OutsideChoice> {
  const question = outsideQuestion(agentName, request);
  const buttons: vscode.MessageItem[] = question.choices.map(({ title, choice }) => ({
    title,
    isCloseAffordance: choice === 'deny',
  }));
  const picked = await vscode.window.showWarningMessage(
    question.message,
    { modal: true, detail: question.detail },
    ...buttons,
  );
  // Escape or closing the dialog is Deny, as is its close affordance.
  return question.choices[picked ? buttons.indexOf(picked) : -1]?.choice ?? 'deny';
}

/**
 * The user's own value only: a workspace's .vscode/settings.json (a cloned repository) must not
 * switch off the question. The settings are machine-scoped as well; this holds even if not.
 */
export function readOutsidePolicy(): OutsidePolicy {
  const inspected = vscode.workspace.getConfiguration(FS_SETTINGS_SECTION).inspect<string>('readOutsideWorkspace');
  return parseOutsidePolicy(inspected?.globalValue);
}

/** The largest text a read returns (and the most it buffers), in bytes. */
export function readMaxBytes(): number {
  const inspected = vscode.workspace.getConfiguration(FS_SETTINGS_SECTION).inspect<number>('maxReadMiB');
  return maxReadBytesFrom(inspected?.globalValue);
}
