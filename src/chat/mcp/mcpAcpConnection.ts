// Switchboard's editor MCP server over ACP (src/session/agent/mcpOverAcp.ts routes `mcp/connect`, `mcp/message`,
// `mcp/disconnect`): each connection of the agent is one MCP SDK server (the same tools, schemas and permission
// cards as over HTTP, mcpSdkServer.ts) over this in-memory transport. An `mcp/message` request of the agent goes in
// with an id of ours and its answer comes back as the outer result (an inner error as the outer error); what the
// server sends on its own (a notification, a request) goes out to the agent as `mcp/message`. Only types of the SDK
// are imported here: the SDK itself stays in its lazily loaded bundle.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { EditorToolName } from '../../shared/editorToolNames';
import { errorMessage } from '../../shared/errorMessage';
import { RequestFailure, type CancelSignal } from '../../session/api';
import {
  McpOverAcpErrors as ErrorCodes,
  type AcpMcpServer,
  type McpConnectionHandle,
  type McpPeer,
} from '../../session/agent/mcpOverAcp';
import type { EditorToolHost } from './editorTools';
import { MAX_IN_FLIGHT } from './mcpHttpServer';
import { connectEditorServer } from './mcpSdkServer';

type Params = Record<string, unknown> | undefined;

interface Waiting {
  resolve(result: unknown): void;
  reject(error: RequestFailure): void;
}

/** The editor's tools as a server the agent reaches over ACP: each `mcp/connect` gets its own MCP server. */
export function acpEditorServer(host: EditorToolHost, tools: readonly EditorToolName[], version: string): AcpMcpServer {
  return {
    async connect(peer) {
      const connection = new AcpMcpConnection(peer);
      await connectEditorServer(host, tools, version, connection);
      return connection;
    },
  };
}

export class AcpMcpConnection implements Transport, McpConnectionHandle {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();
  private closed = false;

  constructor(private readonly peer: McpPeer) {}

  async start(): Promise<void> {}

  /** What the MCP server sends: an answer to the agent's request, or a message of its own to the agent. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    if ('method' in message) {
      if ('id' in message) this.relayServerRequest(message.id, message.method, message.params);
      else this.peer.notify(message.method, message.params);
      return;
    }
    const waiting = typeof message.id === 'number' ? this.waiting.get(message.id) : undefined;
    if (!waiting) return;
    this.waiting.delete(message.id as number);
    if ('error' in message)
      waiting.reject(new RequestFailure(message.error.code, message.error.message, message.error.data));
    else waiting.resolve(message.result);
  }

  async close(): Promise<void> {
    this.end();
  }

  /** An MCP request of the agent; its inner result, or its inner error as a RequestFailure. */
  request(method: string, params: Params, signal: CancelSignal): Promise<unknown> {
    if (this.closed)
      return Promise.reject(new RequestFailure(ErrorCodes.invalidParams, 'The MCP connection is closed'));
    if (this.waiting.size >= MAX_IN_FLIGHT) {
      return Promise.reject(
        new RequestFailure(ErrorCodes.internalError, `At most ${MAX_IN_FLIGHT} MCP requests of one connection at once`),
      );
    }
    const id = ++this.nextId;
    return new Promise<unknown>((resolve, reject) => {
      const cancelled = signal.onCancellationRequested(() => {
        if (!this.waiting.delete(id)) return;
        // The MCP server stops the call and sends no answer: the agent's request is answered here.
        this.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
        reject(new RequestFailure(ErrorCodes.requestCancelled, 'Cancelled'));
      });
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          cancelled.dispose();
          fn(value);
        };
      this.waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
      this.deliver({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    });
  }

  notify(method: string, params: Params): void {
    if (!this.closed) this.deliver({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
  }

  /** The agent disconnected, or the server's generation ended: pending requests fail, the MCP server closes. */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    for (const waiting of this.waiting.values())
      waiting.reject(new RequestFailure(ErrorCodes.internalError, 'The MCP connection closed'));
    this.waiting.clear();
    this.onclose?.();
  }

  private relayServerRequest(id: string | number, method: string, params: Params): void {
    this.peer.request(method, params).then(
      (result) => this.deliver({ jsonrpc: '2.0', id, result: (result ?? {}) as Record<string, unknown> }),
      (error: unknown) =>
        this.deliver({
          jsonrpc: '2.0',
          id,
          error: {
            code: error instanceof RequestFailure ? error.code : ErrorCodes.internalError,
            message: errorMessage(error),
          },
        }),
    );
  }

  private deliver(message: JSONRPCMessage): void {
    if (this.closed) return;
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
