// The VS Code side of attached context (src/shared/promptContext.ts): the "@" picker (files and
// folders through VS Code's file search, workspace symbols, the current selection, open editors,
// Problems) and reading what a reference needs at send time: the open document's text (unsaved
// edits included) or the file on disk, bounded, and Problems as text.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import type { ContextRef, LineRange, ResolvedContext } from '../../shared/promptContext';
import { contextLabel } from '../../shared/promptContext';
import { terminalSelectionRef } from './terminalSelection';

/** Larger texts go as a link only: the agent can read them itself. */
export const MAX_EMBED_CHARS = 256 * 1024;
/** Problems listed per reference; the rest are counted. */
const MAX_PROBLEMS = 200;
const SEARCH_RESULTS = 50;

export async function resolveContext(refs: readonly ContextRef[]): Promise<ResolvedContext[]> {
  const resolved: ResolvedContext[] = [];
  for (const ref of refs) resolved.push(await resolveOne(ref));
  return resolved;
}

async function resolveOne(ref: ContextRef): Promise<ResolvedContext> {
  switch (ref.kind) {
    case 'image':
    case 'folder':
    case 'terminal':
      return { ref };
    case 'problems':
      return { ref, text: problemsText(ref.path) };
    case 'file': {
      const uri = vscode.Uri.file(ref.path);
      let stat: vscode.FileStat;
      try {
        stat = await vscode.workspace.fs.stat(uri);
      } catch {
        return { ref }; // gone: a link still says what the user meant
      }
      // A folder dragged from the Explorer arrives as a path like any other.
      if (stat.type & vscode.FileType.Directory) return { ref: { kind: 'folder', path: ref.path } };
      // A FIFO or a device (FileType.Unknown) goes as a link: reading it to embed would block or never end.
      if (!(stat.type & vscode.FileType.File) || stat.size > MAX_EMBED_CHARS * 4) return { ref };
      const text = await documentText(uri);
      return text === undefined || text.length > MAX_EMBED_CHARS ? { ref } : { ref, text };
    }
    case 'selection':
    case 'symbol': {
      const text = await documentText(vscode.Uri.file(ref.path), ref.range);
      return text === undefined || text.length > MAX_EMBED_CHARS ? { ref } : { ref, text };
    }
  }
}

/** The document's text (the editor's copy, so unsaved edits count), or lines of it; undefined when unreadable. */
async function documentText(uri: vscode.Uri, range?: LineRange): Promise<string | undefined> {
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uri);
  } catch {
    return undefined; // binary or unreadable
  }
  if (!range) return document.getText();
  const last = document.lineCount - 1;
  const start = Math.min(range.startLine - 1, last);
  const end = Math.min(range.endLine - 1, last);
  return document.getText(new vscode.Range(start, 0, end, document.lineAt(end).text.length));
}

/** Problems of one file (or all), one per line: `a.ts:3:5 error: message (source)`. */
export function problemsText(filePath: string | null): string {
  const entries: Array<[vscode.Uri, readonly vscode.Diagnostic[]]> =
    filePath === null
      ? vscode.languages.getDiagnostics()
      : [[vscode.Uri.file(filePath), vscode.languages.getDiagnostics(vscode.Uri.file(filePath))]];
  const lines: string[] = [];
  let total = 0;
  for (const [uri, diagnostics] of entries) {
    for (const diagnostic of diagnostics) {
      total += 1;
      if (lines.length < MAX_PROBLEMS) lines.push(describeDiagnostic(uri, diagnostic));
    }
  }
  const where = filePath === null ? vscode.l10n.t('the workspace') : vscode.workspace.asRelativePath(filePath);
  if (total === 0) return vscode.l10n.t('No problems in {0}.', where);
  const more = total > lines.length ? vscode.l10n.t('\n({0} more not listed)', total - lines.length) : '';
  return vscode.l10n.t('Problems in {0}:\n{1}{2}', where, lines.join('\n'), more);
}

export function describeDiagnostic(uri: vscode.Uri, diagnostic: vscode.Diagnostic): string {
  const { line, character } = diagnostic.range.start;
  const severity = ['error', 'warning', 'info', 'hint'][diagnostic.severity] ?? 'problem';
  const source = diagnostic.source ? ` (${diagnostic.source})` : '';
  return `${vscode.workspace.asRelativePath(uri)}:${line + 1}:${character + 1} ${severity}: ${diagnostic.message}${source}`;
}

/** The current editor's selection as a reference; null without an editor or with an empty selection. */
export function selectionRef(
  editor: vscode.TextEditor | undefined = vscode.window.activeTextEditor,
): ContextRef | null {
  if (!editor || editor.document.uri.scheme !== 'file' || editor.selection.isEmpty) return null;
  const { start, end } = editor.selection;
  // A selection ending at column 0 of a line does not take that line.
  const endLine = end.character === 0 && end.line > start.line ? end.line : end.line + 1;
  return { kind: 'selection', path: editor.document.uri.fsPath, range: { startLine: start.line + 1, endLine } };
}

interface ContextPick extends vscode.QuickPickItem {
  ref?: ContextRef;
  /** Read when picked, not when listed (a terminal's selection: terminalSelection.ts). */
  read?: () => Promise<ContextRef | undefined>;
}

/**
 * The "@" picker: a quick pick that starts with the selection, the open editors and Problems, and
 * searches files, folders and workspace symbols as the user types. Several items can be picked.
 */
