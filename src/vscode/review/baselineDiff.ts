// "Open diff": a file's review baseline (served live under the `switchboard-baseline:` scheme)
// against the real file in VS Code's diff editor, so the right side stays editable.
import { isRegularFile } from '../../review/diskText';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import { findFile } from '../../review/reviewModel';
import type { ReviewStore } from './reviewStore';

export const BASELINE_SCHEME = 'switchboard-baseline';

export class BaselineDiff implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly disposables = new DisposableStore();
  private readonly open = new Set<string>();

  constructor(private readonly store: ReviewStore) {
    this.disposables.add(vscode.workspace.registerTextDocumentContentProvider(BASELINE_SCHEME, this));
    this.disposables.add(
      store.onDidChange(() => {
        for (const uri of this.open) this.changed.fire(vscode.Uri.parse(uri));
      }),
    );
    this.disposables.add(this.changed);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    this.open.add(uri.toString());
    const file = findFile(this.store.state, vscode.Uri.file(uri.path).fsPath);
    // A binary file's baseline is the id of a copy of its bytes, not a text.
    return uri.query === 'empty' || file?.binary ? '' : (file?.baseline ?? '');
  }

  async show(filePath: string): Promise<void> {
    const file = findFile(this.store.state, filePath);
    // No text diff of a binary file: the file itself (VS Code's viewer for it), where it still is.
    if (file?.binary) {
      if (await isRegularFile(filePath)) await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(filePath));
      return;
    }
    const name = path.basename(filePath);
    const left = vscode.Uri.from({
      scheme: BASELINE_SCHEME,
      path: vscode.Uri.file(filePath).path,
      query: file ? 'baseline' : 'empty',
    });
    // A deleted file has no real document: the right side is empty.
    const right = (await isRegularFile(filePath))
      ? vscode.Uri.file(filePath)
      : vscode.Uri.from({ scheme: BASELINE_SCHEME, path: vscode.Uri.file(filePath).path, query: 'empty' });
    const what = file?.baseline === null ? 'created' : file?.current === null ? 'deleted' : 'changes';
    await vscode.commands.executeCommand(
      'vscode.diff',
      left,
      right,
      vscode.l10n.t('{0} (Switchboard review: {1})', name, what),
      {
        preview: true,
      },
    );
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
