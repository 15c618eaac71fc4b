// The window's one HTTP server for Switchboard's editor MCP server: 127.0.0.1 only, a port the system picks, one
// route per chat session (`/mcp/<route id>`), each with a secret of its own that the agent sends as
// `Authorization: Bearer <secret>` (in the `headers` of its `mcpServers` entry). Everything is checked here before
// the MCP SDK sees a byte (mcpSdkServer.ts, loaded on the first request that passes):
//   - the Host header names this loopback address and port (a DNS-rebinding page's Host is its own name);
//   - an Origin header, when present, is a loopback origin (browsers send one on cross-site requests);
//   - the route exists and the secret matches (compared in constant time); nothing answers without it: 401;
//   - POST only, `Content-Type: application/json`, a body of at most MAX_BODY_BYTES;
//   - at most MAX_IN_FLIGHT requests of a route at once.
// No CORS header is ever sent, so no web page can read an answer even where a request got through.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EditorToolName } from '../../shared/editorToolNames';
import type { EditorToolHost } from './editorTools';
import { handleMcpRequest } from './mcpSdkServer';

/** A request body's bound: a write_file of a large file fits, a flood does not. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Requests of one route answered at once (each may wait for the user's permission). */
export const MAX_IN_FLIGHT = 32;

export interface EditorRoute {
  /** The address the agent is given. */
  url: string;
  /** Sent by the agent as `Authorization: Bearer <secret>`. */
  secret: string;
  /** The route stops answering (404), its secret forgotten. */
  close(): void;
}

interface Route {
  host: EditorToolHost;
  tools: readonly EditorToolName[];
  secretDigest: Buffer;
  inFlight: number;
}

export class EditorMcpHttpServer {
  private server: Server | null = null;
  private listening: Promise<number> | null = null;
  private readonly routes = new Map<string, Route>();

  constructor(
    /** The extension's version, as the MCP server's. */
    private readonly version: string,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** A new route with its own secret; the server starts listening on the first. */
  async addRoute(host: EditorToolHost, tools: readonly EditorToolName[]): Promise<EditorRoute> {
    const port = await this.listen();
    const id = randomBytes(16).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    this.routes.set(id, { host, tools, secretDigest: digest(secret), inFlight: 0 });
    return { url: `http://127.0.0.1:${port}/mcp/${id}`, secret, close: () => this.routes.delete(id) };
  }

  get routeCount(): number {
    return this.routes.size;
  }

  /** Stops listening and forgets every route. */
  async dispose(): Promise<void> {
    this.routes.clear();
    const server = this.server;
    this.server = null;
    this.listening = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private listen(): Promise<number> {
    this.listening ??= new Promise<number>((resolve, reject) => {
      const server = createServer((request, response) => void this.answer(request, response));
      // A client that sends its headers or body slowly cannot hold a socket for long.
      server.headersTimeout = 10_000;
      server.requestTimeout = 60_000;
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        this.server = server;
        resolve((server.address() as AddressInfo).port);
      });
    });
    return this.listening;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const port = (this.server?.address() as AddressInfo | null)?.port;
    const refusal = refuse(request, port);
    if (refusal) return end(response, refusal.status, refusal.message, refusal.headers);
    const id = /^\/mcp\/([0-9a-f]{32})$/.exec((request.url ?? '').split('?')[0]!)?.[1];
    const route = id === undefined ? undefined : this.routes.get(id);
    // One answer for an unknown route and a wrong secret: a caller without the secret learns nothing.
    if (!route || !secretMatches(request.headers.authorization, route.secretDigest)) {
      return end(response, 401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer' });
    }
    if (request.method !== 'POST') return end(response, 405, 'Only POST', { Allow: 'POST' });
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      return end(response, 415, 'Content-Type must be application/json');
    }
    if (route.inFlight >= MAX_IN_FLIGHT) return end(response, 429, 'Too many requests at once');
    route.inFlight++;
    try {
      const body = await readBody(request);
      if (body === 'tooLarge')
        return end(response, 413, `The body is over ${MAX_BODY_BYTES} bytes`, { Connection: 'close' });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return end(response, 400, 'The body is not JSON');
      }
      await handleMcpRequest(route.host, route.tools, this.version, request, response, parsed);
    } catch (error) {
      this.log(`[switchboard] editor MCP server: ${String(error)}`);
      if (!response.headersSent) end(response, 500, 'Internal error');
    } finally {
      route.inFlight--;
    }
  }
}

/** The header the agent sends the route's secret in (an ACP `mcpServers` http entry's `headers`). */
export function bearerHeader(secret: string): { name: string; value: string } {
  return { name: 'Authorization', value: `Bearer ${secret}` };
}

interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** The checks that need no route: the Host and Origin headers. */
export function refuse(request: IncomingMessage, port: number | undefined): Refusal | undefined {
  const loopbackHosts = port === undefined ? [] : [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!loopbackHosts.includes((request.headers.host ?? '').toLowerCase())) {
    return { status: 403, message: 'Forbidden host' };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !loopbackHosts.some((host) => origin.toLowerCase() === `http://${host}`)) {
    return { status: 403, message: 'Forbidden origin' };
  }
  return undefined;
}

function secretMatches(header: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header ?? '')?.[1];
  // Digests of equal length, compared in constant time: neither the secret's length nor a prefix leaks.
  return timingSafeEqual(digest(given ?? ''), expected) && given !== undefined;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The body as text, or 'tooLarge' as soon as it passes the bound (the rest is not read). */
function readBody(request: IncomingMessage): Promise<string | 'tooLarge'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.resolve('tooLarge');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.pause();
        resolve('tooLarge');
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function end(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  response.end(message);
}
