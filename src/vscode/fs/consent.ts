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
import { userSetting } from '../userSettings';

export const FS_SETTINGS_SECTION = 'switchboard.fs';

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
 * The user's own value only (userSettings.ts): a workspace's .vscode/settings.json (a cloned
 * repository) must not switch off the question. The settings are machine-scoped as well; this holds even if not.
 */
export function readOutsidePolicy(): OutsidePolicy {
  return parseOutsidePolicy(userSetting<string>('readOutsideWorkspace', FS_SETTINGS_SECTION));
}

/** The largest text a read returns (and the most it buffers), in bytes. */
export function readMaxBytes(): number {
  return maxReadBytesFrom(userSetting<number>('maxReadMiB', FS_SETTINGS_SECTION));
}
