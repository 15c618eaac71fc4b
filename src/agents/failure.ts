// Turns what went wrong with an agent process into an AgentFailure the error card can show:
// one-sentence title, the command line, exit code or signal, the last stderr lines and a hint.
import type { AgentFailure } from '../shared/thread';

export interface FailureContext {
  /** The program as configured (for hints), e.g. "gemini". */
  command: string;
  /** The whole command line, shell-quoted. */
  commandLine: string;
  stderrTail: string[];
  /** Agent `env` values that look like a mistake (src/agents/env.ts): the likely cause of many failures. */
  envWarnings?: string[];
}

/** The hint, plus the env warnings: a PATH without /usr/bin explains "command not found" better than any hint. */
function withEnv(ctx: FailureContext, hint: string): string {
  return ctx.envWarnings && ctx.envWarnings.length > 0
    ? `${hint} Check the agent's env: ${ctx.envWarnings.join(' ')}`
    : hint;
}

const RESTART_HINT = 'The agent exited; press Restart to start it again. The stderr lines above may say why.';

export function spawnFailure(ctx: FailureContext, error: NodeJS.ErrnoException): AgentFailure {
  const base = { commandLine: ctx.commandLine, stderrTail: ctx.stderrTail };
  switch (error.code) {
    case 'ENOENT':
      return {
        ...base,
        title: `Command not found: ${ctx.command}`,
        hint: withEnv(
          ctx,
          `Check that \`${ctx.command}\` is installed and on PATH, or set an absolute path in switchboard.agents.`,
        ),
      };
    case 'EACCES':
      return {
        ...base,
        title: `Permission denied running ${ctx.command}`,
        hint: withEnv(ctx, `Check that \`${ctx.command}\` is an executable file (chmod +x) and not a folder.`),
      };
    default:
      return {
        ...base,
        title: `Could not start ${ctx.command}: ${error.message}`,
        hint: withEnv(ctx, 'Check the command and arguments in switchboard.agents.'),
      };
  }
}

export function missingCwdFailure(ctx: FailureContext, cwd: string): AgentFailure {
  return {
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    title: `The working folder does not exist: ${cwd}`,
    hint: withEnv(ctx, 'Open an existing folder as the workspace, then press Restart.'),
  };
}

export function exitFailure(ctx: FailureContext, exitCode: number | null, signal: string | null): AgentFailure {
  const title =
    signal !== null
      ? `Agent was stopped by signal ${signal}`
      : exitCode === 0
        ? 'Agent exited unexpectedly (exit code 0)'
        : `Agent exited with code ${exitCode ?? 'unknown'}`;
  return {
    title,
    commandLine: ctx.commandLine,
    exitCode,
    signal,
    stderrTail: ctx.stderrTail,
    hint: withEnv(ctx, RESTART_HINT),
  };
}

export function initializeTimeoutFailure(ctx: FailureContext, timeoutMs: number): AgentFailure {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return {
    title: `The agent did not answer initialize within ${seconds} s`,
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(
      ctx,
      'Check that this command starts an ACP agent over stdio (many agents need a flag such as --acp or ' +
        '--experimental-acp), then press Restart.',
    ),
  };
}

export function protocolVersionFailure(ctx: FailureContext, agentVersion: unknown): AgentFailure {
  return {
    title: `The agent wants ACP protocol version ${String(agentVersion)}; Switchboard speaks version 1`,
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(ctx, 'Use a version of the agent that supports ACP protocol version 1.'),
  };
}

export function noAuthMethodFailure(ctx: FailureContext): AgentFailure {
  return {
    title: 'The agent needs authentication but offered no method to authenticate',
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(ctx, 'Log in with the agent’s own command line tool in a terminal, then press Restart.'),
  };
}

/** initialize or session/new failed with an error that is not one of the cases above. */
export function startupFailure(ctx: FailureContext, step: string, message: string): AgentFailure {
  return {
    title: `${step} failed: ${message}`,
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(ctx, 'Press Restart to try again; the traffic log shows the exact messages.'),
  };
}
