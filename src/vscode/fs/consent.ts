// The VS Code side of src/fs/outsideAccess.ts: the modal that asks before an agent reads or
// writes outside the workspace, and the `switchboard.fs.*` settings. The dialog shows the real
// path (symlinks followed), escaped, so `<ws>/link` -> ~/.bashrc shows as ~/.bashrc and a newline
// or U+202E in a name cannot add lines to the dialog or turn text around.
import * as vscode from 'vscode';
import { maxReadBytesFrom } from '../../fs/fileSlice';
import { displayPath } from '../../fs/paths';
import {
  parseOutsidePolicy,
  type OutsideChoice,
  type OutsidePolicy,
  type OutsideRequest,
} from '../../fs/outsideAccess';

export const FS_SETTINGS_SECTION = 'switchboard.fs';

export async function askOutsideWorkspace(agentName: string, request: OutsideRequest): Promise<OutsideChoice> {
  const once: vscode.MessageItem = { title: 'Allow Once' };
  const folder: vscode.MessageItem = { title: 'Allow for This Folder' };
  // Deny is the first button, so VS Code makes it the primary one and Enter refuses. It is not the
  // close affordance: VS Code keeps that one apart as "Cancel" and makes the first of the others
  // primary, which put "Allow Once" under Enter. The "Cancel" VS Code adds then also denies.
  const deny: vscode.MessageItem = { title: 'Deny' };
  const verb = request.kind === 'read' ? 'read a file' : 'write a file';
  const lines = [displayPath(request.realPath)];
  if (request.requestedPath !== request.realPath) {
    lines.push(
      '',
      `(the agent asked for ${displayPath(request.requestedPath)}, which leads there through a symbolic link)`,
    );
  }
  lines.push(
    '',
    `"Allow for This Folder" allows ${request.kind === 'read' ? 'reading' : 'writing'} the files directly in ` +
      `${displayPath(request.folder)} (not its subfolders) until this chat ends.`,
    request.kind === 'read'
      ? 'Allow only if the agent needs this file; it may send what it reads to its model.'
      : 'Allow only if you expected this change.',
  );
  const choice = await vscode.window.showWarningMessage(
    `${agentName} wants to ${verb} outside the workspace.`,
    { modal: true, detail: lines.join('\n') },
    deny,
    once,
    folder,
  );
  return choice === once ? 'once' : choice === folder ? 'folder' : 'deny';
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
