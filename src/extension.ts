// Activation only: wires the VS Code glue (view, commands, output channels, settings) to the
// VS Code-free core. Cheap on purpose: no agent is spawned and nothing big is read until the user
// starts a chat.
import * as os from 'node:os';
import { PermissionRuleStore, registerPermissionRules } from './vscode/chat/permissionPolicy';
import { SessionChoiceStore } from './vscode/chat/sessionChoiceStore';
import * as vscode from 'vscode';
import { AgentCatalog, transportSettings } from './vscode/agents/agentCatalog';
import { settings, settingsChanged } from './vscode/settings';
import { agentPickItems, pickAgent, type AgentPickItem } from './vscode/agents/agentPicker';
import { FoundAgents } from './vscode/agents/foundAgents';
import { AgentLogs } from './vscode/agents/agentLogs';
import { AgentTerminals } from './vscode/terminals/agentTerminals';
import { ptyLoadProblem } from './terminals/processes';
import { createFsHandlers, workspaceFolderPaths } from './vscode/fs/fsHandlers';
import { activateReview, type ReviewFeature } from './vscode/review/reviewFeature';
import { TrafficChannel } from './vscode/agents/trafficChannel';
import { ChatViewProvider, CHAT_VIEW_ID, type ChatViewDeps } from './vscode/chat/chatViewProvider';
import { ChatPanels } from './vscode/chat/chatPanels';
import { applyTarget, DiffDocuments, openLocation, openWorkspacePath } from './vscode/chat/diffDocuments';
import { pickContext, resolveContext } from './vscode/chat/promptContext';
import { registerEditorActions } from './vscode/chat/editorActions';
import { ChatContextKeys } from './vscode/chat/contextKeys';
import { AgentQuickDiff, REVIEW_ALL_COMMAND } from './vscode/review/agentQuickDiff';
import { ThreadRegistry } from './session/threadRegistry';
import { ChatList, type ChatSummary } from './session/chatList';
import { closeChat, notifyAttention, pickChat } from './vscode/chat/chatCommands';
import { ChatJournal } from './session/chatJournal';
import type { DecodedJournal } from './session/journalFormat';
import { journalDir, restoreOpenChats, trackOpenChats } from './vscode/chat/chatPersistence';
import { isMissingAgent, missingAgent, missingAgentFailure } from './session/missingAgent';
import type { AgentConfig, HostEnvironment, ThreadController } from './session/api';
import { createThreadController } from './session/threadController';
import { AgentPool } from './session/agentPool';
import { showHistory } from './vscode/chat/chatHistory';
import { agentHistory, deleteAgentSession, type HistoryAgentOptions } from './session/historyAgent';
import type { HistoryItem } from './session/chatHistory';
import { listedSessionState } from './session/sessionContinuation';
import { createThreadState } from './shared/thread';
import { randomUUID } from 'node:crypto';
import { errorMessage } from './shared/errorMessage';
import { foldersInside } from './shared/workspaceRoots';
import { LiveProcessGroups } from './terminals/liveProcessGroups';
import { setTranslations } from './shared/l10n';
import { FileTexts } from './review/fileTexts';
import { RegistryFeature } from './vscode/agents/registryFeature';
import { McpFeature } from './vscode/agents/mcpFeature';
import { SignInFeature } from './vscode/agents/signInFeature';
import { noteWhereAgentsRun } from './vscode/agents/remoteInfo';
import { SecretRedactor } from './agents/secretRedactor';
import { spawnAgentProcess } from './agents/agentProcess';
import { gatedSpawn, restrictedModeFailure } from './agents/refusedProcess';

/** What activate() returns; the in-host tests drive the extension through it. */
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
  /** How long activate() took, in ms (npm run bench reads it; also logged to the extension host console). */
  activationMs: number;
}

let registry: ThreadRegistry | undefined;
/** Stops saving the list of open chats and writes what is pending (before the chats are stopped). */
let persistence: { flush(): Promise<void> } | undefined;

