// What each part of a chat's session logic (its lifecycle, its turn, the agent's requests, opening the session,
// an Edit, mode and option changes) sees of the chat: one base, extended by each part's own needs. Whether an
// answer of the agent still belongs to the chat is asked of its generation (`gen.live`, generation.ts).
import type { ThreadAction } from '../shared/actions';
import type { ThreadState } from '../shared/thread';
import type { AgentConfig, HostEnvironment } from './api';

export interface ThreadPort {
  readonly agent: AgentConfig;
  readonly env: HostEnvironment;
  /** The thread as it is now: the one home of the session id, the turn and the connection's state. */
  current(): ThreadState;
  dispatch(action: ThreadAction): void;
  log(line: string): void;
}
