// What the composer offers for the chat shown: whether it takes a message, what its placeholder and
// status line say, and what Send now does while a turn runs.
import type { ThreadState } from '../../../src/shared/thread';
import { controlState, type ControlState } from '../../../src/shared/controlRules';
import { agentName } from '../header';
import { t } from '../../l10n';

export interface ComposerMode {
  enabled: boolean;
  running: boolean;
  cancelling: boolean;
  placeholder: string;
  status: string;
  /** What Send now does during a turn: adds the message to it (available), or stops it first (degraded); null: no agent. */
  sendNow: ControlState | null;
}

export function composerMode(thread: ThreadState | null): ComposerMode {
  // The reason is the placeholder of the disabled textarea; the status line stays empty.
  const off = (placeholder: string): ComposerMode => ({
    enabled: false,
    running: false,
    cancelling: false,
    placeholder,
    status: '',
    sendNow: null,
  });
  if (!thread) {
    return {
      enabled: true,
      running: false,
      cancelling: false,
      placeholder: t('Type a message to start a chat with the agent picked above (Enter to send)'),
      status: '',
      sendNow: null,
    };
  }
  const agent = agentName(thread);
  switch (thread.connection.kind) {
    case 'starting':
      return off(t('Agent is starting...'));
    case 'authRequired':
      return off(t('Sign in to the agent to start chatting'));
    case 'authenticating':
      return off(t('Signing in...'));
    case 'failed':
      return off(t('Agent failed: restart it'));
    case 'stopped':
      // A chat brought back after a reload, or opened from the agent's saved sessions: no agent runs yet, and the
      // first message starts it and continues the chat (the router starts a stopped chat before prompting).
      return {
        enabled: true,
        running: false,
        cancelling: false,
        placeholder: t('Message {0}: sending starts the agent and continues this chat (Enter to send)', agent),
        status: '',
        sendNow: null,
      };
    case 'ready':
      break;
  }
  const running = thread.turn.kind !== 'idle';
  const cancelling = thread.turn.kind === 'cancelling';
  const sendNow = controlState('steerTurn', {
    capabilities: thread.agentCapabilities,
    agentName: agent,
    initializeMeta: thread.initializeMeta,
  });
  const working =
    sendNow.kind === 'available'
      ? t('{0} is working. Enter queues, Ctrl+Enter adds to its turn, Esc stops.', agent)
      : t('{0} is working. Enter queues, Esc stops.', agent);
  return {
    enabled: true,
    running,
    cancelling,
    placeholder: t(
      'Message {0} (Enter to send, Shift+Enter for a new line{1})',
      agent,
      thread.commands.length ? t(', / for commands') : '',
    ),
    status: cancelling ? t('Stopping...') : running ? working : '',
    sendNow,
  };
}
