// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '../../../src/shared/messages';
import { createThreadState } from '../../../src/shared/thread';
import { reduce } from '../../../src/shared/reduce';
import { mount, READY, type } from './helpers';

function chat(threadId: string, more: Partial<ChatSummary> = {}): ChatSummary {
  return {
    threadId,
    agentId: 'demo',
    agentName: 'Demo Agent',
    title: threadId,
    state: 'idle',
    unread: false,
    active: false,
    ...more,
  };
}

describe('chat list', () => {
  it('stays hidden with one chat and shows one tab per chat with two or more', () => {
    const m = mount();
    m.snapshot(
      READY.reduce(
        reduce,
        createThreadState({ agentId: 'demo', threadId: 't1' }, { id: 'demo', displayName: 'Demo Agent', isDemo: true }),
      ),
    );
    m.app.receive({ type: 'chats', chats: [chat('t1', { active: true })] });
    m.app.flush();
    expect(m.$('.chat-list').hidden).toBe(true);
    m.app.receive({
      type: 'chats',
      chats: [
        chat('t1', { active: true }),
        chat('t2', {
          title: '<img src=x onerror=alert(1)> fix build',
          state: 'permission',
          unread: true,
          agentName: 'Gemini',
        }),
      ],
    });
    m.app.flush();
    expect(m.$('.chat-list').hidden).toBe(false);
    const tabs = m.$$('.chat-tab');
    expect(tabs.map((tab) => tab.dataset.threadId)).toEqual(['t1', 't2']);
    expect(tabs[0]!.classList.contains('shown')).toBe(true);
    expect(tabs[1]!.classList.contains('unread')).toBe(true);
    expect(tabs[1]!.dataset.state).toBe('permission');
    // Agent text stays text.
    expect(tabs[1]!.querySelector('img')).toBeNull();
    expect(tabs[1]!.textContent).toContain('<img src=x onerror=alert(1)> fix build');
    expect(tabs[1]!.querySelector('.chat-tab-title')!.getAttribute('title')).toContain(
      'Gemini, needs permission, unread',
    );
  });

  it('tells apart chats of one title by their agent (a comparison gives each agent the same prompt)', () => {
    const m = mount();
    m.snapshot(null);
    m.app.receive({
      type: 'chats',
      chats: [
        chat('a', { title: 'Add a farewell', agentName: 'Careful agent' }),
        chat('b', { title: 'Add a farewell', agentName: 'Hasty agent' }),
        chat('c', { title: 'Fix the build' }),
      ],
    });
    m.app.flush();
    expect(m.$$('.chat-tab-title').map((tab) => tab.textContent)).toEqual([
      'Careful agent · Add a farewell',
      'Hasty agent · Add a farewell',
      'Fix the build',
    ]);
  });

  it('posts showChat, openChatInEditor and closeChat naming the chat', () => {
    const m = mount();
    m.snapshot(null);
    m.app.receive({ type: 'chats', chats: [chat('a'), chat('b')] });
    m.app.flush();
    (m.$$('.chat-tab-title')[1] as HTMLButtonElement).click();
    (m.$$('.chat-tab-editor')[1] as HTMLButtonElement).click();
    (m.$$('.chat-tab-close')[0] as HTMLButtonElement).click();
    expect(m.posted).toEqual([
      { type: 'showChat', threadId: 'b' },
      { type: 'openChatInEditor', threadId: 'b' },
      { type: 'closeChat', threadId: 'a' },
    ]);
  });

  it('every message names the chat shown when it was sent', () => {
    const m = mount();
    m.snapshot(
      READY.reduce(
        reduce,
        createThreadState({ agentId: 'demo', threadId: 't1' }, { id: 'demo', displayName: 'Demo Agent', isDemo: true }),
      ),
    );
    type(m.$('#composer') as HTMLTextAreaElement, 'hello');
    m.$('#send').click();
    expect(m.targets).toEqual(['t1']);
  });

  it("the header's agent picker shows the shown chat's own agent, also after a pick for a new chat", () => {
    const m = mount();
    const gemini = createThreadState(
      { agentId: 'gemini', threadId: 't2' },
      { id: 'gemini', displayName: 'Gemini CLI', isDemo: false },
    );
    m.snapshot(READY.reduce(reduce, gemini));
    const picker = m.$('select.agent-picker') as HTMLSelectElement;
    expect(picker.value).toBe('gemini');
    picker.value = 'demo';
    m.snapshot(
      READY.reduce(
        reduce,
        createThreadState({ agentId: 'demo', threadId: 't1' }, { id: 'demo', displayName: 'Demo Agent', isDemo: true }),
      ),
    );
    expect(picker.value).toBe('demo');
    m.snapshot(READY.reduce(reduce, gemini));
    expect(picker.value).toBe('gemini');
  });
});
