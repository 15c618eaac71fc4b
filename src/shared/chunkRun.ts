// Where streamed text chunks are merged. An agent streams an answer as thousands of
// agent_message_chunk / agent_thought_chunk updates; applying each one on its own costs the reducer
// a copy of the entries array and a new state, and the host's store a numbered event and the webview
// mirror an action per chunk. Consecutive text chunks of one message are applied as ONE action
// carrying their joined text, in two places: the host's ingest stage (session/threadStore.ts: the
// chunks that reach the thread in one synchronous run, the lines of one read from the agent's
// stdout, applied before any other action, before the state is read, and in a microtask after the
// run started, so a chunk never waits for the agent to write again), and the webview's store
// (webview/store.ts: the chunks of one batch, where the host's reads came apart).
//
// The merge is exact: the reducer keeps only a text chunk's kind, messageId and text
// (messageChunks.ts appendChunk: annotations and _meta are ignored), and appending "ab"
// to a message gives the same state as appending "a" then "b". user_message_chunk is not merged:
// the prompt echo is matched chunk by chunk (promptEcho.ts).
// A subagent session's chunks (a `subagent` action around them) merge the same way, per child.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from './actions';
import { MAX_MESSAGE_CHARS } from './messageCap';
import { roomInMessage } from './messageChunks';
import type { SessionUpdateView, ThreadState } from './thread';
import { childOf } from './subagents';

type TextChunkKind = 'agent_message_chunk' | 'agent_thought_chunk';

interface TextChunk {
  kind: TextChunkKind;
  messageId: string | null;
  text: string;
  /** The subagent session it is of (null: the chat's own). */
  sessionId: string | null;
  /** The action as dispatched (applied unchanged when the run has one chunk). */
  action: ThreadAction;
}

/** The text chunk in `action` (the chat's, or a subagent session's), or undefined when the action is applied as it is. */
export function mergeableChunk(action: ThreadAction): TextChunk | undefined {
  if (action.type === 'subagent') {
    const inner = action.action.type === 'sessionUpdate' ? mergeableChunk(action.action) : undefined;
    return inner && { ...inner, sessionId: action.sessionId, action };
  }
  if (action.type !== 'sessionUpdate') return undefined;
  const update = action.update as Partial<acp.ContentChunk & { sessionUpdate: string }> | null;
  if (typeof update !== 'object' || update === null) return undefined;
  const kind = update.sessionUpdate;
  if (kind !== 'agent_message_chunk' && kind !== 'agent_thought_chunk') return undefined;
  const content = update.content as { type?: unknown; text?: unknown } | undefined;
  if (typeof content !== 'object' || content === null || content.type !== 'text' || typeof content.text !== 'string')
    return undefined;
  const messageId = update.messageId;
  if (messageId !== undefined && messageId !== null && typeof messageId !== 'string') return undefined;
  return { kind, messageId: messageId ?? null, text: content.text, sessionId: null, action };
}

/** One run of consecutive text chunks of one message. */
export class ChunkRun {
  private first: TextChunk | undefined;
  private parts: string[] = [];
  /** Characters held in `parts`: never more than a message can take, plus one (see add). */
  private chars = 0;

  get isEmpty(): boolean {
    return this.first === undefined;
  }

  /** Whether `chunk` continues the run (an empty run accepts any chunk). */
  accepts(chunk: TextChunk): boolean {
    const first = this.first;
    return (
      first === undefined ||
      (first.kind === chunk.kind && first.messageId === chunk.messageId && first.sessionId === chunk.sessionId)
    );
  }

  /**
   * Adds a chunk the run accepts (the caller takes the run first when it does not). Text past what
   * one message can hold (src/shared/messageCap.ts) is not kept: one character past it is enough
   * for the reducer to see the message overflow and mark it truncated.
   */
  add(chunk: TextChunk): void {
    this.first ??= chunk;
    const room = MAX_MESSAGE_CHARS + 1 - this.chars;
    if (room <= 0) return;
    const text = chunk.text.length > room ? chunk.text.slice(0, room) : chunk.text;
    this.parts.push(text);
    this.chars += text.length;
  }

  /**
   * The run as one action (undefined when empty); the run is empty afterwards. Its text is cut to
   * what the message it goes to in `state` can still take, plus one character (the reducer then
   * marks it truncated): megabytes the reducer would drop are not handed to every listener (the
   * webview mirror posts each action).
   */
  take(state: ThreadState): ThreadAction | undefined {
    const first = this.first;
    if (first === undefined) return undefined;
    const parts = this.parts;
    this.first = undefined;
    this.parts = [];
    this.chars = 0;
    const target = first.sessionId === null ? state : childOf(state, first.sessionId)?.state;
    const kind = first.kind === 'agent_message_chunk' ? 'agent' : 'thought';
    const limit = (target ? roomInMessage(target, kind, first.messageId) : MAX_MESSAGE_CHARS) + 1;
    if (parts.length === 1 && parts[0] === first.text && first.text.length <= limit) return first.action;
    const text = parts.length === 1 ? parts[0]! : parts.join('');
    const update = {
      sessionUpdate: first.kind,
      ...(first.messageId === null ? {} : { messageId: first.messageId }),
      content: { type: 'text', text: text.length > limit ? text.slice(0, limit) : text },
    } as SessionUpdateView;
    const merged: ThreadAction = { type: 'sessionUpdate', update };
    return first.sessionId === null ? merged : { type: 'subagent', sessionId: first.sessionId, action: merged };
  }
}
