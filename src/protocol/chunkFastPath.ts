// A fast path for the one message an agent sends thousands of times per turn: a streamed text
// chunk. Agents built on the TypeScript SDK write it with JSON.stringify, so its bytes are always
//
//   {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"<S>","update":
//    {"sessionUpdate":"<K>","content":{"type":"text","text":"<T>"}}}}            (one line)
//
// or with `"messageId":"<M>",` before "content" (ACP v2 requires it on every chunk; v1 allows it).
// Recognising that exact text costs a fraction of JSON.parse. The match is exact by construction:
// it accepts only lines for which JSON.parse would give the same object (see the equivalence
// test), and gives that object; anything else (other key order, whitespace, extra fields such as
// _meta, a messageId elsewhere, other content) is left to JSON.parse. This is parsing only: every line is
// still one message (chunks are merged in the thread store, shared/chunkRun.ts).

export type TextChunkKind = 'agent_message_chunk' | 'agent_thought_chunk';

export interface TextChunk {
  sessionId: string;
  kind: TextChunkKind;
  text: string;
  /** Present when the line names its message. */
  messageId?: string;
}

/** The JSON-RPC notification JSON.parse gives for a matched line (same keys, same order). */
export interface TextChunkNotification {
  jsonrpc: '2.0';
  method: 'session/update';
  params: {
    sessionId: string;
    update: { sessionUpdate: TextChunkKind; messageId?: string; content: { type: 'text'; text: string } };
  };
}

/**
 * The whole line in one anchored expression (irregexp compiles it to native code: about a quarter
 * of JSON.parse per line, where a charCodeAt loop over a sliced line costs more than the parse).
 * Groups: the session id (only characters JSON.parse returns unchanged), the kind, the message id if any (the
 * same characters as the session id), and the raw JSON
 * body of the text, decoded below. `.*` is greedy and the tail is anchored at the end, so the body
 * is everything between `"text":"` and the final `"}}}}`; a body with a raw quote (more keys after
 * "text", or `"}}}}` inside) fails to decode as one string and the line goes to JSON.parse.
 */
/* eslint-disable no-control-regex -- JSON forbids raw U+0000..U+001F in strings: the patterns must name them */
const CHUNK_LINE =
  /^\{"jsonrpc":"2\.0","method":"session\/update","params":\{"sessionId":"([^"\\\u0000-\u001f]*)","update":\{"sessionUpdate":"(agent_message_chunk|agent_thought_chunk)",(?:"messageId":"([^"\\\u0000-\u001f]*)",)?"content":\{"type":"text","text":"(.*)"\}\}\}\}\r?$/s;
/** What JSON forbids raw in a string or gives a meaning: quote, backslash, U+0000..U+001F. */
const NEEDS_DECODING = /["\\\u0000-\u001f]/;
/* eslint-enable no-control-regex */

/** The notification JSON.parse would give for `line`, or undefined when the line must take JSON.parse. */
export function parseTextChunkLine(line: string): TextChunkNotification | undefined {
  const chunk = matchTextChunk(line);
  return chunk && textChunkNotification(chunk.sessionId, chunk.kind, chunk.text, chunk.messageId);
}

/**
 * Matches one line (without its "\n"; a trailing "\r" is allowed) against the chunk shape above.
 * Returns the chunk, or undefined when the line must take JSON.parse.
 */
export function matchTextChunk(line: string): TextChunk | undefined {
  const match = CHUNK_LINE.exec(line);
  if (match === null) return undefined;
  const text = decodeJsonText(match[4]!);
  if (line.length >= LARGE_LINE_CHARS) forgetLastMatch();
  if (text === undefined) return undefined;
  const chunk: TextChunk = { sessionId: (lastSessionId = ownedId(match[1]!)), kind: kindOf(match[2]!), text };
  if (match[3] !== undefined) chunk.messageId = lastMessageId = ownedId(match[3]);
  return chunk;
}

/**
 * The kind as one of the program's own two strings, not the group: the group is a slice of the line, so each later
 * comparison with a kind (the gate, the unknown-variant check's Set, the merge) read or hashed its 19 characters again.
 * The expression admits only the two names, which differ at their seventh character.
 */
function kindOf(group: string): TextChunkKind {
  return group.charCodeAt(6) === 109 /* m */ ? 'agent_message_chunk' : 'agent_thought_chunk';
}

// V8 gives a regexp group of 13 characters or more as a slice that keeps the whole string it was
// matched in alive. JSON.parse gives strings of their own; the fast path must too where a holder
// outlives the line: the thread keeps a message's id for as long as it shows the message, and a
// UUID sliced from a 40 MB chunk kept the chunk. The text is a slice too, but of a line barely longer
// than it (a long line is joined from many reads into a string of its own), so it is not copied.
/** The ids of the last chunk, copied once: one message's chunks all carry the same two. */
let lastSessionId = '';
let lastMessageId = '';

/** `id` as a string of its own (not a slice of the line); copied only when it differs from the last chunk's. */
function ownedId(id: string): string {
  if (id === lastSessionId) return lastSessionId;
  if (id === lastMessageId) return lastMessageId;
  // The groups admit only characters JSON returns unchanged, so quoted they are a JSON string.
  return JSON.parse(`"${id}"`) as string;
}

/**
 * V8 keeps the subject of the last successful match (RegExp.input, the legacy statics) until the next
 * one anywhere in the process: after a long line that is the whole line (40 MB kept while the chat is
 * idle). A match on an empty string replaces it; only after a long line, so small chunks pay nothing.
 */
const LARGE_LINE_CHARS = 64 * 1024;
const ANYTHING = /^/;
function forgetLastMatch(): void {
  ANYTHING.exec('');
}

/** Builds what JSON.parse returns for a matched line with this session, kind and text (the same keys in the same order). */
export function textChunkNotification(
  sessionId: string,
  kind: TextChunkKind,
  text: string,
  messageId?: string,
): TextChunkNotification {
  const content = { type: 'text', text } as const;
  return {
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId,
      update: messageId === undefined ? { sessionUpdate: kind, content } : { sessionUpdate: kind, messageId, content },
    },
  };
}

/** The string whose JSON body (between the quotes) is `body`, or undefined when that is not valid JSON. */
function decodeJsonText(body: string): string | undefined {
  if (!NEEDS_DECODING.test(body)) return body;
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return undefined;
  }
}
