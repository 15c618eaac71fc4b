// Starting a terminal's process: a real PTY through node-pty when it loads (nodePtyBackend.ts), plain pipes
// (stdout and stderr merged) when it does not (pipesBackend.ts). Either way the process leads its own process
// group, so killing the terminal takes down everything the command started.
import { spawn as spawnChild } from 'node:child_process';
import { loadNodePty, spawnPty } from './nodePtyBackend';
import { spawnPipes } from './pipesBackend';
import type { TerminalMode, TerminalProcess, TerminalProcessOptions } from './terminalProcess';

export { ptyLoadProblem } from './nodePtyBackend';
export { exitStatus, type TerminalMode, type TerminalProcess, type TerminalProcessOptions } from './terminalProcess';

export function spawnTerminalProcess(options: TerminalProcessOptions, forceMode?: TerminalMode): TerminalProcess {
  const pty = forceMode === 'pipes' ? null : loadNodePty();
  return pty ? spawnPty(pty, options) : spawnPipes(options);
}

/** Signals the whole process group (the leader's pid is the group id); false when it is gone. */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals | 0): boolean {
  if (pid === undefined) return false;
  try {
    if (process.platform === 'win32') {
      if (signal === 'SIGKILL' || signal === 'SIGTERM')
        spawnChild('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true });
      return true;
    }
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function groupAlive(pid: number | undefined): boolean {
  return process.platform !== 'win32' && signalGroup(pid, 0);
}
