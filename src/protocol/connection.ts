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
import type * as acp from '@agentclientprotocol/sdk';
import type { Message, NotificationMessage, RequestMessage, ResponseMessage } from 'vscode-jsonrpc/node';
import { formatBytes, type ConnectionCloseReason } from './errors';
import { ProtocolMethod } from './methods';
import { DEFAULT_MAX_MESSAGE_BYTES, NdjsonMessageReader, NdjsonMessageWriter } from './ndjson';
import { IncomingGate } from './incomingGate';
import { IncomingRequests, MAX_REQUESTS_IN_PROGRESS } from './incomingRequests';
import { OutgoingRequests } from './outgoingRequests';
import type {
  AcpConnection,
  AcpConnectionOptions,
  NotificationHandler,
  RequestHandler,
  RequestOptions,
} from './connectionTypes';
import { errorMessage } from '../shared/errorMessage';

export { MAX_REQUESTS_IN_PROGRESS } from './incomingRequests';
// The interface and its types, for the importers of this file.
export type * from './connectionTypes';

export function createAcpConnection(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  options: AcpConnectionOptions = {},
): AcpConnection {
  const log = options.log ?? (() => undefined);
  const traffic = options.traffic;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const notificationHandlers = new Map<string, NotificationHandler<unknown>>();
  const closeListeners = new Set<(reason: ConnectionCloseReason) => void>();
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

  // A sink that keeps the lines' text gets them a read at a time, before they are parsed.
  const keepsLines = traffic?.recordLines !== undefined;
  const reader = new NdjsonMessageReader(input, {
    maxMessageBytes,
    onInvalidLine: (line, error) =>
      log('error', `Ignored a line from the agent that is not a JSON-RPC message (${error.message}): ${preview(line)}`),
    onOversized: (bytes) =>
      log(
        'error',
        `Dropped a ${formatBytes(bytes)} message from the agent: larger than the ${formatBytes(maxMessageBytes)} limit`,
      ),
    onBatch: (_line, items) => {
      if (!keepsLines) traffic?.record('recv', items);
      gate.batch(items);
    },
    onLine: traffic && !keepsLines ? (_line, message) => traffic.record('recv', message) : undefined,
    onLines: keepsLines ? (lines) => traffic?.recordLines?.('recv', lines) : undefined,
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

  const outgoing = new OutgoingRequests({
    write: (message) => writer.write(message),
    cancel: (id) => notify(ProtocolMethod.cancelRequest, { requestId: id } satisfies acp.CancelRequestNotification),
    closeReason: () => closeReason,
  });
  const incoming = new IncomingRequests({
    maxInProgress: options.maxRequestsInProgress ?? MAX_REQUESTS_IN_PROGRESS,
    log,
    answer: (request, response) => {
      gate.dispatched(request);
      if (!closeReason) write(response);
    },
  });

  // ---- Incoming: one dispatcher, in wire order ----

  function receive(message: Message): void {
    if (closeReason || !gate.accept(message)) return;
    if (paused) inbox.push(message);
    else dispatch(message);
  }

  function dispatch(message: Message): void {
    const record = message as Partial<RequestMessage & ResponseMessage>;
    if (typeof record.method !== 'string') {
      outgoing.settle(message as ResponseMessage);
      // What follows waits for the code awaiting this answer (see the file comment).
      paused = true;
      setImmediate(resume);
    } else if (record.id === undefined) {
      handleNotification(record.method, record.params);
    } else {
      incoming.handle(message as RequestMessage);
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

  // Synchronous (no promise per notification on the streaming path); an async handler's failure is
  // still logged.
  function handleNotification(method: string, params: unknown): void {
    if (method === ProtocolMethod.cancelRequest) {
      incoming.cancelRequested(params);
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
    outgoing.rejectAll(reason);
    gate.clear();
    inbox = [];
    inboxHead = 0;
    incoming.cancelAll();
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
    request: ((method: string, params?: unknown, requestOptions?: RequestOptions) =>
      outgoing.send(method, params, requestOptions)) as AcpConnection['request'],
    notify,
    onRequest: (method: string, handler: RequestHandler<never, unknown>) => incoming.on(method, handler),
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
