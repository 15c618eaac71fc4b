// Activation that fails part way (src/vscode/window/activation.ts): the user is told what happened and what to
// do, the failure is in the Switchboard log, and nothing the half-built window made stays behind (no command, no
// settings listener, no process exit hook). The real window is built here over a fake `vscode` with a context
// whose workspace state cannot be read, so review (its first reader) fails after the features before it were built.
import type * as vscode from 'vscode';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toDisposable } from '../../../src/shared/disposableStore';
import { activateWindow } from '../../../src/vscode/window/activation';
import { HostLogChannel } from '../../../src/vscode/window/hostLog';
import { SwitchboardWindow } from '../../../src/vscode/window/switchboardWindow';
import { resetRecorded, type Recorded } from './fakeVscode';

vi.mock('vscode', async () => (await import('./fakeVscode')).fakeVscode);

let recorded: Recorded;
beforeEach(() => {
  recorded = resetRecorded();
});

function fakeContext(overrides: Record<string, unknown> = {}): vscode.ExtensionContext & {
  subscriptions: { dispose(): unknown }[];
} {
  const memento = { get: () => undefined, update: async () => undefined, keys: () => [] };
  const context = {
    subscriptions: [],
    globalStorageUri: { fsPath: '/tmp/switchboard-activation-test/global' },
    globalState: memento,
    secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined },
    extension: { packageJSON: { version: '0.0.0-test' } },
    asAbsolutePath: (relative: string) => `/tmp/switchboard-activation-test/${relative}`,
  };
  // As descriptors: a getter stays a getter (read when the window reads it).
  return Object.defineProperties(context, Object.getOwnPropertyDescriptors(overrides)) as never;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const SHOW_LOG = 'Show Log';
const RELOAD = 'Reload Window';

describe('activateWindow', () => {
  it('a window that fails to build: shown with what to do, logged, what it made ended, the error thrown', async () => {
    const ended: string[] = [];
    const context = fakeContext();
    expect(() =>
      activateWindow(context, new HostLogChannel(), (store) => {
        store.add(toDisposable(() => ended.push('first')));
        store.add(toDisposable(() => ended.push('second')));
        throw new Error('the chats could not be built.');
      }),
    ).toThrow('the chats could not be built.');
    expect(ended).toEqual(['second', 'first']);
    await tick();
    expect(recorded.errors).toEqual([
      {
        message: expect.stringMatching(
          /^Switchboard could not start: the chats could not be built\. Reload the window/,
        ),
        items: [SHOW_LOG, RELOAD],
      },
    ]);
    expect(recorded.channels.map((channel) => channel.name)).toEqual(['Switchboard']);
    expect(recorded.channels[0]!.lines).toEqual(['error: activation failed the chats could not be built.']);
    // The log stays (the user opens it from the notification); it ends with the extension.
    expect(recorded.channels[0]!.disposed).toBe(false);
    for (const subscription of context.subscriptions) subscription.dispose();
    expect(recorded.channels[0]!.disposed).toBe(true);
  });

  it('"Show Log" opens the Switchboard log; "Reload Window" reloads', async () => {
    recorded.errorChoice = SHOW_LOG;
    expect(() => activateWindow(fakeContext(), new HostLogChannel(), explode)).toThrow();
    await tick();
    expect(recorded.channels[0]!.shown).toBe(true);
    expect(recorded.executed).toEqual([]);

    recorded.errorChoice = RELOAD;
    expect(() => activateWindow(fakeContext(), new HostLogChannel(), explode)).toThrow();
    await tick();
    expect(recorded.executed).toEqual([['workbench.action.reloadWindow']]);
  });

  it('a window that builds: returned, nothing shown; its store ends with the extension, a failure there logged', () => {
    const context = fakeContext();
    const built = activateWindow(context, new HostLogChannel(), (store) => {
      store.add(
        toDisposable(() => {
          throw new Error('could not end');
        }),
      );
      return 'the window';
    });
    expect(built).toBe('the window');
    expect(recorded.errors).toEqual([]);
    for (const subscription of context.subscriptions) subscription.dispose();
    expect(recorded.channels[0]!.lines).toEqual(['error: disposing failed could not end']);
  });

  it('the real window failing at review leaves no command, settings listener or exit hook behind', async () => {
    const exitHooks = process.listenerCount('exit');
    let atFailure = { configListeners: 0, exitHooks: 0 };
    const unreadable = {
      get(): never {
        atFailure = { configListeners: recorded.configListeners.size, exitHooks: process.listenerCount('exit') };
        throw new Error('the workspace state is not readable');
      },
    };
    const context = fakeContext({ workspaceState: unreadable });
    const log = new HostLogChannel();
    expect(() =>
      activateWindow(context, log, (store) => new SwitchboardWindow(context, store, log, performance.now())),
    ).toThrow('the workspace state is not readable');
    // The features before review were built: they had listened to settings and hooked the process exit.
    expect(atFailure).toEqual({ configListeners: 2, exitHooks: exitHooks + 1 });
    expect(recorded.configListeners.size).toBe(0);
    expect(process.listenerCount('exit')).toBe(exitHooks);
    expect(recorded.commands.size).toBe(0);
    await tick();
    expect(recorded.errors.map((error) => error.message)).toEqual([
      expect.stringContaining('Switchboard could not start: the workspace state is not readable.'),
    ]);
  });
});

function explode(): never {
  throw new Error('explode');
}
