// The tools of Switchboard's own MCP server (src/chat/mcp/): the editor offered to every agent as client-side
// tools. Named once here because three layers need the list: the agent entry's `editorTools` (agents/config.ts),
// the server that registers them (chat/mcp/) and the setting's documentation.

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
