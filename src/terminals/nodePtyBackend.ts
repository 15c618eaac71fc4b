// The PTY backend: node-pty, loaded lazily (a native module that may fail to load; then terminals use pipes).
import type * as NodePtyModule from 'node-pty';
import { keepOutputPastExit } from './nodePtyOutputAfterExit';
import { exitStatus, type TerminalProcess, type TerminalProcessOptions } from './terminalProcess';
import { errorMessage } from '../shared/errorMessage';

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
    ptyLoadError = errorMessage(error);
    ptyModule = null;
  }
  return ptyModule;
}

export function ptyLoadProblem(): string | undefined {
  loadNodePty();
  return ptyLoadError;
}

export function spawnPty(pty: NodePty, options: TerminalProcessOptions): TerminalProcess {
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
