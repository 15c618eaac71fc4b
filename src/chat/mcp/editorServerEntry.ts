// How an agent reaches Switchboard's editor MCP server, by what it advertised: over the ACP connection itself where
// it takes `acp` servers (no port, no secret), else over HTTP on the loopback where it takes `http` ones, else over
// stdio, which every ACP agent must take: a small bridge program of the extension's (src/mcp-bridge/) that the agent
// runs and that forwards to the same HTTP route. The bridge runs on the editor's own runtime, so the machine needs
// no Node: VS Code's process.execPath is Electron's binary, which ELECTRON_RUN_AS_NODE=1 turns into Node (under
// code-server it is node itself, and the variable changes nothing).
import type * as acp from '@agentclientprotocol/sdk';
import { EDITOR_BRIDGE_SECRET_ENV, EDITOR_SERVER_NAME } from '../../shared/editorToolNames';
import type { EditorRoute } from './mcpHttpServer';

export type EditorTransport = 'acp' | 'http' | 'stdio';

/** acp > http > stdio, by the agent's `mcpCapabilities`. */
export function editorTransport(capabilities: acp.McpCapabilities | null | undefined): EditorTransport {
  // `acp` is UNSTABLE (rfds/mcp-over-acp.mdx), not in the SDK's McpCapabilities type yet.
  if ((capabilities as { acp?: unknown } | null | undefined)?.acp === true) return 'acp';
  if (capabilities?.http === true) return 'http';
  return 'stdio';
}

/** The bridge program and the runtime it runs on. */
export interface BridgeLaunch {
  /** Absolute path of the runtime: the extension host's process.execPath. */
  runtime: string;
  /** Absolute path of dist/mcp-bridge.js. */
  script: string;
}

/**
 * The `mcpServers` stdio entry that runs the bridge to one route. The route's address is an argument (it grants
 * nothing alone); its secret is only in the entry's environment, since arguments show in `ps` to every user.
 */
export function stdioBridgeEntry(launch: BridgeLaunch, route: Pick<EditorRoute, 'url' | 'secret'>): acp.McpServerStdio {
  return {
    name: EDITOR_SERVER_NAME,
    command: launch.runtime,
    args: [launch.script, route.url],
    env: [
      { name: 'ELECTRON_RUN_AS_NODE', value: '1' },
      { name: EDITOR_BRIDGE_SECRET_ENV, value: route.secret },
    ],
  };
}
