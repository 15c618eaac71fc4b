// The editor's language features for the editor MCP server's tools (src/chat/mcp/languageTools.ts), over VS Code:
// diagnostics, the workspace symbol, definition and reference providers, the open tabs and the selection. A path
// an agent names must really be inside a workspace folder (symbolic links followed), as for the rules of files:
// asking a language server about a file outside would open it. What VS Code answers is mapped to plain items here;
// the tools bound how many go back.
import * as vscode from 'vscode';
import type {
  DiagnosticItem,
  EditorItem,
  LanguageFeatures,
  Position,
  SelectionItem,
  Span,
  SymbolItem,
} from '../../chat/mcp/languageTools';
import { checkRequestPath, isInsideAnyFolder } from '../../fs/paths';
import { resolveRealPath } from '../../fs/realPath';
import { workspaceFolderPaths } from '../fs/fsHandlers';

/** What is mapped at most from one answer of VS Code (the tools then show the first 200 of it). */
const MAX_MAPPED = 5000;

export const vscodeLanguageFeatures: LanguageFeatures = {
  async diagnostics(filePath) {
    if (filePath !== undefined) {
      const uri = await workspaceFile(filePath);
      return vscode.languages
        .getDiagnostics(uri)
        .slice(0, MAX_MAPPED)
        .map((d) => diagnostic(uri, d));
    }
    const items: DiagnosticItem[] = [];
    for (const [uri, list] of vscode.languages.getDiagnostics()) {
      if (uri.scheme !== 'file') continue;
      for (const d of list) if (items.length < MAX_MAPPED) items.push(diagnostic(uri, d));
    }
    return items;
  },
  async workspaceSymbols(query) {
    const found =
      (await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>(
        'vscode.executeWorkspaceSymbolProvider',
        query,
      )) ?? [];
    return found.slice(0, MAX_MAPPED).map((symbol): SymbolItem => ({
      name: symbol.name,
      kind: vscode.SymbolKind[symbol.kind] ?? String(symbol.kind),
      ...(symbol.containerName ? { container: symbol.containerName } : {}),
      ...span(symbol.location.uri, symbol.location.range),
    }));
  },
  definition: (filePath, at) => locations('vscode.executeDefinitionProvider', filePath, at),
  references: (filePath, at) => locations('vscode.executeReferenceProvider', filePath, at),
  openEditors() {
    const active = vscode.window.activeTextEditor?.document.uri.toString();
    const items: EditorItem[] = [];
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        if (!(tab.input instanceof vscode.TabInputText) || tab.input.uri.scheme !== 'file') continue;
        const uri = tab.input.uri;
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        items.push({
          path: uri.fsPath,
          active: uri.toString() === active,
          dirty: tab.isDirty,
          ...(document ? { languageId: document.languageId } : {}),
        });
        if (items.length >= MAX_MAPPED) return items;
      }
    }
    return items;
  },
  selection() {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.scheme !== 'file') return null;
    const first = editor.selections[0];
    const item: SelectionItem = {
      path: editor.document.uri.fsPath,
      selections: editor.selections.map((s) => ({ start: position(s.start), end: position(s.end) })),
      text: first ? editor.document.getText(first) : '',
    };
    return item;
  },
};

async function locations(command: string, filePath: string, at: Position): Promise<Span[]> {
  const uri = await workspaceFile(filePath);
  // Opening the document gives its language server the file (a position in a closed file finds nothing).
  await vscode.workspace.openTextDocument(uri);
  const found =
    (await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink> | undefined>(
      command,
      uri,
      new vscode.Position(at.line - 1, at.character - 1),
    )) ?? [];
  return found
    .slice(0, MAX_MAPPED)
    .map((item) =>
      'targetUri' in item
        ? span(item.targetUri, item.targetSelectionRange ?? item.targetRange)
        : span(item.uri, item.range),
    );
}

/** The file's Uri when its real path is inside a workspace folder; an Error the agent reads otherwise. */
async function workspaceFile(filePath: string): Promise<vscode.Uri> {
  const checked = checkRequestPath(filePath);
  if (!checked.ok) throw new Error(checked.message);
  let real: string;
  let folders: string[];
  try {
    real = await resolveRealPath(checked.path);
    folders = await Promise.all(workspaceFolderPaths().map(resolveRealPath));
  } catch (error) {
    throw new Error(`Cannot use ${checked.path}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!isInsideAnyFolder(real, folders)) {
    throw new Error(
      `${checked.path} is outside the workspace folders; language features answer only for files inside them`,
    );
  }
  return vscode.Uri.file(checked.path);
}

function diagnostic(uri: vscode.Uri, d: vscode.Diagnostic): DiagnosticItem {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  return {
    ...span(uri, d.range),
    severity: (['error', 'warning', 'information', 'hint'] as const)[d.severity] ?? 'information',
    message: d.message,
    ...(d.source ? { source: d.source } : {}),
    ...(code !== undefined ? { code: String(code) } : {}),
  };
}

function span(uri: vscode.Uri, range: vscode.Range): Span {
  return {
    path: uri.scheme === 'file' ? uri.fsPath : uri.toString(),
    start: position(range.start),
    end: position(range.end),
  };
}

function position(p: vscode.Position): Position {
  return { line: p.line + 1, character: p.character + 1 };
}
