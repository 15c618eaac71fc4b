import { describe, expect, it } from 'vitest';
import { ChatList, closeAskingFirst, type Attention, type ChatSummary } from '../../../src/session/chatList';
import { ThreadRegistry } from '../../../src/session/threadRegistry';
import { reduce } from '../../../src/shared/reduce';
import type { ThreadAction } from '../../../src/shared/actions';
import { FakeThread, fakeAgent } from '../chat/fakeThread';

/** A fake thread whose state follows the real reducer, so summaries read real states. */
class ReducingThread extends FakeThread {
  override emit(action: ThreadAction): void {
    this.state = reduce(this.state, action);
    super.emit(action);
  }
}

function setup() {
  let next = 0;
  const created: ReducingThread[] = [];
  const threads = new ThreadRegistry(
    (agent, threadId) => {
      const thread = new ReducingThread(threadId, agent);
      created.push(thread);
      return thread;
    },
    () => `t${++next}`,
  );
  const attention: Array<[string, Attention]> = [];
  const where: string[] = [];
  const list = new ChatList(threads, (thread, why, seen) => {
    attention.push([thread.threadId, why]);
    where.push(seen);
  });
  let changes = 0;
  list.onDidChange(() => changes++);
  return { threads, created, list, attention, where, changes: () => changes };
}

const READY: ThreadAction[] = [
  { type: 'sessionStarted', sessionId: 's', modes: null, configOptions: null },
  { type: 'connection', state: { kind: 'ready' } },
];
const prompt = (text: string): ThreadAction => ({ type: 'promptSent', prompt: [{ type: 'text', text }] });
const chunk: ThreadAction = {
  type: 'sessionUpdate',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } },
};

