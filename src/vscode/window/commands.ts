// The command table: every command Switchboard contributes (package.json's contributes.commands) and what runs
// it, in one list, registered in one place. test/unit/vscode/commandTable.test.ts holds it against package.json
// (no command contributed without a handler, none registered without being contributed, every menu, keybinding
// and walkthrough naming one of them) and checks that nothing else in src/ registers a command.
import * as vscode from 'vscode';
import type { DisposableStore } from '../../shared/disposableStore';
import type { AgentCatalog } from '../agents/agentCatalog';
import type { AgentHost } from '../agents/agentHost';
import type { RegistryFeature } from '../agents/registryFeature';
import { onActiveThread, signOutOfActiveChat } from '../chat/chatCommands';
import type { ChatsFeature } from '../chat/chatsFeature';
import type { Comparisons } from '../compare/comparisons';
import { parseContextRefs } from '../../chat/contextRefs';
import type { ContextRef } from '../../shared/promptContext';
import { addFileToChat, addSelectionToChat, EDITOR_COMMANDS, explainInChat, fixInChat } from '../chat/editorActions';
import { pickAutoApprove } from '../chat/permissionPolicy';
import { showRules } from '../chat/permissionRulesList';
import { REVIEW_COMMANDS } from '../review/editorReview';
import { reviewedPath, type ReviewFeature } from '../review/reviewFeature';

/** What the handlers act on; the table is made after all of it (the window's last step). */
export interface CommandTargets {
  catalog: AgentCatalog;
  host: AgentHost;
  registry: RegistryFeature;
  review: ReviewFeature;
  chats: ChatsFeature;
  comparisons: Comparisons;
}

/** A command's handler, with the arguments VS Code passes (a menu's item, a CodeLens's arguments). */
export type CommandHandler = (...args: never[]) => unknown;

