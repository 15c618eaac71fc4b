import { describe, expect, it } from 'vitest';
import type { ChatHost } from '../../../src/chat/controls/chatHost';
import { routeWebviewMessage } from '../../../src/chat/messageRouter';
import { FakeThread, fakeAgent } from './fakeThread';

function host(): { host: ChatHost; calls: unknown[][]; invalid: unknown[] } {
  const calls: unknown[][] = [];
  const invalid: unknown[] = [];
  const thread = new FakeThread('t-1', fakeAgent('demo'));
  const stub = async (): Promise<never> => {
    throw new Error('not used');
  };
  return {
    calls,
    invalid,
    host: {
      activeThread: () => thread,
      findThread: () => thread,
      showChat: () => {},
      closeChat: stub,
      worktreeAction: stub,
      compare: stub,
      openChatInEditor: stub,
      workspaceFolders: () => [],
      openWorkspacePath: stub,
      applyTarget: stub,
      startChat: stub,
      pickAgent: async () => undefined,
      sendSnapshot: () => {},
      actionsTaken: () => {},
      openLocation: stub,
      openWriteDiff: stub,
      copy: stub,
      showLog: () => {},
      resolveContext: stub,
      pickContext: stub,
      sendContext: () => {},
      returnDraft: () => {},
      configureAgents: async () => {},
      reportError: (message) => calls.push(['error', message]),
      reportInvalid: (raw) => invalid.push(raw),
      reviewFile: async (path, action) => {
        calls.push(['reviewFile', path, action]);
      },
      restoreCheckpoint: async (target, entryId) => {
        calls.push(['restoreCheckpoint', target.threadId, entryId]);
      },
      editMessage: async (target, entryId, text, context) => {
        calls.push(['editMessage', target.threadId, entryId, text, context]);
      },
      reviewSession: async (target, action) => {
        calls.push(['reviewSession', target.threadId, action]);
      },
      openTerminal: (target, terminalId) => {
        calls.push(['openTerminal', target.threadId, terminalId]);
      },
    },
  };
}

describe('review messages from the chat', () => {
  it('route Keep / Undo of a file and Restore checkpoint of a user message', async () => {
    const { host: chat, calls } = host();
    await routeWebviewMessage({ type: 'reviewFile', path: '/ws/a.md', action: 'undo' }, chat);
    await routeWebviewMessage({ type: 'restoreCheckpoint', entryId: 'e3' }, chat);
    expect(calls).toEqual([
      ['reviewFile', '/ws/a.md', 'undo'],
      ['restoreCheckpoint', 't-1', 'e3'],
    ]);
  });

  it('reject malformed ones', async () => {
    const { host: chat, calls, invalid } = host();
    await routeWebviewMessage({ type: 'reviewFile', path: '/ws/a.md', action: 'delete-everything' }, chat);
    await routeWebviewMessage({ type: 'restoreCheckpoint' }, chat);
    expect(calls).toEqual([]);
    expect(invalid).toHaveLength(2);
  });
});

describe('Edit on a previous message', () => {
  it('routes the edited text to the host with the message it goes back to; an empty text does nothing', async () => {
    const { host: chat, calls } = host();
    await routeWebviewMessage({ type: 'editMessage', entryId: 'e3', text: 'better question' }, chat);
    await routeWebviewMessage({ type: 'editMessage', entryId: 'e3', text: '   ' }, chat);
    expect(calls).toEqual([['editMessage', 't-1', 'e3', 'better question', []]]);
  });

  it('rejects malformed ones, and says so when the edit fails', async () => {
    const { host: chat, calls, invalid } = host();
    await routeWebviewMessage({ type: 'editMessage', entryId: 3, text: 'x' }, chat);
    await routeWebviewMessage({ type: 'editMessage', entryId: 'e1' }, chat);
    expect(invalid).toHaveLength(2);
    chat.editMessage = async () => {
      throw new Error('the checkpoint is gone');
    };
    await routeWebviewMessage({ type: 'editMessage', entryId: 'e1', text: 'x' }, chat);
    expect(calls).toEqual([
      ['error', expect.stringContaining('could not continue from the edited message: the checkpoint is gone')],
    ]);
  });
});
