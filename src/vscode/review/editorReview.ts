// Inline review in the editor: pending hunks are decorated (added lines highlighted, removed
// lines shown after a marker and in the hover), each hunk has Keep / Undo CodeLenses, the file
// has Keep All / Undo All / Open Diff, and next/previous change move the cursor between hunks.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import { fileHunks, findFile, hunkConflicts, type FileReview } from '../../review/reviewModel';
import type { ReviewHunk } from '../../review/hunks';
import type { ReviewStore } from './reviewStore';

export const REVIEW_COMMANDS = {
  keepHunk: 'switchboard.review.keepHunk',
  undoHunk: 'switchboard.review.undoHunk',
  keepFile: 'switchboard.review.keepFile',
  undoFile: 'switchboard.review.undoFile',
  keepAll: 'switchboard.review.keepAll',
  undoAll: 'switchboard.review.undoAll',
  openDiff: 'switchboard.review.openDiff',
  nextChange: 'switchboard.review.nextChange',
  previousChange: 'switchboard.review.previousChange',
} as const;

/** Context key: the active editor's file has pending review hunks (enables the keybindings). */
const HAS_CHANGES_CONTEXT = 'switchboard.review.fileHasChanges';
const MAX_REMOVED_PREVIEW = 60;
const MAX_DECORATED_LINES = 5000;
/** Removed lines shown in a hover: a hover is for a glance; the diff editor shows them all. */
const MAX_HOVER_LINES = 200;

export interface AppliedDecorations {
  added: number[];
  removed: number[];
}

export class EditorReview implements vscode.Disposable, vscode.CodeLensProvider {
  private readonly added = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly removed = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderColor: new vscode.ThemeColor('editorGutter.deletedBackground'),
    borderStyle: 'solid',
    borderWidth: '2px 0 0 0',
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly disposables = new DisposableStore();
  /** What was last applied per document (the in-host tests read it: decorations have no getter). */
  readonly applied = new Map<string, AppliedDecorations>();

