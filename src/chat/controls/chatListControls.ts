// The chat list's controls (show, close, open in an editor tab, start a new chat) and the webview's mirror of the
// shown chat (a snapshot on `ready` and `resync`, flow control by `taken`).
import { t } from '../../shared/l10n';
import type { ChatsPort, MirrorPort } from './chatHost';
import type { Controls } from './control';
import { count, optional, text } from './fields';

type ChatListMessage = 'ready' | 'resync' | 'taken' | 'newChat' | 'showChat' | 'closeChat' | 'openChatInEditor';

export const chatListControls: Controls<ChatListMessage, ChatsPort & MirrorPort> = {
  ready: {
    shape: {},
    doing: () => t('show the chat'),
    handle: (_message, _thread, host) => host.sendSnapshot(),
  },
  resync: {
    shape: {},
    doing: () => t('refresh the chat'),
    handle: (_message, _thread, host) => host.sendSnapshot(),
  },
  taken: {
    shape: { seq: count },
    doing: () => t('refresh the chat'),
    handle: (message, _thread, host) => host.actionsTaken(message.seq),
  },
  newChat: {
    shape: { agentId: optional(text) },
    doing: () => t('start a new chat'),
    helps: 'agentLogOrRestart',
    async handle(message, _thread, host) {
      const agentId = message.agentId ?? (await host.pickAgent());
      if (agentId !== undefined) await host.startChat(agentId);
    },
  },
  showChat: {
    shape: { threadId: text },
    doing: () => t('show the chat'),
    handle: (message, _thread, host) => host.showChat(message.threadId),
  },
  closeChat: {
    shape: { threadId: text },
    doing: () => t('close the chat'),
    handle: (message, _thread, host) => host.closeChat(message.threadId),
  },
  openChatInEditor: {
    shape: { threadId: text },
    doing: () => t('open the chat in an editor tab'),
    handle: (message, _thread, host) => host.openChatInEditor(message.threadId),
  },
};