export function commandTable({
  catalog,
  host,
  registry,
  review,
  chats,
  comparisons,
}: CommandTargets): Record<string, CommandHandler> {
  const threads = chats.threads.registry;
  const { controller, checkpoints } = review;
  const activeChat = () => {
    const thread = threads.active();
    return thread && { threadId: thread.threadId, agentName: thread.agent.displayName };
  };
  return {
    // Chats
    'switchboard.newChat': () => chats.newChatFromCommand(undefined),
    'switchboard.newChatWithAgent': () => chats.newChatWithAgent(),
    'switchboard.newChatInWorktree': (agentId?: unknown) =>
      chats.newChatInWorktree(typeof agentId === 'string' ? agentId : undefined),
    'switchboard.bringBackWorktree': () =>
      onActiveThread(threads, vscode.l10n.t("bring back the chat's changes"), (thread) =>
        chats.worktrees.bringBack(thread),
      ),
    'switchboard.discardWorktree': () =>
      onActiveThread(threads, vscode.l10n.t("discard the chat's worktree"), (thread) =>
        chats.worktrees.discard(thread),
      ),
    'switchboard.compareAgents': (given?: unknown) => comparisons.start(composerMessage(given)),
    'switchboard.showComparison': () => comparisons.reopen(),
    'switchboard.focusChat': () => chats.focusComposer(),
    'switchboard.switchChat': () => chats.switchChat(),
    'switchboard.showHistory': () => chats.showHistory(),
    'switchboard.openChatInEditor': (threadId?: unknown) => chats.openChatInEditorCommand(threadId),
    'switchboard.closeChat': () =>
      onActiveThread(threads, vscode.l10n.t('close the chat'), (thread) => chats.closeChat(thread.threadId)),
    'switchboard.cancel': () => onActiveThread(threads, vscode.l10n.t('cancel'), (thread) => thread.cancel()),
    'switchboard.restartAgent': () =>
      onActiveThread(threads, vscode.l10n.t('restart the agent'), (thread) => thread.restart()),
    'switchboard.signOut': () => signOutOfActiveChat(threads),
    // From the editor into the chat
    [EDITOR_COMMANDS.addSelection]: () => addSelectionToChat(chats.editorTarget),
    [EDITOR_COMMANDS.addFile]: (clicked?: unknown, all?: unknown) => addFileToChat(chats.editorTarget, clicked, all),
    [EDITOR_COMMANDS.explain]: () => explainInChat(chats.editorTarget),
    [EDITOR_COMMANDS.fix]: (uri?: unknown, diagnostic?: unknown) => fixInChat(chats.editorTarget, uri, diagnostic),
    // Permissions
    'switchboard.autoApprove': () => pickAutoApprove(host.permissionRules, activeChat),
    'switchboard.permissionRules': () =>
      showRules(host.permissionRules, (agentId) => catalog.find(agentId)?.displayName ?? agentId),
    // Agents, their logs and the ACP Registry
    'switchboard.configureAgents': () =>
      vscode.commands.executeCommand('workbench.action.openSettings', 'switchboard.agents'),
    'switchboard.showAgentLog': () => host.logs.show(threads.active()?.agent.id ?? catalog.defaultAgent().id),
    'switchboard.showTraffic': () => host.traffic.show(),
    'switchboard.browseAgents': () => registry.browse(),
    'switchboard.setMcpSecret': () => host.mcp.setSecret(),
    'switchboard.importMcpServers': () => host.mcp.importFromVsCode(),
    // Review of the agents' changes
    [REVIEW_COMMANDS.keepHunk]: (filePath: string, index: number) => controller.keepHunk(filePath, index),
    [REVIEW_COMMANDS.undoHunk]: (filePath: string, index: number) => controller.undoHunk(filePath, index),
    [REVIEW_COMMANDS.keepFile]: (target: unknown) => {
      const filePath = reviewedPath(target);
      if (filePath) controller.keepFile(filePath);
    },
    [REVIEW_COMMANDS.undoFile]: async (target: unknown) => {
      const filePath = reviewedPath(target);
      if (filePath) await controller.undoFile(filePath);
    },
    [REVIEW_COMMANDS.keepAll]: () => controller.keepAll(),
    [REVIEW_COMMANDS.undoAll]: () => controller.undoAll(),
    [REVIEW_COMMANDS.openDiff]: async (target: unknown) => {
      const filePath = reviewedPath(target);
      if (filePath) await review.diff.show(filePath);
    },
    [REVIEW_COMMANDS.nextChange]: () => review.editor.goToChange(1),
    [REVIEW_COMMANDS.previousChange]: () => review.editor.goToChange(-1),
    'switchboard.review.reviewAll': () => review.quickDiff.reviewAll(),
    'switchboard.review.keepAllSession': () =>
      onActiveSession(threads.active()?.threadId, (id) => controller.keepAll(id)),
    'switchboard.review.undoAllSession': () =>
      onActiveSession(threads.active()?.threadId, (id) => controller.undoAll(id)),
    'switchboard.undoRestore': () => checkpoints.undoLastRestore(),
    'switchboard.restoreCheckpoint': () => checkpoints.pickAndRestore(),
  };
}

/** Registers every command of the table; they end with the store. */
export function registerCommands(table: Record<string, CommandHandler>, store: DisposableStore): void {
  for (const [id, handler] of Object.entries(table)) {
    store.add(vscode.commands.registerCommand(id, (...args: unknown[]) => handler(...(args as never[]))));
  }
}

/** Keep / Undo All of the side bar's chat: says so when there is none. */
async function onActiveSession(threadId: string | undefined, run: (threadId: string) => unknown): Promise<void> {
  if (threadId === undefined)
    void vscode.window.showInformationMessage(vscode.l10n.t('There is no chat whose changes to resolve.'));
  else await run(threadId);
}

/** The composer's message passed to "Compare Agents" (src/vscode/chat/surfaceCallbacks.ts), checked; else none. */
function composerMessage(given: unknown): { text: string; context: ContextRef[] } | undefined {
  if (typeof given !== 'object' || given === null) return undefined;
  const { text, context } = given as { text?: unknown; context?: unknown };
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  return { text, context: parseContextRefs(context) ?? [] };
}
