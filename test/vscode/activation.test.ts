// Activation in the real extension host: the extension activated with its API, and activation that fails part
// way (src/vscode/window/activation.ts) is shown to the user instead of leaving a half-activated extension: what
// the failed build registered with VS Code (a command, a settings listener) is gone again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateWindow } from '../../src/vscode/window/activation';
import { EXTENSION_ID, switchboardApi } from './helpers';

const HALF_BUILT = 'switchboard.test.halfBuiltCommand';

suite('Activation', () => {
  test('the extension is active and gives its API', async () => {
    const api = await switchboardApi();
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
    assert.ok(api.activationMs > 0, `activation took ${api.activationMs} ms`);
    assert.equal(typeof api.newChat, 'function');
  });

  test('a build that fails part way is shown with what to do, and what it registered is gone', async () => {
    await switchboardApi();
    const shown: Array<{ message: string; items: unknown[] }> = [];
    const window = vscode.window as { showErrorMessage: typeof vscode.window.showErrorMessage };
    const original = window.showErrorMessage;
    window.showErrorMessage = (async (message: string, ...items: unknown[]) => {
      shown.push({ message, items });
      return undefined;
    }) as typeof vscode.window.showErrorMessage;
    const context = { subscriptions: [] as { dispose(): unknown }[] } as unknown as vscode.ExtensionContext;
    // Not a second "Switchboard" channel: VS Code gives log channels of one name and extension one logger, and
    // ending this one would close the extension's own.
    const logged: string[] = [];
    const log = {
      info: (line: string) => void logged.push(line),
      warn: (line: string) => void logged.push(line),
      error: (what: string, error?: unknown) => void logged.push(`${what}: ${String(error)}`),
      show: () => undefined,
      dispose: () => undefined,
    };
    let settingsHeard = 0;
    try {
      assert.throws(
        () =>
          activateWindow(context, log, (store) => {
            store.add(vscode.commands.registerCommand(HALF_BUILT, () => 'half'));
            store.add(vscode.workspace.onDidChangeConfiguration(() => settingsHeard++));
            throw new Error('the chats feature could not be built');
          }),
        /the chats feature could not be built/,
      );
      assert.ok(!(await vscode.commands.getCommands(true)).includes(HALF_BUILT), 'the command is still registered');
      await vscode.workspace
        .getConfiguration('switchboard')
        .update('notifyWhenUnfocused', false, vscode.ConfigurationTarget.Global);
      await vscode.workspace
        .getConfiguration('switchboard')
        .update('notifyWhenUnfocused', undefined, vscode.ConfigurationTarget.Global);
      assert.equal(settingsHeard, 0, 'the settings listener still hears changes');
      await new Promise((resolve) => setTimeout(resolve, 0));
      assert.equal(shown.length, 1, `shown: ${JSON.stringify(shown)}`);
      assert.match(shown[0]!.message, /^Switchboard could not start: the chats feature could not be built\. Reload/);
      assert.deepEqual(shown[0]!.items, ['Show Log', 'Reload Window']);
      assert.deepEqual(logged, ['activation failed: Error: the chats feature could not be built']);
    } finally {
      window.showErrorMessage = original;
      for (const subscription of context.subscriptions) subscription.dispose();
    }
  });
});
