// "Switchboard: Chat History": a searchable quick pick of this workspace's past chats, the local
// journals first and then the sessions of agents that list them (src/session/journal/historyItems.ts),
// newest first. Accept opens one (a journal comes back as a chat; an agent's session opens as a
// chat that loads it on its first message). Each item's buttons rename it, export it as Markdown,
// or delete it (and the agent's session where the agent advertises session/delete).
import * as vscode from 'vscode';
import {
  applyNames,
  localItem,
  mergeHistory,
  unreadableItem,
  type HistoryItem,
} from '../../session/journal/historyItems';
import { chatMarkdown } from '../../session/journal/chatMarkdown';
import type { ChatJournal } from '../../session/journal/chatJournal';
import type { DecodedJournal } from '../../session/journal/journalFormat';
import type { AgentConfig, ThreadController } from '../../session/api';
import { errorMessage } from '../../shared/errorMessage';

export interface HistoryDeps {
  journal: ChatJournal;
  cwd(): string;
  /** The open chats (an open chat is shown rather than restored again). */
  openChats(): ThreadController[];
  /** A configured agent by id. */
  findAgent(agentId: string): AgentConfig | undefined;
  /** The sessions `agent` lists for `cwd` (a short-lived process; empty when it does not list). */
  agentHistory(agent: AgentConfig, cwd: string): Promise<HistoryItem[]>;
  deleteAgentSession(agent: AgentConfig, sessionId: string): Promise<boolean>;
  /** Shows an open chat, restores a journaled one, or opens an agent's session as a chat. */
  open(item: HistoryItem, journal: DecodedJournal | null): Promise<void>;
  /** Closes an open chat (asking first when it works); false when the user said no. */
  close(threadId: string): Promise<boolean>;
  /** The user's names changed (the chat list shows them). */
  renamed(names: Record<string, string>): void;
}

type Item = vscode.QuickPickItem & { history: HistoryItem };

const RENAME: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('edit'), tooltip: vscode.l10n.t('Rename') };
const EXPORT: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('markdown'),
  tooltip: vscode.l10n.t('Export as Markdown'),
};
const DELETE: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Delete') };

