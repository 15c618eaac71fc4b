// The "Changes" tree view: the session's changed files with +/- line counts, who changed them
// (agent, you) and whether they are pending, kept or undone. Clicking a file opens its diff.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import { summarize, type FileSummary } from '../../review/reviewModel';
import { REVIEW_COMMANDS } from './editorReview';
import type { ReviewStore } from './reviewStore';

export const CHANGES_VIEW_ID = 'switchboard.changes';

const STATUS_TEXT: Record<FileSummary['status'], string> = {
  pending: vscode.l10n.t('pending'),
  kept: vscode.l10n.t('kept'),
  undone: vscode.l10n.t('undone'),
  unknown: vscode.l10n.t('no earlier content to compare'),
};

export class ChangesView implements vscode.TreeDataProvider<FileSummary>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<FileSummary | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly disposables = new DisposableStore();
  private readonly view: vscode.TreeView<FileSummary>;

  constructor(private readonly store: ReviewStore) {
    this.view = vscode.window.createTreeView(CHANGES_VIEW_ID, { treeDataProvider: this, showCollapseAll: false });
    this.disposables.add(this.view);
    this.disposables.add(this.changed);
    this.disposables.add(store.onDidChange(() => this.refresh()));
    this.refresh();
  }

  /** What the view lists now (tests read it). */
  items(): FileSummary[] {
    return this.store.state.files.map(summarize);
  }

  getChildren(element?: FileSummary): FileSummary[] {
    return element ? [] : this.items();
  }

  getTreeItem(summary: FileSummary): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.Uri.file(summary.path), vscode.TreeItemCollapsibleState.None);
    item.id = summary.path;
    const authors = summary.authors.map((author) => (author === 'agent' ? 'agent' : 'you')).join(' + ');
    const counts =
      summary.status === 'unknown'
        ? ''
        : summary.binary
          ? vscode.l10n.t('binary file · ')
          : summary.replaced
            ? vscode.l10n.t('replaced {0} → {1} lines · ', summary.removed, summary.added)
            : `+${summary.added} −${summary.removed} · `;
    const kind = summary.created ? vscode.l10n.t('new · ') : summary.deleted ? vscode.l10n.t('deleted · ') : '';
    item.description = `${counts}${kind}${authors} · ${STATUS_TEXT[summary.status]}`;
    item.tooltip = `${summary.path}\n${item.description}${conflictNote(summary.conflictCount)}`;
    item.contextValue = summary.status === 'pending' ? 'switchboardChangePending' : 'switchboardChangeResolved';
    // A binary file has no text diff: the file itself opens (VS Code's viewer for it), unless it is gone.
    if (!summary.binary)
      item.command = {
        title: vscode.l10n.t('Open Diff'),
        command: REVIEW_COMMANDS.openDiff,
        arguments: [summary.path],
      };
    else if (!summary.deleted)
      item.command = {
        title: vscode.l10n.t('Open File'),
        command: 'vscode.open',
        arguments: [vscode.Uri.file(summary.path)],
      };
    if (summary.status !== 'pending')
      item.iconPath = new vscode.ThemeIcon(summary.status === 'undone' ? 'discard' : 'check');
    return item;
  }

  private refresh(): void {
    this.changed.fire(undefined);
    const pending = this.items().filter((item) => item.status === 'pending').length;
    this.view.badge =
      pending > 0
        ? {
            value: pending,
            tooltip:
              pending === 1
                ? vscode.l10n.t('1 file with pending agent changes')
                : vscode.l10n.t('{0} files with pending agent changes', pending),
          }
        : undefined;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

export function describePath(filePath: string): string {
  return path.basename(filePath);
}

/** The tooltip's line about changes that conflict with the user's unsaved edits (none: nothing). */
function conflictNote(count: number): string {
  if (!(count > 0)) return '';
  return count === 1
    ? vscode.l10n.t('\n1 conflict with your unsaved edits')
    : vscode.l10n.t('\n{0} conflicts with your unsaved edits', count);
}
