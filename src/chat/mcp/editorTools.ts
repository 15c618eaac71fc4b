// The tools of Switchboard's MCP server, by name: what each does (the description the agent reads) and the call
// that runs it against the chat's session and the editor. The SDK's side (input schemas, the MCP wire) is in
// mcpSdkServer.ts; this file has no MCP in it, so unit tests call the tools directly.
import type { CancelSignal, OpenEditorSession } from '../../session/api';
import type { EditorToolName } from '../../shared/editorToolNames';
import { errorMessage } from '../../shared/errorMessage';
import { runCommand, type CommandArgs } from './commandTool';
import { editFile, readFile, writeFile, type EditArgs, type ReadArgs, type WriteArgs } from './fileTools';
import * as language from './languageTools';
import { failed, type ToolResult } from './toolResults';

/** What one route's tools act on. */
export interface EditorToolHost {
  /** The chat's session now: null while none is open (a call is then refused). */
  session(): OpenEditorSession | null;
  language: language.LanguageFeatures;
}

export const EDITOR_TOOL_DESCRIPTIONS: Record<EditorToolName, string> = {
  read_file:
    'Read a text file as the editor has it, unsaved changes included. Paths are relative to the workspace folder or absolute; line (1-based) and limit read a part.',
  write_file:
    'Write a whole text file through the editor (created if missing). The user is asked first; the change is merged with their unsaved typing and left for their review.',
  edit_file:
    'Replace old_string with new_string in a file as the editor has it (old_string must occur once unless replace_all). The user sees the diff and is asked first; the change is left for their review.',
  diagnostics:
    "The editor's errors and warnings (language servers, linters): of one file, or of every file when path is omitted.",
  workspace_symbols:
    "Find symbols (classes, functions, variables) by name across the workspace, from the editor's language servers.",
  definition: 'Where the symbol at a position (1-based line and character) is defined.',
  references: 'Every reference to the symbol at a position (1-based line and character).',
  open_editors: 'The files open in the editor: which is active, which have unsaved changes.',
  selection: "The active editor's file, its selections, and the selected text.",
  run_command:
    'Run a shell command in a terminal the user watches in the chat. The user is asked first. Returns the exit code and the last part of the output; killed after timeout_seconds (default 120).',
};

export type ToolArgs = Record<string, unknown>;

/** Runs one tool; a failure becomes an error result the agent reads, never a thrown MCP error. */
export async function callEditorTool(
  host: EditorToolHost,
  name: EditorToolName,
  args: ToolArgs,
  signal: CancelSignal,
): Promise<ToolResult> {
  const session = host.session();
  if (!session) return failed('The chat has no open session with this agent now; try again once it is ready.');
  try {
    return await run(host.language, session, name, args, signal);
  } catch (error) {
    return failed(errorMessage(error));
  }
}

function run(
  features: language.LanguageFeatures,
  session: OpenEditorSession,
  name: EditorToolName,
  args: ToolArgs,
  signal: CancelSignal,
): Promise<ToolResult> | ToolResult {
  const cwd = session.cwd;
  switch (name) {
    case 'read_file':
      return readFile(session, shaped<ReadArgs>(args), signal);
    case 'write_file':
      return writeFile(session, shaped<WriteArgs>(args), signal);
    case 'edit_file':
      return editFile(session, shaped<EditArgs>(args), signal);
    case 'run_command':
      return runCommand(session, shaped<CommandArgs>(args), signal);
    case 'diagnostics':
      return language.diagnostics(features, cwd, shaped<{ path?: string }>(args));
    case 'workspace_symbols':
      return language.workspaceSymbols(features, cwd, shaped<{ query: string }>(args));
    case 'definition':
      return language.definition(features, cwd, shaped<{ path: string } & language.Position>(args));
    case 'references':
      return language.references(features, cwd, shaped<{ path: string } & language.Position>(args));
    case 'open_editors':
      return language.openEditors(features, cwd);
    case 'selection':
      return language.selection(features, cwd);
  }
}

/** The arguments as the tool's input schema shaped them (mcpSdkServer.ts checks them before any call). */
function shaped<T>(args: ToolArgs): T {
  return args as T;
}
