// Shared helpers for the in-host suites: the extension's API, the test workspace, polling.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SwitchboardApi } from '../../src/extension';
import type { ThreadAction } from '../../src/shared/actions';
import type { ThreadController } from '../../src/session/api';

export const EXTENSION_ID = 'switchboard.switchboard';

export async function switchboardApi(): Promise<SwitchboardApi> {
  const extension = vscode.extensions.getExtension<SwitchboardApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not loaded`);
  return extension.activate();
}

/** The first workspace folder (the harness opens a copy of test/fixtures/sample-workspace). */
export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need an open workspace folder');
  return folder.uri.fsPath;
}

export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves with the first action of the thread that matches (from now on). */
export function nextAction<T extends ThreadAction>(
  thread: ThreadController,
  matches: (action: ThreadAction) => action is T,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for an action`));
    }, timeoutMs);
    const subscription = thread.onEvent((event) => {
      if (!matches(event.action)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(event.action);
    });
  });
}

/** Reverts every dirty document and closes all editors, so no "Save changes?" dialog can block. */
export async function revertAndCloseAll(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (!document.isDirty || document.isUntitled) continue;
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
