// Turns what went wrong with an agent process into an AgentFailure the error card can show:
// one-sentence title, the command line, exit code or signal, the last stderr lines and a hint.
import { t } from '../shared/l10n';
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
    ? t("{0} Check the agent's env: {1}", hint, ctx.envWarnings.join(' '))
    : hint;
}

export function spawnFailure(ctx: FailureContext, error: NodeJS.ErrnoException): AgentFailure {
  const base = { commandLine: ctx.commandLine, stderrTail: ctx.stderrTail };
  switch (error.code) {
    case 'ENOENT':
      return {
        ...base,
        title: t('Command not found: {0}', ctx.command),
        hint: withEnv(
          ctx,
          t('Check that `{0}` is installed and on PATH, or set an absolute path in switchboard.agents.', ctx.command),
        ),
      };
    case 'EACCES':
      return {
        ...base,
        title: t('Permission denied running {0}', ctx.command),
        hint: withEnv(ctx, t('Check that `{0}` is an executable file (chmod +x) and not a folder.', ctx.command)),
      };
    default:
      return {
        ...base,
        title: t('Could not start {0}: {1}', ctx.command, error.message),
        hint: withEnv(ctx, t('Check the command and arguments in switchboard.agents.')),
      };
  }
}

export function missingCwdFailure(ctx: FailureContext, cwd: string): AgentFailure {
  return {
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    title: t('The working folder does not exist: {0}', cwd),
    hint: withEnv(ctx, t('Open an existing folder as the workspace, then press Restart.')),
  };
}

export function exitFailure(ctx: FailureContext, exitCode: number | null, signal: string | null): AgentFailure {
  const title =
    signal !== null
      ? t('Agent was stopped by signal {0}', signal)
      : exitCode === 0
        ? t('Agent exited unexpectedly (exit code 0)')
        : exitCode === null
          ? t('Agent exited with an unknown code')
          : t('Agent exited with code {0}', exitCode);
  return {
    title,
    commandLine: ctx.commandLine,
    exitCode,
    signal,
    stderrTail: ctx.stderrTail,
    hint: withEnv(ctx, t('The agent exited; press Restart to start it again. The stderr lines above may say why.')),
  };
}

export function initializeTimeoutFailure(ctx: FailureContext, timeoutMs: number): AgentFailure {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return {
    title: t('The agent did not answer initialize within {0} s', seconds),
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(
      ctx,
      t(
        'Check that this command starts an ACP agent over stdio (many agents need a flag such as --acp or --experimental-acp), then press Restart.',
      ),
    ),
  };
}

/** The agent answered a version Switchboard does not speak (`v2On`: it asked for 2, so it speaks 1 and 2). */
export function protocolVersionFailure(ctx: FailureContext, agentVersion: unknown, v2On = false): AgentFailure {
  return {
    title: v2On
      ? t('The agent wants ACP protocol version {0}; Switchboard speaks versions 1 and 2', String(agentVersion))
      : t('The agent wants ACP protocol version {0}; Switchboard speaks version 1', String(agentVersion)),
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(ctx, t('Use a version of the agent that supports ACP protocol version 1.')),
  };
}

/** The agent speaks only ACP v2 and the user has not turned v2 on (it is a draft). */
export function needsV2Failure(ctx: FailureContext): AgentFailure {
  return {
    title: t('The agent speaks ACP protocol version 2, which is turned off'),
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(
      ctx,
      t(
        'Turn on the setting switchboard.acpV2 (ACP v2 is a draft protocol) and press Restart, or use a version of the agent that supports ACP protocol version 1.',
      ),
    ),
  };
}

export function noAuthMethodFailure(ctx: FailureContext): AgentFailure {
  return {
    title: t('The agent needs authentication but offered no method to authenticate'),
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(ctx, t('Log in with the agent’s own command line tool in a terminal, then press Restart.')),
  };
}

/** initialize or session/new failed with an error that is not one of the cases above. */
export function startupFailure(ctx: FailureContext, step: string, message: string): AgentFailure {
  return {
    title: t('{0} failed: {1}', step, message),
    commandLine: ctx.commandLine,
    stderrTail: ctx.stderrTail,
    hint: withEnv(ctx, t('Press Restart to try again; the traffic log shows the exact messages.')),
  };
}
