// Streaming message chunks: user/agent/thought chunks append to the last entry when it is the
// same message, and consecutive text coalesces into one text part so the webview renders one
// growing markdown string instead of thousands of fragments.
import type * as acp from '@agentclientprotocol/sdk';
import type { Entry, MessagePart, ThreadState } from './thread';
import { blockChars, copyOfStart, MAX_MESSAGE_CHARS, MAX_MESSAGE_PARTS, messageChars } from './messageCap';
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
 * `block` added to `parts` as far as the message cap allows (messageCap.ts): text past it is cut,
 * a block that does not fit is left out, and `truncated` says so. O(parts), at most MAX_MESSAGE_PARTS.
 */
export function appendWithinCap(
  parts: readonly MessagePart[],
  block: acp.ContentBlock,
): { parts: MessagePart[]; truncated: boolean } {
  const room = MAX_MESSAGE_CHARS - messageChars(parts);
  const joinsText = block.type === 'text' && parts[parts.length - 1]?.kind === 'text';
  const cut = { parts: parts.slice(), truncated: true };
  if (!joinsText && parts.length >= MAX_MESSAGE_PARTS) return cut;
  if (block.type !== 'text')
    return blockChars(block) > room ? cut : { parts: appendBlock(parts, block), truncated: false };
  const text = typeof block.text === 'string' ? block.text : '';
  if (text.length <= room) return { parts: appendBlock(parts, block), truncated: false };
  return { parts: appendBlock(parts, { type: 'text', text: copyOfStart(text, room) }), truncated: true };
}

/**
 * The message a chunk of this kind and messageId continues, with where it is, else undefined. Same message =
 * the last entry has the same kind and the same messageId (absent counts as null, so two id-less
 * chunks of one kind join; an id-less chunk never joins an id'd one) and was not closed by a plan
 * update (closeLastMessage). An agent or thought chunk looks past the asides that followed its message
 * (notices, compactions: messageBeforeAsides), so they never split it.
 */
function continuedMessage(
  state: ThreadState,
  kind: MessageKind,
  messageId: string | null,
): { message: MessageEntry; at: number } | undefined {
  const at = kind === 'user' ? state.entries.length - 1 : messageBeforeAsides(state.entries);
  const last = state.entries[at];
  return last && last.kind === kind && last.messageId === messageId && !('closed' in last && last.closed)
    ? { message: last, at }
    : undefined;
}

/** Characters a chunk of this kind and messageId may still add to the message it goes to (0: none). */
export function roomInMessage(state: ThreadState, kind: MessageKind, messageId: string | null): number {
  const last = continuedMessage(state, kind, messageId)?.message;
  if (!last) return MAX_MESSAGE_CHARS;
  return last.truncated ? 0 : Math.max(0, MAX_MESSAGE_CHARS - messageChars(last.parts));
}

/**
 * Adds a chunk to the message it continues (see continuedMessage), else starts a new one.
 * `startNew`: never join the last entry (a user chunk from the agent is not the prompt we sent).
 * A message at its cap (messageCap.ts) takes nothing more. O(parts of the last message) plus one
 * copy of the entries array.
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
  const continued = startNew ? undefined : continuedMessage(state, kind, messageId);
  if (continued) {
    const { message: last, at } = continued;
    if (last.truncated) return state;
    const { parts, truncated } = appendWithinCap(last.parts, block);
    const entries = state.entries.slice();
    entries[at] = truncated ? { ...last, parts, truncated } : { ...last, parts };
    return { ...state, entries };
  }
  const room = roomForAgentEntry(state);
  if (!room.ok) return room.state;
  const { parts, truncated } = appendWithinCap([], block);
  return appendEntry(state, (id) =>
    truncated ? { kind, id, messageId, parts, truncated } : { kind, id, messageId, parts },
  );
}

/** Entries that stand beside the conversation: a message continues across them (sessionAsides.ts). */
const ASIDE_KINDS: ReadonlySet<Entry['kind']> = new Set(['agentNotice', 'compaction', 'notice']);
/**
 * How many asides a message continues across. The run is the agent's to make long; past this many a
 * chunk starts a new message instead of scanning further (a visible split, never a slow chat).
 */
export const MAX_ASIDES_CROSSED = 64;

/**
 * The entry a chunk may continue: the last one, or, when asides end the thread, the entry just before
 * them. O(trailing asides), at most MAX_ASIDES_CROSSED.
 */
export function messageBeforeAsides(entries: readonly Entry[]): number {
  const end = Math.max(-1, entries.length - 2 - MAX_ASIDES_CROSSED);
  for (let i = entries.length - 1; i > end; i--) if (!ASIDE_KINDS.has(entries[i]!.kind)) return i;
  return entries.length - 1;
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
