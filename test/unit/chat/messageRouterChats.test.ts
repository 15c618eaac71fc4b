// Several chats: a message names the chat the webview showed, and reaches that chat even when the
// view has switched to another one since; the chat list's own messages reach the host.
import { describe, expect, it } from 'vitest';
import type { ChatHost } from '../../../src/chat/controls/chatHost';
import { routeWebviewMessage } from '../../../src/chat/messageRouter';
import { parseWebviewMessage } from '../../../src/chat/webviewMessages';
import type { ThreadController } from '../../../src/session/api';
import { FakeThread, fakeAgent } from './fakeThread';

function host() {
  const shown = new FakeThread('shown', fakeAgent()).asReady();
  const background = new FakeThread('background', fakeAgent('gemini')).asReady();
  const all = new Map<string, FakeThread>([
    ['shown', shown],
    ['background', background],
  ]);
  const log: unknown[][] = [];
  const errors: string[] = [];
  const chatHost: ChatHost = {
    activeThread: () => shown,
    findThread: (threadId) => all.get(threadId),
    showChat: (threadId) => void log.push(['showChat', threadId]),
    closeChat: async (threadId) => void log.push(['closeChat', threadId]),
    openChatInEditor: async (threadId) => void log.push(['openChatInEditor', threadId]),
    worktreeAction: async () => undefined,
    compare: async () => true,
    startChat: async (): Promise<ThreadController> => {
      throw new Error('no new chat expected');
    },
    pickAgent: async () => undefined,
    sendSnapshot: () => undefined,
    actionsTaken: () => undefined,
    openLocation: async () => undefined,
    openWriteDiff: async () => undefined,
    copy: async () => undefined,
    showLog: (agentId) => void log.push(['showLog', agentId]),
    openTerminal: () => undefined,
    reviewFile: async () => undefined,
    reviewSession: async () => undefined,
    restoreCheckpoint: async () => undefined,
    reportError: (message) => void errors.push(message),
    reportInvalid: (raw) => void errors.push(`invalid ${JSON.stringify(raw)}`),
    resolveContext: async () => [],
    pickContext: async () => [],
    sendContext: () => undefined,
    returnDraft: () => undefined,
    configureAgents: async () => undefined,
    workspaceFolders: () => [],
    openWorkspacePath: async () => undefined,
    applyTarget: async () => undefined,
    editMessage: async () => undefined,
  };
  return { chatHost, shown, background, log, errors };
}

describe('routing by chat', () => {
  it('sends a message to the chat it names, not to the one shown now', async () => {
    const { chatHost, shown, background } = host();
    await routeWebviewMessage(
      { type: 'permission', permissionId: 'permission-1', optionId: 'ok', threadId: 'background' },
      chatHost,
    );
    await routeWebviewMessage({ type: 'cancel', threadId: 'background' }, chatHost);
    await routeWebviewMessage({ type: 'prompt', text: 'hi' }, chatHost);
    expect(background.calls).toEqual([['resolvePermission', 'permission-1', 'ok'], ['cancel']]);
    expect(shown.calls).toEqual([['prompt', 'hi']]);
  });

  it('a message for a closed chat does nothing; a prompt for it says so', async () => {
    const { chatHost, shown, errors } = host();
    await routeWebviewMessage({ type: 'permission', permissionId: 'p', optionId: 'ok', threadId: 'gone' }, chatHost);
    await routeWebviewMessage({ type: 'prompt', text: 'hi', threadId: 'gone' }, chatHost);
    expect(shown.calls).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/that chat was closed/);
  });

  it('forwards the chat list: show, close, open in an editor tab', async () => {
    const { chatHost, log } = host();
    await routeWebviewMessage({ type: 'showChat', threadId: 'background' }, chatHost);
    await routeWebviewMessage({ type: 'closeChat', threadId: 'background' }, chatHost);
    await routeWebviewMessage({ type: 'openChatInEditor', threadId: 'shown' }, chatHost);
    expect(log).toEqual([
      ['showChat', 'background'],
      ['closeChat', 'background'],
      ['openChatInEditor', 'shown'],
    ]);
  });

  it('rejects a threadId that is not a string, and chat list messages without one', () => {
    expect(parseWebviewMessage({ type: 'cancel', threadId: 5 })).toBeNull();
    expect(parseWebviewMessage({ type: 'showChat' })).toBeNull();
    expect(parseWebviewMessage({ type: 'closeChat', threadId: {} })).toBeNull();
    expect(parseWebviewMessage({ type: 'cancel', threadId: 't' })).toEqual({ type: 'cancel', threadId: 't' });
  });
});
