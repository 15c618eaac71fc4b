// One agent process generation of a chat: a restart makes a new one, and late events of old ones
// are ignored (ThreadController checks `isCurrent`). Shared by the controller and the session opener.
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentConnection } from './agentConnection';
import type { TerminalManager } from './terminalManager';

export interface Generation {
  connection: AgentConnection;
  failed: boolean;
  authMethods: acp.AuthMethod[];
  detachSession?: { dispose(): void };
  /** The session's terminals; all of them are killed when the generation ends. */
  terminals?: TerminalManager;
}
