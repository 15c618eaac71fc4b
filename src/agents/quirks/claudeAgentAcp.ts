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
