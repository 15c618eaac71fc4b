// The edges of src/terminals/launch.ts that mutation testing found unchecked: surrounding blanks of a
// bare command, hostile env entries, a relative cwd, and finding programs on real files (missing, not
// executable, empty PATH entries, Windows).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { checkCwd, decideLaunch, displayCommand, findProgram, terminalEnv } from '../../../src/terminals/launch';

const noFiles = () => false;

describe('decideLaunch', () => {
  it('trims the blanks around a bare command name, but runs a command with args as given', async () => {
    expect(await decideLaunch('  ls  ', undefined, {}, 'linux', noFiles)).toEqual({
      file: 'ls',
      args: [],
      viaShell: false,
    });
    expect(await decideLaunch(' ls', ['-l'], {}, 'linux', noFiles)).toEqual({
      file: ' ls',
      args: ['-l'],
      viaShell: false,
    });
  });

  it('an empty args list is no args: a shell line still goes to the shell', async () => {
    expect((await decideLaunch('ls | wc', [], {}, 'linux', noFiles)).viaShell).toBe(true);
  });
});

describe('terminalEnv', () => {
  it('drops unset variables and requested entries that are not name/value strings', () => {
    const requested = [
      null,
      { name: 'GOOD', value: 'yes' },
      { name: 'NO_VALUE' },
      { value: 'no name' },
      { name: 42, value: 'x' },
      { name: 'NUMBER', value: 7 },
    ] as unknown as acp.EnvVariable[];
    const env = terminalEnv({ SET: 'a', UNSET: undefined }, requested);
    expect(env.SET).toBe('a');
    expect('UNSET' in env).toBe(false);
    expect(env.GOOD).toBe('yes');
    for (const key of ['NO_VALUE', 'NUMBER', '42', 'undefined']) expect(key in env, key).toBe(false);
  });
});

describe('checkCwd', () => {
  it('refuses a relative cwd, and a missing session cwd', async () => {
    expect(await checkCwd('src', '/')).toEqual({
      ok: false,
      message: 'terminal/create needs an absolute cwd, got "src"',
    });
    expect((await checkCwd(undefined, 'relative')).ok).toBe(false);
  });
});

describe('findProgram on real files', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-find-'));
    fs.writeFileSync(path.join(dir, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'plain'), 'not executable\n', { mode: 0o644 });
    fs.mkdirSync(path.join(dir, 'folder'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a path: found, missing (127) or not executable (126), with the shell messages', async () => {
    expect(await findProgram('./tool', {}, dir, 'linux')).toEqual({ found: true, file: path.join(dir, 'tool') });
    expect(await findProgram('./nope', {}, dir, 'linux')).toEqual({
      found: false,
      exitCode: 127,
      message: './nope: No such file or directory',
    });
    expect(await findProgram('./plain', {}, dir, 'linux')).toEqual({
      found: false,
      exitCode: 126,
      message: './plain: Permission denied',
    });
    expect(await findProgram('./folder', {}, dir, 'linux')).toMatchObject({ found: false, exitCode: 127 });
  });

  it('a bare name: only an executable file on PATH, and an empty PATH entry is not the cwd', async () => {
    const PATH = ['', dir].join(path.delimiter);
    expect(await findProgram('tool', { PATH }, dir, 'linux')).toEqual({ found: true, file: path.join(dir, 'tool') });
    expect(await findProgram('plain', { PATH }, dir, 'linux')).toEqual({
      found: false,
      exitCode: 127,
      message: 'plain: command not found',
    });
    expect(await findProgram('tool', { PATH: '' }, dir, 'linux')).toMatchObject({ found: false, exitCode: 127 });
    expect(await findProgram('folder', { PATH: dir }, dir, 'linux')).toMatchObject({ found: false, exitCode: 127 });
  });

  it('on Windows the spawn decides (PATHEXT), whatever the name', async () => {
    expect(await findProgram('nope', {}, dir, 'win32')).toEqual({ found: true, file: 'nope' });
  });
});

describe('displayCommand', () => {
  it('shows a command without args as it came', () => {
    expect(displayCommand("echo 'a b'", undefined)).toBe("echo 'a b'");
    expect(displayCommand('it is', [])).toBe('it is');
  });
});