export async function showHistory(deps: HistoryDeps): Promise<void> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.placeholder = vscode.l10n.t('Search the chats of this workspace');
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.busy = true;
  pick.show();
  const journals = new Map<string, DecodedJournal>();
  let local: HistoryItem[] = [];
  let listed: HistoryItem[] = [];
  let names: Record<string, string> = {};
  const refresh = (): void => {
    const open = new Set(deps.openChats().map((thread) => thread.threadId));
    pick.items = applyNames(mergeHistory(local, listed), names).map((history) => toItem(history, open));
  };

  const done = new Promise<void>((resolve) => pick.onDidHide(() => resolve()));
  pick.onDidAccept(() => {
    const item = pick.selectedItems[0];
    if (!item) return;
    pick.hide();
    if (item.history.unreadable) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Switchboard: {0}', item.history.problem ?? ''));
      return;
    }
    void deps.open(item.history, item.history.threadId ? (journals.get(item.history.threadId) ?? null) : null);
  });
  pick.onDidTriggerItemButton(async ({ item, button }) => {
    try {
      if (button === RENAME) await rename(item.history);
      else if (button === EXPORT) await exportMarkdown(item.history);
      else if (button === DELETE) await remove(item.history);
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Switchboard: {0}', errorMessage(error)));
    }
  });

  async function rename(item: HistoryItem): Promise<void> {
    const name = await vscode.window.showInputBox({ prompt: vscode.l10n.t('Rename the chat'), value: item.title });
    if (name === undefined) return;
    const trimmed = name.replace(/\s+/g, ' ').trim();
    await deps.journal.saveName(item.key, trimmed === '' ? undefined : trimmed);
    names = await deps.journal.readNames();
    deps.renamed(names);
    refresh();
  }

  async function exportMarkdown(item: HistoryItem): Promise<void> {
    const thread = deps.openChats().find((chat) => chat.threadId === item.threadId);
    const state = thread?.snapshot().state ?? (item.threadId ? journals.get(item.threadId)?.state : undefined);
    if (!state) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("This chat is only on the agent's side: open it first, then export it."),
      );
      return;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const file = `${
      item.title
        .replace(/[^\w .-]+/g, '')
        .trim()
        .slice(0, 60) || 'chat'
    }.md`;
    const target = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, file) : undefined,
      filters: { Markdown: ['md'] },
    });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, Buffer.from(chatMarkdown(item.title, state), 'utf8'));
  }

  async function remove(item: HistoryItem): Promise<void> {
    const agent = deps.findAgent(item.agent.id);
    const agentToo = item.agentDeletes && item.sessionId !== null && agent !== undefined;
    const detail = agentToo
      ? vscode.l10n.t(
          'Its transcript is removed from this workspace, and {0} deletes its saved session.',
          item.agent.displayName,
        )
      : item.threadId
        ? vscode.l10n.t('Its transcript is removed from this workspace.')
        : vscode.l10n.t('{0} does not delete sessions: it stays in its list.', item.agent.displayName);
    const remove = vscode.l10n.t('Delete');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete "{0}"?', item.title),
      { modal: true, detail },
      remove,
    );
    if (answer !== remove) return;
    if (item.threadId) {
      if (deps.openChats().some((thread) => thread.threadId === item.threadId) && !(await deps.close(item.threadId)))
        return;
      await deps.journal.unwatch(item.threadId);
      await deps.journal.delete(item.threadId);
      local = local.filter((candidate) => candidate.key !== item.key);
    }
    if (agentToo && !(await deps.deleteAgentSession(agent, item.sessionId!)))
      void vscode.window.showWarningMessage(
        vscode.l10n.t('{0} did not delete its saved session.', item.agent.displayName),
      );
    if (agentToo || !item.threadId)
      listed = listed.filter((candidate) => candidate.key !== `${item.agent.id}/${item.sessionId}`);
    await deps.journal.saveName(item.key, undefined);
    refresh();
  }

  try {
    await deps.journal.flushAll();
    const [{ chats: loaded, unreadable }, storedNames] = await Promise.all([
      deps.journal.loadAll(),
      deps.journal.readNames(),
    ]);
    names = storedNames;
    for (const { journal } of loaded) journals.set(journal.header.threadId, journal);
    // A chat whose journal cannot be read is listed too, saying why: one bad file hides nothing.
    local = [
      ...loaded.map(({ journal, modified }) =>
        localItem(journal.header.threadId, journal.header.agent, journal.state, modified, journal.notes),
      ),
      ...unreadable.map(unreadableItem),
    ];
    refresh();
    // Agents are asked only when some chat of theirs said they list sessions: browsing history
    // never starts an agent that cannot answer.
    const cwd = deps.cwd();
    const listing = listingAgents(
      [...loaded.map(({ journal }) => journal.state), ...deps.openChats().map((thread) => thread.snapshot().state)],
      deps.findAgent,
    );
    await Promise.all(
      listing.map(async (agent) => {
        const items = await deps.agentHistory(agent, cwd).catch(() => []);
        listed = [...listed, ...items];
        refresh();
      }),
    );
  } finally {
    pick.busy = false;
  }
  if (pick.items.length === 0) pick.placeholder = vscode.l10n.t('There are no chats in this workspace yet');
  await done;
  pick.dispose();
}

/** The configured agents that some chat's capabilities say list their sessions. */
export function listingAgents(
  states: ReadonlyArray<ReturnType<ThreadController['snapshot']>['state']>,
  findAgent: (agentId: string) => AgentConfig | undefined,
): AgentConfig[] {
  const agents = new Map<string, AgentConfig>();
  for (const state of states) {
    if (!state.agentCapabilities?.sessionCapabilities?.list) continue;
    const agent = findAgent(state.agent.id);
    if (agent && agent.command !== '') agents.set(agent.id, agent);
  }
  return [...agents.values()];
}

function toItem(history: HistoryItem, open: ReadonlySet<string>): Item {
  const when = history.updatedAt > 0 ? new Date(history.updatedAt).toLocaleString() : '';
  const where =
    history.source === 'agent'
      ? vscode.l10n.t("in {0}'s saved sessions", history.agent.displayName)
      : history.threadId && open.has(history.threadId)
        ? vscode.l10n.t('open')
        : '';
  return {
    label: history.title,
    iconPath: history.problem ? new vscode.ThemeIcon('warning') : undefined,
    description: [history.agent.displayName, when, where].filter(Boolean).join(' · '),
    detail: history.problem,
    buttons: history.unreadable ? [DELETE] : history.threadId ? [RENAME, EXPORT, DELETE] : [RENAME, DELETE],
    history,
  };
}
