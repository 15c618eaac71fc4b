// Messages the user added to the agent's running turn (`_session/steering`, src/session/turn/steering.ts):
// the user entry shows where the agent took the message, marked `steered`, and the turn goes on (no
// turn starts or ends here). An agent may echo the message as user_message_chunk before it answers or
// after: either way its text shows once (promptEcho.ts).
import type * as acp from '@agentclientprotocol/sdk';
import { partsFromBlocks } from './messageChunks';
import { withoutSteerEcho } from './promptEcho';
import type { ThreadState } from './thread';
import { appendEntry } from './threadEntries';

/** The request went out: an echo that comes before the answer is absorbed from now on. */
export function steerSent(state: ThreadState, text: string): ThreadState {
  return { ...state, steerEcho: { text, matched: 0 } };
}

/**
 * The agent took the message: its entry, and the echo goes on against it from where it got (a turn that
 * already ended has no live echo).
 */
export function steerJoined(state: ThreadState, prompt: acp.ContentBlock[]): ThreadState {
  const matched = state.steerEcho?.matched ?? 0;
  const answered = withoutSteerEcho(state);
  const live = state.turn.kind !== 'idle';
  return appendEntry(live ? { ...answered, promptEcho: { at: state.entries.length, matched } } : answered, (id) => ({
    kind: 'user',
    id,
    messageId: null,
    parts: partsFromBlocks(prompt),
    steered: true,
  }));
}

/** Not taken (no turn ran, or the agent refused): nothing to show; the message waits in the queue again. */
export function steerDropped(state: ThreadState): ThreadState {
  return withoutSteerEcho(state);
}
