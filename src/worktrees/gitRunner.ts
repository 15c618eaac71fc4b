// Running `git` for the worktree store: one spawn per command, no shell, output bounded, cancellable.
// The one home of git's command-line settings and names (what git reads, not the user).
// The environment is the extension host's minus every GIT_* variable that would point git elsewhere (a
// VS Code started from a git hook inherits GIT_DIR and GIT_INDEX_FILE, and a command meant for our copy
// would then run against the user's repository); the store adds back only the ones it means.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { t } from '../shared/l10n';
import { WorktreeError } from './worktreeError';

/** More output than any command of the store prints (a tree listing of a large repository is well below). */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/** Settings for every git command: nothing in the user's configuration may make it write outside our copy. */
const SAFE_CONFIG = [
  // A split index keeps part of itself in $GIT_DIR/sharedindex.*: a temporary index must be whole.
  'core.splitIndex=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'core.quotePath=false',
  'advice.detachedHead=false',
];

/** Settings for commands in our copy: nothing there (an agent may have written its config) runs a program. */
export const COPY_CONFIG = [
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'commit.gpgSign=false',
];

/** An author for the start commit that works whatever the user's configuration lacks. */
export const START_COMMIT_ENV = {
  GIT_AUTHOR_NAME: 'Switchboard',
  GIT_AUTHOR_EMAIL: 'switchboard@localhost',
  GIT_COMMITTER_NAME: 'Switchboard',
  GIT_COMMITTER_EMAIL: 'switchboard@localhost',
};

/** The branch of a copy, its start commit. */
export const START_REF = 'refs/heads/switchboard-chat';

/** A pathspec that leaves a folder out, by its path relative to the repository's top. */
export function excludePathspec(rel: string): string {
  return `:(exclude,literal)${rel}`;
}

export interface GitCommand {
  cwd: string;
  args: readonly string[];
  /** Added to the cleaned environment (GIT_INDEX_FILE, GIT_OBJECT_DIRECTORY, ...). */
  env?: Readonly<Record<string, string>>;
  input?: string | Uint8Array;
  signal?: AbortSignal;
  /** Exit codes that are answers, not failures (`diff --quiet` exits 1 on a difference). */
  okCodes?: readonly number[];
}

export interface GitResult {
  stdout: Buffer;
  code: number;
}

/** Runs git; rejects with a WorktreeError('git-missing') when the executable is not there. */
export type RunGit = (command: GitCommand) => Promise<GitResult>;

/** The environment git runs with: the host's, minus what would redirect it (see the file comment). */
export function cleanGitEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  // Never wait for a password or an editor: nothing here talks to a remote or asks for a message.
  return { ...env, GIT_TERMINAL_PROMPT: '0', GIT_EDITOR: 'true', LC_ALL: 'C', ...extra };
}

export function gitRunner(gitPath: string): RunGit {
  return (command) => runGit(gitPath, command);
}

function runGit(gitPath: string, command: GitCommand): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    if (command.signal?.aborted) return reject(cancelled());
    const configArgs = SAFE_CONFIG.flatMap((setting) => ['-c', setting]);
    const child = spawn(gitPath, [...configArgs, ...command.args], {
      cwd: command.cwd,
      env: cleanGitEnv(command.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: WorktreeError | undefined;
    const onAbort = () => {
      failure = cancelled();
      child.kill();
    };
    command.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT_BYTES) {
        failure = new WorktreeError(
          'git-failed',
          t('git {0} printed more than {1} bytes.', command.args[0] ?? '', MAX_OUTPUT_BYTES),
        );
        child.kill();
        return;
      }
      out.push(chunk);
    });
    // The last few KiB of stderr are the reason of a failure; more is noise.
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString('utf8')).slice(-4096)));
    child.stdin.on('error', () => undefined);
    child.on('error', (error: NodeJS.ErrnoException) => {
      command.signal?.removeEventListener('abort', onAbort);
      // Node says ENOENT for a missing working folder too: that is not a missing git.
      if (error.code === 'ENOENT' && !existsSync(command.cwd)) {
        reject(new WorktreeError('missing', t('The folder {0} does not exist.', command.cwd)));
      } else if (error.code === 'ENOENT')
        reject(new WorktreeError('git-missing', t('Git was not found ({0}).', gitPath)));
      else reject(new WorktreeError('git-failed', t('Git could not be started ({0}): {1}', gitPath, error.message)));
    });
    child.on('close', (code, signal) => {
      command.signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(failure);
      const exit = code ?? -1;
      if (exit === 0 || command.okCodes?.includes(exit)) return resolve({ stdout: Buffer.concat(out), code: exit });
      const why = err.trim() || t('exit {0}', String(code ?? signal));
      reject(
        new WorktreeError('git-failed', t('git {0} failed in {1}: {2}', command.args.join(' '), command.cwd, why)),
      );
    });
    child.stdin.end(command.input);
  });
}

function cancelled(): WorktreeError {
  return new WorktreeError('cancelled', t('Cancelled.'));
}
