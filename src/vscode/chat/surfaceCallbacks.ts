// What every chat webview (the side bar's and each editor tab's) calls back: the chat list, the agents, the
// editor (locations, diffs, Apply), review, checkpoints and the "Edit" sequence, terminals, errors.
import * as vscode from 'vscode';
import type { ThreadController } from '../../session/api';
import type { ChatList } from '../../session/chatList';
import type { AgentCatalog } from '../agents/agentCatalog';
import { workspaceCwd, type AgentHost } from '../agents/agentHost';
import { pickAgent } from '../agents/agentPicker';
import type { FoundAgents } from '../agents/foundAgents';
import { workspaceFolderPaths } from '../fs/fsHandlers';
import type { ReviewFeature } from '../review/reviewFeature';
import type { HostLog } from '../window/hostLog';
import type { WorktreeChats } from '../worktrees/worktreeChats';
import type { ChatViewDeps } from './chatSurface';
import type { ChatThreads } from './chatThreads';
import { applyTarget, type DiffDocuments, openLocation, openWorkspacePath } from './diffDocuments';
import { pickContext, resolveContext } from './promptContext';

/** The chats side of the callbacks (the chats feature). */
export interface SurfaceChats {
  readonly threads: ChatThreads;
  readonly chatList: ChatList;
  /** The restore of the last window's chats, while it runs. */
  whenRestored(): Promise<unknown>;
  openChatInEditor(threadId: string | undefined): Promise<unknown>;
  openTerminal(thread: ThreadController, terminalId: string): unknown;
  /** Closes a chat, asking first where closing it would stop work or leave its worktree (chatsFeature.ts). */
  closeChat(threadId: string): Promise<boolean>;
  /** "Bring back" and "Discard" of a chat in its own worktree. */
  readonly worktrees: WorktreeChats;
}

export interface SurfaceServices {
  catalog: AgentCatalog;
  foundAgents: FoundAgents;
  host: AgentHost;
  review: ReviewFeature;
  diffs: DiffDocuments;
  log: HostLog;
}

export function surfaceCallbacks(chats: SurfaceChats, services: SurfaceServices): ChatViewDeps {
  const { catalog, foundAgents, host, review, diffs, log } = services;
  const registry = chats.threads.registry;
  return {
    agentList: () => catalog.choices(),
    chatList: () => chats.chatList.summaries(),
    // A function: the restore is started at the end of the chats' construction, before any webview can post `ready`.
    whenRestored: () => chats.whenRestored(),
    findThread: (threadId) => registry.get(undefined, threadId),
    showChat: (threadId) => void registry.show(threadId),
    closeChat: async (threadId) => void (await chats.closeChat(threadId)),
    worktreeAction: (thread, action) =>
      action === 'bringBack' ? chats.worktrees.bringBack(thread) : chats.worktrees.discard(thread),
    // Through the command: the comparisons are made after the chats (src/vscode/window/switchboardWindow.ts).
    compare: async (text, context) =>
      (await vscode.commands.executeCommand('switchboard.compareAgents', { text, context })) !== undefined,
    startChat: (agentId) => chats.threads.start(agentId),
    pickAgent: () => pickAgent(catalog, foundAgents),
    openLocation: (path, line) => openLocation(path, line, workspaceCwd()),
    workspaceFolders: workspaceFolderPaths,
    openWorkspacePath,
    applyTarget,
    openWriteDiff: (path, fromRevision, revision) => diffs.openWrite(path, fromRevision, revision),
    copy: async (text) => vscode.env.clipboard.writeText(text),
    showLog: (agentId) => host.logs.show(agentId ?? catalog.defaultAgent().id),
    configureAgents: async () => {
      await vscode.commands.executeCommand('switchboard.configureAgents');
    },
    openTerminal: (thread, terminalId) => void chats.openTerminal(thread, terminalId),
    reviewFile: (path, action) => review.resolveFile(path, action),
    reviewSession: (thread, action) => review.resolveSession(thread.threadId, action),
    reviewSource: review.source,
    restoreCheckpoint: (thread, entryId) => review.restoreCheckpoint(thread.threadId, entryId),
    // "Edit": stop the turn (the agent must not write meanwhile), put the files back (the user
    // confirms; a cancel ends the edit with nothing changed), then continue from the message.
    editMessage: async (thread, entryId, text, context) => {
      await thread.stopTurn();
      const restored = await review.restoreForEdit(thread.threadId, entryId);
      if (restored === null) return;
      await thread.editFrom(entryId, text, context, restored);
    },
    resolveContext,
    pickContext,
    reportError: (message) => {
      // Also in the Switchboard log: a notification the user closed leaves no other trace.
      log.error(message);
      void vscode.window.showErrorMessage(message);
    },
    reportInvalid: (raw) => log.warn(`ignored a malformed webview message: ${describeRaw(raw)}`),
    openChatInEditor: async (threadId) => void (await chats.openChatInEditor(threadId)),
    log: (line) => log.warn(line),
  };
}

/** A malformed message as the log shows it: its JSON, cut short (it is a bug report, not a transcript). */
function describeRaw(raw: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(raw) ?? String(raw);
  } catch {
    text = String(raw);
  }
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
