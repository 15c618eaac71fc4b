// Streaming message chunks: user/agent/thought chunks append to the last entry when it is the
// same message, and consecutive text coalesces into one text part so the webview renders one
// growing markdown string instead of thousands of fragments.
import type * as acp from '@agentclientprotocol/sdk';
import type { MessagePart, ThreadState } from './thread';
import { appendEntry, roomForAgentEntry, type MessageEntry } from './threadEntries';

export type MessageKind = MessageEntry['kind'];

/** Adds one content block: text joins a trailing text part, anything else is its own part. */
export function appendBlock(parts: readonly MessagePart[], block: acp.ContentBlock): MessagePart[] {
  const last = parts[parts.length - 1];
  if (block.type === 'text') {
    const text = typeof block.text === 'string' ? block.text : '';
    if (last?.kind === 'text') {
      const next = parts.slice();
      next[next.length - 1] = { kind: 'text', text: last.text + text };
      return next;
    }
    return [...parts, { kind: 'text', text }];
  }
  return [...parts, { kind: 'block', block }];
}

export function partsFromBlocks(blocks: readonly acp.ContentBlock[]): MessagePart[] {
  let parts: MessagePart[] = [];
  for (const block of blocks) parts = appendBlock(parts, block);
  return parts;
}

/**
 * Same message = the last entry has the same kind and the same messageId (absent counts as
 * null, so two id-less chunks of one kind join; an id-less chunk never joins an id'd one) and was
 * not closed by a plan update (closeLastMessage).
 * `startNew`: never join the last entry (a user chunk from the agent is not the prompt we sent).
 * O(parts of the last message) plus one copy of the entries array.
 */
export function appendChunk(
  state: ThreadState,
  kind: MessageKind,
  chunk: acp.ContentChunk,
  startNew = false,
): ThreadState {
  const block = chunk.content;
  if (typeof block !== 'object' || block === null) return state; // malformed: nothing to show
  const messageId = typeof chunk.messageId === 'string' ? chunk.messageId : null;
  const lastAt = state.entries.length - 1;
  const last = state.entries[lastAt];
  if (!startNew && last && last.kind === kind && last.messageId === messageId && !('closed' in last && last.closed)) {
    const entries = state.entries.slice();
    entries[lastAt] = { ...last, parts: appendBlock(last.parts, block) };
    return { ...state, entries };
  }
  const room = roomForAgentEntry(state);
  if (!room.ok) return room.state;
  return appendEntry(state, (id) => ({ kind, id, messageId, parts: appendBlock([], block) }));
}

/**
 * The agent updated its plan: an agent or thought message before it is closed, so the text after it
 * starts a message of its own. Agents send a plan from a tool call (Claude Code's TodoWrite, Gemini's
 * write_todos, Codex's update_plan) between two model outputs, whose texts rarely end in whitespace:
 * joined, "Here is my plan." and "Done." read "Here is my plan.Done.". Other updates (usage, commands,
 * the title) may come in mid-sentence and never close a message.
 */
export function closeLastMessage(state: ThreadState): ThreadState {
  const lastAt = state.entries.length - 1;
  const last = state.entries[lastAt];
  if (!last || (last.kind !== 'agent' && last.kind !== 'thought') || last.closed) return state;
  const entries = state.entries.slice();
  entries[lastAt] = { ...last, closed: true };
  return { ...state, entries };
}
