// What the window gives every agent process and session (HostEnvironment): its logs and traffic log (with the
// secrets it was handed redacted), sign-in keys and MCP servers, the permission rules, the window's keeper of file
// texts, the live process groups, and the one way an agent is spawned (Restricted Mode runs only the Demo agent).
import * as os from 'node:os';
import * as vscode from 'vscode';
import { spawnAgentProcess, type SpawnAgentProcess } from '../../agents/agentProcess';
import { gatedSpawn, restrictedModeFailure } from '../../agents/refusedProcess';
import { SecretRedactor } from '../../agents/secretRedactor';
import { FileTexts } from '../../review/fileTexts';
import type { HostEnvironment } from '../../session/api';
import { toDisposable, type DisposableStore } from '../../shared/disposableStore';
import { LiveProcessGroups } from '../../terminals/liveProcessGroups';
import { PermissionRuleStore } from '../chat/permissionPolicy';
import type { SessionChoiceStore } from '../chat/sessionChoiceStore';
import { workspaceFolderPaths } from '../fs/fsHandlers';
import { type AgentCatalog, transportSettings } from './agentCatalog';
import { AgentLogs } from './agentLogs';
import { McpFeature } from './mcpFeature';
import { EditorMcpFeature } from '../mcp/editorMcpFeature';
import { SignInFeature } from './signInFeature';
import { TrafficChannel } from './trafficChannel';

export class AgentHost {
  /** Secrets given to agents (sign-in keys, MCP secrets) never reach the agent or traffic logs. */
  readonly redactor = new SecretRedactor();
  readonly logs: AgentLogs;
  readonly traffic: TrafficChannel;
  readonly mcp: McpFeature;
  /** Switchboard's own MCP server of the editor's tools (src/chat/mcp/). */
  readonly editorMcp: EditorMcpFeature;
  readonly signIn: SignInFeature;
  readonly permissionRules: PermissionRuleStore;
  /** The window's one keeper of file texts: agent writes (review) and tool calls' own diffs (sessions). */
  readonly fileTexts = new FileTexts();
  readonly env: HostEnvironment;
  /** Restricted Mode runs only the Demo agent; asked at each start, so Restart works once the folder is trusted. */
  readonly spawn: SpawnAgentProcess = gatedSpawn(
    spawnAgentProcess,
    (candidate) => candidate.isDemo || vscode.workspace.isTrusted,
    restrictedModeFailure(),
  );

  constructor(
    context: vscode.ExtensionContext,
    catalog: AgentCatalog,
    sessionChoices: SessionChoiceStore,
    store: DisposableStore,
  ) {
    this.logs = store.add(new AgentLogs((agentId) => catalog.find(agentId)?.displayName ?? agentId, this.redactor));
    this.traffic = store.add(new TrafficChannel(this.redactor));
    this.mcp = new McpFeature(context.secrets, (agentId, line) => this.logs.sink(agentId).append(line), this.redactor);
    this.signIn = new SignInFeature(context.secrets, this.redactor, workspaceCwd);
    this.permissionRules = new PermissionRuleStore(
      context.globalState,
      context.workspaceState,
      () => (vscode.workspace.workspaceFolders?.length ?? 0) > 0,
    );
    const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
    this.editorMcp = store.add(
      new EditorMcpFeature(version, (agentId, line) => this.logs.sink(agentId).append(line), this.redactor, {
        // The extension host's own runtime (VS Code's Electron binary, or code-server's node): always present.
        runtime: process.execPath,
        script: context.asAbsolutePath('dist/mcp-bridge.js'),
      }),
    );
    const { mcp, editorMcp, signIn, permissionRules } = this;
    this.env = {
      workspaceCwd,
      fileTexts: this.fileTexts,
      workspaceFolders: workspaceFolderPaths,
      baseEnv: () => process.env,
      liveProcessGroups: killedOnExit(store),
      agentLog: (agentId) => this.logs.sink(agentId),
      traffic: (agentId) => this.traffic.sink(agentId),
      settings: transportSettings,
      clientInfo: () => ({ name: 'switchboard', title: vscode.l10n.t('Switchboard'), version }),
      mcpServers: (agent, capabilities) => mcp.serversFor(agent, capabilities),
      editorTools: (request) => editorMcp.toolsFor(request),
      permissionPolicy: (agentId, threadId, folders) => permissionRules.policy(agentId, threadId, folders),
      sessionChoices,
      // URL-mode elicitation, after the user's Open. The address goes as a string, which VS Code opens as it is:
      // a Uri would re-encode its query (microsoft/vscode#85930), breaking sign-in addresses.
      openExternal: async (url) => vscode.env.openExternal(url as unknown as vscode.Uri),
      signIn: {
        agentEnv: (agentId) => signIn.envFor(agentId),
        run: (agent, plan) => signIn.signIn(agent, plan),
        forget: (agentId) => signIn.forget(agentId),
      },
    };
  }
}

/**
 * The last resort for terminals when the host goes away without deactivate() (a crash, a kill): an exit hook
 * cannot wait, so it kills every live group at once.
 */
function killedOnExit(store: DisposableStore): LiveProcessGroups {
  const groups = new LiveProcessGroups();
  const killOnExit = (): void => groups.killAll();
  process.once('exit', killOnExit);
  store.add(toDisposable(() => process.removeListener('exit', killOnExit)));
  return groups;
}

/** The agent's cwd and the session cwd: the first workspace folder, or the home folder. */
export function workspaceCwd(): string {
  const folder = vscode.workspace.workspaceFolders?.find((candidate) => candidate.uri.scheme === 'file');
  return folder?.uri.fsPath ?? os.homedir();
}
