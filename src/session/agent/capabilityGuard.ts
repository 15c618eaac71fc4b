// The guard in front of every request the client sends: an optional method the agent did not
// advertise, or params using a capability it did not (images in a prompt, an MCP server over
// http, additionalDirectories), is refused here, before it reaches the wire. The rules are
// src/shared/capabilities.ts; the UI follows the same rules, so a refusal here means a caller
// forgot to ask them, and the log says which.
import type * as acp from '@agentclientprotocol/sdk';
import type { AcpConnection, RequestOptions } from '../../protocol/connection';
import { requestProblem } from '../../shared/capabilities';
import { withRequest } from '../../protocol/requestWrapper';

/** A request the agent's capabilities do not allow; it was never sent. */
export class UnadvertisedRequestError extends Error {
  override readonly name = 'UnadvertisedRequestError';
  constructor(
    readonly method: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the agent advertised in `initialize`: its agentCapabilities and the response's own `_meta` (steering). */
export interface Advertised {
  agentCapabilities: acp.AgentCapabilities | null;
  initializeMeta: unknown;
}

/**
 * `rpc` with a `request` that first asks the capability rules. `advertised` is read at each
 * request: capabilities null until `initialize` answered (then nothing optional is allowed).
 */
export function guardRequests(
  rpc: AcpConnection,
  advertised: () => Advertised,
  log: (line: string) => void,
): AcpConnection {
  const request = (method: string, params?: unknown, options?: RequestOptions): Promise<unknown> => {
    const { agentCapabilities, initializeMeta } = advertised();
    const problem = requestProblem(agentCapabilities, method, params, initializeMeta);
    if (problem) {
      log(`[switchboard] not sent: ${problem}`);
      return Promise.reject(new UnadvertisedRequestError(method, problem));
    }
    return rpc.request(method, params, options);
  };
  return withRequest(rpc, request);
}
