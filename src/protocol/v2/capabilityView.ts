// A v2 agent's `capabilities` as v1's `agentCapabilities`, so the capability rules (shared/capabilities.ts),
// the request guard (session/agent/capabilityGuard.ts), the session setup and the webview's controls ask
// the same questions of both versions. v2 reorganised them (migration guide, "Capability reorganization"):
// advertising `session` at all commits the agent to session/list, session/resume and session/close (no
// markers), session/load is session/resume with `replayFrom: {type: "start"}` (so "load" is offered with
// the baseline), prompt and MCP groups moved under `session` as object markers, and auth/logout is required
// whenever `authMethods` is not empty. v2 has no session/fork and no SSE transport: never offered. Pure.
import type * as acp from '@agentclientprotocol/sdk';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';

/** v2 markers are objects: `{}` is supported; omitted, null and anything else is not. */
function marked(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** v1's view of what a v2 agent advertised in `initialize` (`authMethods`: the ones it offered). */
export function v1CapabilityView(
  capabilities: acp2.AgentCapabilities | null | undefined,
  authMethods: readonly unknown[] | null | undefined,
): acp.AgentCapabilities {
  const view: acp.AgentCapabilities = {};
  const session: unknown = marked(capabilities) ? capabilities!.session : undefined;
  if (marked(session)) {
    const groups = session as acp2.SessionCapabilities;
    view.loadSession = true;
    const sessionCapabilities: acp.SessionCapabilities = { list: {}, resume: {}, close: {} };
    if (marked(groups.delete)) sessionCapabilities.delete = {};
    if (marked(groups.additionalDirectories)) sessionCapabilities.additionalDirectories = {};
    view.sessionCapabilities = sessionCapabilities;
    const prompt: unknown = groups.prompt;
    view.promptCapabilities = {
      image: marked(field(prompt, 'image')),
      audio: marked(field(prompt, 'audio')),
      embeddedContext: marked(field(prompt, 'embeddedContext')),
    };
    view.mcpCapabilities = { http: marked(field(groups.mcp, 'http')), sse: false };
  }
  if (Array.isArray(authMethods) && authMethods.length > 0) view.auth = { logout: {} };
  const meta = marked(capabilities) ? capabilities!._meta : undefined;
  if (marked(meta)) view._meta = meta;
  return view;
}

function field(container: unknown, key: string): unknown {
  return marked(container) ? (container as Record<string, unknown>)[key] : undefined;
}
