// "Switchboard: Browse Agents": the ACP Registry in a quick pick (name, version, license, description, whether
// it is installed or has an update), and for each agent Install / Update / Roll Back / Uninstall / New Chat.
// An install adds `{ "type": "registry" }` under the agent's id in switchboard.agents (user settings; an entry
// already there, with its env or pin, is kept); uninstall removes the files and that entry. Updates follow
// switchboard.registry.updates. The install work itself is in src/agents/registry/ (no VS Code there).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RegistryResolver } from '../../agents/config';
import { RegistryInstaller, type InstallState } from '../../agents/registry/installer';
import { describeAge, RegistryCache, type LoadedIndex } from '../../agents/registry/registryCache';
import { compareVersions, type RegistryAgent } from '../../agents/registry/registryIndex';
import { RegistryIcons } from '../../agents/registry/registryIcons';
import { failAfterProgress } from './progressClosing';
import { RuntimeOffer } from './runtimeOffer';
import { MissingToolError, runTool } from '../../agents/registry/toolRunner';
import { entriesOf, settings } from '../settings';

/** How long Browse Agents waits for icons it has not fetched before. */
const ICON_WAIT_MS = 1_500;

export class RegistryFeature implements vscode.Disposable {
  readonly installer: RegistryInstaller;
  private readonly cache: RegistryCache;
  /** Node.js or uv fetched into the storage when the machine has none and the user agreed (runtimeOffer.ts). */
  private readonly runtimes: RuntimeOffer;
  private readonly icons: RegistryIcons;
  private readonly indexLoaded = new vscode.EventEmitter<LoadedIndex>();
  /** Each index loaded (Browse Agents, the update check, the agents found on PATH): found agents follow it. */
  readonly onDidLoadIndex = this.indexLoaded.event;
  private readonly agentsChanged = new vscode.EventEmitter<void>();
  /** An install, update, rollback or uninstall changed what a registry entry starts: the agents are read again. */
  readonly onDidChangeAgents = this.agentsChanged.event;
  private readonly chatAsked = new vscode.EventEmitter<string>();
  /** The user chose New Chat with an installed agent (its id). */
  readonly onDidAskForChat = this.chatAsked.event;

  constructor(
    storage: vscode.Uri,
    private readonly log: (line: string) => void,
  ) {
    this.runtimes = new RuntimeOffer(storage, log);
    this.icons = new RegistryIcons(path.join(storage.fsPath, 'registry', 'icons'));
    this.installer = new RegistryInstaller(path.join(storage.fsPath, 'agents'), {
      runTool,
      toolEnv: () => process.env,
      log,
      runtimeBin: (name) => this.runtimes.binDir(name),
    });
    this.cache = new RegistryCache(path.join(storage.fsPath, 'registry'));
  }

  readonly resolver: RegistryResolver = (id) => {
    const launch = this.installer.launch(id);
    const state = launch && this.installer.state(id);
    return launch && { ...launch, name: state?.name };
  };

  url(): string {
    return settings.get('registry.url');
  }

  async loadIndex(): Promise<LoadedIndex> {
    const index = await this.cache.load(this.url());
    for (const problem of index.problems) this.log(`[switchboard] registry: ${problem}`);
    this.indexLoaded.fire(index);
    return index;
  }

  /** The index as last loaded, from the disk only (no network); undefined when it was never loaded here. */
  cachedIndex(): Promise<LoadedIndex | undefined> {
    return this.cache.cached(this.url());
  }

