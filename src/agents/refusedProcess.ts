// An agent that is not started, with the reason as its failure: the chat shows the usual error card (title, hint,
// the command that would have run) instead of a notification that disappears. Used for Restricted Mode, where
// Switchboard runs only its built-in Demo agent: other agents run programs and read and write files.
import { PassThrough } from 'node:stream';
import type { AgentProcess, SpawnAgentProcess } from './agentProcess';
import { formatCommandLine } from './commandLine';
import type { FailureReason } from '../shared/entryReasons';
import { failureWords } from '../shared/failureWords';
import type { AgentFailure } from '../shared/thread';

/** Why an agent other than the Demo does not start in Restricted Mode (worded where shown). */
export function restrictedModeFailure(): FailureReason {
  return { kind: 'restrictedMode' };
}

export function refusedAgentProcess(command: string, args: readonly string[], reason: FailureReason): AgentProcess {
  const commandLine = formatCommandLine(command, args);
  const failure: AgentFailure = { reason, commandLine, stderrTail: [] };
  const stdout = new PassThrough();
  stdout.end();
  return {
    commandLine,
    stdin: new PassThrough(),
    stdout,
    exited: Promise.resolve({ exitCode: null, signal: null, requested: false, failure }),
    stderrTail: () => [],
    failureContext: () => ({ command, commandLine, stderrTail: [] }),
    stop: async () => undefined,
  };
}

/** Spawns with `spawn` while `allowed(agent)` says so, else refuses with `reason`. Asked at each start. */
export function gatedSpawn(
  spawn: SpawnAgentProcess,
  allowed: (agent: { isDemo: boolean }) => boolean,
  reason: FailureReason,
): SpawnAgentProcess {
  return (config, options) => {
    if (allowed(config)) return spawn(config, options);
    options.log.append(`[switchboard] not started: ${failureWords({ reason }).title}`);
    return refusedAgentProcess(config.command, config.args, reason);
  };
}
