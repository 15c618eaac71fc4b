// MCP over ACP (UNSTABLE in the ACP schema: `mcp/connect`, `mcp/message`, `mcp/disconnect`, rfds/mcp-over-acp.mdx):
// an MCP server the client declared in session/new as `{type: "acp", name, serverId}` is reached through the ACP
// connection itself. The agent sends `mcp/connect` with the serverId and gets a connection id; `mcp/message` then
// carries MCP requests and notifications both ways (the inner method and params flattened into the params; an inner
// error is the outer JSON-RPC error); `mcp/disconnect` ends that connection. This file routes those methods to the
// servers provided on this agent process (AcpMcpServer: Switchboard's editor server, src/chat/mcp/) and bounds them:
// connections per server, and every connection of a server closes with it (its generation ended).
import { randomBytes } from 'node:crypto';
import type { AcpConnection } from '../../protocol/connection';
import { ErrorCodes } from '../../protocol/methods';
import { RequestFailure, type CancelSignal } from '../../protocol/types';
import type { Disposable } from '../../shared/disposableStore';

export const McpOverAcpMethod = {
  connect: 'mcp/connect',
  message: 'mcp/message',
  disconnect: 'mcp/disconnect',
} as const;

/** The outer error codes an MCP-over-ACP answer uses (for the server side in src/chat/mcp/, which imports no protocol). */
export const McpOverAcpErrors = {
  invalidParams: ErrorCodes.invalidParams,
  internalError: ErrorCodes.internalError,
  requestCancelled: ErrorCodes.requestCancelled,
} as const;

/** Open MCP connections to one server at once: an agent that connects in a loop is refused, not served. */
export const MAX_CONNECTIONS_PER_SERVER = 16;

/** What the server sends the agent on one connection (server-originated MCP requests and notifications). */
export interface McpPeer {
  request(method: string, params: Record<string, unknown> | undefined): Promise<unknown>;
  notify(method: string, params: Record<string, unknown> | undefined): void;
}

/** One MCP connection of the agent to a provided server. */
export interface McpConnectionHandle {
  /** An MCP request of the agent: its inner result; an inner error rejects (a RequestFailure). */
  request(method: string, params: Record<string, unknown> | undefined, signal: CancelSignal): Promise<unknown>;
  notify(method: string, params: Record<string, unknown> | undefined): void;
  close(): void;
}

/** A server provided over ACP: each `mcp/connect` opens a connection to it. */
export interface AcpMcpServer {
  connect(peer: McpPeer): Promise<McpConnectionHandle>;
}

interface Provided {
  server: AcpMcpServer;
  connections: Set<string>;
}

export class McpOverAcpRoutes {
  private readonly servers = new Map<string, Provided>();
  private readonly connections = new Map<string, { serverId: string; handle: McpConnectionHandle }>();

  constructor(private readonly rpc: AcpConnection) {
    rpc.onRequest(McpOverAcpMethod.connect, (params: unknown) => this.connect(params));
    rpc.onRequest(McpOverAcpMethod.message, (params: unknown, signal: CancelSignal) => {
      const { handle, method, inner } = this.message(params);
      return handle.request(method, inner, signal);
    });
    rpc.onNotification(McpOverAcpMethod.message, (params: unknown) => {
      try {
        const { handle, method, inner } = this.message(params);
        handle.notify(method, inner);
      } catch {
        // A notification cannot be answered: one for an unknown connection is dropped.
      }
    });
    rpc.onRequest(McpOverAcpMethod.disconnect, (params: unknown) => {
      const connectionId = field(params, 'connectionId');
      const open = this.connections.get(connectionId);
      if (!open)
        throw new RequestFailure(ErrorCodes.invalidParams, `Unknown MCP connection: ${connectionId.slice(0, 80)}`);
      this.close(connectionId);
      return {};
    });
  }

  /** Serves `server` as `serverId` on this connection until disposed (then its connections close). */
  provide(serverId: string, server: AcpMcpServer): Disposable {
    const provided: Provided = { server, connections: new Set() };
    this.servers.set(serverId, provided);
    return {
      dispose: () => {
        if (this.servers.get(serverId) !== provided) return;
        this.servers.delete(serverId);
        for (const connectionId of [...provided.connections]) this.close(connectionId);
      },
    };
  }

  /** Closes every connection and forgets every server (the agent process is gone). */
  disposeAll(): void {
    for (const connectionId of [...this.connections.keys()]) this.close(connectionId);
    this.servers.clear();
  }

  private async connect(params: unknown): Promise<{ connectionId: string }> {
    const serverId = field(params, 'serverId');
    const provided = this.servers.get(serverId);
    if (!provided) throw new RequestFailure(ErrorCodes.invalidParams, `Unknown MCP server: ${serverId.slice(0, 80)}`);
    if (provided.connections.size >= MAX_CONNECTIONS_PER_SERVER) {
      throw new RequestFailure(
        ErrorCodes.invalidParams,
        `At most ${MAX_CONNECTIONS_PER_SERVER} connections to one MCP server are open at once; disconnect one first`,
      );
    }
    const connectionId = `mcp-${randomBytes(12).toString('hex')}`;
    const peer: McpPeer = {
      request: (method, inner) =>
        this.rpc.request(McpOverAcpMethod.message, { connectionId, method, ...(inner ? { params: inner } : {}) }),
      notify: (method, inner) =>
        this.rpc.notify(McpOverAcpMethod.message, { connectionId, method, ...(inner ? { params: inner } : {}) }),
    };
    const handle = await provided.server.connect(peer);
    // The server went away while it connected: nothing is left open.
    if (this.servers.get(serverId) !== provided) {
      handle.close();
      throw new RequestFailure(ErrorCodes.invalidParams, `The MCP server ${serverId.slice(0, 80)} is gone`);
    }
    provided.connections.add(connectionId);
    this.connections.set(connectionId, { serverId, handle });
    return { connectionId };
  }

  private message(params: unknown): {
    handle: McpConnectionHandle;
    method: string;
    inner: Record<string, unknown> | undefined;
  } {
    const connectionId = field(params, 'connectionId');
    const method = field(params, 'method');
    const open = this.connections.get(connectionId);
    if (!open)
      throw new RequestFailure(ErrorCodes.invalidParams, `Unknown MCP connection: ${connectionId.slice(0, 80)}`);
    const inner = (params as { params?: unknown }).params;
    if (inner !== undefined && inner !== null && (typeof inner !== 'object' || Array.isArray(inner))) {
      throw new RequestFailure(ErrorCodes.invalidParams, 'mcp/message params must be an object or null');
    }
    return { handle: open.handle, method, inner: (inner ?? undefined) as Record<string, unknown> | undefined };
  }

  private close(connectionId: string): void {
    const open = this.connections.get(connectionId);
    if (!open) return;
    this.connections.delete(connectionId);
    this.servers.get(open.serverId)?.connections.delete(connectionId);
    open.handle.close();
  }
}

/** A required string field of a request's params (an invalid-params error names it otherwise). */
function field(params: unknown, name: string): string {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value === '' || value.length > 1000) {
    throw new RequestFailure(ErrorCodes.invalidParams, `${name} must be a non-empty string`);
  }
  return value;
}
