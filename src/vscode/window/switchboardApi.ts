// What activate() returns: the in-host tests (test/vscode) and the bench drive the extension through it.
import type * as vscode from 'vscode';
import type { ThreadController } from '../../session/api';
import { ptyLoadProblem } from '../../terminals/processes';
import { agentPickItems, type AgentPickItem } from '../agents/agentPicker';
import type { AgentCatalog } from '../agents/agentCatalog';
import type { AgentHost } from '../agents/agentHost';
import type { FoundAgents } from '../agents/foundAgents';
import type { RegistryFeature } from '../agents/registryFeature';
import type { SignInFeature } from '../agents/signInFeature';
import type { ChatsFeature } from '../chat/chatsFeature';
import type { Comparisons } from '../compare/comparisons';
import type { PermissionRuleStore } from '../chat/permissionPolicy';
import type { AgentQuickDiff } from '../review/agentQuickDiff';
import type { ReviewFeature } from '../review/reviewFeature';
import type { WorktreeChats } from '../worktrees/worktreeChats';

export interface SwitchboardApi {
  /** Starts a chat (the default agent without an id) and resolves once the session started or failed. */
  newChat(agentId?: string): Promise<ThreadController>;
  activeThread(): ThreadController | undefined;
  /** "Open in Terminal" for a terminal of the active thread; undefined when it is gone. */
  openTerminal(terminalId: string): vscode.Terminal | undefined;
  /** Whether terminals get a real PTY here (node-pty loaded), or why not. */
  terminalSupport(): { pty: boolean; problem?: string };
  /** Whether the chat view was resolved and its webview said `ready` (tests of the view). */
  chatViewState(): { resolved: boolean; ready: boolean; visible: boolean };
  /** The editor-tab chats: the chat each shows and whether its webview said `ready`. */
  chatPanels(): Array<{ threadId: string | undefined; ready: boolean; title: string }>;
  /** What VS Code calls to give an editor-tab chat back after a reload (tests call it directly). */
  chatPanelSerializer: vscode.WebviewPanelSerializer;
  /** "Switchboard: Open Chat in Editor" for this chat (the side bar's without an id). */
  openChatInEditor(threadId?: string): Promise<void>;
  /** Every chat of the window (the chat list). */
  chats(): ThreadController[];
  /** Shows a chat in the side bar (as picking it in the chat list does). */
  showChat(threadId: string): boolean;
  /** Resolves once the chats of the last window are back, with how many. */
  restoredChats(): Promise<number>;
  /** Writes every chat's pending transcript now (tests; it is otherwise written within a second). */
  flushChats(): Promise<void>;
  /** Review of agent changes (inline review, Changes view, checkpoints); the in-host tests drive it. */
  review: ReviewFeature;
  /** The ACP Registry: install, update, roll back, uninstall (the in-host tests drive it). */
  agentRegistry: RegistryFeature;
  /** Registry agents found on PATH, offered without settings (the in-host tests refresh and pin them). */
  foundAgents: FoundAgents;
  /** The items "New Chat with Agent..." shows now (in-host tests). */
  agentPickItems(): AgentPickItem[];
  /** Agent changes in VS Code's quick diff and multi-file diff editor (in-host tests). */
  quickDiff: AgentQuickDiff;
  /** The context keys the `when`/`enablement` clauses read, as last set (in-host tests). */
  contextKeys(): Record<string, boolean>;
  /** Sign-in keys kept in SecretStorage (the in-host tests store one and look for it elsewhere). */
  signIn: SignInFeature;
  /** The "Always allow" / "Always reject" rules in VS Code's storage (in-host tests). */
  permissionRules: PermissionRuleStore;
  /** What the traffic log and an agent's log hold, as shown (in-host tests prove secrets are absent). */
  logText(agentId: string): { traffic: string; agent: string };
  /** How long activate() took, in ms (npm run bench reads it; also in the Switchboard log). */
  activationMs: number;
  /** Chats in their own worktree: Bring back and Discard with the test's own answers (in-host tests). */
  worktrees: WorktreeChats;
  /** "Compare Agents": comparisons started with the test's agents and prompt, their view and buttons (in-host tests). */
  comparisons: Comparisons;
  /** "New Chat in Worktree" with this agent; resolves once its session started or failed. */
  newChatInWorktree(agentId: string): Promise<ThreadController>;
  /**
   * A chat as after a window reload: closed without a question, then restored from its journal (as the chats of the
   * last window are); the restored chat, or undefined when its journal cannot be read.
   */
  reopenFromJournal(threadId: string): Promise<ThreadController | undefined>;
}

/** The window's parts the API reads. */
export interface ApiParts {
  catalog: AgentCatalog;
  foundAgents: FoundAgents;
  host: AgentHost;
  registry: RegistryFeature;
  review: ReviewFeature;
  chats: ChatsFeature;
  comparisons: Comparisons;
  activationMs: number;
}

export function switchboardApi({
  catalog,
  foundAgents,
  host,
  registry,
  review,
  chats,
  comparisons,
  activationMs,
}: ApiParts): SwitchboardApi {
  const threads = chats.threads.registry;
  return {
    restoredChats: () => chats.restored,
    flushChats: () => chats.threads.journal.flushAll(),
    newChat: (agentId) => chats.threads.start(agentId),
    activeThread: () => threads.active(),
    terminalSupport: () => {
      const problem = ptyLoadProblem();
      return problem === undefined ? { pty: true } : { pty: false, problem };
    },
    openTerminal: (terminalId) => {
      const thread = threads.active();
      return thread ? chats.openTerminal(thread, terminalId) : undefined;
    },
    chatViewState: () => chats.view.state(),
    chatPanels: () => chats.panels.state(),
    chatPanelSerializer: chats.panels,
    openChatInEditor: async (threadId) => {
      await chats.openChatInEditor(threadId);
    },
    chats: () => threads.all(),
    showChat: (threadId) => threads.show(threadId),
    review,
    agentRegistry: registry,
    foundAgents,
    agentPickItems: () => agentPickItems(catalog),
    quickDiff: review.quickDiff,
    contextKeys: () => chats.contextKeys.current(),
    signIn: host.signIn,
    permissionRules: host.permissionRules,
    logText: (agentId) => ({ traffic: host.traffic.text(agentId), agent: host.logs.recentText(agentId) }),
    activationMs,
    worktrees: chats.worktrees,
    comparisons,
    newChatInWorktree: async (agentId) => {
      const thread = await chats.worktrees.create(agentId);
      await thread.start();
      return thread;
    },
    reopenFromJournal: async (threadId) => {
      await chats.threads.journal.flushAll();
      await threads.close(threadId);
      const decoded = await chats.threads.journal.load(threadId);
      if (!decoded) return undefined;
      chats.threads.restoreJournal(threadId, decoded);
      return threads.get(undefined, threadId);
    },
  };
}
