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
 * When a write through the editor is saved: `always` (a checkpoint restore), or `ifClean`: only when the
 * document had no unsaved changes before it (the disk held what the editor showed, so the disk should follow;
 * unsaved typing of the user's is never saved for them).
 */
export type SaveRule = 'always' | 'ifClean';

/** refused: VS Code refused the edit (or, under `always`, the save); saved: the disk holds the text too. */
export type EditorWriteResult = 'refused' | 'saved' | 'unsaved';

/** Makes the file's text `text` (null deletes it) through the editor, then saves by the rule. */
export async function writeThroughEditor(
  filePath: string,
  text: string | null,
  options: { save: SaveRule },
): Promise<EditorWriteResult> {
  const uri = vscode.Uri.file(filePath);
  if (text === null) {
    const edit = new vscode.WorkspaceEdit();
    edit.deleteFile(uri, { ignoreIfNotExists: true });
    return (await vscode.workspace.applyEdit(edit)) ? 'saved' : 'refused';
  }
  if (!findOpenDocument(filePath)) {
    const found = await regularFileOrMissing(filePath).catch(() => null);
    // A folder, a FIFO or a device where the file was: opening it as a document would read it (a FIFO blocks).
    if (found !== 'file' && found !== 'missing') return 'refused';
    if (found === 'missing') {
      await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(filePath)));
      const create = new vscode.WorkspaceEdit();
      create.createFile(uri, { ignoreIfExists: true });
      if (!(await vscode.workspace.applyEdit(create))) return 'refused';
    }
  }
  const document = await vscode.workspace.openTextDocument(uri);
  if ((await staleDiskText(document)) !== undefined) return writeTextOnDisk(uri, text);
  const wasClean = !document.isDirty;
  const edits = minimalDocumentEdits(document, text);
  if (edits.length > 0) {
    const edit = new vscode.WorkspaceEdit();
    edit.set(uri, edits);
    if (!(await vscode.workspace.applyEdit(edit))) return 'refused';
  }
  if (!document.isDirty) return 'saved';
  if (options.save === 'always') return (await document.save()) ? 'saved' : 'refused';
  if (!wasClean) return 'unsaved';
  return (await document.save()) ? 'saved' : 'unsaved';
}

/** Makes the file hold `bytes` (null deletes it) on disk: a binary file's Undo, which no text editor holds. */
export async function writeBytes(filePath: string, bytes: Uint8Array | null): Promise<EditorWriteResult> {
  const uri = vscode.Uri.file(filePath);
  if (bytes === null) return writeThroughEditor(filePath, null, { save: 'ifClean' });
  const found = await regularFileOrMissing(filePath).catch(() => null);
  // A folder, a FIFO or a device where the file was is not written over.
  if (found !== 'file' && found !== 'missing') return 'refused';
  await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(filePath)));
  return vscode.workspace.fs.writeFile(uri, bytes).then(
    () => 'saved' as const,
    () => 'refused' as const,
  );
}

/** A clean document larger than this is not compared with the disk before a write (the check reads the file). */
const STALE_CHECK_MAX_BYTES = 16 * 1024 * 1024;
/** How long VS Code gets to load a file that changed on disk into its clean document before the write goes to disk. */
const RELOAD_WAIT_MS = 1_500;

/**
 * A clean document must hold what is on disk before it is edited and saved. VS Code loads a disk change into an
 * open document when its file watcher reports it; a write applied before that lands on the old text, and its save
 * is refused ("File Modified Since": an agent's write failed with "Could not save" on a busy machine). So a clean
 * document whose text is not the disk's is given a moment to reload. Undefined when the document may be edited
 * (it holds the disk's text, or the user's unsaved text, theirs to reconcile); else the disk's text, for the caller
 * to write the file on disk instead (VS Code then reloads the clean document from there). Not VS Code's Revert File
 * command: it reverts the active editor's file whatever it is given, and discards that file's unsaved text.
 */
export async function staleDiskText(document: vscode.TextDocument): Promise<string | undefined> {
  if (document.isDirty || document.uri.scheme !== 'file') return undefined;
  const disk = await readDiskText(document.uri.fsPath, STALE_CHECK_MAX_BYTES).catch(() => undefined);
  if (typeof disk !== 'string' || disk === document.getText()) return undefined;
  const reloaded = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), RELOAD_WAIT_MS);
    const subscription = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === document && document.getText() === disk) done(true);
    });
    function done(result: boolean): void {
      clearTimeout(timer);
      subscription.dispose();
      resolve(result);
    }
  });
  return reloaded || document.isDirty ? undefined : disk;
}

/**
 * Writes a file's text on disk (UTF-8), past any document of it: what a stale clean document will reload. Through
 * writeBytes, so what stands where the file was (a folder, a FIFO) is not written over.
 */
export function writeTextOnDisk(uri: vscode.Uri, text: string): Promise<EditorWriteResult> {
  return writeBytes(uri.fsPath, new TextEncoder().encode(text));
}
