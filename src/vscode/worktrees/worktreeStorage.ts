// Where the worktrees of the window's chats are kept: the extension's storage of this workspace (never the user's
// tree), the global storage when no folder is open.
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';

export function worktreeStorage(context: vscode.ExtensionContext): string {
  const storage =
    context.storageUri?.fsPath ?? path.join(context.globalStorageUri?.fsPath ?? os.tmpdir(), 'no-workspace');
  return path.join(storage, 'worktrees');
}
