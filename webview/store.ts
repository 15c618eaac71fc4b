// The webview's mirror of the host state. The host sends one snapshot, then numbered action
// batches; each action goes through the same pure reducer the host uses. A gap in the numbers
// means we missed something: ask for a snapshot (`resync`) and ignore batches until it comes.
import type {
  AgentChoice,
  ChatSummary,
  HostToWebview,
  WebviewToHost,
  WorkspaceFolderRef,
} from '../src/shared/messages';
import { reduce } from '../src/shared/reduce';
import { ChunkRun, mergeableChunk } from '../src/shared/chunkRun';
import type { MessagePart, ThreadState } from '../src/shared/thread';
import type { ThreadAction } from '../src/shared/actions';
import { recordError } from './errors';

/** Everything the UI renders from. A new object whenever anything in it changes. */
export interface ViewState {
  thread: ThreadState | null;
  agents: AgentChoice[];
  defaultAgentId: string;
  /** What streamed chunks appended to the newest text part (see TextAppend), or null. */
  appended: TextAppend | null;
  /** The chats of the window (the chat list), the shown one marked `active`. */
  chats?: ChatSummary[];
  /** The window's workspace folders (tool cards label paths relative to them). */
  workspaceFolders?: WorkspaceFolderRef[];
  /**
   * False until the host's first snapshot: after a window reload the host may still be restoring the chat this
   * view showed, so the page shows neither that chat nor "Start a chat" yet.
   */
  loaded?: boolean;
}

/**
 * The text that streamed chunks appended to one text part, so the renderer can extend what it
 * shows without reading the part's whole text: reading any of a string built by appends makes V8
 * copy all of it (a large-object allocation per frame for a long answer; measured: 10,000 such
 * reads of a 200 KB answer took seconds). `part.text` is some earlier text of `from` characters
 * plus the first `count` of `pieces` (`length` characters). The pieces are kept as they came, not
 * joined: a joined record would be a string built by appends too, and reading its newest characters
 * copied all of it (up to 16 KB a frame). Rebased every MAX_APPENDED_CHARS, so a renderer far behind
 * reads the whole text once. Read it with `appendedAfter`.
 */
export interface TextAppend {
  readonly part: MessagePart;
  readonly from: number;
  readonly length: number;
  readonly count: number;
  /** Append-only, shared with the record this one extends (each reads only its first `count`). */
  readonly pieces: readonly string[];
}

/**
 * What `record` appended after the part's first `shown` characters, or undefined when that is not
 * within the record (the caller reads the whole text). O(characters returned).
 */
export function appendedAfter(record: TextAppend, shown: number): string | undefined {
  const wanted = record.from + record.length - shown;
  if (shown < record.from || wanted < 0) return undefined;
  const tail: string[] = [];
  let collected = 0;
  for (let i = record.count - 1; i >= 0 && collected < wanted; i--) {
    const piece = record.pieces[i]!;
    tail.push(piece);
    collected += piece.length;
  }
  tail.reverse();
  const text = tail.length === 1 ? tail[0]! : tail.join('');
  return collected === wanted ? text : text.slice(collected - wanted);
}

const MAX_APPENDED_CHARS = 16 * 1024;
const CHUNK_KINDS: ReadonlySet<string> = new Set(['agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk']);

export type ReceiveOutcome =
  | 'snapshot' // state replaced
  | 'applied' // actions applied
  | 'agents' // agent list replaced
  | 'chats' // chat list replaced
  | 'workspaceFolders' // workspace folders replaced
  | 'focusComposer'
  | 'focusElsewhere'
  | 'stale' // batch already applied (or empty): nothing to do
  | 'waiting' // no snapshot yet / waiting for the resync snapshot: batch ignored
  | 'resync' // gap detected, resync requested
  | 'terminalOutput' // not thread state: the app hands it to the terminal views
  | 'contextPicked' // not thread state: the app hands it to the composer
  | 'draftReturned'; // not thread state: the app hands it to the composer

export class ViewStore {
  private current: ViewState = { thread: null, agents: [], defaultAgentId: '', appended: null, chats: [] };
  private lastSeq = 0;
  /** False before the first snapshot and between a gap and the snapshot that answers it. */
  private synced = false;

  constructor(private readonly post: (msg: WebviewToHost) => void) {}

  get state(): ViewState {
    return this.current;
  }

  get seq(): number {
    return this.lastSeq;
  }

