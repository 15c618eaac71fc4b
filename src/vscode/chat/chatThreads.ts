// The chats of the window as sessions, before any view: each made for its agent (fs handlers against the editor,
// review following its turns, its journal written as it streams), the chats of one agent sharing its process
// (AgentPool), the list of open chats kept on disk and brought back after a reload, and the end of them all when
// the window closes (what is pending written first).
import * as vscode from 'vscode';
import { AgentPool } from '../../session/agent/agentPool';
import type { AgentConfig, ThreadController } from '../../session/api';
import { ChatJournal } from '../../session/journal/chatJournal';
import type { DecodedJournal } from '../../session/journal/journalFormat';
import { isMissingAgent, missingAgent, missingAgentFailure } from '../../session/lifecycle/missingAgent';
import { createThreadController } from '../../session/threadController';
import { ThreadRegistry, type ThreadFactory } from '../../session/threadRegistry';
import { gatedSpawn } from '../../agents/refusedProcess';
import type { ChatWorktree, ThreadState } from '../../shared/thread';
import { foldersInside } from '../../shared/workspaceRoots';
import type { Disposable } from '../../shared/disposableStore';
import type { AgentCatalog } from '../agents/agentCatalog';
import type { AgentHost } from '../agents/agentHost';
import type { FoundAgents } from '../agents/foundAgents';
import { noteWhereAgentsRun } from '../agents/remoteInfo';
import { createFsHandlers, workspaceFolderPaths } from '../fs/fsHandlers';
import type { ReviewFeature } from '../review/reviewFeature';
import type { HostLog } from '../window/hostLog';
import { worktreeThreadParts } from '../worktrees/worktreeThread';
import { worktreesFolder } from '../../worktrees/uninstallRecord';
import { journalDir, restoreOpenChats, trackOpenChats } from './chatPersistence';

export class ChatThreads {
  readonly journal: ChatJournal;
  readonly registry: ThreadRegistry;
  /** Journals being restored, picked up by the factory (the chat keeps writing the same file). */
  private readonly restoring = new Map<string, DecodedJournal>();
  /** Saves the list of open chats; ended (what is pending written) before the chats are stopped. */
  private readonly openChats: Disposable;
  /** The worktree the next chat made works in (New Chat in Worktree), taken by the factory. */
  private readonly nextWorktree: { worktree?: ChatWorktree } = {};

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly catalog: AgentCatalog,
    host: AgentHost,
    review: ReviewFeature,
    private readonly log: HostLog,
  ) {
    this.journal = new ChatJournal(journalDir(context), (line) => log.warn(line));
    this.registry = new ThreadRegistry(
      threadFactory(
        host,
        review,
        this.journal,
        this.restoring,
        this.nextWorktree,
        worktreesFolder(context.globalStorageUri.fsPath),
      ),
      undefined,
      (error) => log.error('stopping an agent failed', error),
    );
    this.openChats = trackOpenChats(this.journal, this.registry);
  }

  /** Creates the chat (in `worktree` when given) and makes it the visible one; the caller starts it. */
  create(agentId: string | undefined, worktree?: ChatWorktree): ThreadController {
    const agent: AgentConfig | undefined =
      agentId === undefined ? this.catalog.defaultAgent() : this.catalog.find(agentId);
    if (!agent) {
      throw new Error(`There is no agent "${agentId}"; add it to the switchboard.agents setting`);
    }
    this.nextWorktree.worktree = worktree;
    try {
      return this.registry.create(agent);
    } finally {
      this.nextWorktree.worktree = undefined;
    }
  }

  /** Creates and starts a chat; resolves once its session started or failed. */
  async start(agentId: string | undefined): Promise<ThreadController> {
    noteWhereAgentsRun(this.context.globalState);
    const thread = this.create(agentId);
    await thread.start();
    return thread;
  }

  /** A chat from its journal (Chat History), shown; its agent, or a card saying it is gone. */
  restoreJournal(threadId: string, decoded: DecodedJournal): void {
    this.restoring.set(threadId, decoded);
    this.registry.restore(
      this.catalog.find(decoded.header.agent.id) ?? missingAgent(decoded),
      threadId,
      decoded.state,
      true,
    );
    this.restoring.delete(threadId);
  }

  /** An agent's own session (Chat History) as a new chat, shown; it loads the session on its first message. */
  restoreSession(agent: AgentConfig, threadId: string, state: ThreadState): void {
    this.registry.restore(agent, threadId, state, true);
  }

  /** After activation: the chats of the last window come back (read from disk, no agent started); how many. */
  restoreOpen(foundAgents: FoundAgents): Promise<number> {
    const { catalog } = this;
    return restoreOpenChats(
      this.journal,
      this.registry,
      // A chat with an agent found on PATH waits for the first detection to find it again.
      async (decoded) =>
        catalog.find(decoded.header.agent.id) ??
        (await foundAgents.whenReady(), catalog.find(decoded.header.agent.id) ?? missingAgent(decoded)),
      this.restoring,
      (chat) =>
        void vscode.window.showWarningMessage(
          vscode.l10n.t(
            'Switchboard could not bring back the chat {0}: {1}. Chat History lists it.',
            chat.threadId,
            chat.reason,
          ),
        ),
    ).catch((error: unknown) => {
      this.log.error('could not restore the chats', error);
      return 0;
    });
  }

  /** Stops saving the list of open chats, writes what is pending, then stops every agent process group. */
  async stop(): Promise<void> {
    this.openChats.dispose();
    await this.journal.flushAll();
    this.journal.dispose();
    await this.registry.disposeAll();
  }
}

