// "Open diff" of a comparison's changed file: VS Code's diff editor with the file as the chat started from it (a
// read-only document under the `switchboard-compare:` scheme, its text kept here) against the chat's file in its
// worktree (the real file, so the editor shows it live).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorktreeFileTexts } from '../../worktrees/worktreeTypes';

export const COMPARE_SCHEME = 'switchboard-compare';
/** The before-texts kept for open diff editors (the oldest forgotten first). */
const MAX_KEPT = 50;

export class CompareTexts implements vscode.TextDocumentContentProvider {
  private readonly kept = new Map<string, string>();
  private next = 0;

  register(): vscode.Disposable {
    return vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.kept.get(uri.query) ?? '';
  }

  async openDiff(shown: string, change: WorktreeFileTexts, copy: string, agentName: string): Promise<void> {
    const virtual = (text: string) => {
      const key = String(this.next++);
      this.kept.set(key, text);
      if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      // The file's path in the URI: the editor picks the language and shows the name.
      return vscode.Uri.from({ scheme: COMPARE_SCHEME, path: vscode.Uri.file(copy).path, query: key });
    };
    const left = virtual(change.before ?? '');
    const right = change.kind === 'deleted' ? virtual('') : vscode.Uri.file(copy);
    const title = vscode.l10n.t('{0} ({1}, in its worktree)', path.basename(shown), agentName);
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }
}
