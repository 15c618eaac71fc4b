// The editor's language features as tools of its MCP server: diagnostics, workspace symbols, definition,
// references, the open editors and the selection. The editor comes in as a small interface (LanguageFeatures,
// implemented over VS Code in src/vscode/mcp/languageFeatures.ts); this file bounds what goes back (counts and
// lengths) and shows paths relative to the session's folder. A position is 1-based, as editors show it.
import { absoluteToolPath, boundedText, listResult, ok, short, shownPath, type ToolResult } from './toolResults';

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based. */
  character: number;
}

export interface Span {
  path: string;
  start: Position;
  end: Position;
}

export interface DiagnosticItem extends Span {
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
  source?: string;
  code?: string;
}

export interface SymbolItem extends Span {
  name: string;
  kind: string;
  container?: string;
}

export interface EditorItem {
  path: string;
  active: boolean;
  dirty: boolean;
  languageId?: string;
}

export interface SelectionItem {
  path: string;
  selections: Array<{ start: Position; end: Position }>;
  /** The text of the first selection (empty when nothing is selected). */
  text: string;
}

/**
 * The editor's side. A path handed in is absolute and checked by the implementation (inside the workspace
 * folders, or refused with an Error whose message the agent reads).
 */
export interface LanguageFeatures {
  /** One file's diagnostics, or every file's when `filePath` is undefined. */
  diagnostics(filePath: string | undefined): Promise<DiagnosticItem[]>;
  workspaceSymbols(query: string): Promise<SymbolItem[]>;
  definition(filePath: string, at: Position): Promise<Span[]>;
  references(filePath: string, at: Position): Promise<Span[]>;
  openEditors(): EditorItem[];
  selection(): SelectionItem | null;
}

const SEVERITY_ORDER = { error: 0, warning: 1, information: 2, hint: 3 } as const;

export async function diagnostics(
  language: LanguageFeatures,
  cwd: string,
  args: { path?: string },
): Promise<ToolResult> {
  const items = await language.diagnostics(args.path === undefined ? undefined : absoluteToolPath(args.path, cwd));
  // The worst first: when the list is cut, errors are what stays.
  const sorted = [...items].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return listResult(
    'diagnostics',
    sorted.map((item) => ({
      ...span(item, cwd),
      severity: item.severity,
      message: short(item.message),
      ...extra(item),
    })),
  );
}

export async function workspaceSymbols(
  language: LanguageFeatures,
  cwd: string,
  args: { query: string },
): Promise<ToolResult> {
  const items = await language.workspaceSymbols(args.query);
  return listResult(
    'symbols',
    items.map((item) => ({
      name: short(item.name),
      kind: item.kind,
      ...(item.container ? { container: short(item.container) } : {}),
      ...span(item, cwd),
    })),
  );
}

export async function definition(
  language: LanguageFeatures,
  cwd: string,
  args: { path: string } & Position,
): Promise<ToolResult> {
  const spans = await language.definition(absoluteToolPath(args.path, cwd), position(args));
  return listResult(
    'definitions',
    spans.map((item) => span(item, cwd)),
  );
}

export async function references(
  language: LanguageFeatures,
  cwd: string,
  args: { path: string } & Position,
): Promise<ToolResult> {
  const spans = await language.references(absoluteToolPath(args.path, cwd), position(args));
  return listResult(
    'references',
    spans.map((item) => span(item, cwd)),
  );
}

export function openEditors(language: LanguageFeatures, cwd: string): ToolResult {
  return listResult(
    'editors',
    language.openEditors().map((item) => ({ ...item, path: shownPath(item.path, cwd) })),
  );
}

export function selection(language: LanguageFeatures, cwd: string): ToolResult {
  const current = language.selection();
  if (!current) return ok(JSON.stringify({ selection: null, note: 'no text editor is active' }));
  return ok(
    JSON.stringify({
      path: shownPath(current.path, cwd),
      selections: current.selections.slice(0, 100),
      text: boundedText(current.text),
    }),
  );
}

function span(item: Span, cwd: string): Span {
  return { path: shownPath(item.path, cwd), start: item.start, end: item.end };
}

function extra(item: DiagnosticItem): { source?: string; code?: string } {
  return {
    ...(item.source ? { source: short(item.source, 100) } : {}),
    ...(item.code ? { code: short(item.code, 100) } : {}),
  };
}

function position(args: Position): Position {
  return { line: args.line, character: args.character };
}

/**
 * The language features of a chat confined to folders of its own (a chat in its own worktree): the editor's language
 * servers, its open editors and its selection are the user's workspace's, so every one refuses, saying why, rather
 * than answer about files the chat does not work in.
 */
export function languageElsewhere(folders: readonly string[]): LanguageFeatures {
  const refuse = (): never => {
    throw new Error(
      `Not available in this chat: it works in its own worktree (${folders.join(', ')}), and the editor's language features, open editors and selection are those of the user's workspace, not of the worktree. Read the files with read_file, and run the project's own checks (compiler, linter, tests) with run_command in the worktree instead.`,
    );
  };
  return {
    diagnostics: async () => refuse(),
    workspaceSymbols: async () => refuse(),
    definition: async () => refuse(),
    references: async () => refuse(),
    openEditors: refuse,
    selection: refuse,
  };
}
