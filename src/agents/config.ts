// Parses the `switchboard.agents` setting (the shape of Zed's `agent_servers`: an object keyed by
// agent id, each `{command, args?, env?, displayName?}`, or `{type: "registry", version?, env?}` for an agent
// installed from the ACP Registry) into AgentConfig[]. A bad entry is
// skipped with a message naming the entry and the field, so one typo never hides the other agents.
import { t } from '../shared/l10n';
import { EDITOR_TOOL_NAMES, isEditorToolName, type EditorToolName } from '../shared/editorToolNames';

/** One agent as configured by the user (switchboard.agents) or built in (the Demo agent). */
export interface AgentConfig {
  id: string;
  displayName: string;
  command: string;
  args: string[];
  /** Applied over the environment VS Code runs with (the user's keys win, PATH and HOME included). */
  env: Record<string, string>;
  isDemo: boolean;
  /** The user wrote `displayName` in the entry: the chat shows that name, not the title the agent gives itself. */
  namedByUser?: boolean;
  /** False when the entry opts out of switchboard.mcpServers (`"mcpServers": false`); on by default. */
  useMcpServers?: boolean;
  /**
   * The tools of Switchboard's editor MCP server this agent is given (`"editorTools": [...]`; `[]`: none); absent:
   * all of them (src/chat/mcp/).
   */
  editorTools?: readonly EditorToolName[];
  /** Set for an agent installed from the ACP Registry: its installed version. */
  registryVersion?: string;
  /**
   * Set for a registry agent found on PATH and not in the settings (src/agents/registry/pathAgents.ts): where it
   * was found. Such an agent is offered as it is; "Add to Settings" pins it as a switchboard.agents entry.
   */
  foundAt?: string;
  /**
   * True when the entry says `"processPerChat": true`: each chat starts its own process. By default the chats of
   * one agent share its process (ACP: a connection carries several sessions; src/session/agent/agentPool.ts).
   */
  processPerChat?: boolean;
}

/** How to start an installed registry agent (src/agents/registry/installer.ts); undefined when not installed. */
export type RegistryResolver = (
  id: string,
) => { command: string; args: string[]; env: Record<string, string>; version: string; name?: string } | undefined;

export const DEMO_AGENT_ID = 'demo';

// The fields of each entry's shape: package.json's schema for switchboard.agents has the same (a test walks that
// schema against this validator: test/unit/agents/agentEntrySchema.test.ts).
export const AGENT_ENTRY_FIELDS = [
  'command',
  'args',
  'env',
  'displayName',
  'mcpServers',
  'editorTools',
  'processPerChat',
] as const;
export const REGISTRY_ENTRY_FIELDS = [
  'type',
  'version',
  'env',
  'displayName',
  'mcpServers',
  'editorTools',
  'processPerChat',
] as const;

/** How to launch the bundled Demo agent; the caller knows where dist/demo-agent.js lives. */
export interface DemoLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export interface ParsedAgents {
  /** The built-in Demo agent first, then the valid user entries in setting order. */
  agents: AgentConfig[];
  /** One readable message per rejected entry (or a rejected setting as a whole). */
  errors: string[];
}

export function createDemoAgent(launch: DemoLaunch): AgentConfig {
  return {
    id: DEMO_AGENT_ID,
    displayName: t('Demo agent'),
    command: launch.command,
    args: [...launch.args],
    // The demo runs on VS Code's own Electron binary, which must behave as plain Node.
    env: { ELECTRON_RUN_AS_NODE: '1', ...launch.env },
    isDemo: true,
  };
}

export function parseAgentsSetting(raw: unknown, demo: DemoLaunch, registry?: RegistryResolver): ParsedAgents {
  const agents: AgentConfig[] = [createDemoAgent(demo)];
  const errors: string[] = [];
  if (raw === undefined || raw === null) return { agents, errors };
  if (!isPlainObject(raw)) {
    errors.push(
      t(
        'switchboard.agents must be an object keyed by agent id, e.g. {0}.',
        '{"gemini": {"command": "gemini", "args": ["--acp"]}}',
      ),
    );
    return { agents, errors };
  }
  for (const [id, entry] of Object.entries(raw)) {
    const fromRegistry = isPlainObject(entry) && entry.type === 'registry';
    const result = fromRegistry ? parseRegistryEntry(id, entry, registry) : parseEntry(id, entry);
    if (typeof result === 'string') errors.push(result);
    else {
      agents.push(result);
      // The agent runs without the field; the user hears it was left out (a typo of "args" would be).
      const unread = fromRegistry ? undefined : unreadField(entry, AGENT_ENTRY_FIELDS);
      if (unread !== undefined)
        errors.push(
          t(
            '{0} has "{1}", which Switchboard does not read; the agent runs without it. An entry has "command", "args", "env", "displayName", "mcpServers", "editorTools" and "processPerChat".',
            agentSettingPath(id),
            unread,
          ),
        );
    }
  }
  return { agents, errors };
}

/** The configured default when it exists, else the Demo agent (always present). */
export function resolveDefaultAgent(agents: AgentConfig[], defaultAgentId: string | undefined | null): AgentConfig {
  const chosen = defaultAgentId ? agents.find((agent) => agent.id === defaultAgentId) : undefined;
  const demo = agents.find((agent) => agent.isDemo);
  const fallback = chosen ?? demo ?? agents[0];
  if (!fallback) throw new Error('No agents: the Demo agent must always be in the list.');
  return fallback;
}

