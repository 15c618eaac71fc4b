// The conformance suites run every case on ACP v1 and on v2 (describe.each over ACP_VERSIONS). A case that needs
// something v2 dropped is not generated for v2 at all (a skipped test counts as a failure in scripts/testAll.mjs):
// it names the drop, a key of V2_DROPS, each with its reason and what in the SDK's schemas shows it, and each
// suite asserts the exact list of the cases it left out (excludedOnV2), so no case disappears without a reason.
import { it } from 'vitest';
import type { AcpVersion } from '../../src/protocol/v2/negotiation';
import { startConnection, startThread, type AgentSwitches, type HostSwitches } from './conformanceHarness';

export const ACP_VERSIONS: readonly AcpVersion[] = [1, 2];

/**
 * What v2 dropped that a case can need. `gone`: a v1 method v2's schema does not have. `baseline`: methods v2
 * requires of every agent with sessions (no capability marks them, so "not advertised" cannot happen).
 * `capability`: a v1 capability v2's schema has no place for.
 */
export const V2_DROPS = {
  setMode: {
    reason: 'v2 has no modes: session/set_mode is gone (modes are config options)',
    gone: ['session/set_mode'],
  },
  fork: { reason: 'v2 has no session/fork', gone: ['session/fork'] },
  load: { reason: 'v2 has no session/load (a load is session/resume with replayFrom)', gone: ['session/load'] },
  fs: {
    reason: "v2 drops the client's file system: fs/* are gone (an agent reaches the editor through MCP)",
    gone: ['fs/read_text_file', 'fs/write_text_file'],
  },
  baseline: {
    reason: 'v2 makes session/list, resume and close the session baseline: they cannot be left unadvertised',
    baseline: ['session/list', 'session/resume', 'session/close'],
  },
  logoutCapability: {
    reason: 'v2 has no auth.logout capability: auth/logout comes with any auth method',
    capability: 'AgentAuthCapabilities.logout',
  },
} as const;

/** v2's names for the v1 requests it renamed or replaced. */
const V2_NAMES: Readonly<Record<string, string>> = {
  'session/load': 'session/resume',
  logout: 'auth/logout',
  authenticate: 'auth/login',
};

export type V2Drop = keyof typeof V2_DROPS;

const excluded: { name: string; drop: V2Drop }[] = [];

/** The cases this suite left out of v2, each with the drop it needs. */
export const excludedOnV2 = (): readonly { name: string; drop: V2Drop }[] => excluded;

/** The harness and `it` for one version's run of a suite. */
export function onVersion(version: AcpVersion) {
  return {
    version,
    /** A case on this version; `needs`: what v2 dropped that it cannot do without (then v1 only). */
    it(name: string, body: () => Promise<void>, needs?: V2Drop): void {
      if (version === 2 && needs !== undefined) excluded.push({ name, drop: needs });
      else it(name, body);
    },
    startThread: (agent: AgentSwitches = {}, host: HostSwitches = {}) => startThread(agent, { ...host, acp: version }),
    startConnection: (agent: AgentSwitches = {}, host: HostSwitches = {}) =>
      startConnection(agent, { ...host, acp: version }),
    /** The client capabilities `initialize` carried (v1 `clientCapabilities`, v2 `capabilities`). */
    clientCapabilities(received: (method: string) => { params: Record<string, unknown> }[]): unknown {
      return received('initialize')[0]?.params[version === 2 ? 'capabilities' : 'clientCapabilities'];
    },
    /** The method a v1 request goes out as (v2 renamed or replaced some). */
    wireMethod(method: string): string {
      return version === 2 ? (V2_NAMES[method] ?? method) : method;
    },
  };
}
