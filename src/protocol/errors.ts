// What a request to the agent can fail with. Each names the method so a message shown to the user
// (or written to the log) says what was being asked when it went wrong. Also the mapping of what our
// own handlers throw to the JSON-RPC error the agent gets back.
import { ResponseError, type CancellationToken } from 'vscode-jsonrpc/node';
import { RequestFailure } from './types';
import { ErrorCodes } from './methods';
import { errorMessage } from '../shared/errorMessage';

/** The agent answered with a JSON-RPC error object. */
export class AcpRpcError extends Error {
  override readonly name = 'AcpRpcError';
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The agent did not answer within the time allowed (e.g. `initialize`). */
export class AcpTimeoutError extends Error {
  override readonly name = 'AcpTimeoutError';
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`The agent did not answer "${method}" within ${formatDuration(timeoutMs)} (waited ${timeoutMs} ms)`);
  }
}

/** How the connection ended. */
export interface ConnectionCloseReason {
  /** 'ended': the agent's stdout closed (usually the process exited); 'error': a stream failed; 'disposed': we closed it. */
  kind: 'ended' | 'error' | 'disposed';
  message: string;
  error?: Error;
}

/** The connection closed (agent exited, stream failed, or disposed) before the answer came. */
export class AcpConnectionClosedError extends Error {
  override readonly name = 'AcpConnectionClosedError';
  constructor(
    readonly method: string,
    readonly reason: ConnectionCloseReason,
  ) {
    super(`The connection to the agent closed before it answered "${method}": ${reason.message}`);
  }
}

/** Thrown by a request handler that gave up because its signal fired; answered with -32800. */
export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';
  constructor(message = 'Request cancelled') {
    super(message);
  }
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Maps what a handler threw to the JSON-RPC error the agent gets back. */
export function toResponseError(error: unknown, token: CancellationToken): ResponseError<unknown> {
  if (error instanceof ResponseError) return error;
  if (error instanceof RequestFailure) return new ResponseError(error.code, error.message, error.data);
  if (isCancellation(error) || token.isCancellationRequested) {
    return new ResponseError(ErrorCodes.requestCancelled, 'Request cancelled');
  }
  return new ResponseError(ErrorCodes.internalError, errorMessage(error));
}

function isCancellation(error: unknown): boolean {
  if (error instanceof RequestCancelledError) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'Canceled' || name === 'CancellationError';
}

export function fromResponseError(method: string, error: unknown): Error {
  if (error instanceof ResponseError) return new AcpRpcError(method, error.code, error.message, error.data);
  return asError(error);
}

/** Anything thrown, as an Error. */
export function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
