// An agent that is not started, with the reason as its failure: the chat shows the usual error card (title, hint,
// the command that would have run) instead of a notification that disappears. Used for Restricted Mode, where
// Switchboard runs only its built-in Demo agent: other agents run programs and read and write files.
import { PassThrough } from 'node:stream';
import type { AgentProcess, SpawnAgentProcess } from './agentProcess';
import { formatCommandLine } from './commandLine';
import { t } from '../shared/l10n';
import type { AgentFailure } from '../shared/thread';

/** A function, not a constant: its words are in the display language, known only once the extension runs. */
export function restrictedModeFailure(): Pick<AgentFailure, 'title' | 'hint'> {
  return {
    title: t('Switchboard runs only the Demo agent in Restricted Mode'),
    hint: t(
      'Agents run programs and read and write files in this folder, so they start only in a trusted workspace. Trust the folder ("Workspaces: Manage Workspace Trust"), then press Restart.',
    ),
  };
}

export function refusedAgentProcess(
  command: string,
  args: readonly string[],
  reason: Pick<AgentFailure, 'title' | 'hint'>,
): AgentProcess {
  const commandLine = formatCommandLine(command, args);
  const failure: AgentFailure = { ...reason, commandLine, stderrTail: [] };
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
  reason: Pick<AgentFailure, 'title' | 'hint'>,
): SpawnAgentProcess {
  return (config, options) => {
    if (allowed(config)) return spawn(config, options);
    options.log.append(`[switchboard] not started: ${reason.title}`);
    return refusedAgentProcess(config.command, config.args, reason);
  };
}
