// One agent subprocess. It leads its own process group so stop() can take down everything the
// agent started (MCP servers, shells), not just the launcher. Every way it can fail (spawn error,
// exit, signal) ends in exactly one AgentExit carrying a ready-to-show AgentFailure.
import { spawn, type ChildProcess } from 'node:child_process';
import crossSpawn from 'cross-spawn';
import { existsSync } from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { agentSettingPath, type AgentConfig } from './config';
import type { EnvWarning } from '../shared/entryReasons';
import type { AgentFailure } from '../shared/thread';
import { envWarningWords, failureWords } from '../shared/failureWords';
import { formatCommandLine } from './commandLine';
import { mergeAgentEnv } from './env';
import { exitFailure, missingCwdFailure, spawnFailure, type FailureContext } from './failure';
import { DEFAULT_LOG_LIMITS, DEFAULT_TAIL_LINES, StderrTail } from './stderrTail';

export const DEFAULT_STOP_GRACE_MS = 2000;
/** How long to wait after 'exit' for the last stderr bytes before reporting. */
const STDERR_DRAIN_MS = 300;

/**
 * Where an agent's stderr goes; `redact` (the log's own secret redaction) also cleans each stderr line,
 * whole, before it is cut for length, logged or kept for the failure card's tail.
 */
export interface AgentLogSink {
  append(line: string): void;
  /** Replaces the secrets Switchboard handed to agents (src/agents/secretRedactor.ts); absent: none kept. */
  redact?(text: string): string;
}

export interface AgentProcessOptions {
  /** Absolute working folder (the workspace folder). */
  cwd: string;
  baseEnv: NodeJS.ProcessEnv;
  log: AgentLogSink;
  stopGraceMs?: number;
}

export interface AgentExit {
  exitCode: number | null;
  signal: string | null;
  /** True when stop() asked for it: not a failure to show. */
  requested: boolean;
  failure: AgentFailure;
}

/** What the session layer needs from an agent process; tests inject fakes of this. */
export interface AgentProcess {
  readonly commandLine: string;
  readonly stdin: Writable;
  readonly stdout: Readable;
  /** Settles once, when the process could not start or has exited. Never rejects. */
  readonly exited: Promise<AgentExit>;
  /** The last stderr lines, oldest first. */
  stderrTail(): string[];
  /** Context for building other failures (timeouts, version mismatch) with the same details. */
  failureContext(): FailureContext;
  /** Close stdin, SIGTERM the group, SIGKILL after the grace period; resolves when it exited. */
  stop(): Promise<void>;
}

export type SpawnAgentProcess = (config: AgentConfig, options: AgentProcessOptions) => AgentProcess;

export const spawnAgentProcess: SpawnAgentProcess = (config, options) => new ChildAgentProcess(config, options);

class ChildAgentProcess implements AgentProcess {
  readonly commandLine: string;
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly exited: Promise<AgentExit>;
  /** null when the spawn was not even attempted (missing cwd). */
  private readonly child: ChildProcess | null;
  private readonly stderr: StderrTail;
  private settle!: (exit: AgentExit) => void;
  private settled = false;
  private stopRequested = false;
  private leaderExited = false;
  private readonly envWarnings: EnvWarning[];

