// What the connection (connection.ts) offers the layers above it: the AcpConnection interface, its
// options and the shapes of the handlers they register.
import type { CancelSignal, TrafficSink } from './types';
import type { ConnectionCloseReason } from './errors';
import type { AgentNotifications, AgentRequests, ClientNotifications, ClientRequests } from './methods';
import type { Disposable } from '../shared/disposableStore';

export type { Disposable } from '../shared/disposableStore';

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
