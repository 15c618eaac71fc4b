// Types the transport shares with the layers above it: handlers get a CancelSignal and answer
// errors by throwing RequestFailure; every message in and out goes to a TrafficSink.
import type { Disposable } from '../shared/disposableStore';

/** Aborts with the request: the agent sent `$/cancel_request`, or the agent went away. */
export interface CancelSignal {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): Disposable;
}

/** Thrown by handlers to answer with a JSON-RPC error (e.g. -32602 for a relative path). */
export class RequestFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface TrafficSink {
  record(direction: 'send' | 'recv', message: unknown): void;
  /**
   * Optional: received lines as the JSON text they arrived as, one or more joined by `\n` (a read's
   * whole lines at once; see NdjsonReaderOptions.onLines), invalid ones included. A sink that keeps
   * text anyway implements this: the transport then neither serialises nor calls it per message (the
   * hot path), and `record` sees only what is sent.
   */
  recordLines?(direction: 'recv', lines: string): void;
}
