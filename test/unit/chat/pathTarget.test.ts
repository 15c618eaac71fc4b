import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatHost } from '../../../src/chat/controls/chatHost';
import { routeWebviewMessage } from '../../../src/chat/messageRouter';
import { clampPosition, MAX_PATH_CHARS, pathCandidates } from '../../../src/chat/pathTarget';

const ROOT = path.resolve('/work/project');
const OTHER = path.resolve('/work/other');

describe('pathCandidates (agent text is hostile)', () => {
  it('resolves relative paths inside each workspace folder', () => {
    expect(pathCandidates('src/a.ts', [ROOT, OTHER])).toEqual([
      path.join(ROOT, 'src/a.ts'),
      path.join(OTHER, 'src/a.ts'),
    ]);
    expect(pathCandidates('./README.md', [ROOT])).toEqual([path.join(ROOT, 'README.md')]);
    expect(pathCandidates('src/../lib/b.ts', [ROOT])).toEqual([path.join(ROOT, 'lib/b.ts')]);
  });

  it('takes an absolute path only inside a workspace folder', () => {
    expect(pathCandidates(path.join(ROOT, 'src/a.ts'), [ROOT, OTHER])).toEqual([path.join(ROOT, 'src/a.ts')]);
    expect(pathCandidates('/etc/passwd', [ROOT])).toEqual([]);
    expect(pathCandidates(path.resolve('/work/project-evil/x.ts'), [ROOT])).toEqual([]);
  });

  it.each([
    '../../etc/passwd',
    'src/../../other/secret',
    '..',
    '.',
    '',
    'https://evil.example/a.ts',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'vscode://file/etc/passwd',
    'command:workbench.action.terminal.new',
    'data:text/html,<script>',
    '//server/share/a.ts',
    '\\\\server\\share\\a.ts',
    'src/a.ts\u0000.png',
    'src/\na.ts',
    'x'.repeat(MAX_PATH_CHARS + 1),
  ])('refuses %j', (written) => {
    expect(pathCandidates(written, [ROOT])).toEqual([]);
  });

  it('opens nothing without a workspace folder', () => {
    expect(pathCandidates('src/a.ts', [])).toEqual([]);
  });

  it('clamps lines and columns', () => {
    expect(clampPosition(12)).toBe(12);
    expect(clampPosition(3.7)).toBe(3);
    expect(clampPosition(0)).toBeNull();
    expect(clampPosition(-4)).toBeNull();
    expect(clampPosition(null)).toBeNull();
    expect(clampPosition(undefined)).toBeNull();
    expect(clampPosition(Number.NaN)).toBeNull();
    expect(clampPosition(1e300)).toBe(10_000_000);
  });
});

describe('openPath through the router', () => {
  function host(): { host: ChatHost; opened: unknown[][]; invalid: unknown[] } {
    const opened: unknown[][] = [];
    const invalid: unknown[] = [];
    const fake = {
      activeThread: () => undefined,
      workspaceFolders: () => [ROOT],
      openWorkspacePath: async (...args: unknown[]) => void opened.push(args),
      reportError: (message: string) => invalid.push(message),
      reportInvalid: (raw: unknown) => invalid.push(raw),
    } as unknown as ChatHost;
    return { host: fake, opened, invalid };
  }

  it('hands the host the candidates inside the workspace with line and column', async () => {
    const { host: fake, opened } = host();
    await routeWebviewMessage({ type: 'openPath', path: 'src/a.ts', line: 12, column: 3 }, fake);
    expect(opened).toEqual([[[path.join(ROOT, 'src/a.ts')], 12, 3, 'src/a.ts']]);
  });

  it('hands the host no candidate for a path outside (the host says "not a file in this workspace")', async () => {
    const { host: fake, opened } = host();
    await routeWebviewMessage({ type: 'openPath', path: '../../etc/passwd', line: 1 }, fake);
    await routeWebviewMessage({ type: 'openPath', path: 'javascript:alert(1)' }, fake);
    expect(opened).toEqual([
      [[], 1, null, '../../etc/passwd'],
      [[], null, null, 'javascript:alert(1)'],
    ]);
  });

  it("in a chat in its own worktree, a path names the worktree's file, not the workspace's", async () => {
    const { host: fake, opened } = host();
    const worktree = { id: 'wt-1', folders: ['/storage/worktrees/wt-1/app'] };
    const thread = { threadId: 't1', snapshot: () => ({ state: { worktree }, seq: 0 }) };
    (fake as unknown as { activeThread: () => unknown }).activeThread = () => thread;
    await routeWebviewMessage({ type: 'openPath', path: 'src/a.ts', line: 2 }, fake);
    expect(opened).toEqual([[[path.join('/storage/worktrees/wt-1/app', 'src/a.ts')], 2, null, 'src/a.ts']]);
  });

  it('drops malformed messages', async () => {
    const { host: fake, opened, invalid } = host();
    await routeWebviewMessage({ type: 'openPath', path: 42 }, fake);
    await routeWebviewMessage({ type: 'openPath', path: 'a.ts', line: 'x' }, fake);
    await routeWebviewMessage({ type: 'openPath', path: 'a.ts', column: {} }, fake);
    expect(opened).toEqual([]);
    expect(invalid).toHaveLength(3);
  });
});
