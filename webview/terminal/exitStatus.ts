// How a terminal card says a command ended, one wording for our own terminals (views.ts) and the ones the
// agent runs itself (agentTerminal.ts).
import type * as acp from '@agentclientprotocol/sdk';
import { t } from '../l10n';

/** The card's status and its data-state for an exit nobody stopped. */
export function exitedStatus(exitStatus: acp.TerminalExitStatus | null): { label: string; state: string } {
  const signal = exitStatus?.signal ?? null;
  const code = exitStatus?.exitCode ?? null;
  if (signal) return { label: t('Ended by {0}', signal), state: 'failed' };
  return code === 0
    ? { label: t('Exited 0'), state: 'succeeded' }
    : { label: t('Failed: exit code {0}', code ?? '?'), state: 'failed' };
}
