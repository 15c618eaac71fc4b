// How a terminal/create request becomes a process: the shell-line vs command+args decision, the
// environment, the working folder, and finding the program like a shell would. Pure (no spawn).
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';

export interface Launch {
  /** The program to execute and its arguments. */
  file: string;
  args: string[];
  /** True when `command` was a whole shell line run through the user's shell. */
  viaShell: boolean;
}

/** Characters that only mean something to a shell: a command containing one is a shell line. */
const SHELL_SYNTAX = /[\s|&;<>()$`\\"'*?[\]#~=%{}!]/;
/** Shells whose `-c` does not speak POSIX sh; agents write sh/bash lines. */
const NON_POSIX_SHELLS = new Set(['fish', 'nu', 'nushell', 'xonsh', 'elvish', 'pwsh', 'powershell']);

/**
 * Agents send either `command` + `args` (run directly, no shell quoting games) or one whole shell
 * line in `command` with no args (`npm test && git status | head`), which only a shell can run.
 * A command that names an existing file is run directly even if its path has spaces.
 */
export async function decideLaunch(
  command: string,
  args: readonly string[] | undefined,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  isFile: FileCheck = fileExists,
): Promise<Launch> {
  const hasArgs = args !== undefined && args.length > 0;
  if (hasArgs || !SHELL_SYNTAX.test(command.trim()) || (await isFile(command))) {
    return { file: hasArgs ? command : command.trim(), args: [...(args ?? [])], viaShell: false };
  }
  if (platform === 'win32') {
    return { file: env.ComSpec ?? env.COMSPEC ?? 'cmd.exe', args: ['/d', '/s', '/c', command], viaShell: true };
  }
  return { file: await userShell(env, isFile), args: ['-c', command], viaShell: true };
}

/** Whether a path is an existing file (tests give their own). */
export type FileCheck = (candidate: string) => boolean | Promise<boolean>;

/** $SHELL when it is a POSIX shell that exists, else bash, else sh. */
export async function userShell(env: NodeJS.ProcessEnv, isFile: FileCheck = fileExists): Promise<string> {
  const shell = env.SHELL;
  if (shell && path.isAbsolute(shell) && !NON_POSIX_SHELLS.has(path.basename(shell)) && (await isFile(shell)))
    return shell;
  return (await isFile('/bin/bash')) ? '/bin/bash' : '/bin/sh';
}

/** Variables that keep a command from waiting for a key press or asking to page. */
export const NON_INTERACTIVE_ENV: Readonly<Record<string, string>> = {
  TERM: 'xterm-256color',
  COLORTERM: 'truecolor',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  MANPAGER: 'cat',
  SYSTEMD_PAGER: '',
  GH_PAGER: 'cat',
  AWS_PAGER: '',
  LESS: '-FRX',
};

/** Set by the editor for its own helpers; a command must not inherit them. */
const EDITOR_ONLY_ENV = ['ELECTRON_RUN_AS_NODE', 'ELECTRON_NO_ATTACH_CONSOLE', 'VSCODE_IPC_HOOK_CLI'];

/** The user's environment, then the non-interactive defaults, then what the agent asked for. */
export function terminalEnv(
  base: NodeJS.ProcessEnv,
  requested: readonly acp.EnvVariable[] | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
  for (const key of EDITOR_ONLY_ENV) delete env[key];
  Object.assign(env, NON_INTERACTIVE_ENV);
  for (const variable of requested ?? []) {
    if (variable && typeof variable.name === 'string' && typeof variable.value === 'string')
      env[variable.name] = variable.value;
  }
  return env;
}

export type CwdCheck = { ok: true; cwd: string } | { ok: false; message: string };

/**
 * The cwd must be absolute and an existing folder; absent means the session's cwd. Asynchronous,
 * like every file check on the host: a slow or network file system must not stall the window.
 */
export async function checkCwd(requested: string | null | undefined, sessionCwd: string): Promise<CwdCheck> {
  const cwd = requested ?? sessionCwd;
  if (typeof cwd !== 'string' || !path.isAbsolute(cwd)) {
    return { ok: false, message: `terminal/create needs an absolute cwd, got ${JSON.stringify(requested)}` };
  }
  try {
    if (!(await stat(cwd)).isDirectory()) return { ok: false, message: `The cwd is not a folder: ${cwd}` };
  } catch {
    return { ok: false, message: `The cwd does not exist: ${cwd}` };
  }
  return { ok: true, cwd };
}

export type ProgramLookup = { found: true; file: string } | { found: false; exitCode: 126 | 127; message: string };

/**
 * Finds the program like a shell would (PATH search for a bare name), so a missing command ends
 * like it does in a shell (exit 127 and a message in the output), not as a spawn error.
 */
export async function findProgram(
  file: string,
  env: Record<string, string>,
  cwd: string,
  platform: NodeJS.Platform = process.platform,
): Promise<ProgramLookup> {
  if (platform === 'win32') return { found: true, file }; // PATHEXT rules: let the spawn decide
  const name = file;
  if (name.includes('/')) {
    const absolute = path.resolve(cwd, name);
    if (!(await fileExists(absolute)))
      return { found: false, exitCode: 127, message: `${name}: No such file or directory` };
    if (!(await isExecutable(absolute))) return { found: false, exitCode: 126, message: `${name}: Permission denied` };
    return { found: true, file: absolute };
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    // One directory after the other: the first match wins, as in a shell.
    if ((await fileExists(candidate)) && (await isExecutable(candidate))) return { found: true, file: candidate };
  }
  return { found: false, exitCode: 127, message: `${name}: command not found` };
}

async function fileExists(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isFile();
  } catch {
    return false;
  }
}

async function isExecutable(candidate: string): Promise<boolean> {
  try {
    await access(candidate, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The command as the user would type it, for the card header and the terminal tab. */
export function displayCommand(command: string, args: readonly string[] | undefined): string {
  if (!args || args.length === 0) return command;
  return [command, ...args]
    .map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}