  constructor(private readonly store: ReviewStore) {
    this.disposables.add(this.added);
    this.disposables.add(this.removed);
    this.disposables.add(this.lensesChanged);
    this.disposables.add(vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this));
    this.disposables.add(store.onDidChange(() => this.refresh()));
    this.disposables.add(vscode.window.onDidChangeVisibleTextEditors(() => this.refresh()));
    this.disposables.add(vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()));
    this.refresh();
  }

  refresh(): void {
    for (const editor of vscode.window.visibleTextEditors) this.decorate(editor);
    this.lensesChanged.fire();
    this.updateContext();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const file = findFile(this.store.state, document.uri.fsPath);
    if (!file || file.current !== document.getText()) return [];
    const hunks = fileHunks(file);
    if (hunks.length === 0) return [];
    const filePath = file.path;
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses = [
      new vscode.CodeLens(top, {
        title:
          hunks.length === 1
            ? vscode.l10n.t('Switchboard: 1 agent change')
            : vscode.l10n.t('Switchboard: {0} agent changes', hunks.length),
        command: REVIEW_COMMANDS.openDiff,
        arguments: [filePath],
      }),
      new vscode.CodeLens(top, {
        title: vscode.l10n.t('Keep All'),
        command: REVIEW_COMMANDS.keepFile,
        arguments: [filePath],
      }),
      new vscode.CodeLens(top, {
        title: vscode.l10n.t('Undo All'),
        command: REVIEW_COMMANDS.undoFile,
        arguments: [filePath],
      }),
    ];
    hunks.forEach((hunk, index) => {
      const range = new vscode.Range(anchorLine(hunk, document), 0, anchorLine(hunk, document), 0);
      if (hunk.replaced) {
        lenses.push(
          new vscode.CodeLens(range, {
            title: vscode.l10n.t(
              'Replaced: {0} lines → {1} lines (too many changes to compare line by line)',
              hunk.baseLines.length,
              hunk.currentLines.length,
            ),
            command: REVIEW_COMMANDS.openDiff,
            arguments: [filePath],
          }),
        );
      }
      const conflicts = hunkConflicts(file, hunk);
      if (conflicts.length > 0) {
        lenses.push(
          new vscode.CodeLens(range, {
            title: vscode.l10n.t(
              '$(warning) Conflict: the agent replaced your unsaved edits here (Undo brings yours back)',
            ),
            command: REVIEW_COMMANDS.openDiff,
            arguments: [filePath],
          }),
        );
      }
      lenses.push(
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('$(check) Keep'),
          tooltip: vscode.l10n.t('Keep this change'),
          command: REVIEW_COMMANDS.keepHunk,
          arguments: [filePath, index],
        }),
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('$(discard) Undo'),
          tooltip: vscode.l10n.t('Undo this change (Ctrl+Z undoes the Undo)'),
          command: REVIEW_COMMANDS.undoHunk,
          arguments: [filePath, index],
        }),
      );
    });
    return lenses;
  }

  /** Moves the cursor to the next (or previous) pending hunk in the active editor, wrapping around. */
  async goToChange(direction: 1 | -1): Promise<boolean> {
    const editor = vscode.window.activeTextEditor;
    const file = editor ? findFile(this.store.state, editor.document.uri.fsPath) : undefined;
    if (!editor || !file) return false;
    const lines = fileHunks(file).map((hunk) => anchorLine(hunk, editor.document));
    if (lines.length === 0) return false;
    const here = editor.selection.active.line;
    const target =
      direction === 1
        ? (lines.find((line) => line > here) ?? lines[0]!)
        : ([...lines].reverse().find((line) => line < here) ?? lines[lines.length - 1]!); // non-empty (checked above)
    const position = new vscode.Position(target, 0);
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return true;
  }

  private decorate(editor: vscode.TextEditor): void {
    const document = editor.document;
    if (document.uri.scheme !== 'file') return;
    const file = findFile(this.store.state, document.uri.fsPath);
    // Stale state (the document moved on before review caught up) shows nothing rather than wrong lines.
    const hunks = file && file.current === document.getText() ? fileHunks(file) : [];
    const added: vscode.DecorationOptions[] = [];
    const removed: vscode.DecorationOptions[] = [];
    for (const hunk of hunks) {
      // An agent decides how many lines change: past MAX_DECORATED_LINES the CodeLens and the diff
      // say the rest (each decoration costs the extension host and the renderer on every refresh).
      for (let i = 0; i < hunk.currentLines.length && added.length < MAX_DECORATED_LINES; i++) {
        const line = hunk.currentStart + i;
        if (line < document.lineCount) added.push({ range: document.lineAt(line).range });
      }
      if (hunk.baseLines.length > 0) removed.push(removedMarker(hunk, document, file!));
    }
    editor.setDecorations(this.added, added);
    editor.setDecorations(this.removed, removed);
    if (hunks.length > 0 || this.applied.has(document.uri.fsPath)) {
      this.applied.set(document.uri.fsPath, {
        added: added.map((option) => option.range.start.line),
        removed: removed.map((option) => option.range.start.line),
      });
    }
  }

  private updateContext(): void {
    const editor = vscode.window.activeTextEditor;
    const file = editor ? findFile(this.store.state, editor.document.uri.fsPath) : undefined;
    void vscode.commands.executeCommand(
      'setContext',
      HAS_CHANGES_CONTEXT,
      file !== undefined && fileHunks(file).length > 0,
    );
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

/** The line a hunk's markers sit on: its first current line, or where its removed lines were. */
function anchorLine(hunk: ReviewHunk, document: vscode.TextDocument): number {
  return Math.min(hunk.currentStart, Math.max(0, document.lineCount - 1));
}

function removedMarker(hunk: ReviewHunk, document: vscode.TextDocument, file: FileReview): vscode.DecorationOptions {
  const line = anchorLine(hunk, document);
  const first = (hunk.baseLines[0] ?? '').replace(/\r?\n$/, '');
  const preview = first.length > MAX_REMOVED_PREVIEW ? `${first.slice(0, MAX_REMOVED_PREVIEW)}…` : first;
  const more = hunk.baseLines.length > 1 ? vscode.l10n.t(' (+{0} more removed)', hunk.baseLines.length - 1) : '';
  const hover = new vscode.MarkdownString();
  hover.appendMarkdown(vscode.l10n.t('**Removed by the agent** in {0}:\n', path.basename(file.path)));
  const shown = hunk.baseLines.slice(0, MAX_HOVER_LINES);
  hover.appendCodeblock(shown.map((removedLine) => `- ${removedLine.replace(/\r?\n$/, '')}`).join('\n'), 'diff');
  if (hunk.baseLines.length > shown.length)
    hover.appendMarkdown(
      vscode.l10n.t('… and {0} more removed lines (Open Diff shows them).', hunk.baseLines.length - shown.length),
    );
  return {
    range: document.lineAt(line).range,
    hoverMessage: hover,
    renderOptions: {
      after: {
        contentText: `  − ${preview}${more}`,
        color: new vscode.ThemeColor('editorError.foreground'),
        fontStyle: 'italic',
        margin: '0 0 0 2em',
      },
    },
  };
}
