// The controls that answer or steer the agent (permission requests, forms, modes, session settings, sign-in),
// restart it, and open its log or the agent settings.
import { t } from '../../shared/l10n';
import type { ChatsPort, NavigationPort } from './chatHost';
import type { Controls } from './control';
import { either, flag, oneOf, optional, orNull, record, text } from './fields';

type AgentMessage =
  | 'permission'
  | 'elicitation'
  | 'setMode'
  | 'setConfigOption'
  | 'authenticate'
  | 'restartAgent'
  | 'showLog'
  | 'configureAgents';

export const agentControls: Controls<AgentMessage, ChatsPort & NavigationPort> = {
  permission: {
    shape: { permissionId: text, optionId: orNull(text) },
    doing: () => t('answer the permission request'),
    helps: 'agentLogOrRestart',
    handle: (message, thread) => thread?.resolvePermission(message.permissionId, message.optionId),
  },
  elicitation: {
    shape: { elicitationId: text, action: oneOf('accept', 'decline', 'cancel'), values: optional(record) },
    doing: () => t('answer the form'),
    helps: 'agentLogOrRestart',
    handle(message, thread) {
      const problems = thread?.resolveElicitation(message.elicitationId, message.action, message.values ?? {});
      if (problems) throw new Error(`the form is not complete: ${Object.values(problems).join(' ')}`);
    },
  },
  setMode: {
    shape: { modeId: text },
    doing: () => t('change the mode'),
    helps: 'agentLogOrRestart',
    handle: async (message, thread) => thread?.setMode(message.modeId),
  },
  setConfigOption: {
    shape: { configId: text, value: either(text, flag) },
    doing: () => t('change the session setting'),
    helps: 'agentLogOrRestart',
    handle: async (message, thread) => thread?.setConfigOption(message.configId, message.value),
  },
  authenticate: {
    shape: { methodId: text },
    doing: () => t('sign in to the agent'),
    helps: 'agentLogOrRestart',
    handle: async (message, thread) => thread?.authenticate(message.methodId),
  },
  restartAgent: {
    shape: {},
    doing: () => t('restart the agent'),
    // Restarting again would not help: the log says why it failed.
    helps: 'agentLog',
    async handle(_message, thread, host) {
      if (thread) await thread.restart();
      else await host.startChat(undefined);
    },
  },
  showLog: {
    shape: {},
    doing: () => t('show the agent log'),
    handle: (_message, thread, host) => host.showLog(thread?.agent.id),
  },
  configureAgents: {
    shape: {},
    doing: () => t('open the agent settings'),
    handle: (_message, _thread, host) => host.configureAgents(),
  },
};
