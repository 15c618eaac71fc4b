// Starting a terminal's process: a real PTY through node-pty when it loads, plain pipes (stdout
// and stderr merged) when it does not. Either way the process leads its own process group, so
// killing the terminal takes down everything the command started.
import { spawn as spawnChild } from 'node:child_process';
import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { constants as osConstants } from 'node:os';
import type * as acp from '@agentclientprotocol/sdk';
import type * as NodePtyModule from 'node-pty';
import type { IPty } from 'node-pty';

export type TerminalMode = 'pty' | 'pipes';

export interface TerminalProcessOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
}

/** What a terminal needs from its process, whichever way it runs. */
export interface TerminalProcess {
  readonly mode: TerminalMode;
  readonly pid: number | undefined;
  onData(listener: (data: string) => void): void;
  /** Once; after the last data. */
  onExit(listener: (status: acp.TerminalExitStatus) => void): void;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
}

type NodePty = typeof NodePtyModule;

let ptyModule: NodePty | null | undefined;
let ptyLoadError: string | undefined;

/** node-pty, or null (with the reason in ptyLoadProblem()) when the native module cannot load. */
export function loadNodePty(): NodePty | null {
  if (ptyModule !== undefined) return ptyModule;
  if (process.env.SWITCHBOARD_TERMINAL_PIPES === '1') {
    ptyLoadError = 'SWITCHBOARD_TERMINAL_PIPES=1 asks for pipes';
    return (ptyModule = null);
  }
  try {
    // A plain require: esbuild keeps node-pty external, and it ships next to the bundle.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily: the native module may fail to load, and then terminals use pipes
    ptyModule = require('node-pty') as NodePty;
  } catch (error) {
    ptyLoadError = error instanceof Error ? error.message : String(error);
    ptyModule = null;
  }
  return ptyModule;
}

export function ptyLoadProblem(): string | undefined {
  loadNodePty();
  return ptyLoadError;
}

export function spawnTerminalProcess(options: TerminalProcessOptions, forceMode?: TerminalMode): TerminalProcess {
  const pty = forceMode === 'pipes' ? null : loadNodePty();
  return pty ? spawnPty(pty, options) : spawnPipes(options);
}

/** Node reports signals as numbers from node-pty and names from child_process. */
export function exitStatus(code: number | null | undefined, signal: number | string | null | undefined): acp.TerminalExitStatus {
  const name = typeof signal === 'number' ? signalName(signal) : signal || null;
  if (name) return { exitCode: null, signal: name };
  return { exitCode: code ?? null, signal: null };
}

function signalName(signal: number): string | null {
  if (signal <= 0) return null;
  const entry = Object.entries(osConstants.signals).find(([, value]) => value === signal);
  return entry ? entry[0] : `SIG${signal}`;
}

function spawnPty(pty: NodePty, options: TerminalProcessOptions): TerminalProcess {
  const child = pty.spawn(options.file, options.args, {
    name: 'xterm-256color',
    cols: options.cols,
    rows: options.rows,
    cwd: options.cwd,
    env: options.env,
    encoding: 'utf8',
  });
  keepOutputPastExit(child);
  return {
    mode: 'pty',
    pid: child.pid,
    onData: (listener) => void child.onData(listener),
    onExit: (listener) => void child.onExit(({ exitCode, signal }) => listener(exitStatus(exitCode, signal))),
    write: (data) => child.write(data),
    resize: (cols, rows) => {
      try {
        child.resize(cols, rows);
      } catch {
        // The pty is already closed.
      }
    },
    pause: () => child.pause(),
    resume: () => child.resume(),
  };
}

/**
 * node-pty destroys its read socket 200 ms after the child exited if the socket has not closed by
 * itself; on a busy host that throws away the last output still buffered (the end of a big
 * build log). Postpone that destroy until the socket has been quiet for a moment (at most 3 s).
 * Reaches into node-pty's private `_socket`; without it, behaviour is node-pty's own.
 */
function keepOutputPastExit(child: IPty): void {
  const socket = (
    child as unknown as {
      _socket?: { destroy?: (...args: unknown[]) => unknown; resume?: () => void; isPaused?: () => boolean; on?: (event: string, listener: () => void) => void };
    }
  )._socket;
  if (!socket || typeof socket.destroy !== 'function' || typeof socket.on !== 'function') return;
  const destroy = socket.destroy.bind(socket);
  let lastData = Date.now();
  socket.on('data', () => (lastData = Date.now()));
  const started = { at: 0 };
  socket.destroy = (...args: unknown[]) => {
    started.at ||= Date.now();
    if (socket.isPaused?.()) {
      // Paused by back-pressure: the child is gone, so what is left is bounded; read it.
      socket.resume?.();
      lastData = Date.now();
    }
    const quiet = Date.now() - lastData >= 60;
      if (quiet || Date.now() - started.at > 3000) {
      drainSync(child, socket as unknown as { emit(event: string, data: string): void });
      return destroy(...args);
    }
    socket.resume?.();
    setTimeout(() => socket.destroy!(...args), 30);
    return socket;
  };
}

/** Reads what the kernel still holds for the pty (non-blocking) and hands it to the listeners. */
function drainSync(child: IPty, socket: { emit(event: string, data: string): void }): void {
  const fd = (child as unknown as { _fd?: number })._fd;
  if (typeof fd !== 'number') return;
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(64 * 1024);
  for (let reads = 0; reads < 1024; reads++) {
    let count: number;
    try {
      count = readSync(fd, buffer, 0, buffer.length, null);
    } catch {
      break; // EAGAIN: nothing left; EIO: the other side is closed and empty
    }
    if (count <= 0) break;
    const text = decoder.write(buffer.subarray(0, count));
    if (text) socket.emit('data', text);
  }
  const rest = decoder.end();
  if (rest) socket.emit('data', rest);
}

function spawnPipes(options: TerminalProcessOptions): TerminalProcess {
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

/** Signals the whole process group (the leader's pid is the group id); false when it is gone. */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals | 0): boolean {
  if (pid === undefined) return false;
  try {
    if (process.platform === 'win32') {
      if (signal === 'SIGKILL' || signal === 'SIGTERM') spawnChild('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true });
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
