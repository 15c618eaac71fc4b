// The words of an agent failure (shared/entryReasons.ts FailureReason): the error card's title and hint, and
// the agent env warnings that follow the hint, chosen when shown (the webview's card, the Markdown export,
// the agent log) in the display language of the moment. A `said` reason (an older journal's sentences)
// shows as it is.
import { t } from './l10n';
import type { EnvWarning, FailureReason } from './entryReasons';

/** What failureWords reads of a failure (shared/thread.ts AgentFailure). */
interface FailureData {
  reason: FailureReason;
  exitCode?: number | null;
  signal?: string | null;
  envWarnings?: readonly EnvWarning[];
}

/** The card's one-sentence title, and what the user can try next (absent when there is nothing to try). */
export function failureWords(failure: FailureData): { title: string; hint: string | undefined } {
  const { reason } = failure;
  if (reason.kind === 'said') return { title: reason.title, hint: reason.hint };
  const hint = hintWords(reason);
  const warnings = failure.envWarnings ?? [];
  return {
    title: titleWords(failure, reason),
    // A PATH without /usr/bin explains "command not found" better than any hint.
    hint:
      hint !== undefined && warnings.length > 0
        ? t("{0} Check the agent's env: {1}", hint, warnings.map(envWarningWords).join(' '))
        : hint,
  };
}

function titleWords(failure: FailureData, reason: Exclude<FailureReason, { kind: 'said' }>): string {
  switch (reason.kind) {
    case 'commandNotFound':
      return t('Command not found: {0}', reason.command);
    case 'permissionDenied':
      return t('Permission denied running {0}', reason.command);
    case 'spawnError':
      return t('Could not start {0}: {1}', reason.command, reason.error);
    case 'missingCwd':
      return t('The working folder does not exist: {0}', reason.cwd);
    case 'exited':
      return exitWords(failure.exitCode ?? null, failure.signal ?? null);
    case 'outputClosed':
      return t('The agent closed its output and was stopped');
    case 'initializeTimeout':
      return t('The agent did not answer initialize within {0} s', Math.round(reason.ms / 100) / 10);
    case 'protocolVersion':
      return reason.v2On
        ? t('The agent wants ACP protocol version {0}; Switchboard speaks versions 1 and 2', reason.version)
        : t('The agent wants ACP protocol version {0}; Switchboard speaks version 1', reason.version);
    case 'needsV2':
      return t('The agent speaks ACP protocol version 2, which is turned off');
    case 'noAuthMethod':
      return t('The agent needs authentication but offered no method to authenticate');
    case 'startup':
      return t('{0} failed: {1}', reason.step, reason.error);
    case 'restrictedMode':
      return t('Switchboard runs only the Demo agent in Restricted Mode');
    case 'missingAgent':
      return t('{0} is no longer configured', reason.displayName);
    case 'worktreeGone':
      return t('The worktree of this chat is gone: {0}', reason.path);
    case 'notStarted':
      return t('Could not start the agent: {0}', reason.error);
  }
}

function exitWords(exitCode: number | null, signal: string | null): string {
  if (signal !== null) return t('Agent was stopped by signal {0}', signal);
  if (exitCode === 0) return t('Agent exited unexpectedly (exit code 0)');
  if (exitCode === null) return t('Agent exited with an unknown code');
  return t('Agent exited with code {0}', exitCode);
}

function hintWords(reason: Exclude<FailureReason, { kind: 'said' }>): string | undefined {
  switch (reason.kind) {
    case 'commandNotFound':
      return t(
        'Check that `{0}` is installed and on PATH, or set an absolute path in switchboard.agents.',
        reason.command,
      );
    case 'permissionDenied':
      return t('Check that `{0}` is an executable file (chmod +x) and not a folder.', reason.command);
    case 'spawnError':
      return t('Check the command and arguments in switchboard.agents.');
    case 'missingCwd':
      return t('Open an existing folder as the workspace, then press Restart.');
    case 'exited':
    case 'outputClosed': // the process was stopped: what follows an exit applies
      return t('The agent exited; press Restart to start it again. The stderr lines above may say why.');
    case 'initializeTimeout':
      return t(
        'Check that this command starts an ACP agent over stdio (many agents need a flag such as --acp or --experimental-acp), then press Restart.',
      );
    case 'protocolVersion':
      return t('Use a version of the agent that supports ACP protocol version 1.');
    case 'needsV2':
      return t(
        'Turn on the setting switchboard.acpV2 (ACP v2 is a draft protocol) and press Restart, or use a version of the agent that supports ACP protocol version 1.',
      );
    case 'noAuthMethod':
      return t('Log in with the agent’s own command line tool in a terminal, then press Restart.');
    case 'startup':
      return t('Press Restart to try again; the traffic log shows the exact messages.');
    case 'restrictedMode':
      return t(
        'Agents run programs and read and write files in this folder, so they start only in a trusted workspace. Trust the folder ("Workspaces: Manage Workspace Trust"), then press Restart.',
      );
    case 'missingAgent':
      return t(
        'This chat was with the agent "{0}", which is not in the switchboard.agents setting any more. Add it again (or install it with "Switchboard: Browse Agents"), then reload the window to continue the chat. The transcript stays readable; "Switchboard: New Chat with Agent..." starts a chat with another agent.',
        reason.agentId,
      );
    case 'worktreeGone':
      return t(
        'The folder this chat worked in no longer exists, so its changes cannot be brought back. Switchboard did not start the agent in your workspace instead. The transcript stays readable; close this chat, or start "Switchboard: New Chat in Worktree" again.',
      );
    case 'notStarted':
      return undefined;
  }
}

/** One env warning, as the log and the failure card's hint say it. */
export function envWarningWords(warning: EnvWarning): string {
  switch (warning.kind) {
    case 'homeMissing':
      return t(
        '{0} is {1}, which is not an existing folder: the agent may not find its login or config there.',
        warning.setting,
        warning.value,
      );
    case 'pathWithoutSystem':
      return warning.variables
        ? t(
            '{0} has none of the system folders {1} (variables such as $PATH are not expanded: write the folders out): the agent and the tools it runs (node, git, sh) may not be found.',
            warning.setting,
            warning.folders,
          )
        : t(
            '{0} has none of the system folders {1}: the agent and the tools it runs (node, git, sh) may not be found.',
            warning.setting,
            warning.folders,
          );
  }
}
