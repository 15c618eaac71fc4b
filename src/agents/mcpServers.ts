// The user's MCP servers (switchboard.mcpServers) as ACP's `mcpServers` for session/new, session/load and
// session/resume. One function decides the list from the agent's capabilities: stdio servers always (every ACP
// agent must support them), `http` and `sse` servers only when the agent advertised
// `mcpCapabilities.http` / `.sse` (sending them otherwise is a protocol error the agent may fail the session on).
// Secrets are never written in settings: a value may reference one by name, `${secret:NAME}`, resolved from
// VS Code's SecretStorage by the caller; a server whose secret is missing is left out with a note.
import type * as acp from '@agentclientprotocol/sdk';
import { t } from '../shared/l10n';

export type McpServerConfig =
  | { name: string; type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { name: string; type: 'http' | 'sse'; url: string; headers: Record<string, string> };

export interface ParsedMcpServers {
  servers: McpServerConfig[];
  errors: string[];
}

const SECRET_REFERENCE = /\$\{secret:([A-Za-z0-9_.-]{1,100})\}/g;

export function parseMcpServersSetting(raw: unknown): ParsedMcpServers {
  const servers: McpServerConfig[] = [];
  const errors: string[] = [];
  if (raw === undefined || raw === null) return { servers, errors };
  if (!isObject(raw)) return { servers, errors: [t('switchboard.mcpServers must be an object keyed by server name.')] };
  for (const [name, entry] of Object.entries(raw)) {
    const where = 'switchboard.mcpServers[' + JSON.stringify(name) + ']';
    if (!isObject(entry)) {
      errors.push(t('{0} must be an object.', where));
      continue;
    }
    const type = entry.type ?? (entry.url !== undefined ? 'http' : 'stdio');
    if (type === 'stdio') {
      if (typeof entry.command !== 'string' || entry.command.trim() === '') {
        errors.push(t('{0} needs a "command" (or a "url" for an http server).', where));
      } else if (entry.args !== undefined && !isStringList(entry.args))
        errors.push(t('{0}.args must be strings.', where));
      else if (entry.env !== undefined && !isStringMap(entry.env))
        errors.push(t('{0}.env must map to strings.', where));
      else {
        servers.push({
          name,
          type: 'stdio',
          command: entry.command,
          args: [...((entry.args as string[] | undefined) ?? [])],
          env: { ...((entry.env as Record<string, string> | undefined) ?? {}) },
        });
      }
    } else if (type === 'http' || type === 'sse') {
      if (typeof entry.url !== 'string' || !/^https?:\/\//i.test(entry.url)) {
        errors.push(t('{0}.url must be an http(s) URL.', where));
      } else if (entry.headers !== undefined && !isStringMap(entry.headers)) {
        errors.push(t('{0}.headers must map to strings.', where));
      } else {
        const headers = { ...((entry.headers as Record<string, string> | undefined) ?? {}) };
        servers.push({ name, type, url: entry.url, headers });
      }
    } else errors.push(t('{0}.type must be "stdio", "http" or "sse".', where));
  }
  return { servers, errors };
}

/** The secret names a server's values reference. */
export function secretNames(server: McpServerConfig): string[] {
  const values = Object.values(server.type === 'stdio' ? server.env : server.headers);
  return [...new Set(values.flatMap((value) => [...value.matchAll(SECRET_REFERENCE)].map((match) => match[1]!)))];
}

/** A configured server that is not sent to this agent, and why (the host words it for the log and the chat). */
export type LeftOutMcpServer =
  | { name: string; reason: 'transport'; transport: 'http' | 'sse' }
  | { name: string; reason: 'secret'; missing: string[] };

export interface BuiltMcpServers {
  servers: acp.McpServer[];
  /** Never holds a secret's value. */
  leftOut: LeftOutMcpServer[];
}

/**
 * The `mcpServers` to send to this agent. `capabilities` is the agent's `agentCapabilities.mcpCapabilities`;
 * `secrets` holds the values of the referenced secrets that exist.
 */
export function buildMcpServers(
  configured: readonly McpServerConfig[],
  capabilities: acp.McpCapabilities | null | undefined,
  secrets: ReadonlyMap<string, string>,
): BuiltMcpServers {
  const servers: acp.McpServer[] = [];
  const leftOut: LeftOutMcpServer[] = [];
  for (const server of configured) {
    if (server.type !== 'stdio' && capabilities?.[server.type] !== true) {
      leftOut.push({ name: server.name, reason: 'transport', transport: server.type });
      continue;
    }
    const missing = secretNames(server).filter((name) => !secrets.has(name));
    if (missing.length > 0) {
      leftOut.push({ name: server.name, reason: 'secret', missing });
      continue;
    }
    const fill = (value: string) => value.replace(SECRET_REFERENCE, (_match, name: string) => secrets.get(name) ?? '');
    if (server.type === 'stdio') {
      servers.push({
        name: server.name,
        command: server.command,
        args: [...server.args],
        env: Object.entries(server.env).map(([name, value]) => ({ name, value: fill(value) })),
      });
    } else {
      servers.push({
        type: server.type,
        name: server.name,
        url: server.url,
        headers: Object.entries(server.headers).map(([name, value]) => ({ name, value: fill(value) })),
      });
    }
  }
  return { servers, leftOut };
}

/**
 * VS Code's own MCP configuration (`.vscode/mcp.json` "servers", or the `mcp.servers` setting) in the shape of
 * switchboard.mcpServers. `${input:NAME}` prompts become `${secret:NAME}` references, to be set once.
 */
export function importVsCodeMcpServers(raw: unknown): { servers: Record<string, unknown>; secrets: string[] } {
  const servers: Record<string, unknown> = {};
  const secrets = new Set<string>();
  const source = isObject(raw) && isObject(raw.servers) ? raw.servers : isObject(raw) ? raw : {};
  const convert = (map: unknown) => {
    if (!isStringMap(map)) return undefined;
    return Object.fromEntries(
      Object.entries(map).map(([key, value]) => [
        key,
        value.replace(/\$\{input:([A-Za-z0-9_.-]{1,100})\}/g, (_m, name: string) => {
          secrets.add(name);
          return '${secret:' + name + '}';
        }),
      ]),
    );
  };
  for (const [name, entry] of Object.entries(source)) {
    if (!isObject(entry)) continue;
    if (typeof entry.url === 'string') {
      const type = entry.type === 'sse' ? 'sse' : 'http';
      servers[name] = { type, url: entry.url, ...(entry.headers ? { headers: convert(entry.headers) ?? {} } : {}) };
    } else if (typeof entry.command === 'string') {
      servers[name] = {
        command: entry.command,
        ...(isStringList(entry.args) ? { args: entry.args } : {}),
        ...(entry.env ? { env: convert(entry.env) ?? {} } : {}),
      };
    }
  }
  return { servers, secrets: [...secrets] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isStringMap(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((item) => typeof item === 'string');
}
