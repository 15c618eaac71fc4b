// Switchboard's editor MCP server in the window (HostEnvironment.editorTools): one HTTP server on 127.0.0.1,
// started with the first chat session that gets it, one route with its own secret per chat session on an agent
// process (src/chat/mcp/mcpHttpServer.ts); or, where the agent advertised `mcpCapabilities.acp`, over the ACP
// connection itself (MCP over ACP, src/chat/mcp/mcpAcpConnection.ts). Which agents get it: switchboard.editorMcpServer
// (the user's own settings only), an agent that advertised `mcpCapabilities.acp` or `.http`, its entry's
// `editorTools`. The agent's log names the tools (and why none were given); the chat shows them once as a note; the
// secret is redacted from the agent and traffic logs.
import type * as vscode from 'vscode';
import type { SecretRedactor } from '../../agents/secretRedactor';
import { randomUUID } from 'node:crypto';
import { acpEditorServer } from '../../chat/mcp/mcpAcpConnection';
import { bearerHeader, EditorMcpHttpServer } from '../../chat/mcp/mcpHttpServer';
import type { EditorToolsOffer, EditorToolsRequest } from '../../session/api';
import type { SessionNote } from '../../shared/entryReasons';
import { EDITOR_SERVER_NAME, EDITOR_TOOL_NAMES } from '../../shared/editorToolNames';
import { settings } from '../settings';
import { languageElsewhere } from '../../chat/mcp/languageTools';
import { vscodeLanguageFeatures } from './languageFeatures';

export class EditorMcpFeature implements vscode.Disposable {
  private server: EditorMcpHttpServer | null = null;

  constructor(
    private readonly version: string,
    private readonly log: (agentId: string, line: string) => void,
    private readonly redactor: SecretRedactor,
  ) {}

  async toolsFor(request: EditorToolsRequest): Promise<EditorToolsOffer | undefined> {
    const { agent } = request;
    const log = (line: string) => this.log(agent.id, `[switchboard] ${line}`);
    if (agent.isDemo) return undefined;
    if (!settings.get('editorMcpServer')) {
      log('Editor tools: not offered (switchboard.editorMcpServer is off)');
      return undefined;
    }
    const tools = agent.editorTools ?? EDITOR_TOOL_NAMES;
    if (tools.length === 0) {
      log('Editor tools: not offered (its entry in switchboard.agents has "editorTools": [])');
      return undefined;
    }
    const language = request.confinedTo ? languageElsewhere(request.confinedTo) : vscodeLanguageFeatures;
    const host = { session: request.session, language };
    const note: SessionNote = {
      kind: 'editorTools',
      agent: agent.displayName,
      server: EDITOR_SERVER_NAME,
      tools: [...tools],
    };
    // MCP over ACP where the agent takes it: no port, no secret; the ACP connection is the channel.
    // `acp` is UNSTABLE (rfds/mcp-over-acp.mdx), not in the SDK's McpCapabilities type yet.
    if ((request.capabilities as { acp?: unknown } | null | undefined)?.acp === true) {
      const serverId = `switchboard-${randomUUID()}`;
      log(
        `Editor tools for this session (MCP server "${EDITOR_SERVER_NAME}" over ACP, ${serverId}): ${tools.join(', ')}`,
      );
      return {
        server: { type: 'acp', name: EDITOR_SERVER_NAME, serverId },
        acp: acpEditorServer(host, tools, this.version),
        tools,
        note,
        close: () => undefined, // its connections close with the agent process's generation (editorToolsOffer.ts)
      };
    }
    if (request.capabilities?.http !== true) {
      log(
        'Editor tools: not offered (the agent takes MCP servers neither over ACP nor over HTTP: no mcpCapabilities.acp or .http)',
      );
      return undefined;
    }
    this.server ??= new EditorMcpHttpServer(this.version, log);
    const route = await this.server.addRoute(host, tools);
    this.redactor.add(route.secret);
    log(`Editor tools for this session (MCP server "${EDITOR_SERVER_NAME}" at ${route.url}): ${tools.join(', ')}`);
    return {
      server: {
        type: 'http',
        name: EDITOR_SERVER_NAME,
        url: route.url,
        headers: [bearerHeader(route.secret)],
      },
      tools,
      note,
      close: () => route.close(),
    };
  }

  dispose(): void {
    void this.server?.dispose();
    this.server = null;
  }
}
