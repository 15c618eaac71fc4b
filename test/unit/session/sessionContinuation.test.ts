import { describe, expect, it } from 'vitest';
import { continueMethod, hasConversation, ReplayReconciler } from '../../../src/session/lifecycle/sessionContinuation';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../../src/shared/thread';

const AGENT = { id: 'a', displayName: 'A', isDemo: false };
const base = () =>
  reduce(createThreadState({ agentId: 'a', threadId: 't' }, AGENT), {
    type: 'sessionStarted',
    sessionId: 's',
    modes: null,
    configOptions: null,
  });
const user = (text: string): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'user_message_chunk', content: { type: 'text', text } },
});
const agent = (text: string): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});
const tool = (id: string): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'tool_call', toolCallId: id, title: id, status: 'completed' },
});
const local = (...actions: ThreadAction[]): ThreadState => actions.reduce(reduce, base());
const replayOf = (state: ThreadState, actions: ThreadAction[]) => {
  const replay = new ReplayReconciler(state);
  for (const action of actions) replay.add(action);
  return replay.missing();
};
const prompt = (text: string): ThreadAction => ({ type: 'promptSent', prompt: [{ type: 'text', text }] });
const end: ThreadAction = { type: 'turnEnded', stopReason: 'end_turn' };

describe('continuing a session', () => {
  it('prefers resume, then load, else a new session', () => {
    expect(continueMethod({ loadSession: true, sessionCapabilities: { resume: {} } })).toBe('resume');
    expect(continueMethod({ loadSession: true })).toBe('load');
    expect(continueMethod({ sessionCapabilities: {} })).toBe('new');
    expect(continueMethod(null)).toBe('new');
    // v2: the baseline's resume with a replay (sent as session/resume with replayFrom start).
    expect(continueMethod({ loadSession: true, sessionCapabilities: { resume: {} } }, 2)).toBe('load');
    expect(continueMethod({ sessionCapabilities: { resume: {} } }, 2)).toBe('resume');
  });

  it('continues only a chat that has a conversation with a session', () => {
    expect(hasConversation(base())).toBe(false);
    expect(hasConversation(local(prompt('hi')))).toBe(true);
    expect(hasConversation({ ...local(prompt('hi')), sessionId: null })).toBe(false);
  });

  it('a replay of what the transcript has adds nothing (streamed in other chunks, other whitespace)', () => {
    const state = local(prompt('fix it'), agent('On it.'), tool('c1'), agent(' Done.'), end);
    const missing = replayOf(state, [user('fix '), user('it'), agent('On '), agent('it.'), tool('c1'), agent('Done.')]);
    expect(missing).toEqual([]);
  });

  it('adds what the transcript lacks after the common part, in order', () => {
    const state = local(prompt('one'), agent('first answer'), end);
    const missing = replayOf(state, [user('one'), agent('first answer'), user('two'), agent('second'), tool('c2')]);
    expect(missing).toEqual([user('two'), agent('second'), tool('c2')]);
    const applied = missing.reduce(reduce, state);
    expect(applied.entries.map((entry) => entry.kind)).toEqual(['user', 'agent', 'turnEnd', 'user', 'agent', 'tool']);
  });

  it('updates that change no entry apply (commands, title); a diverging replay keeps the local part and adds its rest', () => {
    const state = local(prompt('one'), agent('local answer'), end);
    const title: ThreadAction = { type: 'sessionUpdate', update: { sessionUpdate: 'session_info_update', title: 'T' } };
    const missing = replayOf(state, [user('one'), title, agent('another answer')]);
    expect(missing).toEqual([title, agent('another answer')]);
  });

  it('an entry of another kind is another entry, whatever its text; a tool call id is matched exactly', () => {
    const state = local(prompt('same words'), agent('c1'), tool('c1'), end);
    expect(replayOf(state, [agent('same words')])).toEqual([agent('same words')]);
    expect(replayOf(state, [user('same  words'), agent('c1'), tool(' c1')])).toEqual([tool(' c1')]);
  });

  it('a long replay (older entries sealed) matches as a short one: an update to an early tool call, a cut deep inside', () => {
    const turns = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => {
        const n = from + k;
        return [user(`question ${n}`), agent(`answer ${n}`), tool(`t${n}`)];
      }).flat();
    const toolUpdate = (id: string): ThreadAction => ({
      type: 'sessionUpdate',
      update: { sessionUpdate: 'tool_call_update', toolCallId: id, status: 'failed' },
    });
    // The window kept 200 turns (600 entries); the agent replays 250 turns, and updates the third tool call
    // once inside the known part and once after it.
    const state = turns(0, 200).reduce(reduce, base());
    const inKnown = toolUpdate('t2');
    const afterKnown = toolUpdate('t3');
    const replay = [...turns(0, 100), inKnown, ...turns(100, 250), afterKnown];
    const missing = replayOf(state, replay);
    // Both updates touch a tool call the transcript has (sealed long before the second one arrives): dropped.
    // After the common part, everything applies.
    expect(missing).toEqual(turns(200, 250));
    expect(missing).not.toContain(afterKnown);
    expect(missing).not.toContain(inKnown);
    // A replay that diverges after 150 turns keeps the local part and adds the rest from there.
    const diverging = [...turns(0, 150), user('another question'), ...turns(150, 160)];
    expect(replayOf(state, diverging)).toEqual([user('another question'), ...turns(150, 160)]);
  });
});
