// The files a chat in its own worktree reads and writes: the worktree's, on disk. Not the user's editor buffers (the
// worktree is a copy made when the chat started, unsaved text included; what the user types afterwards is not the
// chat's) and not review (the worktree is the chat's sandbox: its changes are reviewed when they are brought back,
// src/vscode/worktrees/bringBack.ts). Every check of fs/* still applies (src/vscode/fs/fsRequests.ts): the path,
// where it really leads, the outside question, the files that configure what runs; "outside" is outside the
// worktree's folders, so the user's own workspace is outside for such a chat. No `vscode` here.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { DEFAULT_TURN_LIMITS } from '../../review/budget';
import type { WriteOutcome } from '../../session/api';
import { throwIfCancelled, type EditorWrite, type FsEditor } from '../fs/fsRequests';

/** The worktree's folders (absolute, the first the chat's cwd), asked at each request. */
export function worktreeFiles(folders: () => readonly string[]): FsEditor {
  return {
    workspaceFolders: () => [...folders()],
    // The user's open documents are the workspace's, never the worktree's copy.
    openDocument: () => undefined,
    write: writeOnDisk,
  };
}

async function writeOnDisk({ filePath, content, onDisk, signal, texts }: EditorWrite): Promise<WriteOutcome> {
  const before = onDisk === 'file' ? await textBefore(filePath) : null;
  throwIfCancelled(signal);
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, content, 'utf8');
  return texts.record(filePath, before, content);
}

/** What the file held, for the write's card; nothing over review's per-file cap (its diff would not be shown). */
async function textBefore(filePath: string): Promise<string | null> {
  const { size } = await stat(filePath);
  return size > DEFAULT_TURN_LIMITS.maxFileBytes ? null : readFile(filePath, 'utf8');
}
