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
   * Optional: the message as the JSON text it arrived as. A sink that keeps text anyway implements
   * this so the transport does not serialise every received message a second time (the hot path).
   */
  recordText?(direction: 'send' | 'recv', text: string): void;
}
