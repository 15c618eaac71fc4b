// The agents the user can chat with, read from the `switchboard.*` settings. Re-read on every
// settings change; a bad entry is reported once per change and never hides the other agents.
import * as vscode from 'vscode';
import { formatCommandLine } from '../../agents/commandLine';
import { parseAgentsSetting, resolveDefaultAgent, type DemoLaunch, type RegistryResolver } from '../../agents/config';
import type { AgentConfig, HostEnvironment } from '../../session/api';
import type { AgentChoice } from '../../shared/messages';
import { elicitationSetting } from './elicitationSetting';
import { settings } from '../settings';

export class AgentCatalog implements vscode.Disposable {
  private agents: AgentConfig[] = [];
  /** Registry agents found on PATH (foundAgents.ts), offered after the configured ones. */
  private foundAgents: AgentConfig[] = [];
  private defaultId = '';
  private readonly changed = new vscode.EventEmitter<void>();
  /** The agents were read again or the found ones changed (the pickers and the chat's agent list follow). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly demo: DemoLaunch,
    /** Resolves `{type: "registry"}` entries to their installed command (src/vscode/agents/registryFeature.ts). */
    private readonly registry?: RegistryResolver,
  ) {}

  /** Re-reads the settings; returns the messages for rejected entries. */
  reload(): string[] {
    const parsed = parseAgentsSetting(settings.get('agents'), this.demo, this.registry);
    this.agents = parsed.agents;
    this.defaultId = settings.get('defaultAgent');
    const errors = [...parsed.errors];
    if (this.defaultId !== '' && !this.agents.some((agent) => agent.id === this.defaultId)) {
      errors.push(
        vscode.l10n.t(
          'switchboard.defaultAgent is "{0}", which is not in switchboard.agents; using the Demo agent.',
          this.defaultId,
        ),
      );
    }
    this.changed.fire();
    return errors;
  }

  /** The found agents to offer: one the settings have under the same id is offered as configured. */
  setFound(found: AgentConfig[]): void {
    this.foundAgents = found;
    this.changed.fire();
  }

  /** The configured agents (the Demo agent first), then the found ones. */
  all(): AgentConfig[] {
    const configured = new Set(this.agents.map((agent) => agent.id));
    return [...this.agents, ...this.foundAgents.filter((agent) => !configured.has(agent.id))];
  }

  find(agentId: string): AgentConfig | undefined {
    return this.all().find((agent) => agent.id === agentId);
  }

  defaultAgent(): AgentConfig {
    return resolveDefaultAgent(this.agents, this.defaultId);
  }

  dispose(): void {
    this.changed.dispose();
  }

  choices(): { agents: AgentChoice[]; defaultAgentId: string } {
    return {
      agents: this.all().map((agent) => ({
        id: agent.id,
        displayName: agent.displayName,
        isDemo: agent.isDemo,
        commandLine: formatCommandLine(agent.command, agent.args),
        ...(agent.foundAt !== undefined ? { foundAt: agent.foundAt } : {}),
      })),
      defaultAgentId: this.defaultAgent().id,
    };
  }
}

/** The settings read at each agent start (the limits and draft switches from the user's own settings), in the units the core wants. */
export function transportSettings(): ReturnType<HostEnvironment['settings']> {
  const read = (key: 'elicitation' | 'experimental.elicitation') => ({
    inspected: settings.inspect(key),
    value: settings.get(key),
  });
  const elicitation = elicitationSetting(read('elicitation'), read('experimental.elicitation'));
  return {
    maxMessageBytes: settings.get('maxMessageSizeMiB') * 1024 * 1024,
    initializeTimeoutMs: settings.get('initializeTimeoutSeconds') * 1000,
    // Draft ACP features: off unless the user turned them on.
    experimental: { fork: settings.get('experimental.fork') },
    acpV2: settings.get('acpV2'),
    elicitation: elicitation.on,
    // Stable ACP, on by default (like switchboard.elicitation).
    subagents: settings.get('subagents'),
    notes: elicitation.note === null ? [] : [elicitation.note],
  };
}
