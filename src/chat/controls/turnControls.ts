// The composer's controls: send a prompt, queue a message, edit or remove a queued one, send one now, "@" (pick
// context), and stop the turn or a subagent's work.
import { KeptInQueueError } from '../../session/turn/promptQueue';
import { t } from '../../shared/l10n';
import { attachedBlocks } from './attachedContext';
import type { ChatsPort, ComposerPort, ReportPort } from './chatHost';
import type { Controls } from './control';
import { contextRefs, optional, text } from './fields';

type TurnMessage =
  'prompt' | 'queuePrompt' | 'editQueued' | 'removeQueued' | 'sendNow' | 'pickContext' | 'cancel' | 'cancelSubagent';

export const turnControls: Controls<TurnMessage, ChatsPort & ComposerPort & ReportPort> = {
  prompt: {
    shape: { text, agentId: optional(text), context: contextRefs },
    doing: () => t('send the prompt'),
    helps: 'agentLogOrRestart',
    unsent: (message) => message.text,
    async handle(message, thread, host) {
      // Meant for a chat closed since: not sent to another one.
      if (!thread && message.threadId !== undefined) throw new Error('that chat was closed; pick another one');
      // No chat yet (fresh window): typing a prompt starts one with the picked (or default) agent.
      const target = thread ?? (await host.startChat(message.agentId));
      // A chat brought back after a reload runs no agent yet: the first prompt continues it.
      // Its agent starting (a new chat the user types into at once): the message waits for the start
      // rather than fail with "not ready" and lose what was typed.
      const connection = target.snapshot().state.connection.kind;
      if (connection === 'stopped' || connection === 'starting') await target.start();
      await target.prompt(message.text, await attachedBlocks(host, target, message.context));
    },
  },
  queuePrompt: {
    shape: { text, context: contextRefs },
    doing: () => t('queue the message'),
    helps: 'agentLogOrRestart',
    unsent: (message) => message.text,
    async handle(message, thread, host) {
      const target = thread ?? (await host.startChat(undefined));
      await target.queuePrompt(message.text, await attachedBlocks(host, target, message.context));
    },
  },
  editQueued: {
    shape: { id: text, text },
    doing: () => t('edit the queued message'),
    handle: (message, thread) => thread?.editQueued(message.id, message.text),
  },
  removeQueued: {
    shape: { id: text },
    doing: () => t('remove the queued message'),
    handle: (message, thread) => thread?.removeQueued(message.id),
  },
  sendNow: {
    shape: { id: optional(text), text: optional(text), context: contextRefs },
    doing: () => t('send the message now'),
    helps: 'agentLogOrRestart',
    // New text that waits first in the queue after all is not given back: it would go twice.
    unsent: (message, error) => (error instanceof KeptInQueueError ? undefined : message.text),
    async handle(message, thread, host) {
      if (message.id !== undefined) await thread?.sendNow({ id: message.id });
      else if (message.text !== undefined && thread)
        await thread.sendNow({ text: message.text, context: await attachedBlocks(host, thread, message.context) });
      else host.reportInvalid(message);
    },
  },
  pickContext: {
    shape: {},
    doing: () => t('add context'),
    async handle(_message, _thread, host) {
      const picked = await host.pickContext();
      if (picked.length > 0) host.sendContext(picked);
    },
  },
  cancel: {
    shape: {},
    doing: () => t('cancel the turn'),
    helps: 'agentLogOrRestart',
    handle: async (_message, thread) => thread?.cancel(),
  },
  cancelSubagent: {
    shape: { sessionId: text },
    doing: () => t('stop the subagent'),
    async handle(message, thread) {
      if (!thread) throw new Error(t('that chat was closed'));
      await thread.cancelSubagent(message.sessionId);
    },
  },
};
