// A command of the user's run to its end in a folder, the way they would run it in a shell there ("Run tests" of a
// comparison runs the workspace's tests in each worktree): its own process group (Stop and the time limit end
// everything it started), no terminal (nothing to type into: the non-interactive variables keep a runner from
// waiting for a key or a pager), its output kept bounded.
import { spawn } from 'node:child_process';
import { MAX_TEST_TAIL_CHARS } from '../shared/compare';
import { signalGroup } from './processes';
import { NON_INTERACTIVE_ENV } from './launch';
import { BoundedText } from './outputLimit';

/** The output "Output" shows: the newest MiB (a runner that floods its output cannot fill the host's memory). */
export const MAX_RUN_OUTPUT_BYTES = 2 ** 20;

export interface CommandRunOptions {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

export interface CommandRunResult {
  /** null: ended by a signal (Stop, the time limit) or could not start. */
  exitCode: number | null;
  durationMs: number;
  /** Everything kept of stdout and stderr, in order (the newest MAX_RUN_OUTPUT_BYTES). */
  output: string;
  /** Why it did not run or was ended: it could not start, the time limit, stopped. */
  error?: string;
}

export interface RunningCommand {
  done: Promise<CommandRunResult>;
  /** Ends the run and everything it started. */
  stop(): void;
}

export function runCommand(options: CommandRunOptions, words: { timedOut: string; stopped: string }): RunningCommand {
  const started = Date.now();
  const output = new BoundedText(MAX_RUN_OUTPUT_BYTES);
  let ended: string | undefined;
  const child = spawn(options.command, {
    cwd: options.cwd,
    shell: true,
    // Its own process group: a signal to the group reaches the runner's children (workers, servers) too.
    detached: process.platform !== 'win32',
    env: { ...options.env, ...NON_INTERACTIVE_ENV, CI: options.env.CI ?? '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const kill = (why: string) => {
    ended ??= why;
    signalGroup(child.pid, 'SIGKILL');
  };
  const timer = setTimeout(() => kill(words.timedOut), options.timeoutMs);
  child.stdout.setEncoding('utf8').on('data', (text: string) => output.append(text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => output.append(text));
  const done = new Promise<CommandRunResult>((resolve) => {
    const finish = (exitCode: number | null, error?: string) => {
      clearTimeout(timer);
      const why = error ?? ended;
      resolve({
        exitCode,
        durationMs: Date.now() - started,
        output: output.text(),
        ...(why !== undefined ? { error: why } : {}),
      });
    };
    child.on('error', (error) => finish(null, error.message));
    child.on('close', (code) => finish(ended === undefined ? code : null));
  });
  return { done, stop: () => kill(words.stopped) };
}

/** The end of a run's output as the view shows it: terminal colours and cursor moves removed, carriage returns kept last. */
export function outputTail(output: string): string {
  /* eslint-disable no-control-regex -- escape sequences are exactly what is removed */
  // Only the end is shown: the patterns run over a bounded text.
  const end = output.length > MAX_TEST_TAIL_CHARS * 4 ? output.slice(output.length - MAX_TEST_TAIL_CHARS * 4) : output;
  const plain = end
    // CSI and OSC sequences (colours, cursor moves, titles), then any other lone escape.
    .replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '')
    .replace(/\x1b./g, '')
    // A progress line redrawn with \r shows as its last state (a line's text after its last \r).
    .split('\n')
    .map(lastRedraw)
    .join('\n');
  /* eslint-enable no-control-regex */
  return plain.length > MAX_TEST_TAIL_CHARS || end !== output
    ? `…${plain.slice(Math.max(0, plain.length - MAX_TEST_TAIL_CHARS))}`
    : plain;
}

/** A line's text after its last carriage return (one that ends the line does not count: CRLF output). */
function lastRedraw(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === '\r') end--;
  return end === 0 ? '' : line.slice(line.lastIndexOf('\r', end - 1) + 1, end);
}
