// Which ACP version a connection speaks, decided once per connection by `initialize` (v2 migration
// guide, "Version negotiation"): the client sends the newest version it is willing to speak, the agent
// answers the same version when it supports it, else its own newest. Switchboard asks for 2 only when
// the user turned v2 on (it is a draft); an answer of 1 always continues on v1, an answer of 2 only
// when v2 was asked for, anything else stops the agent with a reason that says what to do.
import type * as acp from '@agentclientprotocol/sdk';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';

export const ACP_V1 = 1;
export const ACP_V2 = 2;
export type AcpVersion = typeof ACP_V1 | typeof ACP_V2;

/** The version `initialize` asks for. */
export function requestedVersion(v2Enabled: boolean): AcpVersion {
  return v2Enabled ? ACP_V2 : ACP_V1;
}

export type Negotiated =
  | { ok: true; version: AcpVersion }
  /**
   * `needsV2`: the agent speaks only v2 and the setting is off (turning it on would help).
   * `unsupported`: a version Switchboard does not speak at all, or no version (`answered` as the agent sent it, bounded).
   */
  | { ok: false; reason: 'needsV2' | 'unsupported'; answered: string };

/** The connection's version from the agent's answer to `initialize` (its `protocolVersion`, unchecked). */
export function negotiatedVersion(answered: unknown, v2Enabled: boolean): Negotiated {
  if (answered === ACP_V1) return { ok: true, version: ACP_V1 };
  if (answered === ACP_V2)
    return v2Enabled ? { ok: true, version: ACP_V2 } : { ok: false, reason: 'needsV2', answered: '2' };
  return { ok: false, reason: 'unsupported', answered: shown(answered) };
}

/** The agent's value as a failure names it: a number as written, anything else as JSON, at most 40 characters. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? 'none' : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The `initialize` params that ask for v2, for the same client as v1's: `info` (required in v2) is v1's `clientInfo`;
 * `capabilities` keeps what v2 still defines (elicitation, terminal sign-in as an object marker, `_meta`) and
 * leaves out v1's `fs`, `terminal` and `session` groups (v2 removed the client's file system and terminals: an agent
 * reaches the editor's tools through client-provided MCP servers). v1's own `clientInfo` and `clientCapabilities`
 * travel beside them: an agent that answers 1 has read the client it talks to in v1's terms (files and terminals
 * through the editor) from the one request, and a v2 agent leaves fields it does not know alone (both versions'
 * schemas allow them), so no second `initialize` is needed, which v1 never promised an agent would answer.
 */
export function v2InitializeRequest(v1: acp.InitializeRequest): acp2.InitializeRequest & acp.InitializeRequest {
  const from = v1.clientCapabilities;
  const capabilities: acp2.ClientCapabilities = {};
  if (from?.elicitation) capabilities.elicitation = from.elicitation;
  // v2 support markers are objects: `{}` means supported (v1's `terminal: true`).
  if (from?.auth?.terminal) capabilities.auth = { terminal: {} };
  if (from?._meta) capabilities._meta = from._meta;
  const info = v1.clientInfo ?? { name: 'switchboard', version: '0' };
  return { ...v1, protocolVersion: ACP_V2, info: { ...info }, capabilities };
}
