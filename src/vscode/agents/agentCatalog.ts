// The agents the user can chat with, read from the `switchboard.*` settings. Re-read on every
// settings change; a bad entry is reported once per change and never hides the other agents.
import * as vscode from 'vscode';
import { formatCommandLine } from '../../agents/commandLine';
import { parseAgentsSetting, resolveDefaultAgent, type DemoLaunch, type RegistryResolver } from '../../agents/config';
import type { AgentConfig, HostEnvironment } from '../../session/api';
import type { AgentChoice } from '../../shared/messages';
import { elicitationSetting } from './elicitationSetting';
import { agentsRunHere } from './remoteInfo';

import { SETTINGS_SECTION, userLimit, userSwitch } from '../userSettings';

export { SETTINGS_SECTION };

export class AgentCatalog {
  private agents: AgentConfig[] = [];
  private defaultId = '';

  constructor(
    private readonly demo: DemoLaunch,
    /** Resolves `{type: "registry"}` entries to their installed command (src/vscode/agents/registryFeature.ts). */
    private readonly registry?: RegistryResolver,
  ) {}

  /** Re-reads the settings; returns the messages for rejected entries. */
  reload(): string[] {
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const parsed = parseAgentsSetting(config.get<unknown>('agents'), this.demo, this.registry);
    this.agents = parsed.agents;
    this.defaultId = config.get<string>('defaultAgent') ?? '';
    const errors = [...parsed.errors];
    if (this.defaultId !== '' && !this.agents.some((agent) => agent.id === this.defaultId)) {
      errors.push(
        vscode.l10n.t(
          'switchboard.defaultAgent is "{0}", which is not in switchboard.agents; using the Demo agent.',
          this.defaultId,
        ),
      );
    }
    return errors;
  }

  all(): AgentConfig[] {
    return this.agents;
  }

  find(agentId: string): AgentConfig | undefined {
    return this.agents.find((agent) => agent.id === agentId);
  }

  defaultAgent(): AgentConfig {
    return resolveDefaultAgent(this.agents, this.defaultId);
  }

  choices(): { agents: AgentChoice[]; defaultAgentId: string } {
    return {
      agents: this.agents.map((agent) => ({
        id: agent.id,
        displayName: agent.displayName,
        isDemo: agent.isDemo,
        commandLine: formatCommandLine(agent.command, agent.args),
      })),
      defaultAgentId: this.defaultAgent().id,
    };
  }
}

/** The settings read at each agent start (limits and switches from the user's own settings, userSettings.ts), in the units the core wants. */
export function transportSettings(): ReturnType<HostEnvironment['settings']> {
  const mib = userLimit('maxMessageSizeMiB', 64);
  const seconds = userLimit('initializeTimeoutSeconds', 30);
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const read = (key: string) => ({ inspected: config.inspect(key), value: config.get<unknown>(key) });
  const elicitation = elicitationSetting(read('elicitation'), read('experimental.elicitation'));
  return {
    maxMessageBytes: Math.floor(mib * 1024 * 1024),
    initializeTimeoutMs: Math.floor(seconds * 1000),
    // Draft ACP features: off unless the user turned them on (strictly `true`).
    experimental: { fork: userSwitch('experimental.fork') },
    elicitation: elicitation.on,
    // Stable ACP, on by default: only a false turns it off (like switchboard.elicitation).
    subagents: read('subagents').value !== false,
    notes: elicitation.note === null ? [] : [elicitation.note],
  };
}

/** The quick pick behind "New Chat with Agent...": resolves the chosen id, or undefined. */
export async function pickAgent(catalog: AgentCatalog): Promise<string | undefined> {
  const defaultId = catalog.defaultAgent().id;
  const items = catalog.choices().agents.map((choice) => ({
    label: choice.displayName,
    description: [
      choice.id === defaultId ? vscode.l10n.t('default') : '',
      choice.isDemo ? vscode.l10n.t('offline demo') : '',
    ]
      .filter(Boolean)
      .join(' · '),
    detail: choice.isDemo
      ? vscode.l10n.t('Built in: shows every kind of update without a real model.')
      : choice.commandLine,
    agentId: choice.id,
  }));
  const where = agentsRunHere();
  const picked = await vscode.window.showQuickPick(items, {
    title: where ? vscode.l10n.t('New Chat with Agent (agents run {0})', where) : vscode.l10n.t('New Chat with Agent'),
    placeHolder: vscode.l10n.t('Pick an agent (add more in the switchboard.agents setting)'),
    matchOnDetail: true,
  });
  return picked?.agentId;
}