  constructor(
    private readonly config: AgentConfig,
    private readonly options: AgentProcessOptions,
  ) {
    this.commandLine = formatCommandLine(config.command, config.args);
    this.exited = new Promise((resolve) => (this.settle = resolve));
    // Batched: one log append per interval, however many lines the agent writes (src/agents/stderrTail.ts).
    // Redacted line by line before a long line is cut (a cut key would escape the log's own redaction).
    this.stderr = new StderrTail(
      (lines) => options.log.append(lines),
      DEFAULT_TAIL_LINES,
      DEFAULT_LOG_LIMITS,
      (line) => options.log.redact?.(line) ?? line,
    );

    const { env, warnings } = mergeAgentEnv(options.baseEnv, config.env, agentSettingPath(config.id));
    this.envWarnings = warnings;
    for (const warning of warnings)
      options.log.append(`[switchboard] warning: ${envWarningWords(warning)} It is applied as written.`);
    options.log.append(`[switchboard] starting ${this.commandLine} in ${options.cwd}`);

    // Node reports a missing cwd as ENOENT on the *command*, which would send the user looking
    // for the wrong thing; check it first and do not spawn at all.
    if (!existsSync(options.cwd)) {
      this.child = null;
      this.stdin = new PassThrough();
      this.stdout = new PassThrough();
      this.leaderExited = true;
      this.finish(null, null, missingCwdFailure(this.failureContext(), options.cwd));
      return;
    }
    // cross-spawn: on Windows it finds `.cmd`/`.bat` shims (npx.cmd, an npm-installed agent) and quotes their
    // arguments the way cmd.exe needs; elsewhere it is plain child_process.spawn.
    const child = crossSpawn(config.command, config.args, {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so stop() can signal the whole tree (see killGroup).
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    this.child = child;
    this.stdin = child.stdin!;
    this.stdout = child.stdout!;
    // Writing to a dead agent raises EPIPE on stdin; the exit path reports the real cause.
    this.stdin.on('error', (error) => options.log.append(`[switchboard] agent stdin: ${error.message}`));
    child.stderr!.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    child.stderr!.on('end', () => this.stderr.end());

    child.once('error', (error) => {
      this.leaderExited = true;
      this.finish(null, null, spawnFailure(this.failureContext(), error));
    });
    child.once('exit', (code, signal) => {
      this.leaderExited = true;
      // Leftovers of a crashed agent (its MCP servers, shells) go with it.
      this.killGroup('SIGTERM');
      void this.afterStderrDrained(child).then(() =>
        this.finish(code, signal, exitFailure(this.failureContext(), code, signal)),
      );
    });
  }

  stderrTail(): string[] {
    return this.stderr.tail();
  }

  failureContext(): FailureContext {
    return {
      command: this.config.command,
      commandLine: this.commandLine,
      stderrTail: this.stderr.tail(),
      envWarnings: this.envWarnings,
    };
  }

  async stop(): Promise<void> {
    this.stopRequested = true;
    if (this.settled && !this.groupAlive()) return;
    this.stdin.end();
    this.killGroup('SIGTERM');
    const grace = this.options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
    const exitedInTime = await Promise.race([this.exited.then(() => true), delay(grace).then(() => false)]);
    // The leader may be gone while a grandchild ignored SIGTERM: the group decides, not the leader.
    if (!exitedInTime || this.groupAlive()) this.killGroup('SIGKILL');
    await this.exited;
  }

  private finish(exitCode: number | null, signal: string | null, failure: AgentFailure): void {
    if (this.settled) return;
    this.settled = true;
    this.stderr.flush();
    const requested = this.stopRequested;
    this.options.log.append(
      requested ? `[switchboard] agent stopped` : `[switchboard] ${failureWords(failure).title} (${this.commandLine})`,
    );
    this.settle({ exitCode, signal, requested, failure });
  }

  private async afterStderrDrained(child: ChildProcess): Promise<void> {
    const stderr = child.stderr!;
    if (stderr.readableEnded) return;
    await Promise.race([new Promise((resolve) => stderr.once('close', resolve)), delay(STDERR_DRAIN_MS)]);
  }

  private groupAlive(): boolean {
    const pid = this.child?.pid;
    if (pid === undefined || process.platform === 'win32') return !this.leaderExited;
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      if (process.platform === 'win32') {
        // No process groups: taskkill /T walks the tree.
        if (!this.leaderExited) spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true });
      } else {
        process.kill(-pid, signal);
      }
    } catch {
      // ESRCH: the whole group is already gone.
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
