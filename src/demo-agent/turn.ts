// One prompt turn of the Demo agent: how scripts talk to the client (updates, requests),
// pace their streaming, take in messages added to the running turn (steering), and stop promptly
// on session/cancel.
import type * as acp from '@agentclientprotocol/sdk';
// Subagent sessions (subagent_update, session_message) are in the unstable schema only.
import type * as unstable from '@agentclientprotocol/sdk/unstable';
import { ClientMethod } from '../protocol/methods';
import { steeredNote } from './content';

/** What the demo needs from its ACP connection (a subset of createAcpConnection's result). */
export interface DemoPeer {
  notify(method: string, params: unknown): void;
  request<R>(method: string, params: unknown, options?: { signal?: AbortSignal }): Promise<R>;
}

/** Thrown inside a script when the turn was cancelled; the runner turns it into stopReason cancelled. */
export class TurnCancelled extends Error {
  constructor() {
    super('The turn was cancelled');
  }
}

export interface TurnInfo {
  sessionId: string;
  cwd: string;
  /** 1 for the first prompt of the session. */
  turnNumber: number;
  /** The client advertised both fs.readTextFile and fs.writeTextFile. */
  canEditFiles: boolean;
  /** The client advertised terminal: true (terminal/* methods). */
  canRunTerminals?: boolean;
  /** The client advertised clientCapabilities.subagents (child sessions of this one). */
  canShowSubagents?: boolean;
  /** Milliseconds between streamed chunks (0 streams as fast as the transport allows). */
  chunkDelayMs: number;
}

/** How text is split for streaming: a few words per chunk, or a few lines for long answers. */
export type ChunkUnit = { words: number } | { lines: number };

/** Splits text into chunks that concatenate back to exactly the input. */
export function splitIntoChunks(text: string, unit: ChunkUnit): string[] {
  const pieces = 'words' in unit ? text.split(/(?<=\s)(?=\S)/) : text.split(/(?<=\n)/);
  const size = Math.max(1, 'words' in unit ? unit.words : unit.lines);
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += size) chunks.push(pieces.slice(i, i + size).join(''));
  return chunks.filter((chunk) => chunk !== '');
}

export class DemoTurn {
  /** The tool call started but not finished; marked failed if the turn is cancelled. */
  private inFlightToolCallId: string | null = null;
  /** Messages the user added to this turn (`_session/steering`) that the turn has not taken in yet. */
  private readonly steered: string[] = [];
  /** How many messages were added to this turn and taken in. */
  steeredCount = 0;

  constructor(
    private readonly peer: DemoPeer,
    readonly info: TurnInfo,
    readonly signal: AbortSignal,
  ) {}

  get cancelled(): boolean {
    return this.signal.aborted;
  }

  /** Sends one session/update. Allowed after cancel too: the client keeps accepting updates until the response. */
  update(update: acp.SessionUpdate | unstable.SessionUpdate): void {
    const notification: unstable.SessionNotification = { sessionId: this.info.sessionId, update };
    this.peer.notify(ClientMethod.sessionUpdate, notification);
  }

  throwIfCancelled(): void {
    if (this.signal.aborted) throw new TurnCancelled();
  }

  /** Waits, or throws TurnCancelled as soon as the turn is cancelled. */
  pause(ms: number): Promise<void> {
    this.throwIfCancelled();
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(new TurnCancelled());
      };
      const timer = setTimeout(() => {
        this.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Streams text as chunks of one message, pausing between chunks (`pauseMs`, the chunk delay by default) so
   * the streaming is visible. A message added to the turn meanwhile is taken in before the next chunk.
   */
  async stream(
    kind: 'agent_message_chunk' | 'agent_thought_chunk',
    messageId: string,
    text: string,
    unit: ChunkUnit = { words: 3 },
    pauseMs = this.info.chunkDelayMs,
  ): Promise<void> {
    for (const chunk of splitIntoChunks(text, unit)) {
      this.throwIfCancelled();
      this.takeSteered();
      this.update({ sessionUpdate: kind, messageId, content: { type: 'text', text: chunk } });
      await this.pause(pauseMs);
    }
  }

  /** A message the user added to this running turn: taken in (and acknowledged) at the next chunk. */
  steer(text: string): void {
    this.steered.push(text);
  }

  /** Acknowledges each message added since the last chunk, as a message of its own; the turn then goes on. */
  private takeSteered(): void {
    for (let text = this.steered.shift(); text !== undefined; text = this.steered.shift()) {
      this.steeredCount += 1;
      const messageId = `demo-turn${this.info.turnNumber}-steered-${this.steeredCount}`;
      this.update({
        sessionUpdate: 'agent_message_chunk',
        messageId,
        content: { type: 'text', text: steeredNote(text) },
      });
    }
  }

  /** A request to the client that gives up (with TurnCancelled) when the turn is cancelled. */
  async request<R>(method: string, params: unknown): Promise<R> {
    this.throwIfCancelled();
    let onAbort = (): void => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new TurnCancelled());
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([this.peer.request<R>(method, params, { signal: this.signal }), aborted]);
    } catch (error) {
      if (this.signal.aborted) throw new TurnCancelled();
      throw error;
    } finally {
      this.signal.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The turn of a child session inside this one: the same helpers, on the child's session id. It stops when
   * `ownCancel` fires (the child alone is cancelled) or when this turn does.
   */
  child(sessionId: string, ownCancel: AbortSignal): DemoTurn {
    return new DemoTurn(this.peer, { ...this.info, sessionId }, AbortSignal.any([this.signal, ownCancel]));
  }

  startToolCall(toolCall: acp.ToolCall): void {
    this.inFlightToolCallId = toolCall.toolCallId;
    this.update({ sessionUpdate: 'tool_call', ...toolCall });
  }

  updateToolCall(update: acp.ToolCallUpdate): void {
    if (update.status === 'completed' || update.status === 'failed') this.inFlightToolCallId = null;
    this.update({ sessionUpdate: 'tool_call_update', ...update });
  }

  /** Called by the runner after a cancel: whatever tool call was open did not finish. */
  failInFlightToolCall(reason: string): void {
    if (this.inFlightToolCallId === null) return;
    this.updateToolCall({
      toolCallId: this.inFlightToolCallId,
      status: 'failed',
      content: [{ type: 'content', content: { type: 'text', text: reason } }],
    });
  }
}
