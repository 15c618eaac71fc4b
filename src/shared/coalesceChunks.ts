// Merges runs of streaming text chunks of one message into one action, so a batch the host posts
// to the webview during a flood carries one action per message instead of thousands. The merge
// is exact: the reducer keeps only a chunk's kind, messageId and text, and appending "ab" to a
// message gives the same state as appending "a" then "b" (see reduce's appendChunk).
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from './actions';

type ChunkUpdate = Extract<
  acp.SessionUpdate,
  { sessionUpdate: 'user_message_chunk' | 'agent_message_chunk' | 'agent_thought_chunk' }
>;

/** A text chunk the reducer would append to a message, with the message it belongs to. */
function textChunk(action: ThreadAction): { update: ChunkUpdate; text: string; messageId: string | null } | null {
  if (action.type !== 'sessionUpdate') return null;
  const update = action.update as Partial<ChunkUpdate> | null;
  if (typeof update !== 'object' || update === null) return null;
  const kind = update.sessionUpdate;
  if (kind !== 'agent_message_chunk' && kind !== 'agent_thought_chunk' && kind !== 'user_message_chunk') return null;
  const content = update.content;
  if (typeof content !== 'object' || content === null || content.type !== 'text' || typeof content.text !== 'string')
    return null;
  return {
    update: update as ChunkUpdate,
    text: content.text,
    messageId: typeof update.messageId === 'string' ? update.messageId : null,
  };
}

/**
 * Collects actions in order, merging each run of consecutive text chunks of the same kind and
 * messageId as they arrive. A chunk that joins a run leaves only its text behind, so a host that
 * holds a batch for a frame keeps one string per chunk instead of the parsed message objects
 * (which would otherwise survive young-generation GCs and be copied for nothing).
 */
export class ChunkCoalescer {
  private out: ThreadAction[] = [];
  private run: { first: NonNullable<ReturnType<typeof textChunk>>; parts: string[] } | null = null;
  private added = 0;

  /** Actions added since the last take(). */
  get count(): number {
    return this.added;
  }

  add(action: ThreadAction): void {
    this.added++;
    const chunk = textChunk(action);
    if (!chunk) {
      this.endRun();
      this.out.push(action);
      return;
    }
    const run = this.run;
    if (
      run &&
      run.first.update.sessionUpdate === chunk.update.sessionUpdate &&
      run.first.messageId === chunk.messageId
    ) {
      run.parts.push(chunk.text);
      return;
    }
    this.endRun();
    this.run = { first: chunk, parts: [chunk.text] };
  }

  /** The merged actions, in order; the coalescer is empty afterwards. */
  take(): ThreadAction[] {
    this.endRun();
    const out = this.out;
    this.out = [];
    this.added = 0;
    return out;
  }

  private endRun(): void {
    const run = this.run;
    if (!run) return;
    this.run = null;
    const { first, parts } = run;
    if (parts.length === 1) {
      this.out.push({ type: 'sessionUpdate', update: first.update });
      return;
    }
    const update = { ...first.update, content: { ...(first.update.content as acp.TextContent), text: parts.join('') } };
    this.out.push({ type: 'sessionUpdate', update: update as acp.SessionUpdate });
  }
}

/**
 * Returns `actions` with each run of consecutive text chunks of the same kind and messageId
 * replaced by one chunk carrying their joined text. Other actions are kept as they are, in order.
 * Returns the same array when nothing merged.
 */
export function coalesceChunks(actions: readonly ThreadAction[]): ThreadAction[] {
  const coalescer = new ChunkCoalescer();
  for (const action of actions) coalescer.add(action);
  const out = coalescer.take();
  return out.length === actions.length ? (actions as ThreadAction[]) : out;
}
