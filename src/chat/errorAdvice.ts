// What the user reads when something they did in the chat failed: what failed (the control's `doing`), why, and
// what helps. Advice is given only where it helps: the agent's log and a restart for what went through the agent,
// the error's own advice where it has one (Apply refused a path: copy the block instead), nothing otherwise.
import { errorMessage } from '../shared/errorMessage';
import { t } from '../shared/l10n';
import { AdvisedError } from './advisedError';
import type { Helps, MessageType } from './controls/control';
import { CONTROLS } from './controls/controlTable';

/** One sentence on what failed and why, then what the user can do about it. */
export function errorAdvice(type: MessageType, error: unknown): string {
  const control = CONTROLS[type];
  const failed = t('Switchboard could not {0}: {1}.', control.doing(), errorMessage(error).replace(/\.$/, ''));
  const advice = adviceFor(control.helps, error);
  return advice === '' ? failed : `${failed} ${advice}`;
}

function adviceFor(helps: Helps | undefined, error: unknown): string {
  if (error instanceof AdvisedError) return error.advice;
  switch (helps) {
    case 'agentLog':
      return t('Check "Switchboard: Show Agent Log".');
    case 'agentLogOrRestart':
      return t('Check "Switchboard: Show Agent Log", or run "Switchboard: Restart Agent".');
    case undefined:
      return '';
  }
}
