// One ACP connection over a pair of streams (an agent's stdout/stdin): framing (ndjson.ts), the
// envelope gate (incomingGate.ts) and the dispatch of every message, in wire order.
//
// The dispatcher is ours. vscode-jsonrpc's MessageConnection dispatches one queued message per
// setImmediate (about 10 us of idle each: an agent streaming 100k chunks would spend seconds
// waiting), and reports the stream's end before its queue is dispatched. Bypassing its queue for
// notifications took counters of messages read and dispatched, and a one-second timer for the
// messages it refused. Owning the dispatch is smaller than that: each message is dispatched as the
// reader frames it, synchronously; the one exception is the messages after a response to one of
// our requests, which wait for the next event-loop turn, so the code awaiting that request runs
// before them (a turn's end is seen before what the agent sent after it). The close waits until
// everything read was dispatched. What we use of vscode-jsonrpc: the message reader and writer
// base classes, its message types, ResponseError and cancellation tokens.
//
// On top of JSON-RPC, what ACP needs: `$/cancel_request {requestId}` both ways, timeouts that name
// the method, errors that carry code/message/data, pending requests rejected when the agent goes
// away, a traffic tap, and at most MAX_REQUESTS_IN_PROGRESS of the agent's requests handled at once.
import {
  CancellationTokenSource,
  ResponseError,
  type Message,
  type NotificationMessage,
  type RequestMessage,
  type ResponseMessage,
} from 'vscode-jsonrpc/node';
import type * as acp from '@agentclientprotocol/sdk';
import type { CancelSignal, TrafficSink } from './types';
import {
  AcpConnectionClosedError,
  AcpTimeoutError,
  asError,
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
import type { Disposable } from '../shared/disposableStore';

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

export type { Disposable } from '../shared/disposableStore';

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

interface AwaitedRequest {
  method: string;
  resolve(result: unknown): void;
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
  const maxInProgress = options.maxRequestsInProgress ?? MAX_REQUESTS_IN_PROGRESS;
  const requestHandlers = new Map<string, RequestHandler<unknown, unknown>>();
  const notificationHandlers = new Map<string, NotificationHandler<unknown>>();
  const closeListeners = new Set<(reason: ConnectionCloseReason) => void>();
  /** Our requests waiting for an answer, by id. */
  const awaiting = new Map<number, AwaitedRequest>();
  let nextId = 0;
  /** Requests from the agent that we are still handling, by their id (string and number kept apart). */
  const handling = new Map<acp.RequestId, CancellationTokenSource>();
  let closeReason: ConnectionCloseReason | undefined;
  let lastStreamError: Error | undefined;
  /** Messages read while dispatch waits for the turn after a response (see the file comment). */
  let inbox: Message[] = [];
  let inboxHead = 0;
  let paused = false;
  /** The streams ended: close once the inbox is dispatched. */
  let ended = false;

  const gate = new IncomingGate(log, (id, code, message) => {
    if (closeReason) return;
    write({ jsonrpc: '2.0', id, error: { code, message } } as Message);
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

  function write(message: Message): void {
    writer
      .write(message)
      .catch((error: unknown) => log('error', `Could not send a message to the agent: ${errorMessage(error)}`));
  }

  // ---- Incoming: one dispatcher, in wire order ----

  function receive(message: Message): void {
    if (closeReason || !gate.accept(message)) return;
    if (paused) inbox.push(message);
    else dispatch(message);
  }

  function dispatch(message: Message): void {
    const record = message as Partial<RequestMessage & ResponseMessage>;
    if (typeof record.method !== 'string') {
      settle(message as ResponseMessage);
      // What follows waits for the code awaiting this answer (see the file comment).
      paused = true;
      setImmediate(resume);
    } else if (record.id === undefined) {
      handleNotification(record.method, record.params);
    } else {
      handleRequest(message as RequestMessage);
    }
  }

  function resume(): void {
    paused = false;
    while (!paused && inboxHead < inbox.length && !closeReason) dispatch(inbox[inboxHead++]!);
    if (inboxHead === inbox.length) {
      inbox = [];
      inboxHead = 0;
      if (!paused && ended) closeAfterStreams();
    }
  }

  /** A response the gate let through: it answers one of our requests still waiting. */
  function settle(response: ResponseMessage): void {
    const request = awaiting.get(response.id as number);
    if (!request) return;
    awaiting.delete(response.id as number);
    if (response.error) {
      const { code, message, data } = response.error;
      request.reject(fromResponseError(request.method, new ResponseError(code, message, data)));
    } else {
      request.resolve(response.result);
    }
  }

  function handleRequest(message: RequestMessage): void {
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
      const handler = requestHandlers.get(message.method);
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
        gate.dispatched(message);
        source.dispose();
        if (!closeReason) write(response as Message);
      })
      .catch((error: unknown) => log('error', `Could not answer ${message.method}: ${errorMessage(error)}`));
  }

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

  // ---- The streams ----

  reader.onError((error) => {
    lastStreamError = error;
    log('error', `Connection error: ${error.message}`);
  });
  writer.onError(([error]) => log('error', `Connection error: ${error.message}`));
  // The agent's last messages (the chunk it wrote just before it exited) are dispatched first.
  const streamsEnded = () => {
    ended = true;
    if (!paused) closeAfterStreams();
  };
  reader.onClose(streamsEnded);
  writer.onClose(streamsEnded);
  reader.listen(receive);

  function closeAfterStreams(): void {
    close(
      lastStreamError
        ? { kind: 'error', message: lastStreamError.message, error: lastStreamError }
        : { kind: 'ended', message: "the agent's stdio streams closed (the process probably exited)" },
    );
  }

  function close(reason: ConnectionCloseReason): void {
    if (closeReason) return;
    closeReason = reason;
    const requests = [...awaiting.values()];
    awaiting.clear();
    for (const request of requests) request.reject(new AcpConnectionClosedError(request.method, reason));
    gate.clear();
    inbox = [];
    inboxHead = 0;
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

  // ---- Outgoing ----

  function request(method: string, params?: unknown, requestOptions: RequestOptions = {}): Promise<unknown> {
    if (closeReason) return Promise.reject(new AcpConnectionClosedError(method, closeReason));
    const { signal, timeoutMs } = requestOptions;
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let cancelSent = false;
      /** Tells the agent to stop (once); the answer is still awaited. */
      const cancel = () => {
        if (cancelSent || !awaiting.has(id) || closeReason) return;
        cancelSent = true;
        notify(ProtocolMethod.cancelRequest, { requestId: id } satisfies acp.CancelRequestNotification);
      };
      const done = () => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
      };
      awaiting.set(id, {
        method,
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      const message = params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
      writer.write(message as Message).catch((error: unknown) => {
        if (!awaiting.delete(id)) return;
        done();
        reject(asError(error));
      });
      if (signal?.aborted) cancel();
      else signal?.addEventListener('abort', cancel, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          cancel();
          const request = awaiting.get(id);
          awaiting.delete(id);
          request?.reject(new AcpTimeoutError(method, timeoutMs));
        }, timeoutMs);
      }
    });
  }

  function notify(method: string, params?: unknown): void {
    if (closeReason) {
      log('warn', `Not sending ${method}: the connection is closed`);
      return;
    }
    write(
      (params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params }) as NotificationMessage,
    );
  }

  return {
    request: request as AcpConnection['request'],
    notify,
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
      reader.dispose();
      writer.dispose();
    },
  };
}

function preview(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}… (${line.length} characters)` : line;
}
