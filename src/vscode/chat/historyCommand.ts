// "Switchboard: Chat History" wired to the window's chats: an item opens as the chat that is open, the chat its
// journal brings back, or the agent's own session as a new chat that loads it on its first message.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { AgentConfig } from '../../session/api';
import type { HistoryItem } from '../../session/journal/historyItems';
import type { ChatList } from '../../session/chatList';
import { agentHistory, deleteAgentSession, type HistoryAgentOptions } from '../../session/agent/historyAgent';
import type { DecodedJournal } from '../../session/journal/journalFormat';
import { listedSessionState } from '../../session/lifecycle/sessionContinuation';
import { createThreadState } from '../../shared/thread';
import type { AgentCatalog } from '../agents/agentCatalog';
import { workspaceCwd, type AgentHost } from '../agents/agentHost';
import { showHistory } from './historyPicker';
import type { ChatThreads } from './chatThreads';

export interface HistoryChats {
  readonly threads: ChatThreads;
  readonly chatList: ChatList;
  /** Shows an open chat in the side bar. */
  openChat(threadId: string): Promise<void>;
  /** Shows the side bar's chat view. */
  reveal(): Promise<void>;
  /** Closes a chat, asking first where closing it would stop work or leave its worktree. */
  closeChat(threadId: string): Promise<boolean>;
}

export function showChatHistory(chats: HistoryChats, catalog: AgentCatalog, host: AgentHost): Promise<void> {
  const registry = chats.threads.registry;
  const historyAgent = (agent: AgentConfig): HistoryAgentOptions => ({
    agent,
    env: host.env,
    spawn: host.spawn,
    clientInfo: host.env.clientInfo(),
  });
  return showHistory({
    journal: chats.threads.journal,
    cwd: workspaceCwd,
    openChats: () => registry.all(),
    findAgent: (agentId) => catalog.find(agentId),
    agentHistory: (agent, cwd) => agentHistory(historyAgent(agent), cwd),
    deleteAgentSession: (agent, sessionId) => deleteAgentSession(historyAgent(agent), sessionId),
    open: (item, decoded) => openHistoryItem(chats, catalog, item, decoded),
    close: (threadId) => chats.closeChat(threadId),
    renamed: (names) => chats.chatList.setNames(names),
  });
}

/** Opens a history item: shows an open chat, restores a journal, or opens an agent's session as a chat. */
async function openHistoryItem(
  chats: HistoryChats,
  catalog: AgentCatalog,
  item: HistoryItem,
  decoded: DecodedJournal | null,
): Promise<void> {
  if (item.threadId && chats.threads.registry.get(undefined, item.threadId)) return chats.openChat(item.threadId);
  if (item.threadId && decoded) {
    chats.threads.restoreJournal(item.threadId, decoded);
    return chats.reveal();
  }
  const agent = catalog.find(item.agent.id);
  if (!agent || item.sessionId === null) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        '{0} is no longer configured: add it to the switchboard.agents setting to open its chats.',
        item.agent.displayName,
      ),
    );
    return;
  }
  const threadId = randomUUID();
  const base = createThreadState({ agentId: agent.id, threadId }, item.agent);
  chats.threads.restoreSession(agent, threadId, listedSessionState(base, item.sessionId, item.title, null));
  await chats.reveal();
}
