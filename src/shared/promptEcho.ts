// Agents that echo the user's prompt back as user_message_chunk during the turn (some do, to keep
// one stream for live turns and session/load replays) would show the user's message twice: the
// client already added it when the prompt was sent. During a live turn, user text chunks that
// repeat the prompt, in order, from where the echo left off, are absorbed. Anything else is a real
// user message and shows (and ends the absorbing). Outside a live turn, notably during the
// session/load replay, there is no PromptEcho and every user chunk is the only copy: it shows.
// A message added to the running turn (steeredMessages.ts) is echoed the same way: once it has its
// entry it is the PromptEcho; before (an echo that comes before the agent answered) its SteerEcho.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadState } from './thread';
import { appendChunk } from './messageChunks';

/** The state with the chunk absorbed as an echo of the live prompt, or null when it is not one. */
export function absorbPromptEcho(state: ThreadState, chunk: acp.ContentChunk): ThreadState | null {
  const block = chunk.content as { type?: unknown; text?: unknown } | null;
  if (typeof block !== 'object' || block === null || block.type !== 'text' || typeof block.text !== 'string')
    return null;
  return absorbIntoPrompt(state, block.text) ?? absorbIntoSteer(state, block.text);
}

function absorbIntoPrompt(state: ThreadState, text: string): ThreadState | null {
  const echo = state.promptEcho;
  if (!echo) return null;
  const entry = state.entries[echo.at];
  if (entry?.kind !== 'user') return null;
  // Only the prompt's own text is compared (the client sends text prompts); cost: one prompt's length.
  const prompt = entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
  if (!prompt.startsWith(text, echo.matched)) return null;
  return { ...state, promptEcho: { at: echo.at, matched: echo.matched + text.length } };
}

/** The echo of a message whose steering request is not answered yet (it has no entry to show twice). */
function absorbIntoSteer(state: ThreadState, text: string): ThreadState | null {
  const echo = state.steerEcho;
  if (!echo || !echo.text.startsWith(text, echo.matched)) return null;
  return { ...state, steerEcho: { text: echo.text, matched: echo.matched + text.length } };
}

/**
 * A user chunk that is not an echo: it ends the absorbing, and during a live turn it starts its
 * own entry rather than joining the prompt's (it is the agent's, not what the user sent).
 */
export function appendUserChunk(state: ThreadState, chunk: acp.ContentChunk): ThreadState {
  const echo = state.promptEcho;
  const afterPrompt = echo !== undefined && echo.at === state.entries.length - 1;
  return appendChunk(withoutPromptEcho(state), 'user', chunk, afterPrompt);
}

/** The state without the live-turn echo tracking (the turn ended, or the agent sent its own user message). */
export function withoutPromptEcho(state: ThreadState): ThreadState {
  if (state.promptEcho === undefined) return state;
  const next = { ...state };
  delete next.promptEcho;
  return next;
}

/** The state without the echo tracking of a steering request (it was answered). */
export function withoutSteerEcho(state: ThreadState): ThreadState {
  if (state.steerEcho === undefined) return state;
  const next = { ...state };
  delete next.steerEcho;
  return next;
}