  /** The command: pick an agent, then an action. */
  async browse(): Promise<void> {
    let index: LoadedIndex;
    try {
      index = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading the ACP Registry') },
        async () => {
          const loaded = await this.loadIndex();
          // Icons fetched before: shown at once; new ones get a moment (the rest show next time).
          const urls = loaded.agents.flatMap((agent) => (agent.icon ? [agent.icon] : []));
          await this.icons.fetchMissing(urls, ICON_WAIT_MS);
          return loaded;
        },
      );
    } catch (error) {
      const choice = await vscode.window.showErrorMessage(
        vscode.l10n.t('{0}. Check your network or the switchboard.registry.url setting.', message(error)),
        vscode.l10n.t('Open Settings'),
      );
      if (choice) await vscode.commands.executeCommand('workbench.action.openSettings', 'switchboard.registry.url');
      return;
    }
    const items = index.agents.map((agent) => this.item(agent));
    const title = index.offline
      ? vscode.l10n.t('ACP Registry (offline: the copy from {0} ago)', describeAge(Date.now() - index.fetchedAt))
      : vscode.l10n.t('ACP Registry');
    const picked = await vscode.window.showQuickPick(items, {
      title,
      placeHolder: index.offline
        ? vscode.l10n.t('Offline: {0}', index.offline)
        : vscode.l10n.t('Pick an agent to install, update or start'),
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (picked) await this.act(picked.agent);
  }

  private item(agent: RegistryAgent): vscode.QuickPickItem & { agent: RegistryAgent } {
    const state = this.installer.state(agent.id);
    const update = state && compareVersions(agent.version, state.current.version) > 0;
    const status = !state
      ? ''
      : update
        ? vscode.l10n.t('$(arrow-up) update {0} → {1}', state.current.version, agent.version)
        : vscode.l10n.t('$(check) installed {0}', state.current.version);
    const icon = agent.icon ? this.icons.cached(agent.icon) : undefined;
    return {
      ...(icon ? { iconPath: vscode.Uri.file(icon) } : {}),
      label: `${state ? '$(check) ' : ''}${agent.name}`,
      description: [agent.version, agent.license, status].filter(Boolean).join(' · '),
      detail: agent.description,
      agent,
    };
  }

  private async act(agent: RegistryAgent): Promise<void> {
    const state = this.installer.state(agent.id);
    type Action = vscode.QuickPickItem & { run: () => Promise<void> };
    const actions: Action[] = [];
    if (!state)
      actions.push({
        label: vscode.l10n.t('$(cloud-download) Install {0}', agent.version),
        run: async () => void (await this.install(agent)),
      });
    else {
      actions.push({
        label: vscode.l10n.t('$(comment-discussion) New Chat'),
        run: async () => this.chatAsked.fire(agent.id),
      });
      if (compareVersions(agent.version, state.current.version) > 0) {
        actions.push({
          label: vscode.l10n.t('$(arrow-up) Update to {0}', agent.version),
          run: async () => void (await this.install(agent)),
        });
      }
      if (state.previous) {
        actions.push({
          label: vscode.l10n.t('$(history) Roll Back to {0}', state.previous.version),
          run: () => this.rollback(agent.id),
        });
      }
      actions.push({ label: vscode.l10n.t('$(trash) Uninstall'), run: () => this.uninstall(agent.id, agent.name) });
    }
    if (agent.repository) {
      actions.push({
        label: vscode.l10n.t('$(link-external) Open Repository'),
        run: async () => void vscode.env.openExternal(vscode.Uri.parse(agent.repository!)),
      });
    }
    const picked = await vscode.window.showQuickPick(actions, {
      title: `${agent.name} ${agent.version}${agent.license ? ` (${agent.license})` : ''}`,
      placeHolder: agent.description,
    });
    await picked?.run();
  }

  async install(agent: RegistryAgent, retried = false): Promise<InstallState | undefined> {
    try {
      this.checkEntryFree(agent.id);
      const progress = {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Installing {0} {1}…', agent.name, agent.version),
      };
      // A failure is told once the progress has closed, not beside it (progressClosing.ts).
      const state = await failAfterProgress(
        (task) => vscode.window.withProgress(progress, task),
        () => this.installer.install(agent),
      );
      await this.ensureEntry(agent.id);
      this.agentsChanged.fire();
      void vscode.window
        .showInformationMessage(
          vscode.l10n.t('{0} {1} is installed.', agent.name, agent.version),
          vscode.l10n.t('New Chat'),
        )
        .then((choice) => (choice ? this.chatAsked.fire(agent.id) : undefined));
      return state;
    } catch (error) {
      this.log(`[switchboard] installing ${agent.id} failed: ${message(error)}`);
      if (!retried && error instanceof MissingToolError && (await this.runtimes.offer(agent.name, error)))
        return this.install(agent, true);
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} was not installed: {1}', agent.name, message(error)));
      return undefined;
    }
  }

  async rollback(id: string): Promise<void> {
    try {
      const state = await this.installer.rollback(id);
      this.agentsChanged.fire();
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0} is back at {1}; its chats use it from their next start.', state.name, state.current.version),
      );
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not roll back: {0}', message(error)));
    }
  }

  async uninstall(id: string, name: string, confirm = true): Promise<void> {
    if (confirm) {
      // The button's own (localised) label comes back, not the English one.
      const uninstallLabel = vscode.l10n.t('Uninstall');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('Uninstall {0}? Its files and its switchboard.agents entry are removed.', name),
        { modal: true },
        uninstallLabel,
      );
      if (choice !== uninstallLabel) return;
    }
    await this.installer.uninstall(id);
    const agents = entriesOf(settings.get('agents'));
    if (isRegistryEntry(agents[id])) {
      delete agents[id];
      await settings.update('agents', agents);
    }
    this.agentsChanged.fire();
  }

  /** On activation, for installed agents not pinned to a version: tell about updates, or apply them. */
  async checkUpdates(): Promise<void> {
    const policy = settings.get('registry.updates');
    const installed = this.installer.installedIds();
    if (policy === 'off' || installed.length === 0) return;
    let index: LoadedIndex;
    try {
      index = await this.loadIndex();
    } catch (error) {
      this.log(`[switchboard] checking agent updates: ${message(error)}`);
      return;
    }
    const entries = entriesOf(settings.get('agents'));
    for (const id of installed) {
      const agent = index.agents.find((candidate) => candidate.id === id);
      const state = this.installer.state(id);
      const entry = entries[id];
      const pinned = isRegistryEntry(entry) && typeof entry.version === 'string';
      if (!agent || !state || pinned || compareVersions(agent.version, state.current.version) <= 0) continue;
      if (policy === 'auto') await this.install(agent);
      else {
        void vscode.window
          .showInformationMessage(
            vscode.l10n.t('{0} {1} is available (you have {2}).', agent.name, agent.version, state.current.version),
            vscode.l10n.t('Update'),
          )
          .then((choice) => (choice ? this.install(agent) : undefined));
      }
    }
  }

  dispose(): void {
    this.indexLoaded.dispose();
    this.agentsChanged.dispose();
    this.chatAsked.dispose();
  }

  /** A custom entry under the same id is the user's: never overwritten. Checked before anything is downloaded. */
  private checkEntryFree(id: string): void {
    const entry = entriesOf(settings.get('agents'))[id];
    if (entry !== undefined && !isRegistryEntry(entry)) {
      throw new Error(`switchboard.agents already has a custom entry "${id}"; rename it first`);
    }
  }

  private async ensureEntry(id: string): Promise<void> {
    const agents = entriesOf(settings.get('agents'));
    if (isRegistryEntry(agents[id])) return;
    await settings.update('agents', { ...agents, [id]: { type: 'registry' } });
  }
}

function isRegistryEntry(entry: unknown): entry is { type: 'registry'; version?: unknown } {
  return typeof entry === 'object' && entry !== null && (entry as { type?: unknown }).type === 'registry';
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}
