// The bridge's HTTP half: each MCP message the agent writes is POSTed to the chat session's route of the editor's
// MCP server (src/chat/mcp/mcpHttpServer.ts) with the route's secret, and what the server answers in that POST's
// response is handed back. The server runs the MCP SDK's Streamable HTTP transport in its stateless JSON mode
// (mcpSdkServer.ts): every request is answered in its own response, nothing arrives unasked, so a POST per message
// is the whole protocol. A cancellation (`notifications/cancelled`) closes the cancelled request's connection
// instead of being POSTed: a stateless server would read it in a new, empty session; the closed connection aborts
// the tool call there (the SDK aborts a request's handler when its response closes).
//
// node:http, not fetch: fetch gives up waiting for an answer after 300 s, and a write waits for the user's
// permission as long as the user takes.
import * as http from 'node:http';
import type { Message } from 'vscode-jsonrpc/node';

/** A JSON-RPC internal error: what the agent gets for a request the server could not answer. */
const BRIDGE_ERROR = -32603;
/** An answer larger than this is not buffered (the server bounds its tool results far below it). */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** The server's refusal statuses that mean the route is no more: a wrong secret, or the chat's session ended. */
const GONE_STATUSES = new Set([401, 404]);

type RequestId = string | number;

export interface ForwarderPort {
  /** A message for the agent: the server's answer, or the bridge's error answer to a request. */
  deliver(message: object): void;
  /** The server cannot be reached or no longer serves this route: the bridge exits, saying why. */
  gone(reason: string): void;
}

export class HttpForwarder {
  /** The POST of each request still waiting for its answer, by the request's id (to cancel it). */
  private readonly waiting = new Map<RequestId, () => void>();
  /** Sent on every request after initialize, as Streamable HTTP asks of a client. */
  private protocolVersion: string | undefined;

  constructor(
    private readonly url: URL,
    private readonly secret: string,
    private readonly port: ForwarderPort,
  ) {}

  forward(message: Message): void {
    const cancelled = cancelledRequestId(message);
    if (cancelled !== undefined) {
      this.waiting.get(cancelled)?.();
      return;
    }
    const id = requestIdOf(message);
    const isInitialize = (message as { method?: unknown }).method === 'initialize';
    let abandoned = false;
    const request = http.request(this.url, {
      method: 'POST',
      // A connection per message (loopback: a fraction of a millisecond). A kept-alive one could be closed by the
      // server's idle timeout just as it is reused, and that reset would read as the server being gone.
      agent: false,
      headers: {
        Authorization: `Bearer ${this.secret}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(this.protocolVersion ? { 'Mcp-Protocol-Version': this.protocolVersion } : {}),
      },
    });
    if (id !== undefined) {
      this.waiting.set(id, () => {
        abandoned = true;
        this.waiting.delete(id);
        request.destroy();
      });
    }
    const settle = () => {
      if (id !== undefined) this.waiting.delete(id);
    };
    request.on('response', (response) => {
      readBounded(response).then(
        (body) => {
          settle();
          if (!abandoned) this.answered(id, isInitialize, response.statusCode ?? 0, body);
        },
        (error: Error) => {
          settle();
          if (!abandoned) this.failed(id, error.message);
        },
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      settle();
      if (abandoned) return;
      const reason = `cannot reach the editor's MCP server at ${this.url.origin} (${error.code ?? error.message})`;
      this.failed(id, reason);
      this.port.gone(reason);
    });
    request.end(JSON.stringify(message));
  }

  /** Every waiting POST is abandoned (the agent went away). */
  stop(): void {
    for (const cancel of [...this.waiting.values()]) cancel();
  }

  private answered(id: RequestId | undefined, isInitialize: boolean, status: number, body: string): void {
    if (GONE_STATUSES.has(status)) {
      const reason = `the editor's MCP server no longer serves this session (HTTP ${status}): its chat or agent process ended`;
      this.failed(id, reason);
      this.port.gone(reason);
      return;
    }
    if (status === 202 || (status === 200 && body.length === 0)) return; // a notification or a response, accepted
    if (status !== 200)
      return this.failed(id, `the editor's MCP server answered HTTP ${status}: ${body.slice(0, 300)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return this.failed(id, "the editor's MCP server answered something that is not JSON");
    }
    for (const answer of Array.isArray(parsed) ? parsed : [parsed]) {
      if (typeof answer !== 'object' || answer === null) continue;
      if (isInitialize) this.protocolVersion ??= protocolVersionOf(answer);
      this.port.deliver(answer);
    }
  }

  /** A request (not a notification) is answered with the bridge's error, so the agent's call does not hang. */
  private failed(id: RequestId | undefined, reason: string): void {
    if (id !== undefined) this.port.deliver({ jsonrpc: '2.0', id, error: { code: BRIDGE_ERROR, message: reason } });
  }
}

function requestIdOf(message: Message): RequestId | undefined {
  const { id, method } = message as { id?: unknown; method?: unknown };
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
}

function cancelledRequestId(message: Message): RequestId | undefined {
  const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } };
  if (method !== 'notifications/cancelled') return undefined;
  const id = params?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function protocolVersionOf(answer: object): string | undefined {
  const version = (answer as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
  return typeof version === 'string' && /^[\w.-]{1,40}$/.test(version) ? version : undefined;
}

/** The response's body as text, refused past MAX_ANSWER_BYTES (the rest is not read). */
function readBounded(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        response.destroy();
        reject(new Error(`the editor's MCP server's answer is over ${MAX_ANSWER_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
    // Closed before its end (the server went away mid-answer); after the end this changes nothing.
    response.on('close', () => reject(new Error("the editor's MCP server closed the connection mid-answer")));
  });
}
