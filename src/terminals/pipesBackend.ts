// The fallback backend when node-pty cannot load: plain pipes, stdout and stderr merged, no colours or input
// echo. The child leads its own process group (detached), like a PTY's.
import { spawn as spawnChild } from 'node:child_process';
import type * as acp from '@agentclientprotocol/sdk';
import { exitStatus, type TerminalProcess, type TerminalProcessOptions } from './terminalProcess';

export function spawnPipes(options: TerminalProcessOptions): TerminalProcess {
  const child = spawnChild(options.file, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdin.on('error', () => undefined);
  const dataListeners: Array<(data: string) => void> = [];
  const emit = (data: string): void => dataListeners.forEach((listener) => listener(data));
  child.stdout.on('data', emit);
  child.stderr.on('data', emit);
  let exitListener: ((status: acp.TerminalExitStatus) => void) | undefined;
  let status: acp.TerminalExitStatus | undefined;
  const report = (): void => {
    if (status && exitListener) {
      const listener = exitListener;
      exitListener = undefined;
      listener(status);
    }
  };
  // 'close' comes after both output streams ended: no data is lost behind the exit.
  child.once('close', (code, signal) => {
    status ??= exitStatus(code, signal);
    report();
  });
  child.once('error', (error) => {
    emit(`${error.message}\r\n`);
    status ??= { exitCode: 127, signal: null };
    report();
  });
  return {
    mode: 'pipes',
    pid: child.pid,
    onData: (listener) => void dataListeners.push(listener),
    onExit: (listener) => {
      exitListener = listener;
      report();
    },
    write: (data) => void child.stdin.write(data),
    resize: () => undefined,
    pause: () => {
      child.stdout.pause();
      child.stderr.pause();
    },
    resume: () => {
      child.stdout.resume();
      child.stderr.resume();
    },
  };
}
