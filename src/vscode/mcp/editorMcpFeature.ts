// Switchboard's editor MCP server in the window (HostEnvironment.editorTools): one HTTP server on 127.0.0.1,
// started with the first chat session that gets it, one route with its own secret per chat session on an agent
// process (src/chat/mcp/mcpHttpServer.ts). The agent reaches it by what it advertised (editorServerEntry.ts): over the
// ACP connection itself where it takes `mcpCapabilities.acp` (MCP over ACP, src/chat/mcp/mcpAcpConnection.ts: no
// route), at the route's URL where it takes `.http`, else through the stdio bridge (dist/mcp-bridge.js) to that
// route. Which agents get it: switchboard.editorMcpServer (the user's own settings only), its entry's
// `editorTools`. The agent's log names the tools and the transport (and why none were given); the chat shows them
// once as a note; the secret is redacted from the agent and traffic logs (session/new, which carries it, is logged).
import type * as vscode from 'vscode';
import type { SecretRedactor } from '../../agents/secretRedactor';
import { randomUUID } from 'node:crypto';
import { acpEditorServer } from '../../chat/mcp/mcpAcpConnection';
import { type BridgeLaunch, editorTransport, stdioBridgeEntry } from '../../chat/mcp/editorServerEntry';
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
    /** What an agent that takes MCP servers only over stdio runs. */
    private readonly bridge: BridgeLaunch,
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
    const transport = editorTransport(request.capabilities);
    // MCP over ACP where the agent takes it: no port, no secret; the ACP connection is the channel.
    if (transport === 'acp') {
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
    this.server ??= new EditorMcpHttpServer(this.version, log);
    const route = await this.server.addRoute(host, tools);
    this.redactor.add(route.secret);
    // Over stdio the agent runs the bridge (dist/mcp-bridge.js) to the same route.
    log(
      `Editor tools for this session (MCP server "${EDITOR_SERVER_NAME}" over ${transport} to ${route.url}): ${tools.join(', ')}`,
    );
    return {
      server:
        transport === 'http'
          ? { type: 'http', name: EDITOR_SERVER_NAME, url: route.url, headers: [bearerHeader(route.secret)] }
          : stdioBridgeEntry(this.bridge, route),
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
