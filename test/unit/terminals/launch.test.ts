import { describe, expect, it } from 'vitest';
import {
  checkCwd,
  decideLaunch,
  displayCommand,
  findProgram,
  terminalEnv,
  userShell,
} from '../../../src/terminals/launch';

const env = { SHELL: '/bin/zsh', PATH: '/usr/bin:/bin' };
const files = new Set(['/bin/zsh', '/bin/bash', '/usr/local/bin/fish', '/opt/my tools/run']);
const isFile = (candidate: string) => files.has(candidate);

describe('decideLaunch: shell line or command + args', () => {
  it('runs a command with args directly, even with shell characters in the args', async () => {
    expect(await decideLaunch('git', ['log', '--format=%H | x'], env, 'linux', isFile)).toEqual({
      file: 'git',
      args: ['log', '--format=%H | x'],
      viaShell: false,
    });
  });

  it('runs a bare command name directly', async () => {
    expect(await decideLaunch('ls', undefined, env, 'linux', isFile)).toEqual({
      file: 'ls',
      args: [],
      viaShell: false,
    });
    expect(await decideLaunch('ls', [], env, 'linux', isFile)).toEqual({ file: 'ls', args: [], viaShell: false });
  });

  it('runs a whole line with no args through the user shell', async () => {
    expect(await decideLaunch('npm test && git status | head', undefined, env, 'linux', isFile)).toEqual({
      file: '/bin/zsh',
      args: ['-c', 'npm test && git status | head'],
      viaShell: true,
    });
    expect((await decideLaunch('ls -la', [], env, 'linux', isFile)).viaShell).toBe(true);
    expect((await decideLaunch('FOO=1 make', undefined, env, 'linux', isFile)).viaShell).toBe(true);
  });

  it('runs an existing file path with spaces directly', async () => {
    expect(await decideLaunch('/opt/my tools/run', undefined, env, 'linux', isFile)).toEqual({
      file: '/opt/my tools/run',
      args: [],
      viaShell: false,
    });
  });

  it('uses cmd.exe on Windows', async () => {
    expect(
      await decideLaunch('dir && echo hi', undefined, { ComSpec: 'C:\\Windows\\cmd.exe' }, 'win32', isFile),
    ).toEqual({
      file: 'C:\\Windows\\cmd.exe',
      args: ['/d', '/s', '/c', 'dir && echo hi'],
      viaShell: true,
    });
  });

  it('falls back to bash when the user shell is not POSIX or missing', async () => {
    expect(await userShell({ SHELL: '/usr/local/bin/fish' }, isFile)).toBe('/bin/bash');
    expect(await userShell({}, isFile)).toBe('/bin/bash');
    expect(await userShell({ SHELL: '/no/shell' }, () => false)).toBe('/bin/sh');
  });
});

describe('terminalEnv', () => {
  it('merges the agent env over the user env with colour and no pagers', () => {
    const merged = terminalEnv({ HOME: '/home/u', PAGER: 'less', ELECTRON_RUN_AS_NODE: '1' }, [
      { name: 'NODE_ENV', value: 'test' },
      { name: 'TERM', value: 'dumb' },
    ]);
    expect(merged).toMatchObject({ HOME: '/home/u', PAGER: 'cat', GIT_PAGER: 'cat', NODE_ENV: 'test', TERM: 'dumb' });
    expect(merged.ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(terminalEnv({}, undefined).TERM).toBe('xterm-256color');
  });
});

describe('checkCwd and findProgram', () => {
  it('needs an absolute, existing folder; absent means the session cwd', async () => {
    expect(await checkCwd('relative', '/tmp')).toMatchObject({
      ok: false,
      message: expect.stringContaining('absolute'),
    });
    expect(await checkCwd('/no/such/dir', '/tmp')).toMatchObject({
      ok: false,
      message: expect.stringContaining('does not exist'),
    });
    expect(await checkCwd(undefined, '/tmp')).toEqual({ ok: true, cwd: '/tmp' });
  });

  it('finds a program on PATH like a shell, or says why not with the shell exit code', async () => {
    expect(await findProgram('sh', { PATH: process.env.PATH ?? '' }, '/tmp', 'linux')).toMatchObject({ found: true });
    expect(await findProgram('no-such-program-x', { PATH: '/usr/bin' }, '/tmp', 'linux')).toEqual({
      found: false,
      exitCode: 127,
      message: 'no-such-program-x: command not found',
    });
    expect(await findProgram('./missing.sh', { PATH: '' }, '/tmp', 'linux')).toMatchObject({
      found: false,
      exitCode: 127,
    });
  });

  it('shows the command as typed, quoting what needs it', () => {
    expect(displayCommand('git', ['commit', '-m', "it's done"])).toBe(`git commit -m 'it'\\''s done'`);
    expect(displayCommand('npm test && ls', undefined)).toBe('npm test && ls');
  });
});
