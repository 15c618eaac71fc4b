// The quick pick behind "New Chat with Agent...": the configured agents (the Demo agent among them), then the
// ACP Registry agents found on this machine in their own group ("Found on this machine"), each with where it
// was found and a button that pins it as a switchboard.agents entry. Opening the pick looks on PATH again (a
// program installed a minute ago shows up while the pick is open).
import * as vscode from 'vscode';
import { formatCommandLine, shellQuote } from '../../agents/commandLine';
import type { AgentCatalog } from './agentCatalog';
import type { FoundAgents } from './foundAgents';
import { agentsRunHere } from './remoteInfo';

/** How long the open pick shows its busy bar while the agents on PATH are looked for again. */
const REFRESH_WAIT_MS = 3_000;

export interface AgentPickItem extends vscode.QuickPickItem {
  /** Absent on the group separator. */
  agentId?: string;
}

/** The pick's items: configured agents, then a separator and the found ones. */
export function agentPickItems(catalog: AgentCatalog): AgentPickItem[] {
  const defaultId = catalog.defaultAgent().id;
  const items: AgentPickItem[] = [];
  const found: AgentPickItem[] = [];
  for (const agent of catalog.all()) {
    if (agent.foundAt !== undefined) {
      found.push({
        label: agent.displayName,
        description: vscode.l10n.t('not in settings'),
        detail:
          agent.args.length > 0
            ? vscode.l10n.t('Found at {0}, runs with {1}', agent.foundAt, agent.args.map(shellQuote).join(' '))
            : vscode.l10n.t('Found at {0}', agent.foundAt),
        buttons: [{ iconPath: new vscode.ThemeIcon('pin'), tooltip: vscode.l10n.t('Add to Settings') }],
        agentId: agent.id,
      });
      continue;
    }
    items.push({
      label: agent.displayName,
      description: [
        agent.id === defaultId ? vscode.l10n.t('default') : '',
        agent.isDemo ? vscode.l10n.t('offline demo') : '',
      ]
        .filter(Boolean)
        .join(' · '),
      detail: agent.isDemo
        ? vscode.l10n.t('Built in: shows every kind of update without a real model.')
        : formatCommandLine(agent.command, agent.args),
      agentId: agent.id,
    });
  }
  if (found.length === 0) return items;
  return [
    ...items,
    { label: vscode.l10n.t('Found on this machine'), kind: vscode.QuickPickItemKind.Separator },
    ...found,
  ];
}

/** Shows the pick; resolves with the chosen agent's id, or undefined when it was dismissed. */
export function pickAgent(catalog: AgentCatalog, found: FoundAgents): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick<AgentPickItem>();
  const where = agentsRunHere();
  pick.title = where
    ? vscode.l10n.t('New Chat with Agent (agents run {0})', where)
    : vscode.l10n.t('New Chat with Agent');
  pick.placeholder = vscode.l10n.t('Pick an agent (add more in the switchboard.agents setting)');
  pick.matchOnDetail = true;
  let hidden = false;
  let shown = '';
  const show = (): void => {
    const items = agentPickItems(catalog);
    const key = JSON.stringify(items.map(({ label, detail, agentId }) => [label, detail, agentId]));
    // The same list again is not set again: the user's place in it (and in their typing) stays.
    if (hidden || key === shown) return;
    shown = key;
    const active = pick.activeItems[0]?.agentId;
    pick.items = items;
    const again = items.find((item) => item.agentId !== undefined && item.agentId === active);
    if (again) pick.activeItems = [again];
  };
  show();
  pick.busy = true;
  // A PATH folder on a stalled network disk must not leave the pick spinning: it shows what is known by then.
  const enough = new Promise<void>((resolve) => setTimeout(resolve, REFRESH_WAIT_MS));
  void Promise.race([found.refresh(), enough]).finally(() => {
    pick.busy = false;
    show();
  });
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.agentId);
      pick.hide();
    });
    pick.onDidHide(() => {
      hidden = true;
      resolve(undefined);
      pick.dispose();
    });
    pick.onDidTriggerItemButton(async ({ item }) => {
      if (item.agentId === undefined) return;
      if (await found.addToSettings(item.agentId)) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('{0} is now in the switchboard.agents setting.', item.label),
        );
      }
      show();
    });
    pick.show();
  });
}
