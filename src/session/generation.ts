// One agent process generation of a chat: a restart makes a new one, and late events of old ones
// are ignored (ThreadController checks `isCurrent`). Shared by the controller and the session opener.
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentConnection } from './agentConnection';
import type { AgentLease } from './agentPool';
import type { TerminalManager } from './terminalManager';

export interface Generation {
  connection: AgentConnection;
  /** This chat's hold on the process (shared with the agent's other chats; src/session/agentPool.ts). */
  lease: AgentLease;
  failed: boolean;
  authMethods: acp.AuthMethod[];
  detachSession?: { dispose(): void };
  /** The session's terminals; all of them are killed when the generation ends. */
  terminals?: TerminalManager;
}
