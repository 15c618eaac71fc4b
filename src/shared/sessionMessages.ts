// Messages between sessions (ACP subagent sessions): `session_message` upserts a message by its
// messageId in the transcript of the session it was sent on (omitted fields: kept, null: cleared, a
// value: replaced; content `null` or `[]` clears it), `session_message_chunk` appends one block to it.
// Chunks may come before the first upsert: the message starts without sender and recipient. Each
// message has the caps of a chat message (messageCap.ts); new ones count against the entry cap. A
// message is found by a persistent index (like tool calls', toolIndex.ts): O(log n) per chunk. Pure.
import type * as acp from '@agentclientprotocol/sdk';
import type { SubagentSessionUpdate } from './subagentTypes';
import type { SessionMessageEntry } from './thread';
import type { MessagePart, ThreadState } from './thread';
import { appendWithinCap } from './messageChunks';
import { appendEntry, roomForAgentEntry } from './threadEntries';
import { EMPTY_TOOL_INDEX, toolIndexGet, toolIndexSet, type ToolIndex } from './toolIndex';

type SessionMessageUpdate = Extract<SubagentSessionUpdate, { sessionUpdate: 'session_message' }>;
type SessionMessageChunkUpdate = Extract<SubagentSessionUpdate, { sessionUpdate: 'session_message_chunk' }>;

/** A `session_message`: the message patched in place, or appended where it is first seen. */
export function upsertSessionMessage(state: ThreadState, update: SessionMessageUpdate): ThreadState {
  if (typeof update.messageId !== 'string') return state;
  return withMessage(state, update.messageId, (entry) => {
    const next: SessionMessageEntry = { ...entry };
    patchId(next, 'senderSessionId', update.senderSessionId);
    patchId(next, 'recipientSessionId', update.recipientSessionId);
    if (update.content === null || Array.isArray(update.content)) {
      const { parts, truncated } = partsWithinCap(update.content ?? []);
      next.parts = parts;
      if (truncated) next.truncated = true;
      else delete next.truncated;
    }
    return next;
  });
}

/** A `session_message_chunk`: its block appended to the message (up to the cap). */
export function appendSessionMessageChunk(state: ThreadState, chunk: SessionMessageChunkUpdate): ThreadState {
  const block = chunk.content;
  if (typeof chunk.messageId !== 'string' || typeof block !== 'object' || block === null) return state;
  return withMessage(state, chunk.messageId, (entry) => {
    if (entry.truncated) return entry;
    const { parts, truncated } = appendWithinCap(entry.parts, block);
    return truncated ? { ...entry, parts, truncated } : { ...entry, parts };
  });
}

function patchId(
  entry: SessionMessageEntry,
  field: 'senderSessionId' | 'recipientSessionId',
  value: string | null | undefined,
): void {
  if (value === null || typeof value === 'string') entry[field] = value;
}

/** The blocks as message parts, as far as the message cap allows. O(blocks x parts), both bounded. */
function partsWithinCap(blocks: readonly acp.ContentBlock[]): { parts: MessagePart[]; truncated: boolean } {
  let parts: MessagePart[] = [];
  for (const block of blocks) {
    if (typeof block !== 'object' || block === null) continue;
    const next = appendWithinCap(parts, block);
    parts = next.parts;
    if (next.truncated) return { parts, truncated: true };
  }
  return { parts, truncated: false };
}

/** Changes the message `messageId`, or appends it (empty, no sender or recipient) first when it is new. */
function withMessage(
  state: ThreadState,
  messageId: string,
  change: (entry: SessionMessageEntry) => SessionMessageEntry,
): ThreadState {
  const { index, at } = locateMessage(state, messageId);
  if (at !== undefined) {
    const entry = state.entries[at] as SessionMessageEntry;
    const next = change(entry);
    if (next === entry) return state;
    const entries = state.entries.slice();
    entries[at] = next;
    return { ...state, entries, sessionMessageIndex: index };
  }
  const room = roomForAgentEntry(state);
  if (!room.ok) return room.state;
  const appended = appendEntry(state, (id) =>
    change({ kind: 'sessionMessage', id, messageId, senderSessionId: null, recipientSessionId: null, parts: [] }),
  );
  return { ...appended, sessionMessageIndex: toolIndexSet(index, messageId, state.entries.length) };
}

/** Where the message sits, with the index to store back; a missing or stale index is built again (O(entries) once). */
function locateMessage(state: ThreadState, messageId: string): { index: ToolIndex; at: number | undefined } {
  let index = state.sessionMessageIndex ?? buildIndex(state);
  let at = lookup(state, index, messageId);
  if (at === undefined && state.sessionMessageIndex && toolIndexGet(index, messageId) !== undefined) {
    index = buildIndex(state);
    at = lookup(state, index, messageId);
  }
  return { index, at };
}

function lookup(state: ThreadState, index: ToolIndex, messageId: string): number | undefined {
  const at = toolIndexGet(index, messageId);
  if (at === undefined) return undefined;
  const entry = state.entries[at];
  return entry?.kind === 'sessionMessage' && entry.messageId === messageId ? at : undefined;
}

function buildIndex(state: ThreadState): ToolIndex {
  let index = EMPTY_TOOL_INDEX;
  state.entries.forEach((entry, at) => {
    if (entry.kind === 'sessionMessage') index = toolIndexSet(index, entry.messageId, at);
  });
  return index;
}
