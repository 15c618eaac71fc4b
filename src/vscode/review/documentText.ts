// Reading and changing workspace files the way the editor sees them: open documents win over the
// disk, and changes go through WorkspaceEdits (so they are on the editor's undo stack) as minimal
// line edits (so the cursor, folds and unrelated lines are untouched).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readDiskText } from '../../review/diskText';
import { regularFileOrMissing } from '../../fs/regularFile';
import { minimalEdits } from '../../review/merge';

export function findOpenDocument(filePath: string): vscode.TextDocument | undefined {
  const wanted = path.resolve(filePath);
  return vscode.workspace.textDocuments.find(
    (document) => document.uri.scheme === 'file' && path.resolve(document.uri.fsPath) === wanted,
  );
}

/** An open document's text (no I/O), undefined when the file is not open. */
export function openDocumentText(filePath: string): string | undefined {
  return findOpenDocument(filePath)?.getText();
}

/** The text the user sees (null: no such file; undefined: above maxBytes, binary or not a file): open documents as they are, other files read asynchronously. */
export async function readCurrentTextAsync(
  filePath: string,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<string | null | undefined> {
  const open = findOpenDocument(filePath);
  if (open) return open.getText();
  return readDiskText(filePath, maxBytes);
}

/** The edits that turn the document's text into `text`, as one WorkspaceEdit entry. */
export function minimalDocumentEdits(document: vscode.TextDocument, text: string): vscode.TextEdit[] {
  return minimalEdits(document.getText(), text).map((edit) =>
    vscode.TextEdit.replace(
      new vscode.Range(document.positionAt(edit.offset), document.positionAt(edit.offset + edit.length)),
      edit.text,
    ),
  );
}

/**
 * Makes the file's text `text` (null deletes it) through the editor, then saves. Returns false
 * when VS Code refused the edit, or when something other than a regular file is at the path.
 */
export async function writeThroughEditor(
  filePath: string,
  text: string | null,
  options: { save: boolean },
): Promise<boolean> {
  const uri = vscode.Uri.file(filePath);
  if (text === null) {
    const edit = new vscode.WorkspaceEdit();
    edit.deleteFile(uri, { ignoreIfNotExists: true });
    return vscode.workspace.applyEdit(edit);
  }
  if (!findOpenDocument(filePath)) {
    const found = await regularFileOrMissing(filePath).catch(() => null);
    // A folder, a FIFO or a device where the file was: opening it as a document would read it (a FIFO blocks).
    if (found !== 'file' && found !== 'missing') return false;
    if (found === 'missing') {
      await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(filePath)));
      const create = new vscode.WorkspaceEdit();
      create.createFile(uri, { ignoreIfExists: true });
      if (!(await vscode.workspace.applyEdit(create))) return false;
    }
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const edits = minimalDocumentEdits(document, text);
  if (edits.length > 0) {
    const edit = new vscode.WorkspaceEdit();
    edit.set(uri, edits);
    if (!(await vscode.workspace.applyEdit(edit))) return false;
  }
  if (options.save && document.isDirty) return document.save();
  return true;
}
