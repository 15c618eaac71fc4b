// ACP's fs/read_text_file and fs/write_text_file against VS Code. Reads see the user's unsaved
// edits; writes go through the editor (a WorkspaceEdit on that one document, then save) so Undo
// reverts them and the user's unsaved edits in other files are never touched.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type * as acp from '@agentclientprotocol/sdk';
import { RequestFailure, type CancelSignal, type ClientHandlers, type WriteOutcome } from '../session/api';
import { DEFAULT_TURN_LIMITS } from '../review/budget';
import { readFileSlice, type FileSlice, type LineRequest } from './fileSlice';
import { sliceLines } from './lineSlice';
import type { ReviewWriteHooks } from './review/agentWrites';
import { minimalDocumentEdits } from './review/documentText';
import { isAbsolutePath, isInsideAnyFolder } from './paths';

export const INVALID_PARAMS = -32602;
export const RESOURCE_NOT_FOUND = -32002;
export const INTERNAL_ERROR = -32603;
export const REQUEST_CANCELLED = -32800;

/** Review's per-file cap (src/review/budget.ts): above it a read hands review no text. */
const REVIEW_MAX_FILE_BYTES = DEFAULT_TURN_LIMITS.maxFileBytes;

export interface FsHandlerOptions {
  /** Shown in the confirmation before a write outside the workspace ("Gemini CLI wants to ..."). */
  agentName?: string;
  /** Asks the user before a write outside every workspace folder; resolves true to allow. */
  confirmOutsideWorkspace?: (filePath: string) => Promise<boolean>;
  /** Review (issue 4): writes merge onto the live document as minimal edits and are recorded. */
  review?: ReviewWriteHooks;
}

export function createFsHandlers(options: FsHandlerOptions = {}): ClientHandlers {
  const agentName = options.agentName ?? 'The agent';
  const confirm = options.confirmOutsideWorkspace ?? ((filePath: string) => askToWriteOutside(agentName, filePath));
  return {
    readTextFile: (params, signal) => readTextFile(params, signal, options.review),
    writeTextFile: (params, signal) =>
      options.review
        ? options.review.ownEdit(String(params.path), () => writeTextFile(params, signal, confirm, options.review))
        : writeTextFile(params, signal, confirm),
  };
}

async function readTextFile(
  params: acp.ReadTextFileRequest,
  signal: CancelSignal,
  review?: ReviewWriteHooks,
): Promise<acp.ReadTextFileResponse> {
  const filePath = requireAbsolute(params.path);
  const { content, wholeText } = await currentSlice(filePath, params);
  throwIfCancelled(signal);
  // The whole text, even for a slice: the agent's next write is a diff against the file as it was
  // now. Absent for a file on disk over review's per-file cap: the disk watcher, the tool-call
  // snapshots and the checkpoints skip such a file at that same cap, and decoding all of it would
  // cost a whole-file string per read. An agent write of it then has the live document as its
  // merge base, as for a file it never read.
  review?.agentRead(filePath, wholeText ?? null);
  return { content };
}

/**
 * The requested lines of the text the user sees: a dirty editor buffer wins; otherwise the disk,
 * which is fresher than a clean cached document when the agent has just changed the file by other
 * means. The disk path decodes only the slice of a big file (src/client/fileSlice.ts).
 */
async function currentSlice(filePath: string, request: LineRequest): Promise<FileSlice> {
  const open = findOpenDocument(filePath);
  if (open?.isDirty) return editorSlice(open, request);
  try {
    return await readFileSlice(filePath, request, REVIEW_MAX_FILE_BYTES);
  } catch (error) {
    // A file deleted on disk while its editor is still open: the editor's text is what exists.
    if (open && isNotFound(error)) return editorSlice(open, request);
    throw toReadFailure(filePath, error);
  }
}

function editorSlice(document: vscode.TextDocument, request: LineRequest): FileSlice {
  const wholeText = document.getText();
  return { content: sliceLines(wholeText, request.line, request.limit), wholeText };
}

