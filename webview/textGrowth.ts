// What a message's text part gained from streamed chunks, so the renderer can append just that
// (IncrementalMarkdown.append) instead of reading the whole message again. A message's text is one
// JS string built by appends, and reading any of it makes V8 copy all of it into one flat string:
// O(answer) per frame (about 0.1 ms at 200 KB, 0.4 ms at 500 KB), for every frame of the answer.
// The store notes each chunk here as it applies it; a part it cannot vouch for has no growth and
// is rendered from its whole text, as before.
import type { ThreadAction } from '../src/shared/actions';
import type { MessagePart, ThreadState } from '../src/shared/thread';

export interface TextGrowth {
  /** The part this one grew from (the one a view may be showing). */
  from: MessagePart;
  /** `part.text` is `from.text + added`. */
  added: string;
}

/** Past this, growth is not tracked (a view that missed that many frames renders the whole text). */
const MAX_TRACKED_CHARS = 64 * 1024;
const CHUNK_KINDS: ReadonlySet<string> = new Set(['agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk']);

const growth = new WeakMap<MessagePart, TextGrowth>();
/** Parts a view has shown: growth is recorded relative to the last part shown. */
const shown = new WeakSet<MessagePart>();

export function textGrowth(part: MessagePart): TextGrowth | undefined {
  return growth.get(part);
}

/** A view calls this with each text part it rendered. */
export function noteShown(part: MessagePart): void {
  shown.add(part);
}

/**
 * Called with the state before and after the reducer applied `action`. A text chunk lands in the
 * last text part of the last entry (src/shared/messageChunks.ts); anything else, or a length that
 * does not add up, records nothing.
 */
export function noteGrowth(before: ThreadState, after: ThreadState, action: ThreadAction): void {
  if (action.type !== 'sessionUpdate' || !CHUNK_KINDS.has(action.update.sessionUpdate)) return;
  const content = (action.update as { content?: { type?: string; text?: unknown } }).content;
  if (content?.type !== 'text' || typeof content.text !== 'string') return;
  const entryBefore = before.entries[before.entries.length - 1];
  const entryAfter = after.entries[after.entries.length - 1];
  if (
    !entryBefore ||
    !entryAfter ||
    entryBefore.id !== entryAfter.id ||
    !('parts' in entryBefore) ||
    !('parts' in entryAfter)
  )
    return;
  const partBefore = entryBefore.parts[entryBefore.parts.length - 1];
  const partAfter = entryAfter.parts[entryAfter.parts.length - 1];
  if (partBefore?.kind !== 'text' || partAfter?.kind !== 'text' || partBefore === partAfter) return;
  if (partAfter.text.length !== partBefore.text.length + content.text.length) return;
  // Chunks that arrive between two frames join: the growth is from the part last shown.
  const earlier = shown.has(partBefore) ? undefined : growth.get(partBefore);
  const added = earlier ? earlier.added + content.text : content.text;
  if (added.length > MAX_TRACKED_CHARS) return;
  growth.set(partAfter, { from: earlier ? earlier.from : partBefore, added });
}
