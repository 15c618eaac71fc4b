// ACP's fs/read_text_file and fs/write_text_file against VS Code. Reads see the user's unsaved
// edits; writes go through the editor (a WorkspaceEdit on that one document, then save) so Undo
// reverts them and the user's unsaved edits in other files are never touched.
//
// The checks before anything touches the disk, the read and the failure answers are in
// fsRequests.ts (no `vscode` there, so unit tests run them on real files); this file is the editor
// they work against and the defaults from the user's settings.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { RequestFailure, type ClientHandlers, type WriteOutcome } from '../../session/api';
import { askExecutionConfigWrite, askOutsideWorkspace, readMaxBytes, readOutsidePolicy } from './consent';
import { displayPath } from '../../fs/paths';
import type { MergeOutcome } from '../../review/merge';
import { findOpenDocument, minimalDocumentEdits, staleDiskText, writeTextOnDisk } from '../review/documentText';
import { ErrorCodes } from '../../protocol/methods';
import {
  createFsRequestHandlers,
  throwIfCancelled,
  type EditorWrite,
  type FsEditor,
  type FsRequestOptions,
} from './fsRequests';

/** As FsRequestOptions; each one left out is the user's setting or the real modal. The log is the agent's. */
export type FsHandlerOptions = Partial<FsRequestOptions> & Pick<FsRequestOptions, 'log'>;

/** editor: VS Code's documents; a chat in its own worktree passes the worktree's files on disk (worktreeFiles.ts). */
export function createFsHandlers(options: FsHandlerOptions, editor: FsEditor = vscodeEditor): ClientHandlers {
  const agentName = options.agentName ?? vscode.l10n.t('The agent');
  return createFsRequestHandlers(
    {
      ...options,
      agentName,
      confirmOutsideWorkspace:
        options.confirmOutsideWorkspace ?? ((request) => askOutsideWorkspace(agentName, request)),
      confirmExecutionConfig:
        options.confirmExecutionConfig ?? ((request) => askExecutionConfigWrite(agentName, request)),
      readOutsideWorkspace: options.readOutsideWorkspace ?? readOutsidePolicy,
      maxReadBytes: options.maxReadBytes ?? readMaxBytes,
    },
    editor,
  );
}

const vscodeEditor: FsEditor = {
  workspaceFolders: workspaceFolderPaths,
  openDocument: findOpenDocument,
  write: editorWrite,
};

async function editorWrite({ filePath, content, onDisk, signal, review, texts }: EditorWrite): Promise<WriteOutcome> {
  const uri = vscode.Uri.file(filePath);
  const existed = await ensureFileExists(uri, onDisk);
  const document = await vscode.workspace.openTextDocument(uri);
  // A clean document VS Code has not reloaded since the file changed on disk: the write goes to disk.
  const disk = await staleDiskText(document);
  const oldText = existed ? (disk ?? document.getText()) : null;
  throwIfCancelled(signal);

  let merged: MergeOutcome;
  if (disk !== undefined) {
    merged = mergeOnto(document, disk, content, review, existed).merged;
    if ((await writeTextOnDisk(uri, merged.text)) === 'refused')
      throw new RequestFailure(ErrorCodes.internalError, `Could not write ${filePath}`);
  } else {
    merged = await applyWrite(document, content, review, existed);
    if (document.isDirty && !(await document.save()))
      throw new RequestFailure(ErrorCodes.internalError, `Could not save ${filePath}`);
  }
  const write = { path: filePath, before: oldText, after: disk !== undefined ? merged.text : document.getText() };
  return review
    ? review.agentWrote({ ...write, content, conflicts: merged.conflicts })
    : texts.record(write.path, write.before, write.after);
}

/**
 * The text a write leaves. With review, the agent's content merged onto `live` (what the user typed meanwhile); a
 * different line-ending style is a whole-file change either way.
 */
function mergeOnto(
  document: vscode.TextDocument,
  live: string,
  content: string,
  review: EditorWrite['review'],
  existed: boolean,
): { merged: MergeOutcome; mergeable: boolean } {
  const mergeable = review !== undefined && existed && sameLineEndings(document, content);
  const merged = mergeable ? review.mergeWrite(document.uri.fsPath, live, content) : { text: content, conflicts: [] };
  return { merged, mergeable };
}

/** Puts the agent's content into the document: merged, as minimal edits; else the whole text replaced. */
async function applyWrite(
  document: vscode.TextDocument,
  content: string,
  review: EditorWrite['review'],
  existed: boolean,
): Promise<MergeOutcome> {
  const live = document.getText();
  const { merged, mergeable } = mergeOnto(document, live, content, review, existed);
  if (live !== merged.text) {
    const edit = new vscode.WorkspaceEdit();
    edit.set(
      document.uri,
      mergeable ? minimalDocumentEdits(document, merged.text) : replaceAllEdits(document, content),
    );
    if (!(await vscode.workspace.applyEdit(edit))) {
      throw new RequestFailure(
        ErrorCodes.internalError,
        `VS Code refused the edit to ${document.uri.fsPath} (is it read-only?)`,
      );
    }
  }
  return merged;
}

function sameLineEndings(document: vscode.TextDocument, content: string): boolean {
  const contentEol = content.includes('\r\n')
    ? vscode.EndOfLine.CRLF
    : content.includes('\n')
      ? vscode.EndOfLine.LF
      : null;
  return contentEol === null || contentEol === document.eol;
}

/** Creates the file (and missing parent folders) through a WorkspaceEdit; false when it was new. */
async function ensureFileExists(uri: vscode.Uri, onDisk: 'file' | 'missing'): Promise<boolean> {
  if (onDisk === 'file' || findOpenDocument(uri.fsPath)) return true;
  await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(uri.fsPath)));
  const create = new vscode.WorkspaceEdit();
  create.createFile(uri, { ignoreIfExists: true });
  if (!(await vscode.workspace.applyEdit(create))) {
    throw new RequestFailure(ErrorCodes.internalError, `Could not create ${displayPath(uri.fsPath)}`);
  }
  return false;
}

/**
 * Replaces the whole document. The editor normalises inserted line endings to the document's EOL,
 * so the EOL is switched to the one the agent used; otherwise a CRLF file would come back LF.
 */
function replaceAllEdits(document: vscode.TextDocument, content: string): vscode.TextEdit[] {
  const fullRange = new vscode.Range(new vscode.Position(0, 0), document.lineAt(document.lineCount - 1).range.end);
  const edits = [vscode.TextEdit.replace(fullRange, content)];
  const eol = content.includes('\r\n') ? vscode.EndOfLine.CRLF : content.includes('\n') ? vscode.EndOfLine.LF : null;
  if (eol !== null && eol !== document.eol) edits.push(vscode.TextEdit.setEndOfLine(eol));
  return edits;
}

/** The workspace's file folders, in the editor's order (the first is the agent's cwd). */
export function workspaceFolderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => folder.uri.fsPath);
}
