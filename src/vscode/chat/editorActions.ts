// The editor's ways into the chat: "Add Selection to Chat", "Add File to Chat" (editor, editor tab
// and Explorer context menus), "Explain" and "Fix" (also a quick fix on a diagnostic, which sends
// the diagnostic and the code around it). Adding puts chips in the composer; Explain and Fix send
// at once (queued when the agent is busy), like a message typed in the chat. The window's command
// table (src/vscode/window/commands.ts) maps the EDITOR_COMMANDS to these functions.
import * as vscode from 'vscode';
import type { ContextRef } from '../../shared/promptContext';
import { describeDiagnostic, selectionRef } from './promptContext';

export const EDITOR_COMMANDS = {
  addSelection: 'switchboard.addSelectionToChat',
  addFile: 'switchboard.addFileToChat',
  explain: 'switchboard.explainSelection',
  fix: 'switchboard.fixProblem',
} as const;

/** Lines of code sent around a diagnostic, before and after it. */
const FIX_CONTEXT_LINES = 5;

export interface EditorActionsTarget {
  /** Shows the chat and puts these in the composer. */
  addContext(items: ContextRef[]): Promise<void>;
  /** Shows the chat and sends (or queues) this message with its context. */
  send(text: string, context: ContextRef[]): Promise<void>;
}

/** "Add Selection to Chat". */
export async function addSelectionToChat(target: EditorActionsTarget): Promise<void> {
  const ref = selectionRef();
  if (!ref) return void vscode.window.showInformationMessage(vscode.l10n.t('Select some code in an editor first.'));
  await target.addContext([ref]);
}

/** "Add File to Chat": the clicked file and the multi-selection of a context menu, else the active editor's. */
export async function addFileToChat(target: EditorActionsTarget, clicked?: unknown, all?: unknown): Promise<void> {
  const refs = fileRefs(clicked, all);
  if (refs.length === 0)
    return void vscode.window.showInformationMessage(vscode.l10n.t('Open or select a file first.'));
  await target.addContext(refs);
}

/** "Explain": the selection, else the whole file. */
export async function explainInChat(target: EditorActionsTarget): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== 'file') {
    return void vscode.window.showInformationMessage(vscode.l10n.t('Open a file to explain.'));
  }
  const ref = selectionRef(editor) ?? { kind: 'file', path: editor.document.uri.fsPath };
  await target.send(
    ref.kind === 'selection' ? vscode.l10n.t('Explain this code.') : vscode.l10n.t('Explain this file.'),
    [ref],
  );
}

/** "Fix": the diagnostic of the quick fix, else those at the cursor, else the file's. */
export async function fixInChat(target: EditorActionsTarget, uri?: unknown, diagnostic?: unknown): Promise<void> {
  const request = fixRequest(uri, diagnostic);
  if (!request) return void vscode.window.showInformationMessage(vscode.l10n.t('There is no problem here to fix.'));
  await target.send(request.text, request.context);
}

/** The quick fix on diagnostics (its command is EDITOR_COMMANDS.fix). */
export function registerFixWithAgent(): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, new FixWithAgent(), {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
  });
}

/** The quick fix "Fix with Switchboard" on each diagnostic under the cursor. */
export class FixWithAgent implements vscode.CodeActionProvider {
  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    return context.diagnostics.map((diagnostic) => {
      const action = new vscode.CodeAction(
        vscode.l10n.t('Fix with Switchboard: {0}', diagnostic.message.split('\n')[0]!.slice(0, 80)),
        vscode.CodeActionKind.QuickFix,
      );
      action.diagnostics = [diagnostic];
      action.command = {
        command: EDITOR_COMMANDS.fix,
        title: vscode.l10n.t('Fix with Switchboard'),
        arguments: [document.uri, diagnostic],
      };
      return action;
    });
  }
}

/**
 * The message "Fix" sends: the diagnostics (the one the quick fix was for, else those at the
 * cursor or selection, else all of the file) and the code around them as a selection reference.
 */
export function fixRequest(uri?: unknown, diagnostic?: unknown): { text: string; context: ContextRef[] } | null {
  const editor = vscode.window.activeTextEditor;
  const target = uri instanceof vscode.Uri ? uri : editor?.document.uri;
  if (!target || target.scheme !== 'file') return null;
  let diagnostics: vscode.Diagnostic[];
  if (diagnostic instanceof vscode.Diagnostic) {
    diagnostics = [diagnostic];
  } else {
    const all = vscode.languages.getDiagnostics(target);
    const selection = editor && editor.document.uri.toString() === target.toString() ? editor.selection : undefined;
    const here = selection ? all.filter((d) => d.range.intersection(selection) !== undefined) : [];
    diagnostics = here.length > 0 ? here : all;
  }
  if (diagnostics.length === 0) return null;
  const first = Math.min(...diagnostics.map((d) => d.range.start.line));
  const last = Math.max(...diagnostics.map((d) => d.range.end.line));
  const range = { startLine: Math.max(1, first + 1 - FIX_CONTEXT_LINES), endLine: last + 1 + FIX_CONTEXT_LINES };
  const listed = diagnostics.slice(0, 50).map((d) => `- ${describeDiagnostic(target, d)}`);
  const text = vscode.l10n.t(
    'Fix {0}:\n{1}',
    diagnostics.length === 1 ? vscode.l10n.t('this problem') : vscode.l10n.t('these problems'),
    listed.join('\n'),
  );
  return { text, context: [{ kind: 'selection', path: target.fsPath, range }] };
}

/** The files a context menu passes (the clicked one and the multi-selection), or the active editor's. */
function fileRefs(clicked: unknown, all: unknown): ContextRef[] {
  const uris = (Array.isArray(all) && all.length > 0 ? all : [clicked]).filter(
    (uri): uri is vscode.Uri => uri instanceof vscode.Uri && uri.scheme === 'file',
  );
  if (uris.length === 0) {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active?.scheme === 'file') uris.push(active);
  }
  return uris.map((uri) => ({ kind: 'file', path: uri.fsPath }));
}