/** Makes each chat's controller: its fs handlers, its spawn, review and the journal following it. */
function threadFactory(
  host: AgentHost,
  review: ReviewFeature,
  journal: ChatJournal,
  restoring: ReadonlyMap<string, DecodedJournal>,
  next: { worktree?: ChatWorktree },
  /** Where the worktree store keeps the worktrees: a chat's folders must lie in its worktree's folder there. */
  worktreesRoot: string,
): ThreadFactory {
  /** The chats of one agent share its process (src/session/agent/agentPool.ts). */
  const agentPool = new AgentPool();
  return (agent, threadId, restored) => {
    const worktree = restored ? (restored.worktree ?? undefined) : next.worktree;
    const fsOptions = {
      agentName: agent.displayName,
      texts: host.fileTexts,
      log: (line: string) => host.logs.sink(agent.id).append(line),
      // Read at each request, after initialize: the quirks key on the agent's own agentInfo.
      agent: () => ({ agentInfo: thread.snapshot().state.agentInfo, command: agent.command, args: agent.args }),
    };
    // A restored chat whose agent is gone starts into a card that says so (not "command not found").
    const spawn = isMissingAgent(agent) ? gatedSpawn(host.spawn, () => false, missingAgentFailure(agent)) : host.spawn;
    // A chat in its own worktree: confined to it, with a process of its own started there, and no review until
    // its changes are brought back (review follows the workspace's files and turns, src/vscode/worktrees/).
    const own = worktree && worktreeThreadParts(host.env, spawn, worktree, fsOptions, () => thread, worktreesRoot);
    const thread = createThreadController({
      threadId,
      agent,
      env: own?.env ?? host.env,
      handlers:
        own?.handlers ??
        createFsHandlers({
          ...fsOptions,
          review: review.hooksFor(threadId),
          // Multi-root: the folders the agent did not take as additionalDirectories are outside its workspace.
          workspaceFolders: () => foldersInside(thread.snapshot().state.agentCapabilities, workspaceFolderPaths()),
        }),
      spawn: own?.spawn ?? spawn,
      restored,
      agentPool: own ? undefined : agentPool,
      worktree,
    });
    // Lives as long as the thread's events do: a disposed thread emits nothing more.
    if (!own) review.attach(thread);
    journal.watch(thread, restoring.get(threadId));
    return thread;
  };
}
