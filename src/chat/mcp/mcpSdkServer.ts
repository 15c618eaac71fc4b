// The MCP side of Switchboard's editor server, through the official MCP TypeScript SDK: one McpServer with the
// route's tools and their input schemas (zod: the SDK checks every call's arguments and answers a clear error),
// over the SDK's Streamable HTTP transport in its stateless JSON mode, or over ACP (connectEditorServer) (each POST is answered in its own response;
// no session state to leak between requests). The HTTP checks (loopback, secret, origin, body size) are done
// before this runs, in mcpHttpServer.ts.
//
// The SDK and zod weigh ~750 KB minified, so this file is its own bundle, dist/mcp-server.js, required by the host
// on the first request (scripts/build/lazyModules.mjs): activation never loads it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import type { CancelSignal } from '../../session/api';
import { EDITOR_SERVER_NAME, type EditorToolName } from '../../shared/editorToolNames';
import { MAX_COMMAND_SECONDS } from './commandTool';
import { callEditorTool, EDITOR_TOOL_DESCRIPTIONS, type EditorToolHost, type ToolArgs } from './editorTools';

const MAX_PATH = 4096;
const filePath = z.string().min(1).max(MAX_PATH).describe('Relative to the workspace folder, or absolute');
const oneBased = z.number().int().min(1).max(10_000_000);
const position = {
  path: filePath,
  line: oneBased.describe('1-based line'),
  character: oneBased.describe('1-based column'),
};

/** Each tool's arguments; the body bound (mcpHttpServer.ts) bounds the strings' total. */
const INPUTS: Record<EditorToolName, z.ZodRawShape> = {
  read_file: { path: filePath, line: oneBased.optional(), limit: z.number().int().min(1).max(100_000).optional() },
  write_file: { path: filePath, content: z.string() },
  edit_file: { path: filePath, old_string: z.string(), new_string: z.string(), replace_all: z.boolean().optional() },
  diagnostics: { path: filePath.optional() },
  workspace_symbols: { query: z.string().max(1000) },
  definition: position,
  references: position,
  open_editors: {},
  selection: {},
  run_command: {
    command: z.string().min(1).max(100_000),
    cwd: filePath.optional(),
    timeout_seconds: z.number().int().min(1).max(MAX_COMMAND_SECONDS).optional(),
  },
};

const READ_ONLY = new Set<EditorToolName>([
  'read_file',
  'diagnostics',
  'workspace_symbols',
  'definition',
  'references',
  'open_editors',
  'selection',
]);

/** Answers one checked HTTP request of a route: its body already read and parsed. */
export async function handleMcpRequest(
  host: EditorToolHost,
  tools: readonly EditorToolName[],
  version: string,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
): Promise<void> {
  const server = editorServer(host, tools, version);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}

/** One MCP server over a transport of its own (MCP over ACP: one per `mcp/connect`, mcpAcpConnection.ts). */
export async function connectEditorServer(
  host: EditorToolHost,
  tools: readonly EditorToolName[],
  version: string,
  transport: Transport,
): Promise<void> {
  await editorServer(host, tools, version).connect(transport);
}

/** The route's tools on an MCP server, each running the editor's tool (editorTools.ts). */
function editorServer(host: EditorToolHost, tools: readonly EditorToolName[], version: string): McpServer {
  const server = new McpServer({ name: EDITOR_SERVER_NAME, version });
  for (const name of tools) {
    server.registerTool(
      name,
      {
        description: EDITOR_TOOL_DESCRIPTIONS[name],
        inputSchema: INPUTS[name],
        annotations: { readOnlyHint: READ_ONLY.has(name), openWorldHint: false },
      },
      async (args: ToolArgs, extra: { signal: AbortSignal }) => {
        const result = await callEditorTool(host, name, args, cancelSignal(extra.signal));
        return {
          content: [{ type: 'text' as const, text: result.text }],
          ...(result.isError ? { isError: true } : {}),
        };
      },
    );
  }
  return server;
}

/** The SDK's AbortSignal (the client cancelled, or the connection closed) as the session's handlers take it. */
function cancelSignal(signal: AbortSignal): CancelSignal {
  return {
    get isCancellationRequested() {
      return signal.aborted;
    },
    onCancellationRequested: (listener: () => void) => {
      signal.addEventListener('abort', listener, { once: true });
      return { dispose: () => signal.removeEventListener('abort', listener) };
    },
  };
}
