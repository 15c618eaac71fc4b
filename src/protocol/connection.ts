// One ACP connection over a pair of streams (an agent's stdout/stdin). vscode-jsonrpc does the
// JSON-RPC bookkeeping; this file adds what ACP needs on top: `$/cancel_request {requestId}` both ways
// (vscode-jsonrpc only knows `$/cancelRequest {id}`), timeouts that name the method, errors that
// carry code/message/data, pending requests rejected when the agent goes away, and a traffic tap.
// Every message from the agent passes IncomingGate (incomingGate.ts) before vscode-jsonrpc sees it,
// and at most MAX_REQUESTS_IN_PROGRESS of the agent's requests are handled at once.
import {
  CancellationTokenSource,
  ResponseError,
  createMessageConnection,
  type CancellationStrategy,
  type CancellationToken,
  type Logger,
  type Message,
  type MessageConnection,
  type MessageReader,
  type NotificationMessage,
  type RequestMessage,
} from 'vscode-jsonrpc/node';
import type * as acp from '@agentclientprotocol/sdk';
import type { CancelSignal, TrafficSink } from './types';
import {
  AcpConnectionClosedError,
  AcpTimeoutError,
  formatBytes,
  fromResponseError,
  toResponseError,
  type ConnectionCloseReason,
} from './errors';
import {
  ErrorCodes,
  ProtocolMethod,
  type AgentNotifications,
  type AgentRequests,
  type ClientNotifications,
  type ClientRequests,
} from './methods';
import { DEFAULT_MAX_MESSAGE_BYTES, NdjsonMessageReader, NdjsonMessageWriter } from './ndjson';
import { IncomingGate } from './incomingGate';
import { errorMessage } from '../shared/errorMessage';

/**
 * Requests from the agent we handle at once. Each holds a cancellation source and usually a
 * promise (a permission the user has not answered, a wait_for_exit): an agent that sends a million
 * of them must get errors, not our memory. Far above what a real agent has open.
 */
export const MAX_REQUESTS_IN_PROGRESS = 256;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface AcpConnectionOptions {
  /** A line from the agent longer than this is dropped (default 64 MiB). */
  maxMessageBytes?: number;
  /** Sees every message in ('recv') and out ('send'). */
  traffic?: TrafficSink;
  /** Invalid lines, oversized drops, protocol errors, ignored notifications (debug). */
  log?: (level: LogLevel, message: string) => void;
  /** Requests from the agent handled at once; more are answered -32603 (default MAX_REQUESTS_IN_PROGRESS). */
  maxRequestsInProgress?: number;
}

export interface RequestOptions {
  /** Aborting sends `$/cancel_request`; the promise still settles with the agent's answer. */
  signal?: AbortSignal;
  /** Reject with AcpTimeoutError when no answer came in this time (and tell the agent to stop). */
  timeoutMs?: number;
}

export interface Disposable {
  dispose(): void;
}

export type RequestHandler<P, R> = (params: P, signal: CancelSignal) => R | Promise<R>;
export type NotificationHandler<P> = (params: P) => void | Promise<void>;

export interface AcpConnection {
  request<M extends keyof AgentRequests>(
    method: M,
    params: AgentRequests[M]['params'],
    options?: RequestOptions,
  ): Promise<AgentRequests[M]['result']>;
  request<R = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<R>;
  notify<M extends keyof AgentNotifications>(method: M, params: AgentNotifications[M]): void;
  notify(method: string, params?: unknown): void;
  onRequest<M extends keyof ClientRequests>(
    method: M,
    handler: RequestHandler<ClientRequests[M]['params'], ClientRequests[M]['result']>,
  ): Disposable;
  onRequest<P = unknown, R = unknown>(method: string, handler: RequestHandler<P, R>): Disposable;
  onNotification<M extends keyof ClientNotifications>(
    method: M,
    handler: NotificationHandler<ClientNotifications[M]>,
  ): Disposable;
  onNotification<P = unknown>(method: string, handler: NotificationHandler<P>): Disposable;
  /** Fires once, when the streams end or fail, or on dispose(). */
  onClose(listener: (reason: ConnectionCloseReason) => void): Disposable;
  readonly isClosed: boolean;
  /** Rejects pending requests, cancels running handlers, detaches from the streams (does not end them). */
  dispose(): void;
}

