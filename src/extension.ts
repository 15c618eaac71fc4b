// Activation only: builds the window (src/vscode/window/switchboardWindow.ts), which owns everything the
// extension makes; a failure to build it is shown to the user and logged, and leaves nothing half-made behind
// (src/vscode/window/activation.ts). Deactivation ends the window: chats written, agents stopped.
import type * as vscode from 'vscode';
import { activateWindow } from './vscode/window/activation';
import { HostLogChannel } from './vscode/window/hostLog';
import { SwitchboardWindow } from './vscode/window/switchboardWindow';
import type { SwitchboardApi } from './vscode/window/switchboardApi';

export type { SwitchboardApi } from './vscode/window/switchboardApi';

let switchboardWindow: SwitchboardWindow | undefined;

export function activate(context: vscode.ExtensionContext): SwitchboardApi {
  const started = performance.now();
  const log = new HostLogChannel();
  switchboardWindow = activateWindow(context, log, (store) => new SwitchboardWindow(context, store, log, started));
  return switchboardWindow.api;
}

/** Writes the chats' pending transcripts and stops every agent process group; VS Code waits for it (briefly). */
export async function deactivate(): Promise<void> {
  const ending = switchboardWindow;
  switchboardWindow = undefined;
  await ending?.deactivate();
}
