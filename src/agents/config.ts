// Parses the `switchboard.agents` setting (the shape of Zed's `agent_servers`: an object keyed by
// agent id, each `{command, args?, env?, displayName?}`) into AgentConfig[]. A bad entry is
// skipped with a message naming the entry and the field, so one typo never hides the other agents.

/** One agent as configured by the user (switchboard.agents) or built in (the Demo agent). */
export interface AgentConfig {
  id: string;
  displayName: string;
  command: string;
  args: string[];
  /** Applied over the environment VS Code runs with (the user's keys win, PATH and HOME included). */
  env: Record<string, string>;
  isDemo: boolean;
}

export const DEMO_AGENT_ID = 'demo';

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
    displayName: 'Demo agent',
    command: launch.command,
    args: [...launch.args],
    // The demo runs on VS Code's own Electron binary, which must behave as plain Node.
    env: { ELECTRON_RUN_AS_NODE: '1', ...launch.env },
    isDemo: true,
  };
}

export function parseAgentsSetting(raw: unknown, demo: DemoLaunch): ParsedAgents {
  const agents: AgentConfig[] = [createDemoAgent(demo)];
  const errors: string[] = [];
  if (raw === undefined || raw === null) return { agents, errors };
  if (!isPlainObject(raw)) {
    errors.push(
      'switchboard.agents must be an object keyed by agent id, e.g. {"gemini": {"command": "gemini", "args": ["--acp"]}}.',
    );
    return { agents, errors };
  }
  for (const [id, entry] of Object.entries(raw)) {
    const result = parseEntry(id, entry);
    if (typeof result === 'string') errors.push(result);
    else agents.push(result);
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
  const where = `switchboard.agents["${id}"]`;
  if (id.trim() === '') return 'switchboard.agents has an entry with an empty id; give it a name.';
  if (id === DEMO_AGENT_ID) return `${where}: the id "demo" is reserved for the built-in Demo agent; pick another id.`;
  if (!isPlainObject(entry)) return `${where} must be an object with at least a "command".`;

  const { command, args, env, displayName } = entry;
  if (command === undefined) return `${where} is missing "command" (the program to run, e.g. "gemini").`;
  if (typeof command !== 'string' || command.trim() === '') return `${where}.command must be a non-empty string.`;
  if (args !== undefined && !(Array.isArray(args) && args.every((arg) => typeof arg === 'string'))) {
    return `${where}.args must be an array of strings.`;
  }
  if (env !== undefined && !(isPlainObject(env) && Object.values(env).every((value) => typeof value === 'string'))) {
    return `${where}.env must be an object of string values.`;
  }
  if (displayName !== undefined && typeof displayName !== 'string') return `${where}.displayName must be a string.`;

  return {
    id,
    displayName: displayName && displayName.trim() !== '' ? displayName : id,
    command,
    args: args ? [...(args as string[])] : [],
    env: env ? { ...(env as Record<string, string>) } : {},
    isDemo: false,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
