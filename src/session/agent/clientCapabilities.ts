// What Switchboard tells an agent it can do, in `initialize`: the capabilities it implements and
// those switched by the user's settings (elicitation modes, subagent sessions).
import type * as acp from '@agentclientprotocol/sdk';
import type * as unstable from '@agentclientprotocol/sdk/unstable';
import type { HostEnvironment } from '../api';

/**
 * The client capabilities we implement (terminal/*: src/terminals, one manager per session;
 * boolean config options: a toggle in the composer, set with `type: "boolean"`; session notices and
 * compaction: entries of their own, src/shared/sessionAsides.ts; terminal sign-in:
 * src/vscode/agents/signInTerminal.ts, also in the older `_meta["terminal-auth"]` form some agents still read).
 */
export const CLIENT_CAPABILITIES: acp.ClientCapabilities = {
  fs: { readTextFile: true, writeTextFile: true },
  terminal: true,
  session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
  auth: { terminal: true },
  _meta: { 'terminal-auth': true },
};

/**
 * CLIENT_CAPABILITIES plus the elicitation modes on for this process (none when switchboard.elicitation is off)
 * and subagent sessions (shared/subagents.ts, session/subagentSessions.ts) unless switchboard.subagents is off.
 * `subagents` is in the SDK's unstable types only (stable ACP since 2026-11-20).
 */
export function clientCapabilities(
  elicitation: acp.ElicitationCapabilities | null,
  subagents: boolean,
): acp.ClientCapabilities {
  const capabilities = elicitation ? { ...CLIENT_CAPABILITIES, elicitation } : CLIENT_CAPABILITIES;
  if (!subagents) return capabilities;
  const withSubagents: unstable.ClientCapabilities = { ...capabilities, subagents: {} };
  return withSubagents;
}

/** Form mode whenever elicitation is on; URL mode only where the host can open an address (after the user's click). */
export function elicitationModes(env: HostEnvironment): acp.ElicitationCapabilities | null {
  if (env.settings().elicitation === false) return null;
  return env.openExternal ? { form: {}, url: {} } : { form: {} };
}
