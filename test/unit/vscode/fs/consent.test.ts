// The consent modal (src/vscode/fs/consent.ts) with a stand-in for showWarningMessage: it shows the
// real path, escaped, names the agent, and maps the buttons; the settings read only the user's value.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => ({
  calls: [] as Array<{ message: string; detail: string; titles: string[] }>,
  pick: 0 as number | undefined,
  inspected: {} as Record<string, unknown>,
}));
vi.mock('vscode', () => ({
  window: {
    showWarningMessage: async (message: string, options: { detail: string }, ...items: Array<{ title: string }>) => {
      shown.calls.push({ message, detail: options.detail, titles: items.map((item) => item.title) });
      return shown.pick === undefined ? undefined : items[shown.pick];
    },
  },
  workspace: { getConfiguration: () => ({ inspect: (key: string) => shown.inspected[key] }) },
}));

import { askOutsideWorkspace, readMaxBytes, readOutsidePolicy } from '../../../../src/vscode/fs/consent';

beforeEach(() => {
  shown.calls = [];
  shown.inspected = {};
});

describe('askOutsideWorkspace', () => {
  it('shows the real path escaped (a newline or U+202E cannot reshape the dialog) and what the agent asked for', async () => {
    shown.pick = 2;
    const choice = await askOutsideWorkspace('Gemini CLI', {
      kind: 'write',
      requestedPath: '/ws/src/link\u202Etxt.sh',
      realPath: '/home/me/.bashrc\nAllow only if you expected this change.',
      folder: '/home/me',
    });
    expect(choice).toBe('folder');
    const [call] = shown.calls;
    expect(call!.message).toBe('Gemini CLI wants to write a file outside the workspace.');
    expect(call!.detail.split('\n')[0]).toBe('/home/me/.bashrc\\u000AAllow only if you expected this change.');
    expect(call!.detail).toContain('/ws/src/link\\u202Etxt.sh');
    expect(call!.detail).not.toMatch(/[\u202E]/);
    // Deny first: VS Code makes the first button primary, so Enter refuses.
    expect(call!.titles).toEqual(['Deny', 'Allow Once', 'Allow for This Folder']);
  });

  it('maps Deny, Allow Once, and a dismissed dialog to deny', async () => {
    const request = { kind: 'read' as const, requestedPath: '/x/a', realPath: '/x/a', folder: '/x' };
    shown.pick = 0;
    expect(await askOutsideWorkspace('A', request)).toBe('deny');
    shown.pick = 1;
    expect(await askOutsideWorkspace('A', request)).toBe('once');
    shown.pick = undefined;
    expect(await askOutsideWorkspace('A', request)).toBe('deny');
    expect(shown.calls[2]!.detail).not.toContain('symbolic link');
  });
});

describe('fs settings', () => {
  it('take only the user (global) value: a workspace value cannot switch the question off', () => {
    shown.inspected = {
      readOutsideWorkspace: { defaultValue: 'ask', workspaceValue: 'allow', workspaceFolderValue: 'allow' },
    };
    expect(readOutsidePolicy()).toBe('ask');
    shown.inspected = { readOutsideWorkspace: { defaultValue: 'ask', globalValue: 'deny' } };
    expect(readOutsidePolicy()).toBe('deny');
  });

  it('cap the read size between 1 and 1024 MiB, 50 MiB by default', () => {
    expect(readMaxBytes()).toBe(50 * 1024 * 1024);
    shown.inspected = { maxReadMiB: { globalValue: 2 } };
    expect(readMaxBytes()).toBe(2 * 1024 * 1024);
    shown.inspected = { maxReadMiB: { globalValue: 1e9, workspaceValue: 1 } };
    expect(readMaxBytes()).toBe(1024 * 1024 * 1024);
  });
});
