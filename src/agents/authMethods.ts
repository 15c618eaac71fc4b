// The ways an agent offers to sign in (initialize's `authMethods`), read defensively (the agent chooses every
// field) into what the client must do: `agent` methods go through `authenticate`; `terminal` methods (stable
// ACP: `type: "terminal"`, `args`, `env`) run the agent's own command with the method's args appended and its env
// over, in an interactive terminal, and succeed on exit code 0 (the client then reconnects and never sends
// `authenticate` for them); the older `_meta["terminal-auth"]` form some agents still send names its own
// command; `env_var` methods (a draft some agents still send) ask the user for keys, which the agent gets in
// its environment only. The flow: src/session/lifecycle/signInFlow.ts; the VS Code side: src/vscode/agents/signInFeature.ts.
import type { AgentConfig } from './config';

export interface EnvVarRequest {
  name: string;
  label: string;
  secret: boolean;
  optional: boolean;
}

export type SignInPlan =
  | { kind: 'agent'; id: string; name: string }
  | { kind: 'terminal'; id: string; name: string; command: string; args: string[]; env: Record<string, string> }
  | { kind: 'envVar'; id: string; name: string; vars: EnvVarRequest[]; link?: string };

/** How a client-side sign-in step (terminal, keys) ended. */
export type SignInOutcome = { kind: 'signedIn' } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

const MAX_ARGS = 64;
const MAX_TEXT = 4096;

export function signInPlan(method: unknown, agent: Pick<AgentConfig, 'command' | 'args' | 'env'>): SignInPlan {
  const record = isObject(method) ? method : {};
  const id = text(record.id) ?? '';
  const name = text(record.name) ?? id;
  if (record.type === 'terminal') {
    return {
      kind: 'terminal',
      id,
      name,
      command: agent.command,
      args: [...agent.args, ...strings(record.args)],
      env: { ...agent.env, ...stringMap(record.env) },
    };
  }
  if (record.type === 'env_var' && Array.isArray(record.vars)) {
    const vars = record.vars.slice(0, 16).flatMap((raw): EnvVarRequest[] => {
      if (!isObject(raw) || typeof raw.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(raw.name)) return [];
      return [
        {
          name: raw.name,
          label: text(raw.label) ?? raw.name,
          secret: raw.secret !== false,
          optional: raw.optional === true,
        },
      ];
    });
    const link = typeof record.link === 'string' && /^https:\/\//.test(record.link) ? record.link : undefined;
    return { kind: 'envVar', id, name, vars, ...(link ? { link } : {}) };
  }
  const legacy = isObject(record._meta) ? record._meta['terminal-auth'] : undefined;
  if (isObject(legacy) && typeof legacy.command === 'string' && legacy.command !== '') {
    return {
      kind: 'terminal',
      id,
      name: text(legacy.label) ?? name,
      command: legacy.command.slice(0, MAX_TEXT),
      args: strings(legacy.args),
      env: { ...agent.env, ...stringMap(legacy.env) },
    };
  }
  return { kind: 'agent', id, name };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, MAX_TEXT) : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value
        .filter((item): item is string => typeof item === 'string')
        .slice(0, MAX_ARGS)
        .map((item) => item.slice(0, MAX_TEXT))
    : [];
}

function stringMap(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value).slice(0, MAX_ARGS)) {
    if (typeof item === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(key)) out[key] = item.slice(0, MAX_TEXT);
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
