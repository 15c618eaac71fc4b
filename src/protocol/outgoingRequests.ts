// Our requests to the agent while they wait for its answer: their ids, a timeout that names the
// method, `$/cancel_request` (once) when the caller aborts, and the rejection of every one still
// waiting when the connection closes.
import { ResponseError, type Message, type ResponseMessage } from 'vscode-jsonrpc/node';
import type { RequestOptions } from './connectionTypes';
import {
  AcpConnectionClosedError,
  AcpTimeoutError,
  asError,
  fromResponseError,
  type ConnectionCloseReason,
} from './errors';

interface AwaitedRequest {
  method: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

export interface OutgoingWire {
  /** Writes the request; a rejection fails that request. */
  write(message: Message): Promise<void>;
  /** Tells the agent to stop working on our request `id`. */
  cancel(id: number): void;
  /** Why the connection closed, while it is closed. */
  closeReason(): ConnectionCloseReason | undefined;
}

export class OutgoingRequests {
  /** Our requests waiting for an answer, by id. */
  private readonly awaiting = new Map<number, AwaitedRequest>();
  private nextId = 0;

  constructor(private readonly wire: OutgoingWire) {}

  send(method: string, params?: unknown, requestOptions: RequestOptions = {}): Promise<unknown> {
    const closeReason = this.wire.closeReason();
    if (closeReason) return Promise.reject(new AcpConnectionClosedError(method, closeReason));
    const { signal, timeoutMs } = requestOptions;
    const awaiting = this.awaiting;
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let cancelSent = false;
      /** Tells the agent to stop (once); the answer is still awaited. */
      const cancel = () => {
        if (cancelSent || !awaiting.has(id) || this.wire.closeReason()) return;
        cancelSent = true;
        this.wire.cancel(id);
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
      this.wire.write(message as Message).catch((error: unknown) => {
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

  /** A response the gate let through: it answers one of our requests still waiting. */
  settle(response: ResponseMessage): void {
    const request = this.awaiting.get(response.id as number);
    if (!request) return;
    this.awaiting.delete(response.id as number);
    if (response.error) {
      const { code, message, data } = response.error;
      request.reject(fromResponseError(request.method, new ResponseError(code, message, data)));
    } else {
      request.resolve(response.result);
    }
  }

  /** The connection closed: every request still waiting fails with the reason. */
  rejectAll(reason: ConnectionCloseReason): void {
    const requests = [...this.awaiting.values()];
    this.awaiting.clear();
    for (const request of requests) request.reject(new AcpConnectionClosedError(request.method, reason));
  }
}
