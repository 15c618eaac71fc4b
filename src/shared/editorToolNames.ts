// The tools of Switchboard's own MCP server (src/chat/mcp/): the editor offered to every agent as client-side
// tools. Named once here because three layers need the list: the agent entry's `editorTools` (agents/config.ts),
// the server that registers them (chat/mcp/) and the setting's documentation; and the names the stdio bridge
// (src/mcp-bridge/, a program of its own) shares with the entry that launches it (chat/mcp/editorServerEntry.ts).

export const EDITOR_TOOL_NAMES = [
  'read_file',
  'write_file',
  'edit_file',
  'diagnostics',
  'workspace_symbols',
  'definition',
  'references',
  'open_editors',
  'selection',
  'run_command',
] as const;

export type EditorToolName = (typeof EDITOR_TOOL_NAMES)[number];

/** The name the server has in the agent's `mcpServers` (agents prefix its tools with it). */
export const EDITOR_SERVER_NAME = 'switchboard';

export function isEditorToolName(name: unknown): name is EditorToolName {
  return typeof name === 'string' && (EDITOR_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * The environment variable the stdio bridge reads the route's secret from (never an argument: arguments show in
 * `ps` to every user of the machine; a process's environment only to its own user).
 */
export const EDITOR_BRIDGE_SECRET_ENV = 'SWITCHBOARD_MCP_SECRET';
