// Switchboard's editor MCP server in the window (HostEnvironment.editorTools): one HTTP server on 127.0.0.1,
// started with the first chat session that gets it, one route with its own secret per chat session on an agent
// process (src/chat/mcp/mcpHttpServer.ts). Which agents get it: switchboard.editorMcpServer (the user's own
// settings only), an agent that advertised `mcpCapabilities.http`, and its entry's `editorTools`. The agent's log
// names the tools (and why none were given); the chat shows them once as a note; the secret is redacted from the
// agent and traffic logs.
import type * as vscode from 'vscode';
import type { SecretRedactor } from '../../agents/secretRedactor';
import { bearerHeader, EditorMcpHttpServer } from '../../chat/mcp/mcpHttpServer';
import type { EditorToolsOffer, EditorToolsRequest } from '../../session/api';
import { EDITOR_SERVER_NAME, EDITOR_TOOL_NAMES } from '../../shared/editorToolNames';
import { settings } from '../settings';
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
    if (request.capabilities?.http !== true) {
      log('Editor tools: not offered (the agent does not take MCP servers over HTTP: no mcpCapabilities.http)');
      return undefined;
    }
    this.server ??= new EditorMcpHttpServer(this.version, log);
    const route = await this.server.addRoute({ session: request.session, language: vscodeLanguageFeatures }, tools);
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
      note: { kind: 'editorTools', agent: agent.displayName, server: EDITOR_SERVER_NAME, tools: [...tools] },
      close: () => route.close(),
    };
  }

  dispose(): void {
    void this.server?.dispose();
    this.server = null;
  }
}