export async function pickContext(): Promise<ContextRef[]> {
  const quickPick = vscode.window.createQuickPick<ContextPick>();
  quickPick.title = vscode.l10n.t('Add Context to the Chat');
  quickPick.placeholder = vscode.l10n.t('Search files, folders and symbols (#symbol for symbols only)');
  quickPick.canSelectMany = true;
  quickPick.matchOnDescription = true;
  const fixed = fixedPicks();
  quickPick.items = fixed;
  let search = 0;
  const disposables = new DisposableStore();
  disposables.add(quickPick);
  disposables.add(
    quickPick.onDidChangeValue((value) => {
      const id = (search += 1);
      void searchPicks(value).then((found) => {
        if (id !== search) return; // a newer query answered already
        const kept = quickPick.selectedItems;
        quickPick.items = [...fixed, ...found];
        quickPick.selectedItems = quickPick.items.filter((item) => kept.some((k) => k.label === item.label));
      });
    }),
  );
  try {
    return await new Promise<ContextRef[]>((resolve) => {
      disposables.add(
        quickPick.onDidAccept(() => {
          const picked = quickPick.selectedItems.length > 0 ? quickPick.selectedItems : quickPick.activeItems;
          resolve(readPicks(picked)); // first: the hide below resolves with nothing otherwise
          quickPick.hide();
        }),
      );
      disposables.add(quickPick.onDidHide(() => resolve([])));
      quickPick.show();
    });
  } finally {
    // Its subscriptions first, then the quick pick itself (added first).
    disposables.dispose();
  }
}

/** The references of the picked items; a terminal with nothing selected says so and adds nothing. */
async function readPicks(picked: readonly ContextPick[]): Promise<ContextRef[]> {
  const refs: ContextRef[] = [];
  for (const item of picked) {
    const ref = item.ref ?? (await item.read?.());
    if (ref) refs.push(ref);
    else if (item.read)
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Nothing is selected in the terminal: select the lines to add, then pick it again.'),
      );
  }
  return refs;
}

function fixedPicks(): ContextPick[] {
  const picks: ContextPick[] = [];
  const selection = selectionRef();
  if (selection) picks.push(pick(selection, vscode.l10n.t('Current selection'), '$(selection)'));
  const terminal = vscode.window.activeTerminal;
  if (terminal) {
    picks.push({
      label: vscode.l10n.t('Selection in the terminal'),
      iconPath: new vscode.ThemeIcon('terminal'),
      description: terminal.name,
      read: () => terminalSelectionRef(terminal),
    });
  }
  const open = new Set<string>();
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === 'file') open.add(tab.input.uri.fsPath);
    }
  }
  if (open.size > 0) picks.push({ label: vscode.l10n.t('Open editors'), kind: vscode.QuickPickItemKind.Separator });
  for (const filePath of open) picks.push(pick({ kind: 'file', path: filePath }, relative(filePath), '$(file)'));
  picks.push({ label: vscode.l10n.t('Problems'), kind: vscode.QuickPickItemKind.Separator });
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active?.scheme === 'file') {
    const ref: ContextRef = { kind: 'problems', path: active.fsPath };
    picks.push(
      pick(ref, vscode.l10n.t('{0} in this file', vscode.languages.getDiagnostics(active).length), '$(warning)'),
    );
  }
  const all = vscode.languages.getDiagnostics().reduce((sum, [, list]) => sum + list.length, 0);
  picks.push(pick({ kind: 'problems', path: null }, vscode.l10n.t('{0} in the workspace', all), '$(warning)'));
  return picks;
}

async function searchPicks(query: string): Promise<ContextPick[]> {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  const symbolsOnly = trimmed.startsWith('#');
  const term = symbolsOnly ? trimmed.slice(1) : trimmed;
  const glob = `**/*${term.replace(/[{}[\]*?\\]/g, '')}*`;
  const [files, symbols] = await Promise.all([
    symbolsOnly ? [] : vscode.workspace.findFiles(glob, undefined, SEARCH_RESULTS).then(undefined, () => []),
    term === ''
      ? []
      : Promise.resolve(
          vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', term),
        ).then(
          (found) => found ?? [],
          () => [],
        ),
  ]);
  const picks: ContextPick[] = [];
  const folders = new Set<string>();
  if (files.length > 0) picks.push({ label: vscode.l10n.t('Files'), kind: vscode.QuickPickItemKind.Separator });
  for (const uri of files) {
    picks.push(pick({ kind: 'file', path: uri.fsPath }, relative(uri.fsPath), '$(file)'));
    const dir = path.dirname(uri.fsPath);
    if (path.basename(dir).toLowerCase().includes(term.toLowerCase())) folders.add(dir);
  }
  for (const dir of folders) picks.push(pick({ kind: 'folder', path: dir }, relative(dir), '$(folder)'));
  const fileSymbols = symbols.filter((symbol) => symbol.location?.uri?.scheme === 'file').slice(0, SEARCH_RESULTS);
  if (fileSymbols.length > 0) picks.push({ label: vscode.l10n.t('Symbols'), kind: vscode.QuickPickItemKind.Separator });
  for (const symbol of fileSymbols) {
    const { start, end } = symbol.location.range;
    const ref: ContextRef = {
      kind: 'symbol',
      path: symbol.location.uri.fsPath,
      name: symbol.name.slice(0, 200),
      range: { startLine: start.line + 1, endLine: end.line + 1 },
    };
    picks.push(pick(ref, `${relative(symbol.location.uri.fsPath)}:${start.line + 1}`, '$(symbol-misc)'));
  }
  return picks;
}

function pick(ref: ContextRef, description: string, icon: string): ContextPick {
  return { label: `${icon} ${contextLabel(ref)}`, description, ref };
}

function relative(filePath: string): string {
  return vscode.workspace.asRelativePath(filePath);
}
