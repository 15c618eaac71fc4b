// In a Remote window agents run on the remote machine (src/agents/whereAgentsRun.ts): the user is told once per
// kind of remote, and the agent picker says it every time.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { whereAgentsRun } from '../../agents/whereAgentsRun';

/** "on SSH (buildbox)" in a Remote window, undefined in a local one. */
export function agentsRunHere(): string | undefined {
  return whereAgentsRun(vscode.env.remoteName, os.hostname());
}

/** Once per kind of remote: a notification that agents run there (and are installed there). */
export function noteWhereAgentsRun(memento: vscode.Memento): void {
  const where = agentsRunHere();
  if (!where) return;
  const key = `switchboard.remoteNoted.${vscode.env.remoteName ?? ''}`;
  if (memento.get<boolean>(key)) return;
  void memento.update(key, true);
  void vscode.window.showInformationMessage(
    `Switchboard runs agents ${where}, next to your code: they use that machine's PATH, logins and files, and Browse Agents installs them there.`,
  );
}
