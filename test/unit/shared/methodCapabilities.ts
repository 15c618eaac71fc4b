// What each method the client calls on the agent needs the agent to have advertised, written out by hand from
// ACP's agentCapabilities (acp-client-checklist.md), not taken from src/shared/capabilities.ts: the tests of those
// rules and of the guard in front of the connection check them against this (when they iterated the
// table they test, removing `session/list` from it passed them). Keyed by every AgentMethod, so a method added
// there does not type-check here until someone says what it needs.
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentMethodName } from '../../../src/protocol/methods';

export interface Needs {
  /** The capability as the refusal names it. */
  capability: string;
  /** The smallest agentCapabilities that grant it. */
  advertised: acp.AgentCapabilities;
}

const session = (key: string): Needs => ({
  capability: `sessionCapabilities.${key}`,
  advertised: { sessionCapabilities: { [key]: {} } } as acp.AgentCapabilities,
});

/** null: baseline, always allowed. */
export const METHOD_NEEDS: Record<AgentMethodName, Needs | null> = {
  initialize: null,
  authenticate: null,
  logout: { capability: 'auth.logout', advertised: { auth: { logout: {} } } as acp.AgentCapabilities },
  'session/new': null,
  'session/load': { capability: 'loadSession', advertised: { loadSession: true } },
  'session/resume': session('resume'),
  'session/close': session('close'),
  'session/list': session('list'),
  'session/delete': session('delete'),
  'session/fork': session('fork'),
  'session/set_mode': null,
  'session/set_config_option': null,
  'session/prompt': null,
  'session/cancel': null,
};

/** The methods that need a capability, with what they need. */
export const GATED_METHODS = Object.entries(METHOD_NEEDS).filter((entry): entry is [AgentMethodName, Needs] =>
  Boolean(entry[1]),
);
