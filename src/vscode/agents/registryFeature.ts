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
import { compareVersions, DEFAULT_REGISTRY_URL, type RegistryAgent } from '../../agents/registry/registryIndex';
import { runTool } from '../../agents/registry/toolRunner';
import { SETTINGS_SECTION } from './agentCatalog';

type UpdatePolicy = 'off' | 'notify' | 'auto';

export interface RegistryHooks {
  /** Re-reads the agents (an install or rollback changes what a registry entry starts). */
  agentsChanged(): void;
  newChat(agentId: string): Promise<void>;
  log(line: string): void;
}

export class RegistryFeature {
  readonly installer: RegistryInstaller;
  private readonly cache: RegistryCache;

  constructor(
    storage: vscode.Uri,
    private readonly hooks: RegistryHooks,
  ) {
    this.installer = new RegistryInstaller(path.join(storage.fsPath, 'agents'), {
      runTool,
      toolEnv: () => process.env,
      log: hooks.log,
    });
    this.cache = new RegistryCache(path.join(storage.fsPath, 'registry'));
  }

  readonly resolver: RegistryResolver = (id) => {
    const launch = this.installer.launch(id);
    const state = launch && this.installer.state(id);
    return launch && { ...launch, name: state?.name };
  };

  url(): string {
    const configured = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<string>('registry.url');
    return configured && configured.trim() !== '' ? configured.trim() : DEFAULT_REGISTRY_URL;
  }

  async loadIndex(): Promise<LoadedIndex> {
    const index = await this.cache.load(this.url());
    for (const problem of index.problems) this.hooks.log(`[switchboard] registry: ${problem}`);
    return index;
  }

  /** The command: pick an agent, then an action. */
  async browse(): Promise<void> {
    let index: LoadedIndex;
    try {
      index = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Loading the ACP Registry' },
        () => this.loadIndex(),
      );
    } catch (error) {
      const choice = await vscode.window.showErrorMessage(
        `${message(error)}. Check your network or the switchboard.registry.url setting.`,
        'Open Settings',
      );
      if (choice) await vscode.commands.executeCommand('workbench.action.openSettings', 'switchboard.registry.url');
      return;
    }
    const items = index.agents.map((agent) => this.item(agent));
    const title = index.offline
      ? `ACP Registry (offline: the copy from ${describeAge(Date.now() - index.fetchedAt)} ago)`
      : 'ACP Registry';
    const picked = await vscode.window.showQuickPick(items, {
      title,
      placeHolder: index.offline ? `Offline: ${index.offline}` : 'Pick an agent to install, update or start',
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
        ? `$(arrow-up) update ${state.current.version} → ${agent.version}`
        : `$(check) installed ${state.current.version}`;
    return {
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
        label: `$(cloud-download) Install ${agent.version}`,
        run: async () => void (await this.install(agent)),
      });
    else {
      actions.push({ label: '$(comment-discussion) New Chat', run: () => this.hooks.newChat(agent.id) });
      if (compareVersions(agent.version, state.current.version) > 0) {
        actions.push({
          label: `$(arrow-up) Update to ${agent.version}`,
          run: async () => void (await this.install(agent)),
        });
      }
      if (state.previous) {
        actions.push({
          label: `$(history) Roll Back to ${state.previous.version}`,
          run: () => this.rollback(agent.id),
        });
      }
      actions.push({ label: '$(trash) Uninstall', run: () => this.uninstall(agent.id, agent.name) });
    }
    if (agent.repository) {
      actions.push({
        label: '$(link-external) Open Repository',
        run: async () => void vscode.env.openExternal(vscode.Uri.parse(agent.repository!)),
      });
    }
    const picked = await vscode.window.showQuickPick(actions, {
      title: `${agent.name} ${agent.version}${agent.license ? ` (${agent.license})` : ''}`,
      placeHolder: agent.description,
    });
    await picked?.run();
  }

  async install(agent: RegistryAgent): Promise<InstallState | undefined> {
    try {
      this.checkEntryFree(agent.id);
      const state = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Installing ${agent.name} ${agent.version}…` },
        () => this.installer.install(agent),
      );
      await this.ensureEntry(agent.id);
      this.hooks.agentsChanged();
      void vscode.window
        .showInformationMessage(`${agent.name} ${agent.version} is installed.`, 'New Chat')
        .then((choice) => choice && this.hooks.newChat(agent.id));
      return state;
    } catch (error) {
      this.hooks.log(`[switchboard] installing ${agent.id} failed: ${message(error)}`);
      void vscode.window.showErrorMessage(`${agent.name} was not installed: ${message(error)}`);
      return undefined;
    }
  }

  async rollback(id: string): Promise<void> {
    try {
      const state = await this.installer.rollback(id);
      this.hooks.agentsChanged();
      void vscode.window.showInformationMessage(
        `${state.name} is back at ${state.current.version}; its chats use it from their next start.`,
      );
    } catch (error) {
      void vscode.window.showErrorMessage(`Could not roll back: ${message(error)}`);
    }
  }

  async uninstall(id: string, name: string, confirm = true): Promise<void> {
    if (confirm) {
      const choice = await vscode.window.showWarningMessage(
        `Uninstall ${name}? Its files and its switchboard.agents entry are removed.`,
        { modal: true },
        'Uninstall',
      );
      if (choice !== 'Uninstall') return;
    }
    await this.installer.uninstall(id);
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const agents = { ...(config.get<Record<string, unknown>>('agents') ?? {}) };
    if (isRegistryEntry(agents[id])) {
      delete agents[id];
      await config.update('agents', agents, vscode.ConfigurationTarget.Global);
    }
    this.hooks.agentsChanged();
  }

  /** On activation, for installed agents not pinned to a version: tell about updates, or apply them. */
  async checkUpdates(): Promise<void> {
    const policy =
      vscode.workspace.getConfiguration(SETTINGS_SECTION).get<UpdatePolicy>('registry.updates') ?? 'notify';
    const installed = this.installer.installedIds();
    if (policy === 'off' || installed.length === 0) return;
    let index: LoadedIndex;
    try {
      index = await this.loadIndex();
    } catch (error) {
      this.hooks.log(`[switchboard] checking agent updates: ${message(error)}`);
      return;
    }
    const entries = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<Record<string, unknown>>('agents') ?? {};
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
            `${agent.name} ${agent.version} is available (you have ${state.current.version}).`,
            'Update',
          )
          .then((choice) => choice && this.install(agent));
      }
    }
  }

  /** A custom entry under the same id is the user's: never overwritten. Checked before anything is downloaded. */
  private checkEntryFree(id: string): void {
    const entry = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<Record<string, unknown>>('agents')?.[id];
    if (entry !== undefined && !isRegistryEntry(entry)) {
      throw new Error(`switchboard.agents already has a custom entry "${id}"; rename it first`);
    }
  }

  private async ensureEntry(id: string): Promise<void> {
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const agents = config.get<Record<string, unknown>>('agents') ?? {};
    if (isRegistryEntry(agents[id])) return;
    await config.update('agents', { ...agents, [id]: { type: 'registry' } }, vscode.ConfigurationTarget.Global);
  }
}

function isRegistryEntry(entry: unknown): entry is { type: 'registry'; version?: unknown } {
  return typeof entry === 'object' && entry !== null && (entry as { type?: unknown }).type === 'registry';
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}
