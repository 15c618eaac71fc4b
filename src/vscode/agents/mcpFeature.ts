// switchboard.mcpServers for the agents' sessions, with the secrets they reference kept in SecretStorage:
// "Switchboard: Set MCP Secret" stores one (never in settings), "Switchboard: Import MCP Servers from VS Code"
// copies the servers configured for VS Code's own MCP support (.vscode/mcp.json, the `mcp` setting).
import type * as acp from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import type { AgentConfig } from '../../agents/config';
import {
  buildMcpServers,
  importVsCodeMcpServers,
  parseMcpServersSetting,
  secretNames,
  type LeftOutMcpServer,
} from '../../agents/mcpServers';
import type { SecretRedactor } from '../../agents/secretRedactor';
import { entriesOf, settings, vscodeSetting } from '../settings';
import { readTextOrEmpty } from '../../review/diskText';

const SECRET_PREFIX = 'switchboard.mcp.secret.';

export class McpFeature {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: (agentId: string, line: string) => void,
    /** Every secret value put into a server's env or headers is kept out of the logs. */
    private readonly redactor?: SecretRedactor,
  ) {}

  /** HostEnvironment.mcpServers: the list for one agent's session, per its capabilities, and what was left out. */
  async serversFor(
    agent: AgentConfig,
    capabilities: acp.McpCapabilities | null | undefined,
  ): Promise<{ servers: acp.McpServer[]; leftOut: string[] }> {
    if (agent.isDemo || agent.useMcpServers === false) return { servers: [], leftOut: [] };
    const parsed = parseMcpServersSetting(settings.get('mcpServers'));
    for (const error of parsed.errors) this.log(agent.id, `[switchboard] ${error}`);
    const names = new Set(parsed.servers.flatMap(secretNames));
    const values = new Map<string, string>();
    for (const name of names) {
      const value = await this.secrets.get(SECRET_PREFIX + name);
      if (value === undefined) continue;
      values.set(name, value);
      this.redactor?.add(value);
    }
    const built = buildMcpServers(parsed.servers, capabilities, values);
    const leftOut = built.leftOut.map((server) => leftOutSentence(server, agent.displayName));
    for (const line of leftOut) this.log(agent.id, `[switchboard] ${line}`);
    if (built.servers.length > 0) {
      this.log(agent.id, `[switchboard] MCP servers for this session: ${built.servers.map((s) => s.name).join(', ')}`);
    }
    return { servers: built.servers, leftOut };
  }

  /** Asks for a secret's name (offering the referenced ones) and value; stores it in SecretStorage. */
  async setSecret(name?: string): Promise<void> {
    if (name === undefined) {
      const parsed = parseMcpServersSetting(settings.get('mcpServers'));
      const referenced = [...new Set(parsed.servers.flatMap(secretNames))];
      const items = referenced.map((label) => ({ label }));
      name =
        items.length > 0
          ? (
              await vscode.window.showQuickPick(items, {
                title: vscode.l10n.t('Set MCP Secret'),
                placeHolder: vscode.l10n.t('Which secret?'),
              })
            )?.label
          : await vscode.window.showInputBox({
              title: vscode.l10n.t('Set MCP Secret'),
              prompt: vscode.l10n.t('The name the server refers to as ${secret:NAME}'),
              validateInput: (value) =>
                /^[A-Za-z0-9_.-]{1,100}$/.test(value) ? undefined : vscode.l10n.t('Letters, digits, _ . -'),
            });
    }
    if (!name) return;
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t('Set MCP Secret {0}', name),
      prompt: vscode.l10n.t("Kept in VS Code's secret storage; never written to settings or logs"),
      password: true,
      ignoreFocusOut: true,
    });
    if (value === undefined) return;
    await this.secrets.store(SECRET_PREFIX + name, value);
    void vscode.window.showInformationMessage(vscode.l10n.t('The secret {0} is stored; new chats use it.', name));
  }

  /** Copies VS Code's MCP servers into switchboard.mcpServers (keeping the ones already there). */
  async importFromVsCode(): Promise<void> {
    const sources: unknown[] = [vscodeSetting('mcp.servers')];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      try {
        const file = vscode.Uri.joinPath(folder.uri, '.vscode', 'mcp.json');
        // On disk, read as any workspace file the host reads (an agent may have left a FIFO there).
        const text =
          file.scheme === 'file'
            ? await readTextOrEmpty(file.fsPath)
            : new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
        sources.push(JSON.parse(stripJsonComments(text)));
      } catch {
        // No mcp.json in this folder (or not JSON): nothing to import from it.
      }
    }
    const current = entriesOf(settings.get('mcpServers'));
    const added: string[] = [];
    const secrets = new Set<string>();
    for (const source of sources) {
      const imported = importVsCodeMcpServers(source);
      imported.secrets.forEach((name) => secrets.add(name));
      for (const [name, server] of Object.entries(imported.servers)) {
        if (current[name] !== undefined) continue;
        current[name] = server;
        added.push(name);
      }
    }
    if (added.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'No MCP servers to import: none are configured for VS Code, or all are already in switchboard.mcpServers.',
        ),
      );
      return;
    }
    await settings.update('mcpServers', current);
    const more =
      secrets.size > 0 ? vscode.l10n.t(' They refer to secrets to set once: {0}.', [...secrets].join(', ')) : '';
    const choice = await vscode.window.showInformationMessage(
      added.length === 1
        ? vscode.l10n.t('Imported 1 MCP server: {0}.{1}', added.join(', '), more)
        : vscode.l10n.t('Imported {0} MCP servers: {1}.{2}', added.length, added.join(', '), more),
      ...(secrets.size > 0 ? [vscode.l10n.t('Set Secrets')] : []),
    );
    if (choice) for (const name of secrets) await this.setSecret(name);
  }
}

/** mcp.json allows comments and trailing commas (JSONC). */
function stripJsonComments(text: string): string {
  return text
    .replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_match, string: string | undefined) => string ?? '')
    .replace(/,(\s*[}\]])/g, '$1');
}

/** What the chat and the agent's log say about a server that was not sent, and what the user can do. */
function leftOutSentence(server: LeftOutMcpServer, agentName: string): string {
  if (server.reason === 'transport') {
    return server.transport === 'http'
      ? vscode.l10n.t(
          'The MCP server "{0}" was not passed to {1}: the agent does not take MCP servers over HTTP.',
          server.name,
          agentName,
        )
      : vscode.l10n.t(
          'The MCP server "{0}" was not passed to {1}: the agent does not take MCP servers over SSE.',
          server.name,
          agentName,
        );
  }
  return vscode.l10n.t(
    'The MCP server "{0}" was not passed to {1}: the secret {2} is not set. Run "Switchboard: Set MCP Secret", then start a new chat.',
    server.name,
    agentName,
    server.missing.join(', '),
  );
}
