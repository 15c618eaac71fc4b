// claude-agent-acp (npm @agentclientprotocol/claude-agent-acp, agentInfo.name the same; checked against
// 0.101.0). Besides ACP it pushes `_auth/status_update`, an extension notification of its own that says which
// identity it signs in with (dist/auth-status.d.ts: `{authStatus: {kind, label, detail?, account?, vendor?}}`;
// kind is account | api_key | gateway | external | none). It is sent after initialize and whenever the
// identity changes, unconditionally, and no ACP schema describes it (the draft `auth/status_update` of the
// SDK's unstable schema has another shape), so its shape is checked here. Switchboard records it in the
// agent log as a known message (it was logged as unhandled): the label and the detail only, never the
// account's e-mail.

/** The notification's method name. */
export const CLAUDE_AUTH_STATUS_METHOD = '_auth/status_update';

/** The adapter's payload as far as it is shown (its type is the adapter's, see above). */
interface ClaudeAuthStatus {
  kind: string;
  label: string;
  detail?: string;
}

/** Longest label or detail shown: the agent's strings, on one log line. */
const MAX_SHOWN = 120;

/** What the agent says it signs in with, e.g. "Anthropic API key (ANTHROPIC_API_KEY)"; null for another shape. */
export function describeClaudeAuthStatus(params: unknown): string | null {
  const status = (params as { authStatus?: unknown } | null)?.authStatus;
  if (!isAuthStatus(status)) return null;
  const label = oneLine(status.label);
  return status.detail ? `${label} (${oneLine(status.detail)})` : label;
}

function isAuthStatus(value: unknown): value is ClaudeAuthStatus {
  if (typeof value !== 'object' || value === null) return false;
  const status = value as Record<string, unknown>;
  return (
    typeof status.kind === 'string' &&
    typeof status.label === 'string' &&
    (status.detail === undefined || typeof status.detail === 'string')
  );
}

/** Control characters (a line break would forge a log line) become spaces; long text is cut. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  const flat = text.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').trim();
  return flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN)}…` : flat;
}

// The second quirk: claude-agent-acp asks its own permission (session/request_permission) before every call of an
// MCP tool in its default mode, reads included, so a write of the editor's MCP server was asked twice: once by the
// adapter for the call, then by Switchboard's own card for the write. The adapter passes session/new's
// `_meta.claudeCode.options` on to the Claude Agent SDK's query options (dist/acp-agent.js, `userProvidedOptions`,
// spread into the options; a changed key on session/load rebuilds the session), and the SDK's `allowedTools` are
// permission rules that allow without asking; the rule `mcp__<server>` covers every tool of that one server. So
// for this agent only, the session calls pre-allow the editor server's tools: Switchboard asks for what needs asking
// (writes, commands, paths outside the workspace) under its own rules, as it does for every other agent. The user's
// deny rules in Claude's settings still win over an allow rule; no other tool and no other server is touched.

/** agentInfo.name of the adapter (its npm name), now and before it moved (checked in 0.101.0 and 0.23.1). */
const CLAUDE_AGENT_ACP_NAMES: ReadonlySet<string> = new Set([
  '@agentclientprotocol/claude-agent-acp',
  '@zed-industries/claude-agent-acp',
]);

/** session/new `_meta` that allows every tool of the MCP server `serverName` without the adapter asking; else undefined. */
export function preAllowedMcpServerMeta(
  agentInfo: { name: string } | null,
  serverName: string,
): Record<string, unknown> | undefined {
  if (!agentInfo || !CLAUDE_AGENT_ACP_NAMES.has(agentInfo.name)) return undefined;
  return { claudeCode: { options: { allowedTools: [`mcp__${serverName}`] } } };
}
