// Runs the user's own package tools (npm, uv) for an install: their config files, registries and proxies
// apply because it is their program with their environment. Started through cross-spawn, which finds and
// quotes Windows `.cmd` shims (npm.cmd) the way cmd.exe needs; output is kept as a bounded tail for the error;
// a tool that does not finish in time is killed, so an install never hangs.
import { t } from '../../shared/l10n';
import crossSpawn from 'cross-spawn';

export interface ToolRun {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** What the tool is for, to name a missing one: "npm (part of Node.js)". */
  what: string;
  /** Where to get it when it is missing. */
  getIt: string;
}

export type RunTool = (run: ToolRun) => Promise<void>;

/** The tool is not on PATH (nor where it was looked for): Switchboard may offer to fetch its runtime. */
export class MissingToolError extends Error {
  constructor(
    readonly command: string,
    message: string,
  ) {
    super(message);
  }
}

const TAIL_BYTES = 4000;

export const runTool: RunTool = (run) =>
  new Promise((resolve, reject) => {
    const child = crossSpawn(run.command, run.args, {
      cwd: run.cwd,
      env: run.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${run.command} ${run.args.join(' ')} did not finish within ${run.timeoutMs / 1000} s`));
    }, run.timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new MissingToolError(run.command, t('{0} was not found on PATH. {1}', run.what, run.getIt))
          : new Error(t('{0} could not start: {1}', run.command, error.message)),
      );
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else {
        const last = tail.trim().split('\n').slice(-12).join('\n');
        const how = signal ?? t('exit code {0}', code ?? '?');
        reject(new Error(t('{0} failed ({1}):', `${run.command} ${run.args.join(' ')}`, how) + '\n' + last));
      }
    });
  });