export function activate(context: vscode.ExtensionContext): SwitchboardApi {
  const activationStarted = performance.now();
  // The strings pure code makes (failure cards, notices, settings errors) in the display language too.
  setTranslations(vscode.l10n.bundle);
  // `catalog` and `newChatFromCommand` are used only once a registry command runs, after activation.
  const agentRegistry = new RegistryFeature(context.globalStorageUri, {
    agentsChanged: () => {
      reportSettingErrors(catalog.reload());
      view.mirror.agentsChanged();
      // An install or uninstall changes which found agents are Switchboard's own.
      void foundAgents.refresh();
    },
    newChat: (agentId) => newChatFromCommand(agentId),
    log: (line) => console.log(line),
  });
  const catalog = new AgentCatalog(
    {
      // The demo runs on the extension host's own runtime: always present, never downloaded.
      command: process.execPath,
      args: [context.asAbsolutePath('dist/demo-agent.js')],
    },
    agentRegistry.resolver,
  );
  // In the background: registry agents already installed on this machine join the pickers as they are found.
  const foundAgents = new FoundAgents({
    cachedIndex: () => agentRegistry.cachedIndex(),
    loadIndex: () => agentRegistry.loadIndex(),
    onDidLoadIndex: agentRegistry.onDidLoadIndex,
    installedIds: () => agentRegistry.installer.installedIds(),
    changed: (found) => {
      catalog.setFound(found);
      view.mirror.agentsChanged();
    },
    log: (line) => console.log(line),
  });
  context.subscriptions.push(foundAgents);
  /** The mode and options each agent's new chats start with (remembered, and pinned by a setting). */
  const sessionChoices = new SessionChoiceStore(context.globalState);
  reportSettingErrors([...catalog.reload(), ...sessionChoices.settingErrors(), ...settings.problems()]);

  // Secrets given to agents (sign-in keys, MCP secrets) never reach the agent or traffic logs.
  const redactor = new SecretRedactor();
  const agentLogs = new AgentLogs((agentId) => catalog.find(agentId)?.displayName ?? agentId, redactor);
  const traffic = new TrafficChannel(redactor);
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  // The last resort for terminals when the host goes away without deactivate() (a crash, a kill): an exit
  // hook cannot wait, so it kills every live group at once.
  const liveProcessGroups = new LiveProcessGroups();
  const killOnExit = (): void => liveProcessGroups.killAll();
  process.once('exit', killOnExit);
  context.subscriptions.push({ dispose: () => void process.removeListener('exit', killOnExit) });
  const mcp = new McpFeature(context.secrets, (agentId, line) => agentLogs.sink(agentId).append(line), redactor);
  const signIn = new SignInFeature(context.secrets, redactor, workspaceCwd);
  const permissionRules = new PermissionRuleStore(
    context.globalState,
    context.workspaceState,
    () => (vscode.workspace.workspaceFolders?.length ?? 0) > 0,
  );
  // The window's one keeper of file texts: agent writes (review) and tool calls' own diffs (sessions).
  const fileTexts = new FileTexts();
  const host: HostEnvironment = {
    workspaceCwd,
    fileTexts,
    workspaceFolders: workspaceFolderPaths,
    baseEnv: () => process.env,
    liveProcessGroups,
    agentLog: (agentId) => agentLogs.sink(agentId),
    traffic: (agentId) => traffic.sink(agentId),
    settings: transportSettings,
    clientInfo: () => ({ name: 'switchboard', title: vscode.l10n.t('Switchboard'), version }),
    mcpServers: (agent, capabilities) => mcp.serversFor(agent, capabilities),
    permissionPolicy: (agentId, threadId) => permissionRules.policy(agentId, threadId),
    sessionChoices,
    // URL-mode elicitation, after the user's Open. The address goes as a string, which VS Code opens as it is:
    // a Uri would re-encode its query (microsoft/vscode#85930), breaking sign-in addresses.
    openExternal: async (url) => vscode.env.openExternal(url as unknown as vscode.Uri),
    signIn: {
      agentEnv: (agentId) => signIn.envFor(agentId),
      run: (agent, plan) => signIn.signIn(agent, plan),
      forget: (agentId) => signIn.forget(agentId),
    },
  };

  // Restricted Mode runs only the Demo agent; asked at each start, so Restart works once the folder is trusted.
  const spawn = gatedSpawn(
    spawnAgentProcess,
    (candidate) => candidate.isDemo || vscode.workspace.isTrusted,
    restrictedModeFailure(),
  );
  // `threads` is read only when a session command runs, after activation.
  const review = activateReview(context, workspaceCwd, fileTexts, () => threads.active()?.threadId);
  const journal = new ChatJournal(journalDir(context), (line) => console.warn(line));
  /** The chats of one agent share its process (src/session/agentPool.ts). */
  const agentPool = new AgentPool();
  /** Journals being restored, picked up by the factory (the chat keeps writing the same file). */
  const restoring = new Map<string, DecodedJournal>();
  const threads = new ThreadRegistry(
    (agent, threadId, restored) => {
      const handlers = createFsHandlers({
        agentName: agent.displayName,
        review: review.fsHooks,
        texts: fileTexts,
        log: (line) => agentLogs.sink(agent.id).append(line),
        // Read at each request, after initialize: the quirks key on the agent's own agentInfo.
        agent: () => ({ agentInfo: thread.snapshot().state.agentInfo, command: agent.command, args: agent.args }),
        // Multi-root: the folders the agent did not take as additionalDirectories are outside its workspace.
        workspaceFolders: () => foldersInside(thread.snapshot().state.agentCapabilities, workspaceFolderPaths()),
      });
      // A restored chat whose agent is gone starts into a card that says so (not "command not found").
      const spawnThis = isMissingAgent(agent) ? gatedSpawn(spawn, () => false, missingAgentFailure(agent)) : spawn;
      const thread = createThreadController({
        threadId,
        agent,
        env: host,
        handlers,
        spawn: spawnThis,
        restored,
        agentPool,
      });
      // Lives as long as the thread's events do: a disposed thread emits nothing more.
      review.attach(thread);
      journal.watch(thread, restoring.get(threadId));
      return thread;
    },
    undefined,
    (error) => console.error('[switchboard] stopping an agent failed', error),
  );
  registry = threads;
  const openChats = trackOpenChats(journal, threads);
  persistence = {
    flush: async () => {
      openChats.dispose();
      await journal.flushAll();
      journal.dispose();
    },
  };

  /** Creates the chat and makes it the visible one; the caller starts it. */
  function createChat(agentId: string | undefined): ThreadController {
    const agent: AgentConfig | undefined = agentId === undefined ? catalog.defaultAgent() : catalog.find(agentId);
    if (!agent) {
      throw new Error(`There is no agent "${agentId}"; add it to the switchboard.agents setting`);
    }
    return threads.create(agent);
  }

  async function startChat(agentId: string | undefined): Promise<ThreadController> {
    noteWhereAgentsRun(context.globalState);
    const thread = createChat(agentId);
    await thread.start();
    return thread;
  }

  const diffs = new DiffDocuments(fileTexts);
  const agentTerminals = new AgentTerminals();
  function openTerminal(thread: ThreadController, terminalId: string): vscode.Terminal | undefined {
    const handle = thread.terminalHandle(terminalId);
    if (!handle) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('That command was released by the agent; its last output stays in the chat.'),
      );
      return undefined;
    }
    return agentTerminals.show(`${thread.threadId}/${terminalId}`, handle, thread.agent.displayName);
  }
  /** What every chat webview (the side bar's, each editor tab's) calls back. */
  const surfaceDeps: ChatViewDeps = {
    agentList: () => catalog.choices(),
    chatList: (): ChatSummary[] => chatList.summaries(),
    // A function: `restored` is made at the end of activation, before any webview can post `ready`.
    whenRestored: () => restored,
    findThread: (threadId) => threads.get(undefined, threadId),
    showChat: (threadId) => void threads.show(threadId),
    closeChat: async (threadId) => void (await closeChat(threads, chatList, threadId)),
    startChat,
    pickAgent: () => pickAgent(catalog, foundAgents),
    openLocation: (path, line) => openLocation(path, line, workspaceCwd()),
    workspaceFolders: workspaceFolderPaths,
    openWorkspacePath,
    applyTarget,
    openWriteDiff: (path, fromRevision, revision) => diffs.openWrite(path, fromRevision, revision),
    copy: async (text) => vscode.env.clipboard.writeText(text),
    showLog: (agentId) => agentLogs.show(agentId ?? catalog.defaultAgent().id),
    configureAgents: async () => {
      await vscode.commands.executeCommand('switchboard.configureAgents');
    },
    openTerminal: (thread, terminalId) => void openTerminal(thread, terminalId),
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
      // Also in the extension host's log: a notification the user closed leaves no other trace.
      console.error(`[switchboard] ${message}`);
      void vscode.window.showErrorMessage(message);
    },
    reportInvalid: (raw) => console.warn('[switchboard] ignored a malformed webview message', raw),
    openChatInEditor: async (threadId) => void (await openChatInEditor(threadId)),
  };
  const view: ChatViewProvider = new ChatViewProvider(context.extensionUri, surfaceDeps);
  // A focus asked for the composer (Focus Chat, New Chat) and not applied yet lapses once the focus goes to
  // an editor: the user clicked or typed there, or the agent's file opened with the focus.
  review.follow.onTakesFocus = () => view.mirror.focusElsewhere();
  context.subscriptions.push(
    vscode.window.onDidChangeTextEditorSelection(({ kind }) => {
      if (kind === vscode.TextEditorSelectionChangeKind.Mouse || kind === vscode.TextEditorSelectionChangeKind.Keyboard)
        view.mirror.focusElsewhere();
    }),
  );
  // The serializer hands the editor tabs of the last window back once their chats are restored.
  const panels = new ChatPanels(
    context.extensionUri,
    threads,
    surfaceDeps,
    () => restored,
    () => {
      for (const threadId of panels.visibleThreadIds()) chatList.markRead(threadId);
      updateBadge();
    },
  );
  threads.onDidChangeActive((thread) => view.setThread(thread));
  registerPermissionRules(
    context,
    permissionRules,
    () => {
      const thread = threads.active();
      return thread && { threadId: thread.threadId, agentName: thread.agent.displayName };
    },
    (listener) => threads.onDidChangeActive(listener),
    (agentId) => catalog.find(agentId)?.displayName ?? agentId,
  );
  const contextKeys = new ChatContextKeys({
    activeThread: () => threads.active(),
    onDidChangeActive: (listener) => threads.onDidChangeActive(listener),
    pendingCount: (threadId) => review.controller.pendingCount(threadId),
    onDidChangeReview: (listener) => review.controller.store.onDidChange(() => listener()),
  });
  const quickDiff = new AgentQuickDiff(review.controller.store);

  /** Opens a chat from a notification or the chat list: the side bar shows it. */
  async function openChat(threadId: string): Promise<void> {
    if (!threads.show(threadId)) return;
    await view.reveal();
  }
  // A chat is being read when a visible view shows it; others count as background chats.
  const chatList: ChatList = new ChatList(
    threads,
    (thread, why, unseen) => notifyAttention(thread, why, unseen, chatList, () => void openChat(thread.threadId)),
    () =>
      new Set([
        ...(view.visible && threads.active() ? [threads.active()!.threadId] : []),
        ...panels.visibleThreadIds(),
      ]),
  );
  // A chat on screen is not seen while the window has no focus (another application is in front).
  chatList.setWindowFocused(vscode.window.state.focused);
  context.subscriptions.push(vscode.window.onDidChangeWindowState((state) => chatList.setWindowFocused(state.focused)));
  const updateBadge = (): void => {
    const count = chatList.attentionCount();
    view.setBadge(count, count === 1 ? vscode.l10n.t('1 chat needs you') : vscode.l10n.t('{0} chats need you', count));
  };
  chatList.onDidChange(() => {
    view.chatsChanged();
    panels.chatsChanged();
    updateBadge();
  });
  view.onDidChangeVisibility = () => {
    const shown = threads.active();
    if (view.visible && shown) chatList.markRead(shown.threadId);
    updateBadge();
  };

  /**
   * "Open Chat in Editor": the chat (else the side bar's, else a new one) in an editor tab beside
   * the others; the side bar keeps showing what it showed.
   */
  async function openChatInEditor(threadId: string | undefined): Promise<vscode.WebviewPanel | undefined> {
    let thread = threadId === undefined ? threads.active() : threads.get(undefined, threadId);
    if (threadId !== undefined && !thread) return undefined;
    if (!thread) {
      thread = createChat(undefined);
      void thread.start();
    }
    return panels.open(thread);
  }

  const historyAgent = (agent: AgentConfig): HistoryAgentOptions => ({
    agent,
    env: host,
    spawn,
    clientInfo: host.clientInfo(),
  });
  /** Opens a history item: shows an open chat, restores a journal, or opens an agent's session as a chat. */
  async function openHistoryItem(item: HistoryItem, decoded: DecodedJournal | null): Promise<void> {
    if (item.threadId && threads.get(undefined, item.threadId)) return openChat(item.threadId);
    if (item.threadId && decoded) {
      restoring.set(item.threadId, decoded);
      threads.restore(
        catalog.find(decoded.header.agent.id) ?? missingAgent(decoded),
        item.threadId,
        decoded.state,
        true,
      );
      restoring.delete(item.threadId);
      return view.reveal();
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
    threads.restore(agent, threadId, listedSessionState(base, item.sessionId, item.title, null), true);
    await view.reveal();
  }

  /** "New Chat" from a command: show the view, start the chat, put the cursor in the composer. */
  async function newChatFromCommand(agentId: string | undefined): Promise<void> {
    await view.reveal();
    try {
      const thread = createChat(agentId);
      // After the new thread's snapshot, so the composer keeps the focus the re-render would take.
      view.mirror.focusComposer();
      await thread.start();
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Switchboard could not start a chat: {0}.', describe(error)));
    }
  }

  async function onActiveThread(what: string, run: (thread: ThreadController) => Promise<void>): Promise<void> {
    const thread = threads.active();
    if (!thread) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('There is no chat to {0}. Start one with "Switchboard: New Chat".', what),
      );
      return;
    }
    try {
      await run(thread);
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Switchboard could not {0}: {1}.', what, describe(error)));
    }
  }

  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, view),
    view,
    panels,
    chatList,
    contextKeys,
    quickDiff,
    vscode.commands.registerCommand(REVIEW_ALL_COMMAND, () => quickDiff.reviewAll()),
    vscode.commands.registerCommand('switchboard.configureAgents', () =>
      vscode.commands.executeCommand('workbench.action.openSettings', 'switchboard.agents'),
    ),
    diffs.register(),
    agentTerminals,
    agentLogs,
    traffic,
    vscode.commands.registerCommand('switchboard.newChat', () => newChatFromCommand(undefined)),
    vscode.commands.registerCommand('switchboard.newChatWithAgent', async () => {
      const agentId = await pickAgent(catalog, foundAgents);
      if (agentId !== undefined) await newChatFromCommand(agentId);
    }),
    vscode.commands.registerCommand('switchboard.switchChat', async () => {
      const picked = await pickChat(chatList);
      if (picked?.inEditor) await openChatInEditor(picked.threadId);
      else if (picked) await openChat(picked.threadId);
    }),
    vscode.commands.registerCommand('switchboard.showHistory', () =>
      showHistory({
        journal,
        cwd: workspaceCwd,
        openChats: () => threads.all(),
        findAgent: (agentId) => catalog.find(agentId),
        agentHistory: (agent, cwd) => agentHistory(historyAgent(agent), cwd),
        deleteAgentSession: (agent, sessionId) => deleteAgentSession(historyAgent(agent), sessionId),
        open: openHistoryItem,
        close: (threadId) => closeChat(threads, chatList, threadId),
        renamed: (names) => chatList.setNames(names),
      }),
    ),
    vscode.commands.registerCommand('switchboard.openChatInEditor', async (threadId?: unknown) => {
      try {
        await openChatInEditor(typeof threadId === 'string' ? threadId : undefined);
      } catch (error) {
        void vscode.window.showErrorMessage(
          vscode.l10n.t('Switchboard could not open the chat: {0}.', describe(error)),
        );
      }
    }),
    vscode.commands.registerCommand('switchboard.closeChat', () =>
      onActiveThread(
        vscode.l10n.t('close the chat'),
        async (thread) => void (await closeChat(threads, chatList, thread.threadId)),
      ),
    ),
    vscode.commands.registerCommand('switchboard.cancel', () =>
      onActiveThread(vscode.l10n.t('cancel'), (thread) => thread.cancel()),
    ),
    vscode.commands.registerCommand('switchboard.restartAgent', () =>
      onActiveThread(vscode.l10n.t('restart the agent'), (thread) => thread.restart()),
    ),
    vscode.commands.registerCommand('switchboard.showAgentLog', () =>
      agentLogs.show(threads.active()?.agent.id ?? catalog.defaultAgent().id),
    ),
    vscode.commands.registerCommand('switchboard.showTraffic', () => traffic.show()),
    vscode.commands.registerCommand('switchboard.browseAgents', () => agentRegistry.browse()),
    vscode.commands.registerCommand('switchboard.setMcpSecret', () => mcp.setSecret()),
    vscode.commands.registerCommand('switchboard.importMcpServers', () => mcp.importFromVsCode()),
    vscode.commands.registerCommand('switchboard.signOut', async () => {
      const thread = threads.active();
      if (!thread)
        return void vscode.window.showInformationMessage(vscode.l10n.t('Open a chat with the agent to sign out of.'));
      const result = await thread.signOut();
      void vscode.window.showInformationMessage(signOutMessage(thread.agent.displayName, result));
    }),
    vscode.commands.registerCommand('switchboard.focusChat', async () => {
      await view.reveal();
      view.mirror.focusComposer();
    }),
    registerEditorActions({
      addContext: async (items) => {
        await view.reveal();
        view.addContext(items);
      },
      // A chat is started when there is none; busy agents get it queued. Not awaited: the turn
      // may run (and wait for permissions) long after the command is done.
      send: async (text, items) => {
        await view.reveal();
        void view.submit({ type: 'queuePrompt', text, context: items });
      },
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!settingsChanged(event)) return;
      reportSettingErrors([...catalog.reload(), ...sessionChoices.settingErrors(), ...settings.problems()]);
      view.mirror.agentsChanged();
    }),
  );

  // Off the activation path: a network check only when something from the registry is installed.
  const updateCheck = setTimeout(() => void agentRegistry.checkUpdates(), 5000);
  foundAgents.start();
  context.subscriptions.push({ dispose: () => clearTimeout(updateCheck) });
  // After activation: the chats of the last window come back (read from disk, no agent started).
  const restored = restoreOpenChats(
    journal,
    threads,
    // A chat with an agent found on PATH waits for the first detection to find it again.
    async (decoded) =>
      catalog.find(decoded.header.agent.id) ??
      (await foundAgents.whenReady(), catalog.find(decoded.header.agent.id) ?? missingAgent(decoded)),
    restoring,
    (chat) =>
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Switchboard could not bring back the chat {0}: {1}. Chat History lists it.',
          chat.threadId,
          chat.reason,
        ),
      ),
  ).catch((error: unknown) => {
    console.error('[switchboard] could not restore the chats', error);
    return 0;
  });
  void journal.readNames().then((names) => Object.keys(names).length > 0 && chatList.setNames(names));

  return {
    restoredChats: () => restored,
    flushChats: () => journal.flushAll(),
    newChat: (agentId) => startChat(agentId),
    activeThread: () => threads.active(),
    terminalSupport: () => {
      const problem = ptyLoadProblem();
      return problem === undefined ? { pty: true } : { pty: false, problem };
    },
    openTerminal: (terminalId) => {
      const thread = threads.active();
      return thread ? openTerminal(thread, terminalId) : undefined;
    },
    chatViewState: () => view.state(),
    chatPanels: () => panels.state(),
    chatPanelSerializer: panels,
    openChatInEditor: async (threadId) => {
      await openChatInEditor(threadId);
    },
    chats: () => threads.all(),
    showChat: (threadId) => threads.show(threadId),
    review,
    agentRegistry,
    foundAgents,
    agentPickItems: () => agentPickItems(catalog),
    quickDiff,
    contextKeys: () => contextKeys.current(),
    signIn,
    permissionRules,
    logText: (agentId) => ({ traffic: traffic.text(agentId), agent: agentLogs.recentText(agentId) }),
    activationMs: activationTime(activationStarted),
  };
}

