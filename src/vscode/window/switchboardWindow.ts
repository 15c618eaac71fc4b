// The window: owns everything the extension makes for its lifetime (one DisposableStore) and builds the features
// in the order they need each other, each handed what it uses when it is made: the ACP Registry, the agents
// (settings, found on PATH), what agents run with (AgentHost: logs, sign-in, MCP, permission rules), review, the
// chats, then the command table over all of them. What a feature made earlier hears from a later one goes by
// events (the registry's onDidChangeAgents, the catalog's onDidChange), subscribed here once both exist.
// Cheap on purpose: no agent is spawned and nothing big is read until the user starts a chat.
import * as vscode from 'vscode';
import { toDisposable, type DisposableStore } from '../../shared/disposableStore';
import { setTranslations } from '../../shared/l10n';
import { AgentCatalog } from '../agents/agentCatalog';
import { AgentHost, workspaceCwd } from '../agents/agentHost';
import { reportSettingErrors, watchAgentSettings } from '../agents/agentSettings';
import { FoundAgents } from '../agents/foundAgents';
import { RegistryFeature } from '../agents/registryFeature';
import { ChatsFeature } from '../chat/chatsFeature';
import { Comparisons } from '../compare/comparisons';
import { autoApproveStatus } from '../chat/permissionPolicy';
import { SessionChoiceStore } from '../chat/sessionChoiceStore';
import { activateReview } from '../review/reviewFeature';
import { recordWorktreeStorage } from '../../worktrees/uninstallRecord';
import { commandTable, registerCommands } from './commands';
import type { HostLog } from './hostLog';
import { switchboardApi, type SwitchboardApi } from './switchboardApi';

/** A network check for agent updates this long after activation, off its path. */
const UPDATE_CHECK_DELAY_MS = 5000;

export class SwitchboardWindow {
  readonly api: SwitchboardApi;
  private readonly chats: ChatsFeature;

  /** activationStarted: performance.now() when activate() was called (the API reports the time it took). */
  constructor(
    context: vscode.ExtensionContext,
    private readonly store: DisposableStore,
    log: HostLog,
    activationStarted: number,
  ) {
    // The strings pure code makes (failure cards, notices, settings errors) in the display language too.
    setTranslations(vscode.l10n.bundle);
    const registry = store.add(new RegistryFeature(context.globalStorageUri, (line) => log.info(line)));
    // The demo runs on the extension host's own runtime: always present, never downloaded.
    const demo = { command: process.execPath, args: [context.asAbsolutePath('dist/demo-agent.js')] };
    const catalog = store.add(new AgentCatalog(demo, registry.resolver));
    // In the background: registry agents already installed on this machine join the pickers as they are found.
    const foundAgents = store.add(
      new FoundAgents({
        cachedIndex: () => registry.cachedIndex(),
        loadIndex: () => registry.loadIndex(),
        onDidLoadIndex: registry.onDidLoadIndex,
        installedIds: () => registry.installer.installedIds(),
        changed: (found) => catalog.setFound(found),
        log: (line) => log.info(line),
      }),
    );
    foundAgents.start();
    /** The mode and options each agent's new chats start with (remembered, and pinned by a setting). */
    const sessionChoices = new SessionChoiceStore(context.globalState);
    store.add(watchAgentSettings(catalog, sessionChoices, log));
    const host = new AgentHost(context, catalog, sessionChoices, store);
    const review = activateReview(context, store, workspaceCwd, host.fileTexts, log);
    // Agents' own reports of their on-disk changes (tool-call diffs) reach review (made after the host's env).
    host.env.reportFileChange = (change) => review.reportFileChange(change);
    const chats = new ChatsFeature({ context, catalog, foundAgents, host, review, log }, store);
    this.chats = chats;
    const threads = chats.threads.registry;
    store.add(
      autoApproveStatus(
        host.permissionRules,
        () => {
          const thread = threads.active();
          return thread && { threadId: thread.threadId, agentName: thread.agent.displayName };
        },
        (listener) => threads.onDidChangeActive(listener),
      ),
    );
    const comparisons = store.add(
      new Comparisons({
        context,
        catalog,
        chats: {
          worktrees: chats.worktrees,
          thread: (threadId) => threads.get(undefined, threadId),
          openChat: (threadId) => chats.openChat(threadId),
          whenRestored: () => chats.whenRestored(),
        },
        log: (line) => log.warn(line),
      }),
    );
    chats.watchedElsewhere = (threadId) => comparisons.shows(threadId);
    registerCommands(commandTable({ catalog, host, registry, review, chats, comparisons }), store);
    store.add(
      registry.onDidChangeAgents(() => {
        reportSettingErrors(catalog.reload(), log);
        // An install or uninstall changes which found agents are Switchboard's own.
        void foundAgents.refresh();
      }),
    );
    store.add(registry.onDidAskForChat((agentId) => void chats.newChatFromCommand(agentId)));
    // A network check only when something from the registry is installed.
    const updateCheck = setTimeout(() => void registry.checkUpdates(), UPDATE_CHECK_DELAY_MS);
    store.add(toDisposable(() => clearTimeout(updateCheck)));
    // So that an uninstall can find and delete the chats' worktrees (VS Code keeps the storage).
    void recordWorktreeStorage(context.extensionPath, context.globalStorageUri.fsPath).then((problem) => {
      if (problem) log.warn(`The chats' worktrees would be left behind by an uninstall: ${problem}`);
    });
    const activationMs = performance.now() - activationStarted;
    log.info(`Switchboard activated in ${activationMs.toFixed(1)} ms`);
    this.api = switchboardApi({ catalog, foundAgents, host, registry, review, chats, comparisons, activationMs });
  }

  /**
   * Writes what the chats have pending, stops every agent process group, then ends everything else the window
   * made. VS Code waits for it (briefly).
   */
  async deactivate(): Promise<void> {
    try {
      await this.chats.threads.stop();
    } finally {
      this.store.dispose();
    }
  }
}