  receive(msg: HostToWebview): ReceiveOutcome {
    switch (msg.type) {
      case 'snapshot':
        this.current = {
          thread: msg.thread,
          agents: msg.agents,
          defaultAgentId: msg.defaultAgentId,
          appended: null,
          chats: this.current.chats,
          workspaceFolders: this.current.workspaceFolders,
          loaded: true,
        };
        this.lastSeq = msg.seq;
        this.synced = true;
        return 'snapshot';
      case 'agents':
        this.current = { ...this.current, agents: msg.agents, defaultAgentId: msg.defaultAgentId };
        return 'agents';
      case 'focusComposer':
        return 'focusComposer';
      case 'focusElsewhere':
        return 'focusElsewhere';
      case 'actions':
        try {
          return this.applyBatch(msg.firstSeq, msg);
        } catch (error) {
          // A batch is never dropped silently: whatever went wrong, our copy is suspect.
          recordError('an action batch could not be applied, resyncing', error);
          return this.requestResync();
        }
      case 'terminalOutput':
        return 'terminalOutput';
      case 'contextPicked':
        return 'contextPicked';
      case 'draftReturned':
        return 'draftReturned';
      case 'chats':
        this.current = { ...this.current, chats: Array.isArray(msg.chats) ? msg.chats : [] };
        return 'chats';
      case 'workspaceFolders':
        this.current = { ...this.current, workspaceFolders: Array.isArray(msg.folders) ? msg.folders : [] };
        return 'workspaceFolders';
    }
  }

  private applyBatch(firstSeq: number, msg: Extract<HostToWebview, { type: 'actions' }>): ReceiveOutcome {
    if (!this.synced) return 'waiting';
    const lastInBatch = firstSeq + msg.actions.length - 1;
    if (lastInBatch <= this.lastSeq) return 'stale';
    // A batch overlapping what we have is fine (skip the known part); one past a hole is not.
    if (firstSeq > this.lastSeq + 1 || this.current.thread === null) return this.requestResync();

    let thread = this.current.thread;
    let appended = this.current.appended;
    const apply = (action: ThreadAction): void => {
      const next = reduce(thread, action);
      appended = noteAppend(appended, thread, next, action);
      thread = next;
    };
    // A batch holds an action per read of the agent's output: a fast stream's text chunks of one message
    // are applied as one (see chunkRun.ts), not a new state and entries array each.
    const run = new ChunkRun();
    const applyRun = (): void => {
      const merged = run.take(thread);
      if (merged) apply(merged);
    };
    try {
      for (let i = Math.max(0, this.lastSeq + 1 - firstSeq); i < msg.actions.length; i++) {
        const action = msg.actions[i]!;
        const chunk = mergeableChunk(action);
        if (!chunk) {
          applyRun();
          apply(action);
        } else {
          if (!run.accepts(chunk)) applyRun();
          run.add(chunk);
        }
      }
      applyRun();
    } catch (error) {
      // The reducer never throws on valid input; if it does, our copy is suspect: start over.
      recordError('an action could not be applied, resyncing', error);
      return this.requestResync();
    }
    this.lastSeq = lastInBatch;
    this.current = { ...this.current, thread, appended };
    return 'applied';
  }

  private requestResync(): ReceiveOutcome {
    this.synced = false;
    this.post({ type: 'resync' });
    return 'resync';
  }
}

/**
 * The append record after the reducer applied `action` (state `before` to `after`). A text chunk
 * lands in the last text part of the last entry (src/shared/messageChunks.ts), or of the message
 * just before trailing notices, which gets no record (its view reads its text); lengths are read,
 * never the texts. Anything else keeps the record (a renderer checks it is for the part it shows). A
 * subagent's chunk is recorded the same way for its part in its own transcript.
 */
function noteAppend(
  record: TextAppend | null,
  before: ThreadState | undefined,
  after: ThreadState | undefined,
  action: ThreadAction,
): TextAppend | null {
  // A subagent's chunk lands in its own transcript (shared/subagentTypes.ts): the record is for its part.
  if (action.type === 'subagent')
    return noteAppend(record, childState(before, action.sessionId), childState(after, action.sessionId), action.action);
  if (!before || !after) return record;
  if (action.type !== 'sessionUpdate' || !CHUNK_KINDS.has(action.update.sessionUpdate)) return record;
  const content = (action.update as { content?: { type?: string; text?: unknown } }).content;
  if (content?.type !== 'text' || typeof content.text !== 'string') return record;
  const entryBefore = before.entries[before.entries.length - 1];
  const entryAfter = after.entries[after.entries.length - 1];
  if (!entryAfter || !('parts' in entryAfter)) return record;
  const partAfter = entryAfter.parts[entryAfter.parts.length - 1];
  if (partAfter?.kind !== 'text') return record;
  const partBefore =
    entryBefore && entryBefore.id === entryAfter.id && 'parts' in entryBefore
      ? entryBefore.parts[entryBefore.parts.length - 1]
      : undefined;
  const text = content.text;
  if (partBefore?.kind !== 'text' || partBefore === partAfter) return record;
  if (partAfter.text.length !== partBefore.text.length + text.length) return null;
  if (
    record?.part === partBefore &&
    record.length + text.length <= MAX_APPENDED_CHARS &&
    record.count === record.pieces.length
  ) {
    (record.pieces as string[]).push(text);
    return {
      part: partAfter,
      from: record.from,
      length: record.length + text.length,
      count: record.count + 1,
      pieces: record.pieces,
    };
  }
  return { part: partAfter, from: partBefore.text.length, length: text.length, count: 1, pieces: [text] };
}

function childState(state: ThreadState | undefined, sessionId: string): ThreadState | undefined {
  const subagents = state?.subagents;
  return subagents && Object.hasOwn(subagents, sessionId) ? subagents[sessionId]?.state : undefined;
}