function signOutMessage(agent: string, result: 'loggedOut' | 'forgotten' | 'nothing'): string {
  if (result === 'loggedOut') return vscode.l10n.t('Signed out of {0}.', agent);
  if (result === 'forgotten')
    return vscode.l10n.t('The keys kept for {0} are forgotten; it starts again without them.', agent);
  return vscode.l10n.t('{0} does not offer signing out, and no keys are kept for it.', agent);
}

function activationTime(started: number): number {
  const ms = performance.now() - started;
  console.log(`Switchboard activated in ${ms.toFixed(1)} ms`);
  return ms;
}

/** Stops every agent process group; VS Code waits for the returned promise (briefly). */
export async function deactivate(): Promise<void> {
  await persistence?.flush();
  persistence = undefined;
  await registry?.disposeAll();
  registry = undefined;
}

/** The agent's cwd and the session cwd: the first workspace folder, or the home folder. */
function workspaceCwd(): string {
  const folder = vscode.workspace.workspaceFolders?.find((candidate) => candidate.uri.scheme === 'file');
  return folder?.uri.fsPath ?? os.homedir();
}

function reportSettingErrors(errors: string[]): void {
  if (errors.length === 0) return;
  const more = errors.length > 1 ? vscode.l10n.t(' (and {0} more)', errors.length - 1) : '';
  const open = vscode.l10n.t('Open Settings');
  void vscode.window
    .showWarningMessage(vscode.l10n.t('Switchboard: {0}{1}', errors[0] ?? '', more), open)
    .then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'switchboard.agents');
    });
  for (const error of errors) console.warn(`[switchboard] ${error}`);
}

function describe(error: unknown): string {
  return errorMessage(error).replace(/\.$/, '');
}
