// What the user is told after an Undo: where the file now stands. An Undo of a change that was on disk is saved
// (a short status bar note); one made while the user had unsaved edits in the file changes only the editor, and
// the file on disk keeps the agent's change until the user saves: that is said in a notification, since a later
// build or the agent would otherwise read the agent's text.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { UndoneFile } from './reviewController';

const STATUS_MS = 5_000;

export function showUndoNotice(files: readonly UndoneFile[]): void {
  const unsaved = files.filter((file) => file.result === 'unsaved').map((file) => path.basename(file.path));
  const saved = files.filter((file) => file.result === 'saved');
  if (unsaved.length > 0) {
    void vscode.window.showInformationMessage(
      unsaved.length === 1
        ? vscode.l10n.t(
            'Switchboard undid the change in the editor. {0} has unsaved edits of yours, so the file on disk keeps the change until you save it.',
            unsaved[0]!,
          )
        : vscode.l10n.t(
            'Switchboard undid the changes in the editor. {0} have unsaved edits of yours, so the files on disk keep the changes until you save them.',
            unsaved.join(', '),
          ),
    );
  }
  if (saved.length > 0) {
    vscode.window.setStatusBarMessage(
      saved.length === 1
        ? vscode.l10n.t('$(discard) Switchboard: undone and saved {0}', path.basename(saved[0]!.path))
        : vscode.l10n.t('$(discard) Switchboard: undone and saved {0} files', saved.length),
      STATUS_MS,
    );
  }
}
