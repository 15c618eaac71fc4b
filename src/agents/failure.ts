// Turns what went wrong with an agent process into an AgentFailure the error card can show: why, as data
// (worded where shown: shared/failureWords.ts), the command line, exit code or signal, the last stderr lines
// and the agent env values that look like a mistake.
import type { EnvWarning, FailureReason } from '../shared/entryReasons';
import type { AgentFailure } from '../shared/thread';

export interface FailureContext {
  /** The program as configured (for hints), e.g. "gemini". */
  command: string;
  /** The whole command line, shell-quoted. */
  commandLine: string;
  stderrTail: string[];
  /** Agent `env` values that look like a mistake (src/agents/env.ts): the likely cause of many failures. */
  envWarnings?: EnvWarning[];
}

/** The failure of `ctx` for `reason`: the env warnings go with it (a PATH without /usr/bin explains much). */
function failure(ctx: FailureContext, reason: FailureReason): AgentFailure {
  const made: AgentFailure = { reason, commandLine: ctx.commandLine, stderrTail: ctx.stderrTail };
  if (ctx.envWarnings && ctx.envWarnings.length > 0) made.envWarnings = ctx.envWarnings;
  return made;
}

export function spawnFailure(ctx: FailureContext, error: NodeJS.ErrnoException): AgentFailure {
  switch (error.code) {
    case 'ENOENT':
      return failure(ctx, { kind: 'commandNotFound', command: ctx.command });
    case 'EACCES':
      return failure(ctx, { kind: 'permissionDenied', command: ctx.command });
    default:
      return failure(ctx, { kind: 'spawnError', command: ctx.command, error: error.message });
  }
}

export function missingCwdFailure(ctx: FailureContext, cwd: string): AgentFailure {
  return failure(ctx, { kind: 'missingCwd', cwd });
}

export function exitFailure(ctx: FailureContext, exitCode: number | null, signal: string | null): AgentFailure {
  return { ...failure(ctx, { kind: 'exited' }), exitCode, signal };
}

export function initializeTimeoutFailure(ctx: FailureContext, timeoutMs: number): AgentFailure {
  return failure(ctx, { kind: 'initializeTimeout', ms: timeoutMs });
}

/** The agent answered a version Switchboard does not speak (`v2On`: it asked for 2, so it speaks 1 and 2). */
export function protocolVersionFailure(ctx: FailureContext, agentVersion: unknown, v2On = false): AgentFailure {
  return failure(ctx, { kind: 'protocolVersion', version: String(agentVersion), ...(v2On ? { v2On } : {}) });
}

/** The agent speaks only ACP v2 and the user has not turned v2 on (it is a draft). */
export function needsV2Failure(ctx: FailureContext): AgentFailure {
  return failure(ctx, { kind: 'needsV2' });
}

export function noAuthMethodFailure(ctx: FailureContext): AgentFailure {
  return failure(ctx, { kind: 'noAuthMethod' });
}

/** initialize or session/new failed with an error that is not one of the cases above. */
export function startupFailure(ctx: FailureContext, step: string, message: string): AgentFailure {
  return failure(ctx, { kind: 'startup', step, error: message });
}
