// "Bring back": the files a chat changed in its worktree, each merged three ways by the store (the start point, the
// user's text now, the chat's), written into the workspace the way an agent's fs/write_text_file is: through the
// workspace's own fs handlers (src/vscode/fs/fsHandlers.ts), so every check applies (a file that configures what
// runs is asked, each time), the write is a WorkspaceEdit (VS Code's Undo reverts it) merged onto what the user
// typed meanwhile, and review records it as this chat's pending change, per hunk Keep / Undo. Without review the
// same handlers write directly. Conflicts stay in the file with their markers, counted for the chat's note.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FileTexts } from '../../review/fileTexts';
import type { ClientHandlers } from '../../session/api';
import type { MergedFile } from '../../worktrees/worktreeTypes';
import type { ReviewFeature } from '../review/reviewFeature';
import { createFsHandlers, workspaceFolderPaths } from '../fs/fsHandlers';

const NOT_CANCELLED = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

export interface BroughtBack {
  /** The files written (created, changed or deleted). */
  written: string[];
  /** Files with conflicts, with how many each has (their markers are in the file). */
  conflicts: Array<{ path: string; count: number }>;
  /** Files that could not be written, with why (the others were). */
  failed: Array<{ path: string; error: string }>;
}

export interface BringBackTarget {
  threadId: string;
  agentName: string;
  log: (line: string) => void;
  /** The window's review; undefined writes directly (still through the editor, so Undo works). */
  review: ReviewFeature | undefined;
  /** The window's keeper of file texts. */
  texts: FileTexts;
}

/** Writes `files` into the workspace as the chat's change (one review turn of its own). */
export async function writeBroughtBack(files: readonly MergedFile[], target: BringBackTarget): Promise<BroughtBack> {
  const { review } = target;
  const handlers = createFsHandlers({
    agentName: target.agentName,
    log: target.log,
    review: review?.hooksFor(target.threadId),
    texts: target.texts,
    workspaceFolders: workspaceFolderPaths,
  });
  const result: BroughtBack = { written: [], conflicts: [], failed: [] };
  review?.controller.store.beginTurn(target.threadId);
  try {
    for (const file of files) {
      try {
        await writeOne(file, handlers, review);
        result.written.push(file.target);
        if (file.conflicts > 0) result.conflicts.push({ path: file.target, count: file.conflicts });
      } catch (error) {
        result.failed.push({ path: file.target, error: error instanceof Error ? error.message : String(error) });
      }
    }
  } finally {
    review?.controller.store.endTurn(target.threadId);
  }
  return result;
}

async function writeOne(file: MergedFile, handlers: ClientHandlers, review: ReviewFeature | undefined): Promise<void> {
  const uri = vscode.Uri.file(file.target);
  if (file.binary) {
    // Not text: no hunks to review; the chat's bytes, whole.
    if (file.bytes) await vscode.workspace.fs.writeFile(uri, file.bytes);
    else await deleteFile(uri, file, review);
    return;
  }
  if (file.merged === null) return deleteFile(uri, file, review);
  // The read makes the user's text of now the merge base, as for an agent that read the file before writing it.
  if (file.current !== null) await handlers.readTextFile({ sessionId: '', path: file.target }, NOT_CANCELLED);
  await handlers.writeTextFile({ sessionId: '', path: file.target, content: file.merged }, NOT_CANCELLED);
}

/** A file the chat deleted: removed through the editor (Undo brings it back), recorded as the chat's change. */
async function deleteFile(uri: vscode.Uri, file: MergedFile, review: ReviewFeature | undefined): Promise<void> {
  if (file.current === null) return;
  const edit = new vscode.WorkspaceEdit();
  edit.deleteFile(uri, { ignoreIfNotExists: true });
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused to delete ${file.target}`);
  review?.controller.recordAgent(file.target, file.current, null);
}

/** A path as the chat shows it: relative to its workspace folder where it is in one. */
export function shownPath(target: string): string {
  const folder = workspaceFolderPaths().find((candidate) => !path.relative(candidate, target).startsWith('..'));
  return folder ? path.relative(folder, target) : target;
}
