// Review with VS Code's own tools, beside the inline Keep/Undo: a quick diff provider whose original
// of a file under review is its review baseline (served by BaselineDiff under `switchboard-baseline:`),
// so the gutter shows agent changes like git's, and VS Code's next/previous change (Alt+F5,
// Shift+Alt+F5) and its peek widget work on them; and "Review All Agent Changes", every pending file in
// VS Code's multi-file diff editor. Reads the review through the store's public state only.
import { isRegularFile } from '../../review/diskText';
import * as vscode from 'vscode';
import { findFile, summarize, type ReviewState } from '../../review/reviewModel';
import { BASELINE_SCHEME } from './baselineDiff';
import type { ReviewStore } from './reviewStore';

/** The baseline document of a file under review (BaselineDiff serves it, and refreshes it on changes). */
export function baselineUri(filePath: string, exists = true): vscode.Uri {
  return vscode.Uri.from({
    scheme: BASELINE_SCHEME,
    path: vscode.Uri.file(filePath).path,
    query: exists ? 'baseline' : 'empty',
  });
}

/** The files with pending agent changes, in the Changes view's order. */
export function pendingPaths(state: ReviewState): string[] {
  return state.files.filter((file) => summarize(file).status === 'pending').map((file) => file.path);
}

export class AgentQuickDiff implements vscode.QuickDiffProvider, vscode.Disposable {
  private readonly sourceControl: vscode.SourceControl;

  constructor(private readonly store: ReviewStore) {
    // A source control without resource groups: it exists for its quick diff (the Changes view lists files).
    this.sourceControl = vscode.scm.createSourceControl('switchboard', vscode.l10n.t('Switchboard agent changes'));
    this.sourceControl.quickDiffProvider = this;
  }

  provideOriginalResource(uri: vscode.Uri): vscode.Uri | undefined {
    if (uri.scheme !== 'file') return undefined;
    const file = findFile(this.store.state, uri.fsPath);
    // A binary file has no text to compare with (its baseline is the id of a copy of its bytes).
    if (!file || file.binary || summarize(file).status !== 'pending') return undefined;
    return baselineUri(uri.fsPath, file.baseline !== null);
  }

  /** Every pending file in the multi-file diff editor (`vscode.changes`): baseline against the file now. */
  async reviewAll(): Promise<void> {
    const paths = pendingPaths(this.store.state);
    if (paths.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('There are no pending agent changes to review.'));
      return;
    }
    const resources = await Promise.all(
      paths.map(async (filePath) => {
        const file = findFile(this.store.state, filePath);
        const original = baselineUri(filePath, file?.baseline !== null);
        // A deleted file has no document: its right side is empty.
        const modified = (await isRegularFile(filePath)) ? vscode.Uri.file(filePath) : baselineUri(filePath, false);
        return [vscode.Uri.file(filePath), original, modified] as const;
      }),
    );
    await vscode.commands.executeCommand(
      'vscode.changes',
      vscode.l10n.t('Agent Changes ({0} files)', paths.length),
      resources,
    );
  }

  dispose(): void {
    this.sourceControl.dispose();
  }
}