interface PendingRequest {
  method: string;
  reject(error: Error): void;
}

export function createAcpConnection(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  options: AcpConnectionOptions = {},
): AcpConnection {
  const log = options.log ?? (() => undefined);
  const traffic = options.traffic;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const requestHandlers = new Map<string, RequestHandler<unknown, unknown>>();
  const notificationHandlers = new Map<string, NotificationHandler<unknown>>();
  const closeListeners = new Set<(reason: ConnectionCloseReason) => void>();
  const pending = new Set<PendingRequest>();
  /** Requests from the agent that we are still handling, by their id (string and number kept apart). */
  const handling = new Map<acp.RequestId, CancellationTokenSource>();
  const handlingIds = new WeakMap<CancellationToken, acp.RequestId>();
  let closeReason: ConnectionCloseReason | undefined;
  let lastStreamError: Error | undefined;
  // vscode-jsonrpc dispatches queued messages one per event-loop turn, but reports the stream's end
  // at once. Closing then would drop the agent's last messages (the chunk it wrote just before it
  // crashed), so the close waits until every message read has been dispatched.
  let messagesRead = 0;
  let messagesDispatched = 0;
  let whenDrained: (() => void) | undefined;
  const maxInProgress = options.maxRequestsInProgress ?? MAX_REQUESTS_IN_PROGRESS;
  const gate = new IncomingGate(log, (id, code, message) => {
    if (closeReason) return;
    // Straight to the writer: vscode-jsonrpc has no way to answer an id it never saw.
    writer
      .write({ jsonrpc: '2.0', id, error: { code, message } } as Message)
      .catch((error: unknown) => log('error', `Could not answer the agent: ${errorMessage(error)}`));
  });

  const reader = new NdjsonMessageReader(input, {
    maxMessageBytes,
    onInvalidLine: (line, error) =>
      log('error', `Ignored a line from the agent that is not a JSON-RPC message (${error.message}): ${preview(line)}`),
    onOversized: (bytes) =>
      log(
        'error',
        `Dropped a ${formatBytes(bytes)} message from the agent: larger than the ${formatBytes(maxMessageBytes)} limit`,
      ),
    onBatch: (line, items) => {
      if (traffic?.recordText) traffic.recordText('recv', line);
      else traffic?.record('recv', items);
      gate.batch(items);
    },
    onLine: traffic
      ? (line, message) => {
          if (traffic.recordText) traffic.recordText('recv', line);
          else traffic.record('recv', message);
        }
      : undefined,
  });
  const writer = new NdjsonMessageWriter(output, {
    onMessage: (message) => {
      gate.sent(message);
      traffic?.record('send', message);
    },
  });

  const cancellationStrategy: CancellationStrategy = {
    receiver: {
      kind: 'request',
      createCancellationTokenSource(request: RequestMessage) {
        const source = new CancellationTokenSource();
        if (request.id !== null) {
          handling.set(request.id, source);
          handlingIds.set(source.token, request.id);
        }
        return source;
      },
    },
    sender: {
      sendCancellation: (connection, id) =>
        connection.sendNotification(ProtocolMethod.cancelRequest, {
          requestId: id,
        } satisfies acp.CancelRequestNotification),
      cleanup: () => undefined,
    },
  };
  const jsonRpcLogger: Logger = {
    error: (message) => log('error', message),
    warn: (message) => log('warn', message),
    info: (message) => log('info', message),
    log: (message) => log('debug', message),
  };
  const connection: MessageConnection = createMessageConnection(fastNotifications(reader), writer, jsonRpcLogger, {
    cancellationStrategy,
    messageStrategy: {
      handleMessage(message, next) {
        try {
          gate.dispatched(message);
          // vscode-jsonrpc handles a handler's failure itself (it answers the request with an error).
          void next(message);
        } finally {
          countDispatched();
        }
      },
    },
  });

  function countDispatched(): void {
    messagesDispatched++;
    if (whenDrained && messagesDispatched >= messagesRead) {
      const drained = whenDrained;
      whenDrained = undefined;
      drained();
    }
  }

  /**
   * vscode-jsonrpc dispatches one queued message per setImmediate, about 10 us of idle per message:
   * an agent streaming 100k chunks would spend seconds just waiting. So a notification we handle
   * is dispatched synchronously, straight from the reader, when everything read before it has
   * been dispatched (vscode-jsonrpc's queue is empty). Otherwise it takes the queue like any
   * message, so it never overtakes an earlier response or request: dispatch order = wire order.
   */
  function fastNotifications(source: NdjsonMessageReader): MessageReader {
    return {
      onError: source.onError,
      onClose: source.onClose,
      onPartialMessage: source.onPartialMessage,
      dispose: () => source.dispose(),
      listen: (callback) =>
        source.listen((message) => {
          if (!gate.accept(message)) return;
          messagesRead++;
          const inOrder = messagesDispatched === messagesRead - 1;
          if (inOrder && isNotification(message) && notificationHandlers.has(message.method)) {
            try {
              handleNotification(message.method, message.params);
            } finally {
              countDispatched();
            }
            return;
          }
          callback(message);
        }),
    };
  }

  // One dispatcher for all requests so unknown methods, error mapping and cleanup live in one place.
  connection.onRequest(async (method: string, params: unknown, token: CancellationToken) => {
    try {
      if (handling.size > maxInProgress) {
        throw new ResponseError(
          ErrorCodes.internalError,
          `Too many requests in progress: the client handles at most ${maxInProgress} requests from the agent at once`,
          { limit: maxInProgress },
        );
      }
      const handler = requestHandlers.get(method);
      if (!handler) throw new ResponseError(ErrorCodes.methodNotFound, `Method not found: ${method}`);
      return await handler(params, token);
    } catch (error) {
      throw toResponseError(error, token);
    } finally {
      const id = handlingIds.get(token);
      if (id !== undefined) handling.delete(id);
    }
  });

  connection.onNotification((method: string, params: unknown) => handleNotification(method, params));

  // Synchronous (no promise per notification on the streaming path); an async handler's failure is
  // still logged.
  function handleNotification(method: string, params: unknown): void {
    if (method === ProtocolMethod.cancelRequest) {
      const requestId = (params as Partial<acp.CancelRequestNotification> | undefined)?.requestId;
      const source = requestId === undefined || requestId === null ? undefined : handling.get(requestId);
      if (source) source.cancel();
      else log('debug', `Ignored ${method} for request ${JSON.stringify(requestId)}: not in progress`);
      return;
    }
    const handler = notificationHandlers.get(method);
    if (!handler) {
      log('debug', `Ignored notification ${method}: no handler`);
      return;
    }
    try {
      const result = handler(params);
      if (result !== undefined) result.catch((error: unknown) => notificationFailed(method, error));
    } catch (error) {
      notificationFailed(method, error);
    }
  }

  function notificationFailed(method: string, error: unknown): void {
    log('error', `The handler for notification ${method} failed: ${errorMessage(error)}`);
  }

  connection.onError(([error]) => {
    lastStreamError = error;
    log('error', `Connection error: ${error.message}`);
  });
  connection.onClose(() => {
    const closeNow = () =>
      close(
        lastStreamError
          ? { kind: 'error', message: lastStreamError.message, error: lastStreamError }
          : { kind: 'ended', message: "the agent's stdio streams closed (the process probably exited)" },
      );
    if (messagesDispatched >= messagesRead) return closeNow();
    whenDrained = closeNow;
    // A message vscode-jsonrpc refused never counts as dispatched: don't wait on it forever.
    setTimeout(() => whenDrained?.(), 1000).unref?.();
  });
  connection.listen();

  function close(reason: ConnectionCloseReason): void {
    if (closeReason) return;
    closeReason = reason;
    for (const request of [...pending]) request.reject(new AcpConnectionClosedError(request.method, reason));
    pending.clear();
    gate.clear();
    // "The agent went away" is a cancellation for everything we were still doing for it.
    for (const source of handling.values()) source.cancel();
    handling.clear();
    for (const listener of [...closeListeners]) {
      try {
        listener(reason);
      } catch (error) {
        log('error', `A close listener failed: ${errorMessage(error)}`);
      }
    }
    closeListeners.clear();
  }

  function request(method: string, params?: unknown, requestOptions: RequestOptions = {}): Promise<unknown> {
    if (closeReason) return Promise.reject(new AcpConnectionClosedError(method, closeReason));
    const { signal, timeoutMs } = requestOptions;
    const cancellation = new CancellationTokenSource();
    return new Promise<unknown>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => cancellation.cancel();
      const entry: PendingRequest = { method, reject: (error) => settle(() => reject(error)) };
      const settle = (finish: () => void) => {
        if (!pending.delete(entry)) return;
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        finish();
      };
      pending.add(entry);
      if (signal?.aborted) cancellation.cancel();
      else signal?.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          cancellation.cancel();
          entry.reject(new AcpTimeoutError(method, timeoutMs));
        }, timeoutMs);
      }
      let sent: Promise<unknown>;
      try {
        sent =
          params === undefined
            ? connection.sendRequest(method, cancellation.token)
            : connection.sendRequest(method, params, cancellation.token);
      } catch (error) {
        sent = Promise.reject(error);
      }
      sent.then(
        (result) => settle(() => resolve(result)),
        (error: unknown) => settle(() => reject(fromResponseError(method, error))),
      );
    }).finally(() => cancellation.dispose());
  }

  return {
    request: request as AcpConnection['request'],
    notify(method: string, params?: unknown) {
      if (closeReason) {
        log('warn', `Not sending ${method}: the connection is closed`);
        return;
      }
      const sent =
        params === undefined ? connection.sendNotification(method) : connection.sendNotification(method, params);
      sent.catch((error: unknown) => log('error', `Could not send ${method}: ${errorMessage(error)}`));
    },
    onRequest(method: string, handler: RequestHandler<never, unknown>) {
      requestHandlers.set(method, handler as RequestHandler<unknown, unknown>);
      return { dispose: () => void (requestHandlers.get(method) === handler && requestHandlers.delete(method)) };
    },
    onNotification(method: string, handler: NotificationHandler<never>) {
      notificationHandlers.set(method, handler as NotificationHandler<unknown>);
      return {
        dispose: () => void (notificationHandlers.get(method) === handler && notificationHandlers.delete(method)),
      };
    },
    onClose(listener) {
      if (closeReason) {
        const reason = closeReason;
        queueMicrotask(() => listener(reason));
        return { dispose: () => undefined };
      }
      closeListeners.add(listener);
      return { dispose: () => void closeListeners.delete(listener) };
    },
    get isClosed() {
      return closeReason !== undefined;
    },
    dispose() {
      close({ kind: 'disposed', message: 'the connection was disposed' });
      connection.dispose();
    },
  };
}

function isNotification(message: Message): message is NotificationMessage {
  const candidate = message as Partial<NotificationMessage> & { id?: unknown };
  return typeof candidate.method === 'string' && candidate.id === undefined;
}

function preview(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}… (${line.length} characters)` : line;
}
