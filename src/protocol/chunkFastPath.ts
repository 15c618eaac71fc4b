// A fast path for the one message an agent sends thousands of times per turn: a streamed text
// chunk. Agents built on the TypeScript SDK write it with JSON.stringify, so its bytes are always
//
//   {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"<S>","update":
//    {"sessionUpdate":"<K>","content":{"type":"text","text":"<T>"}}}}            (one line)
//
// Recognising that exact text costs a fraction of JSON.parse, and lets the reader merge a
// run of chunks into one notification. The match is exact by construction: it accepts only lines
// for which JSON.parse would give the same object (see the equivalence test); anything else (other
// key order, whitespace, extra fields such as messageId or _meta, other content) is left to JSON.parse.
//
// Chunks that took JSON.parse (agents not built on the TS SDK: other key orders, spaces, messageId,
// _meta) join the same merging through textChunkOf() when merging loses nothing the client uses.
// What it uses of a text chunk (src/shared/messageChunks.ts appendChunk/appendBlock, reached via
// session/update -> AgentConnection routing by sessionId -> reducer): the sessionId, the kind, the
// messageId (which message the chunk belongs to) and the text. content.annotations and every _meta
// are ignored, so chunks that differ only there merge; any other key might mean something, so a
// chunk carrying one is delivered as it is.

export type TextChunkKind = 'agent_message_chunk' | 'agent_thought_chunk';

