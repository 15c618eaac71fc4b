// What the user reads when something they did in the chat failed: what failed, why, and what helps. Advice
// is given only where it helps: the agent's log and a restart for what went through the agent, the error's
// own advice where it has one (Apply refused a path: copy the block instead), nothing otherwise.
import type { WebviewToHost } from '../shared/messages';
import { errorMessage } from '../shared/errorMessage';
import { t } from '../shared/l10n';

/** An error that knows what helps, or that nothing does (advice ''): its advice replaces the default. */
export class AdvisedError extends Error {
  constructor(
    message: string,
    readonly advice: string,
  ) {
    super(message);
  }
}

/** Messages whose work goes through the agent: when they fail, its log says why and a restart may help. */
const THROUGH_THE_AGENT = new Set<WebviewToHost['type']>([
  'prompt',
  'queuePrompt',
  'sendNow',
  'cancel',
  'permission',
  'setMode',
  'setConfigOption',
  'authenticate',
  'newChat',
  'editMessage',
  'elicitation',
]);

/** One sentence on what failed and why, then what the user can do about it. */
export function errorAdvice(type: WebviewToHost['type'], error: unknown): string {
  const failed = t('Switchboard could not {0}: {1}.', whatFailed(type), errorMessage(error).replace(/\.$/, ''));
  const advice = adviceFor(type, error);
  return advice === '' ? failed : `${failed} ${advice}`;
}

function adviceFor(type: WebviewToHost['type'], error: unknown): string {
  if (error instanceof AdvisedError) return error.advice;
  if (type === 'restartAgent') return t('Check "Switchboard: Show Agent Log".');
  if (THROUGH_THE_AGENT.has(type))
    return t('Check "Switchboard: Show Agent Log", or run "Switchboard: Restart Agent".');
  return '';
}

/** What the user was doing when a message from the chat failed, in the display language. */
function whatFailed(type: WebviewToHost['type']): string {
  switch (type) {
    case 'ready':
    case 'showChat':
      return t('show the chat');
    case 'resync':
    case 'taken':
      return t('refresh the chat');
    case 'prompt':
      return t('send the prompt');
    case 'queuePrompt':
      return t('queue the message');
    case 'editQueued':
      return t('edit the queued message');
    case 'removeQueued':
      return t('remove the queued message');
    case 'sendNow':
      return t('send the message now');
    case 'pickContext':
      return t('add context');
    case 'cancel':
      return t('cancel the turn');
    case 'cancelSubagent':
      return t('stop the subagent');
    case 'permission':
      return t('answer the permission request');
    case 'setMode':
      return t('change the mode');
    case 'setConfigOption':
      return t('change the session setting');
    case 'authenticate':
      return t('sign in to the agent');
    case 'restartAgent':
      return t('restart the agent');
    case 'newChat':
      return t('start a new chat');
    case 'openLocation':
    case 'openPath':
      return t('open the file');
    case 'openDiff':
      return t('open the diff');
    case 'copy':
      return t('copy to the clipboard');
    case 'showLog':
      return t('show the agent log');
    case 'configureAgents':
      return t('open the agent settings');
    case 'stopTerminal':
      return t('stop the command');
    case 'openTerminal':
      return t('open the terminal');
    case 'reviewFile':
      return t('apply the review action');
    case 'reviewSession':
      return t('apply the review action to the session');
    case 'restoreCheckpoint':
      return t('restore the checkpoint');
    case 'applyCode':
      return t('apply the code block');
    case 'editMessage':
      return t('continue from the edited message');
    case 'elicitation':
      return t('answer the form');
    case 'closeChat':
      return t('close the chat');
    case 'openChatInEditor':
      return t('open the chat in an editor tab');
  }
}
