// The `vscode:uninstall` hook (package.json): VS Code runs it with Node once Switchboard is uninstalled, from the
// extension's own folder (this file is dist/uninstall.js). It deletes the chats' worktrees that activations recorded
// there (src/worktrees/uninstallRecord.ts); the rest of the extension's storage is VS Code's to keep or remove.
import * as path from 'node:path';
import { removeRecordedWorktrees } from '../worktrees/uninstallRecord';

void removeRecordedWorktrees(path.resolve(__dirname, '..')).then((removed) => {
  if (removed.length > 0) console.log(`Switchboard: removed ${removed.length} chat worktree(s)`);
});
