// A connection whose `request` goes through a step of its own (the capability guard, the v2 adapter), every
// other part forwarded to the connection beneath (its `isClosed` read live).
import type { AcpConnection, RequestOptions } from './connection';

export function withRequest(
  rpc: AcpConnection,
  request: (method: string, params?: unknown, options?: RequestOptions) => Promise<unknown>,
): AcpConnection {
  return {
    request: request as AcpConnection['request'],
    notify: (method: string, params?: unknown) => rpc.notify(method, params),
    onRequest: ((method: string, handler: Parameters<AcpConnection['onRequest']>[1]) =>
      rpc.onRequest(method, handler)) as AcpConnection['onRequest'],
    onNotification: ((method: string, handler: Parameters<AcpConnection['onNotification']>[1]) =>
      rpc.onNotification(method, handler)) as AcpConnection['onNotification'],
    onClose: (listener) => rpc.onClose(listener),
    get isClosed() {
      return rpc.isClosed;
    },
    dispose: () => rpc.dispose(),
  };
}
