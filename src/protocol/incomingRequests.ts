// The agent's requests while we handle them: the handler for each method, a cancellation source per
// request (fired by the agent's `$/cancel_request` or by the connection closing), and at most
// `maxInProgress` of them at once.
import { CancellationTokenSource, ResponseError, type Message, type RequestMessage } from 'vscode-jsonrpc/node';
import type * as acp from '@agentclientprotocol/sdk';
import type { Disposable, LogLevel, RequestHandler } from './connectionTypes';
import { toResponseError } from './errors';
import { ErrorCodes, ProtocolMethod } from './methods';
import { errorMessage } from '../shared/errorMessage';

/**
 * Requests from the agent we handle at once. Each holds a cancellation source and usually a
 * promise (a permission the user has not answered, a wait_for_exit): an agent that sends a million
 * of them must get errors, not our memory. Far above what a real agent has open.
 */
export const MAX_REQUESTS_IN_PROGRESS = 256;

export interface IncomingRequestsOptions {
  maxInProgress: number;
  log: (level: LogLevel, message: string) => void;
  /** The handler settled: send `response` to the agent (unless the connection closed). */
  answer(request: RequestMessage, response: Message): void;
}

export class IncomingRequests {
  private readonly handlers = new Map<string, RequestHandler<unknown, unknown>>();
  /** Requests from the agent that we are still handling, by their id (string and number kept apart). */
  private readonly handling = new Map<acp.RequestId, CancellationTokenSource>();

  constructor(private readonly options: IncomingRequestsOptions) {}

  on(method: string, handler: RequestHandler<never, unknown>): Disposable {
    const handlers = this.handlers;
    handlers.set(method, handler as RequestHandler<unknown, unknown>);
    return { dispose: () => void (handlers.get(method) === handler && handlers.delete(method)) };
  }

  handle(message: RequestMessage): void {
    const { maxInProgress, log } = this.options;
    const handling = this.handling;
    const id = message.id as acp.RequestId;
    const source = new CancellationTokenSource();
    handling.set(id, source);
    let answer: Promise<unknown>;
    try {
      if (handling.size > maxInProgress) {
        throw new ResponseError(
          ErrorCodes.internalError,
          `Too many requests in progress: the client handles at most ${maxInProgress} requests from the agent at once`,
          { limit: maxInProgress },
        );
      }
      const handler = this.handlers.get(message.method);
      if (!handler) throw new ResponseError(ErrorCodes.methodNotFound, `Method not found: ${message.method}`);
      answer = Promise.resolve(handler(message.params, source.token));
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer
      .then(
        (result) => ({ jsonrpc: '2.0', id, result: result ?? null }),
        (error: unknown) => ({ jsonrpc: '2.0', id, error: toResponseError(error, source.token).toJson() }),
      )
      .then((response) => {
        if (handling.get(id) === source) handling.delete(id);
        source.dispose();
        this.options.answer(message, response as Message);
      })
      .catch((error: unknown) => log('error', `Could not answer ${message.method}: ${errorMessage(error)}`));
  }

  /** The agent's `$/cancel_request`: the handler of that request sees its signal abort. */
  cancelRequested(params: unknown): void {
    const requestId = (params as Partial<acp.CancelRequestNotification> | undefined)?.requestId;
    const source = requestId === undefined || requestId === null ? undefined : this.handling.get(requestId);
    if (source) source.cancel();
    else
      this.options.log(
        'debug',
        `Ignored ${ProtocolMethod.cancelRequest} for request ${JSON.stringify(requestId)}: not in progress`,
      );
  }

  /** "The agent went away" is a cancellation for everything we were still doing for it. */
  cancelAll(): void {
    for (const source of this.handling.values()) source.cancel();
    this.handling.clear();
  }
}
