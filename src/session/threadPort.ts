// What each part of a chat's session logic (opening the session, an Edit, mode and option changes)
// sees of its ThreadController: one base, extended by each part's own needs, so the controller
// builds the common members once.
import type { ThreadAction } from '../shared/actions';
import type { ThreadState } from '../shared/thread';
import type { AgentConfig, HostEnvironment } from './api';
import type { Generation } from './generation';

export interface ThreadPort {
  readonly agent: AgentConfig;
  readonly env: HostEnvironment;
  /** The thread as it is now. */
  current(): ThreadState;
  dispatch(action: ThreadAction): void;
  /** Whether `gen` is still the chat's live agent process (late events of older ones are ignored). */
  isCurrent(gen: Generation): boolean;
  log(line: string): void;
}