export interface TextChunk {
  sessionId: string;
  kind: TextChunkKind;
  text: string;
  /** The message the chunk belongs to; absent (the fast path's lines) counts as null, as in the reducer. */
  messageId?: string | null;
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
 * Groups: the session id (only characters JSON.parse returns unchanged), the kind, and the raw JSON
 * body of the text, decoded below. `.*` is greedy and the tail is anchored at the end, so the body
 * is everything between `"text":"` and the final `"}}}}`; a body with a raw quote (more keys after
 * "text", or `"}}}}` inside) fails to decode as one string and the line goes to JSON.parse.
 */
/* eslint-disable no-control-regex -- JSON forbids raw U+0000..U+001F in strings: the patterns must name them */
const CHUNK_LINE =
  /^\{"jsonrpc":"2\.0","method":"session\/update","params":\{"sessionId":"([^"\\\u0000-\u001f]*)","update":\{"sessionUpdate":"(agent_message_chunk|agent_thought_chunk)","content":\{"type":"text","text":"(.*)"\}\}\}\}\r?$/s;
/** What JSON forbids raw in a string or gives a meaning: quote, backslash, U+0000..U+001F. */
const NEEDS_DECODING = /["\\\u0000-\u001f]/;
/* eslint-enable no-control-regex */

/**
 * Matches one line (without its "\n"; a trailing "\r" is allowed) against the chunk shape above.
 * Returns the chunk, or undefined when the line must take JSON.parse.
 */
export function matchTextChunk(line: string): TextChunk | undefined {
  const match = CHUNK_LINE.exec(line);
  if (match === null) return undefined;
  const text = decodeJsonText(match[3]!);
  if (text === undefined) return undefined;
  return { sessionId: match[1]!, kind: match[2] as TextChunkKind, text };
}

/**
 * Builds what JSON.parse returns for a matched line with this session, kind and text (the same
 * keys in the same order); with a messageId, the update carries it too.
 */
export function textChunkNotification(
  sessionId: string,
  kind: TextChunkKind,
  text: string,
  messageId?: string | null,
): TextChunkNotification {
  const content = { type: 'text', text } as const;
  const update =
    typeof messageId === 'string' ? { sessionUpdate: kind, messageId, content } : { sessionUpdate: kind, content };
  return { jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } };
}

/**
 * The text chunk in a parsed message, or undefined when the message must be delivered as it is:
 * not a session/update notification of agent text, or carrying any key beyond those listed in
 * the *_KEYS checks below (the ones the client uses, plus annotations and _meta, which it ignores).
 * Merging the result with its neighbours then gives the thread exactly what one-by-one delivery would.
 */
export function textChunkOf(message: unknown): TextChunk | undefined {
  if (!isObject(message)) return undefined;
  const envelope = message;
  if (envelope.method !== 'session/update' || envelope.jsonrpc !== '2.0' || !hasOnlyKeys(envelope, isEnvelopeKey))
    return undefined;
  const params = envelope.params;
  if (!isObject(params) || typeof params.sessionId !== 'string' || !hasOnlyKeys(params, isParamsKey)) return undefined;
  const update = params.update;
  if (!isObject(update) || !hasOnlyKeys(update, isUpdateKey)) return undefined;
  const kind = update.sessionUpdate;
  if (kind !== 'agent_message_chunk' && kind !== 'agent_thought_chunk') return undefined;
  const messageId = update.messageId;
  if (messageId !== undefined && messageId !== null && typeof messageId !== 'string') return undefined;
  const content = update.content;
  if (
    !isObject(content) ||
    content.type !== 'text' ||
    typeof content.text !== 'string' ||
    !hasOnlyKeys(content, isContentKey)
  ) {
    return undefined;
  }
  return { sessionId: params.sessionId, kind, text: content.text, messageId: messageId ?? null };
}

// The keys a mergeable chunk may have, level by level (switches: cheaper than a Set per key).
const isEnvelopeKey = (key: string) => key === 'jsonrpc' || key === 'method' || key === 'params';
const isParamsKey = (key: string) => key === 'sessionId' || key === 'update' || key === '_meta';
const isUpdateKey = (key: string) =>
  key === 'sessionUpdate' || key === 'content' || key === 'messageId' || key === '_meta';
const isContentKey = (key: string) => key === 'type' || key === 'text' || key === 'annotations' || key === '_meta';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own enumerable keys only: JSON.parse makes plain objects, and "__proto__" is an own key there. */
function hasOnlyKeys(object: Record<string, unknown>, allowed: (key: string) => boolean): boolean {
  for (const key in object) if (!allowed(key)) return false;
  return true;
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

/**
 * Collects consecutive text chunks of one session, kind and messageId (absent = null); `take()`
 * gives them as one notification whose text is their concatenation (what the thread would show
 * after all of them). A run of one parsed chunk is delivered as the message it came in.
 */
export class TextChunkRun {
  private sessionId = '';
  private kind: TextChunkKind = 'agent_message_chunk';
  private messageId: string | null = null;
  private parts: string[] = [];
  /** The parsed message of the run's only chunk, kept to deliver it unchanged if no other joins. */
  private original: TextChunkNotification | undefined;

  get isEmpty(): boolean {
    return this.parts.length === 0;
  }

  /** Whether `chunk` continues the run (an empty run accepts anything). */
  accepts(chunk: TextChunk): boolean {
    return (
      this.parts.length === 0 ||
      (chunk.sessionId === this.sessionId && chunk.kind === this.kind && (chunk.messageId ?? null) === this.messageId)
    );
  }

  /**
   * Adds a chunk; the caller takes the run first when `accepts(chunk)` is false. `original` is the
   * parsed message the chunk came from (none for fast-path lines): textChunkOf() accepted it, so it
   * has that shape, plus at most the ignored annotations and _meta.
   */
  add(chunk: TextChunk, original?: TextChunkNotification): void {
    if (this.parts.length === 0) {
      this.sessionId = chunk.sessionId;
      this.kind = chunk.kind;
      this.messageId = chunk.messageId ?? null;
      this.original = original;
    }
    this.parts.push(chunk.text);
  }

  /**
   * The run as one notification (undefined when empty); the run is empty afterwards. A merged
   * notification carries the run's messageId but none of its chunks' annotations or _meta: the
   * reducer ignores them (it keeps kind, messageId and text), so dropping them changes nothing shown.
   */
  take(): TextChunkNotification | undefined {
    const parts = this.parts;
    if (parts.length === 0) return undefined;
    this.parts = [];
    const original = this.original;
    this.original = undefined;
    if (parts.length === 1 && original !== undefined) return original;
    return textChunkNotification(
      this.sessionId,
      this.kind,
      parts.length === 1 ? parts[0]! : parts.join(''),
      this.messageId,
    );
  }
}