async function writeTextFile(
  params: acp.WriteTextFileRequest,
  signal: CancelSignal,
  confirm: (filePath: string) => Promise<boolean>,
  review?: ReviewWriteHooks,
): Promise<WriteOutcome> {
  const filePath = requireAbsolute(params.path);
  if (typeof params.content !== 'string') throw new RequestFailure(INVALID_PARAMS, 'content must be a string');
  if (!isInsideAnyFolder(filePath, workspaceFolderPaths()) && !(await confirm(filePath))) {
    throw new RequestFailure(INVALID_PARAMS, `The user did not allow writing outside the workspace: ${filePath}`);
  }
  throwIfCancelled(signal);

  const uri = vscode.Uri.file(filePath);
  const existed = await ensureFileExists(uri);
  const document = await vscode.workspace.openTextDocument(uri);
  const oldText = existed ? document.getText() : null;
  throwIfCancelled(signal);

  // With review, the agent's content is merged onto what the user typed meanwhile and applied as
  // minimal edits; a different line-ending style is a whole-file change either way.
  const live = document.getText();
  const mergeable = review !== undefined && existed && sameLineEndings(document, params.content);
  const merged = mergeable ? review.mergeWrite(filePath, live, params.content) : { text: params.content, conflicts: [] };
  if (live !== merged.text) {
    const edit = new vscode.WorkspaceEdit();
    edit.set(uri, mergeable ? minimalDocumentEdits(document, merged.text) : replaceAllEdits(document, params.content));
    if (!(await vscode.workspace.applyEdit(edit))) {
      throw new RequestFailure(INTERNAL_ERROR, `VS Code refused the edit to ${filePath} (is it read-only?)`);
    }
  }
  if (document.isDirty && !(await document.save())) {
    throw new RequestFailure(INTERNAL_ERROR, `Could not save ${filePath}`);
  }
  review?.agentWrote({ path: filePath, before: oldText, after: document.getText(), content: params.content, conflicts: merged.conflicts });
  return { oldText, newText: document.getText() };
}

function sameLineEndings(document: vscode.TextDocument, content: string): boolean {
  const contentEol = content.includes('\r\n') ? vscode.EndOfLine.CRLF : content.includes('\n') ? vscode.EndOfLine.LF : null;
  return contentEol === null || contentEol === document.eol;
}

/** Creates the file (and missing parent folders) through a WorkspaceEdit; false when it was new. */
async function ensureFileExists(uri: vscode.Uri): Promise<boolean> {
  if (findOpenDocument(uri.fsPath)) return true;
  try {
    const stat = await fs.stat(uri.fsPath);
    if (stat.isDirectory()) throw new RequestFailure(INVALID_PARAMS, `path is a directory: ${uri.fsPath}`);
    return true;
  } catch (error) {
    if (error instanceof RequestFailure) throw error;
    if (!isNotFound(error)) throw new RequestFailure(INTERNAL_ERROR, `Cannot write ${uri.fsPath}: ${describe(error)}`);
  }
  await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(uri.fsPath)));
  const create = new vscode.WorkspaceEdit();
  create.createFile(uri, { ignoreIfExists: true });
  if (!(await vscode.workspace.applyEdit(create))) {
    throw new RequestFailure(INTERNAL_ERROR, `Could not create ${uri.fsPath}`);
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

async function askToWriteOutside(agentName: string, filePath: string): Promise<boolean> {
  const allow: vscode.MessageItem = { title: 'Allow' };
  const deny: vscode.MessageItem = { title: 'Deny', isCloseAffordance: true };
  const choice = await vscode.window.showWarningMessage(
    `${agentName} wants to write a file outside the workspace.`,
    { modal: true, detail: `${filePath}\n\nAllow only if you expected this change.` },
    allow,
    deny,
  );
  return choice === allow;
}

function findOpenDocument(filePath: string): vscode.TextDocument | undefined {
  const wanted = path.resolve(filePath);
  return vscode.workspace.textDocuments.find(
    (document) => document.uri.scheme === 'file' && path.resolve(document.uri.fsPath) === wanted,
  );
}

function workspaceFolderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => folder.uri.fsPath);
}

function requireAbsolute(candidate: unknown): string {
  if (!isAbsolutePath(candidate)) throw new RequestFailure(INVALID_PARAMS, 'path must be absolute');
  return candidate;
}

function throwIfCancelled(signal: CancelSignal): void {
  if (signal.isCancellationRequested) throw new RequestFailure(REQUEST_CANCELLED, 'Request cancelled');
}

function toReadFailure(filePath: string, error: unknown): RequestFailure {
  if (isNotFound(error)) return new RequestFailure(RESOURCE_NOT_FOUND, `Resource not found: ${filePath}`);
  if (errorCode(error) === 'EISDIR') return new RequestFailure(INVALID_PARAMS, `path is a directory: ${filePath}`);
  return new RequestFailure(INTERNAL_ERROR, `Cannot read ${filePath}: ${describe(error)}`);
}

function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

