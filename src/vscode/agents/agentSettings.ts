// The settings read again on every change of switchboard.*: a bad agent entry or a value that cannot apply as
// written is reported once per change (a warning with Open Settings, and each one in the Switchboard log) and
// never hides the other agents.
import * as vscode from 'vscode';
import type { SessionChoiceStore } from '../chat/sessionChoiceStore';
import type { HostLog } from '../window/hostLog';
import type { AgentCatalog } from './agentCatalog';
import { settings, settingsChanged } from '../settings';

/** Reads the settings now and after each change; reports what is wrong each time. */
export function watchAgentSettings(
  catalog: AgentCatalog,
  sessionChoices: SessionChoiceStore,
  log: HostLog,
): vscode.Disposable {
  reportSettingErrors([...catalog.reload(), ...sessionChoices.settingErrors(), ...settings.problems()], log);
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (!settingsChanged(event)) return;
    reportSettingErrors([...catalog.reload(), ...sessionChoices.settingErrors(), ...settings.problems()], log);
  });
}

export function reportSettingErrors(errors: string[], log: HostLog): void {
  if (errors.length === 0) return;
  const more = errors.length > 1 ? vscode.l10n.t(' (and {0} more)', errors.length - 1) : '';
  const open = vscode.l10n.t('Open Settings');
  void vscode.window
    .showWarningMessage(vscode.l10n.t('Switchboard: {0}{1}', errors[0] ?? '', more), open)
    .then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'switchboard.agents');
    });
  for (const error of errors) log.warn(error);
}