describe('ChatList', () => {
  it('lists every chat with its agent, state and the first prompt as title until the agent names it', () => {
    const { threads, created, list } = setup();
    threads.create(fakeAgent('demo'));
    threads.create(fakeAgent('gemini'));
    expect(list.summaries().map((c) => [c.threadId, c.agentName, c.state, c.title, c.active])).toEqual([
      ['t1', 'Agent demo', 'starting', 'New chat', false],
      ['t2', 'Agent gemini', 'starting', 'New chat', true],
    ]);
    const second = created[1]!;
    for (const action of READY) second.emit(action);
    second.emit(prompt('  fix   the\nbuild  '));
    expect(list.summaries()[1]).toMatchObject({ state: 'working', title: 'fix the build' });
    second.emit({ type: 'sessionUpdate', update: { sessionUpdate: 'session_info_update', title: 'Build fix' } });
    second.emit({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(list.summaries()[1]).toMatchObject({ state: 'done', title: 'Build fix', unread: false });
  });

  it('a background chat: unread on activity, attention once for permission and for the end of its turn', () => {
    const { threads, created, list, attention } = setup();
    threads.create(fakeAgent());
    threads.create(fakeAgent());
    const background = created[0]!;
    for (const action of READY) background.emit(action);
    background.emit(prompt('go'));
    background.emit(chunk);
    expect(list.summaries()[0]).toMatchObject({ state: 'working', unread: true });
    background.emit({
      type: 'permissionRequested',
      permissionId: 'p1',
      toolCall: { toolCallId: 'c1', title: 'Run' },
      options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
    });
    expect(list.summaries()[0]?.state).toBe('permission');
    expect(list.attentionCount()).toBe(1);
    background.emit({ type: 'permissionResolved', permissionId: 'p1', outcome: { kind: 'selected', optionId: 'ok' } });
    expect(list.summaries()[0]?.state).toBe('working');
    background.emit({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(attention).toEqual([
      ['t1', 'permission'],
      ['t1', 'done'],
    ]);
    // Showing it reads it.
    threads.show('t1');
    expect(list.summaries()[0]).toMatchObject({ unread: false, active: true });
    expect(list.attentionCount()).toBe(0);
  });

  it("a subagent session's permission request puts its chat in `permission`, like the chat's own", () => {
    const { threads, created, list, attention } = setup();
    threads.create(fakeAgent());
    threads.create(fakeAgent());
    const background = created[0]!;
    for (const action of READY) background.emit(action);
    background.emit(prompt('go'));
    background.emit({ type: 'sessionUpdate', update: { sessionUpdate: 'subagent_update', sessionId: 'c' } });
    const inChild = (action: ThreadAction): ThreadAction => ({ type: 'subagent', sessionId: 'c', action });
    background.emit(
      inChild({
        type: 'permissionRequested',
        permissionId: 'subagent1-permission-1',
        toolCall: { toolCallId: 'c1', title: 'Run' },
        options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
      }),
    );
    expect(list.summaries()[0]?.state).toBe('permission');
    expect(attention).toEqual([['t1', 'permission']]);
    background.emit(
      inChild({ type: 'permissionResolved', permissionId: 'subagent1-permission-1', outcome: { kind: 'cancelled' } }),
    );
    expect(list.summaries()[0]?.state).toBe('working');
  });

  it('the shown chat is never unread and raises no attention', () => {
    const { threads, created, list, attention } = setup();
    threads.create(fakeAgent());
    const shown = created[0]!;
    for (const action of READY) shown.emit(action);
    shown.emit(prompt('go'));
    shown.emit(chunk);
    shown.emit({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(list.summaries()[0]?.unread).toBe(false);
    expect(attention).toEqual([]);
  });

  it('the shown chat while the window has no focus: reported once per kind until the window had focus again', () => {
    const { threads, created, list, attention, where } = setup();
    threads.create(fakeAgent());
    const shown = created[0]!;
    for (const action of READY) shown.emit(action);
    list.setWindowFocused(false);
    shown.emit(prompt('go'));
    const asks = (permissionId: string): ThreadAction => ({
      type: 'permissionRequested',
      permissionId,
      toolCall: { toolCallId: permissionId, title: 'Run' },
      options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
    });
    shown.emit(asks('p1'));
    shown.emit(asks('p2'));
    shown.emit({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(attention).toEqual([
      ['t1', 'permission'],
      ['t1', 'done'],
    ]);
    expect(where).toEqual(['unfocused', 'unfocused']);
    // Still on screen: not unread.
    expect(list.summaries()[0]?.unread).toBe(false);
    list.setWindowFocused(true);
    shown.emit(prompt('again'));
    shown.emit({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(attention).toHaveLength(2);
    list.setWindowFocused(false);
    shown.emit(prompt('and again'));
    shown.emit({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(attention.at(-1)).toEqual(['t1', 'done']);
    expect(attention).toHaveLength(3);
  });

  it('a form or a link the agent asks about needs the user too', () => {
    const { threads, created, attention, where } = setup();
    threads.create(fakeAgent());
    threads.create(fakeAgent());
    created[0]!.emit({
      type: 'elicitationUrlRequested',
      elicitationId: 'elicitation-1',
      link: { message: 'm', url: 'https://example.com/', host: 'example.com', warnings: [], unusable: null },
    });
    created[0]!.emit({
      type: 'elicitationRequested',
      elicitationId: 'elicitation-2',
      form: { message: 'm', title: null, fields: [], unusable: null },
    });
    expect(attention).toEqual([
      ['t1', 'input'],
      ['t1', 'input'],
    ]);
    expect(where).toEqual(['background', 'background']);
  });

  it('a failed agent shows as failed; a closed chat leaves the list and stops being watched', async () => {
    const { threads, created, list, attention } = setup();
    threads.create(fakeAgent());
    threads.create(fakeAgent());
    created[0]!.emit({
      type: 'agentFailed',
      failure: { reason: { kind: 'exited' }, commandLine: 'x', stderrTail: [] },
    });
    expect(list.summaries()[0]?.state).toBe('failed');
    expect(attention).toEqual([['t1', 'failed']]);
    await threads.close('t1');
    expect(list.summaries().map((c) => c.threadId)).toEqual(['t2']);
    expect(created[0]!.listenerCount).toBe(0);
  });

  it('streamed chunks of a background chat change the list once, not per chunk', () => {
    const { threads, created, changes } = setup();
    threads.create(fakeAgent());
    threads.create(fakeAgent());
    const before = changes();
    for (let i = 0; i < 50; i++) created[0]!.emit(chunk);
    expect(changes() - before).toBe(1);
  });
});

describe('closing a chat', () => {
  const permission: ThreadAction = {
    type: 'permissionRequested',
    permissionId: 'p1',
    toolCall: { toolCallId: 'c1', title: 'Run' },
    options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
  };
  /** The actions that bring a chat to each state, through the real reducer. */
  const TO: Record<ChatSummary['state'], ThreadAction[]> = {
    starting: [],
    working: [...READY, prompt('go')],
    permission: [...READY, prompt('go'), permission],
    idle: READY,
    done: [...READY, prompt('go'), { type: 'turnEnded', stopReason: 'end_turn' }],
    failed: [{ type: 'agentFailed', failure: { reason: { kind: 'exited' }, commandLine: 'x', stderrTail: [] } }],
    stopped: [{ type: 'connection', state: { kind: 'stopped' } }],
  };

  async function close(state: ChatSummary['state'], answer: boolean) {
    const { threads, created, list } = setup();
    threads.create(fakeAgent());
    for (const action of TO[state]) created[0]!.emit(action);
    expect(list.summaries()[0]?.state).toBe(state);
    const asked: ChatSummary[] = [];
    const closed = await closeAskingFirst(threads, list, 't1', async (summary) => {
      asked.push(summary);
      return answer;
    });
    return { closed, asked, open: threads.all().map((thread) => thread.threadId) };
  }

  it.each(['working', 'permission', 'starting'] as const)(
    'a %s chat asks first: No keeps it running, Yes closes it',
    async (state) => {
      const declined = await close(state, false);
      expect(declined.asked.map((summary) => summary.state)).toEqual([state]);
      expect(declined).toMatchObject({ closed: false, open: ['t1'] });
      const confirmed = await close(state, true);
      expect(confirmed.asked).toHaveLength(1);
      expect(confirmed).toMatchObject({ closed: true, open: [] });
    },
  );

  it.each(['idle', 'done', 'failed', 'stopped'] as const)('a %s chat closes without asking', async (state) => {
    expect(await close(state, false)).toEqual({ closed: true, asked: [], open: [] });
  });

  it('a chat that is not there is not closed and nothing is asked', async () => {
    const { threads, list } = setup();
    const asked: ChatSummary[] = [];
    expect(await closeAskingFirst(threads, list, 'gone', async (s) => asked.push(s) > 0)).toBe(false);
    expect(asked).toEqual([]);
  });
});
