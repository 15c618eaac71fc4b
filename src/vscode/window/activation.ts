// Activation with one owner for what it makes: the window is built into one DisposableStore; when building fails
// part way, what was made is disposed again (no command, view or listener of a half-built window stays behind),
// the failure goes to the Switchboard log and the user is told what happened and what to do.
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import { errorMessage } from '../../shared/errorMessage';
import type { HostLog } from './hostLog';

/** Builds the window into `store`; it is called once. */
export type BuildWindow<T> = (store: DisposableStore) => T;

/**
 * Runs `build`; the store (and the log: HostLogChannel, the Switchboard log) end with the extension's
 * subscriptions. A failure is logged and shown, then thrown again, so VS Code knows the extension did not activate.
 */
export function activateWindow<T>(
  context: vscode.ExtensionContext,
  log: HostLog & vscode.Disposable,
  build: BuildWindow<T>,
): T {
  // Failures while the window ends are logged, never thrown at VS Code (the other disposables still run).
  const store = new DisposableStore((error) => log.error('disposing failed', error));
  // VS Code ends the subscriptions in this order: the log outlives the store, so it can take the store's errors.
  context.subscriptions.push(store, log);
  try {
    return build(store);
  } catch (error) {
    store.dispose();
    log.error('activation failed', error);
    void showActivationFailure(error, log);
    throw error;
  }
}

async function showActivationFailure(error: unknown, log: HostLog): Promise<void> {
  const showLog = vscode.l10n.t('Show Log');
  const reload = vscode.l10n.t('Reload Window');
  const choice = await vscode.window.showErrorMessage(
    vscode.l10n.t(
      'Switchboard could not start: {0}. Reload the window to try again; if it fails again, the Switchboard log has the details to report.',
      errorMessage(error).replace(/\.$/, ''),
    ),
    showLog,
    reload,
  );
  if (choice === showLog) log.show();
  else if (choice === reload) await vscode.commands.executeCommand('workbench.action.reloadWindow');
}
