// What stands between the NDJSON reader and the dispatcher (connection.ts): every message from the
// agent passes accept() first (envelope.ts says what is answered, logged or let through). It also
// keeps the two id books a hostile peer would otherwise confuse:
//   - our requests still waiting for an answer: a response to any other id (never sent, or
//     answered before) is logged and dropped. When two answers arrive in one read, the first
//     stands (an error after end_turn must not show the turn as failed).
//   - the agent's requests read but not answered yet: a second request with an id still in use
//     would be answered twice under one id, or take the first one's cancellation.
// Both books hold only what is in flight (cleared on close); what is in flight is bounded elsewhere.
import type { Message } from 'vscode-jsonrpc/node';
import { checkEnvelope, describe, idKey, isRequestId, type RequestIdValue } from './envelope';
import { ErrorCodes } from './methods';

export const BATCH_MESSAGE = 'Invalid Request: JSON-RPC batches are not supported (ACP sends one message per line)';

export type AnswerError = (id: RequestIdValue | null, code: number, message: string) => void;

export class IncomingGate {
  private readonly awaitingAnswer = new Set<string>();
  private readonly queuedRequests = new Set<string>();
  private warnedLenient = false;

  constructor(
    private readonly log: (level: 'warn' | 'error', message: string) => void,
    private readonly answerError: AnswerError,
  ) {}

  /** We sent `message`: a request's id now waits for one answer. */
  sent(message: Message): void {
    const sent = message as { id?: unknown; method?: unknown };
    if (typeof sent.method === 'string' && isRequestId(sent.id)) this.awaitingAnswer.add(idKey(sent.id));
  }

  /** False when the message must not be dispatched (it was answered or logged here). */
  accept(message: Message): boolean {
    const record = message as unknown as Record<string, unknown>;
    const verdict = checkEnvelope(record);
    switch (verdict.kind) {
      case 'ok':
        break;
      case 'lenient':
        if (!this.warnedLenient)
          this.log('warn', `The agent sent ${verdict.reason}; accepted (logged once per connection)`);
        this.warnedLenient = true;
        break;
      case 'invalidRequest':
        this.log('error', `Answered an invalid request from the agent with -32600: ${verdict.reason}`);
        this.answerError(verdict.id, ErrorCodes.invalidRequest, `Invalid Request: ${verdict.reason}`);
        return false;
      case 'drop':
        this.log('error', `Ignored ${verdict.reason}`);
        return false;
    }
    const id = record.id;
    if (!isRequestId(id)) return true;
    if (record.method === undefined) {
      if (this.awaitingAnswer.delete(idKey(id))) return true;
      this.log(
        'error',
        `Ignored a response to request ${describe(id)}: no request with that id is waiting for an answer (never sent, or answered before: the first answer stands)`,
      );
      return false;
    }
    const key = idKey(id);
    if (this.queuedRequests.has(key)) {
      this.log('error', `Answered a request that reuses id ${describe(id)} of one still queued with -32600`);
      this.answerError(
        id,
        ErrorCodes.invalidRequest,
        `Invalid Request: id ${describe(id)} is already in use by another request`,
      );
      return false;
    }
    this.queuedRequests.add(key);
    return true;
  }

  /** The request `message` was answered: its id may be used again. */
  dispatched(message: Message): void {
    const record = message as { id?: unknown; method?: unknown };
    if (record.method !== undefined && isRequestId(record.id)) this.queuedRequests.delete(idKey(record.id));
  }

  /** ACP does not use JSON-RPC batches: every request in one is answered -32600 by its id. */
  batch(items: unknown[]): void {
    let answered = 0;
    for (const item of items) {
      const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
      if (record && typeof record.method === 'string' && isRequestId(record.id)) {
        this.answerError(record.id, ErrorCodes.invalidRequest, BATCH_MESSAGE);
        answered++;
      }
    }
    if (answered === 0) this.answerError(null, ErrorCodes.invalidRequest, BATCH_MESSAGE);
    this.log(
      'error',
      `Rejected a JSON-RPC batch of ${items.length} messages from the agent (ACP sends one message per line); answered ${answered || 'once with id null'}`,
    );
  }

  clear(): void {
    this.awaitingAnswer.clear();
    this.queuedRequests.clear();
  }
}