function parseEntry(id: string, entry: unknown): AgentConfig | string {
  const where = agentSettingPath(id);
  if (id.trim() === '') return t('switchboard.agents has an entry with an empty id; give it a name.');
  if (id === DEMO_AGENT_ID)
    return t('{0}: the id "demo" is reserved for the built-in Demo agent; pick another id.', where);
  if (!isPlainObject(entry)) return t('{0} must be an object with at least a "command".', where);

  const { command, args, env, displayName, mcpServers, editorTools, processPerChat } = entry;
  if (mcpServers !== undefined && typeof mcpServers !== 'boolean')
    return t('{0}.mcpServers must be true or false.', where);
  const tools = editorToolList(editorTools, where);
  if (typeof tools === 'string') return tools;
  if (processPerChat !== undefined && typeof processPerChat !== 'boolean')
    return t('{0}.processPerChat must be true or false.', where);
  if (command === undefined) return t('{0} is missing "command" (the program to run, e.g. "gemini").', where);
  if (typeof command !== 'string' || command.trim() === '') return t('{0}.command must be a non-empty string.', where);
  if (args !== undefined && !(Array.isArray(args) && args.every((arg) => typeof arg === 'string'))) {
    return t('{0}.args must be an array of strings.', where);
  }
  if (env !== undefined && !(isPlainObject(env) && Object.values(env).every((value) => typeof value === 'string'))) {
    return t('{0}.env must be an object of string values.', where);
  }
  if (displayName !== undefined && typeof displayName !== 'string')
    return t('{0}.displayName must be a string.', where);

  return {
    id,
    displayName: displayName && displayName.trim() !== '' ? displayName : id,
    ...(displayName && displayName.trim() !== '' ? { namedByUser: true } : {}),
    command,
    args: args ? [...(args as string[])] : [],
    env: env ? { ...(env as Record<string, string>) } : {},
    isDemo: false,
    ...(mcpServers === false ? { useMcpServers: false } : {}),
    ...(tools ? { editorTools: tools } : {}),
    ...(processPerChat === true ? { processPerChat: true } : {}),
  };
}

/**
 * A registry entry: the command comes from the install, the registry's env (already sanitised) under the user's
 * own `env`, which always wins. A pinned `version` that differs from the installed one is an error to fix (install
 * that version, or unpin), not something to start silently.
 */
function parseRegistryEntry(
  id: string,
  entry: Record<string, unknown>,
  registry: RegistryResolver | undefined,
): AgentConfig | string {
  const where = agentSettingPath(id);
  const { version, env, displayName, mcpServers, editorTools, processPerChat } = entry;
  const extra = unreadField(entry, REGISTRY_ENTRY_FIELDS);
  if (extra !== undefined)
    return t(
      '{0}: a registry entry has only "version", "env", "displayName", "mcpServers", "editorTools" and "processPerChat", not "{1}".',
      where,
      extra,
    );
  if (processPerChat !== undefined && typeof processPerChat !== 'boolean')
    return t('{0}.processPerChat must be true or false.', where);
  if (version !== undefined && typeof version !== 'string') return t('{0}.version must be a string.', where);
  if (mcpServers !== undefined && typeof mcpServers !== 'boolean')
    return t('{0}.mcpServers must be true or false.', where);
  const tools = editorToolList(editorTools, where);
  if (typeof tools === 'string') return tools;
  if (env !== undefined && !(isPlainObject(env) && Object.values(env).every((value) => typeof value === 'string'))) {
    return t('{0}.env must be an object of string values.', where);
  }
  if (displayName !== undefined && typeof displayName !== 'string')
    return t('{0}.displayName must be a string.', where);
  const launch = registry?.(id);
  if (!launch)
    return t(
      '{0} is an ACP Registry agent that is not installed here; install it with "Switchboard: Browse Agents".',
      where,
    );
  if (version !== undefined && version !== launch.version) {
    return t(
      '{0} is pinned to version {1}, but {2} is installed; install {1} or remove the pin.',
      where,
      version,
      launch.version,
    );
  }
  return {
    id,
    displayName: displayName && displayName.trim() !== '' ? displayName : (launch.name ?? id),
    ...(displayName && displayName.trim() !== '' ? { namedByUser: true } : {}),
    command: launch.command,
    args: [...launch.args],
    env: { ...launch.env, ...(env as Record<string, string> | undefined) },
    isDemo: false,
    registryVersion: launch.version,
    ...(processPerChat === true ? { processPerChat: true } : {}),
    ...(mcpServers === false ? { useMcpServers: false } : {}),
    ...(tools ? { editorTools: tools } : {}),
  };
}

/** The entry's `editorTools`: a list of the editor MCP server's tool names (undefined: absent), or the error. */
function editorToolList(value: unknown, where: string): EditorToolName[] | undefined | string {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(isEditorToolName)) {
    return t('{0}.editorTools must be a list of these tool names: {1}.', where, EDITOR_TOOL_NAMES.join(', '));
  }
  return [...new Set(value)];
}

/** The entry's first field that is not one of `fields`, if any. */
function unreadField(entry: unknown, fields: readonly string[]): string | undefined {
  return isPlainObject(entry) ? Object.keys(entry).find((key) => !fields.includes(key)) : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where an agent's entry is in settings, as the user would write it: `switchboard.agents["id"]` (code, not prose). */
export function agentSettingPath(id: string): string {
  return 'switchboard.agents[' + JSON.stringify(id) + ']';
}
