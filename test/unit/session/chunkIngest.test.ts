// The ingest stage (src/shared/chunkRun.ts, inside ThreadStore): a synchronous run of text
// chunks of one message is applied as one action, before anything else is applied or read, and
// the thread it builds equals the one one-by-one application builds.
import { describe, expect, it } from 'vitest';
import { ThreadStore } from '../../../src/session/threadStore';
import type { ThreadEvent } from '../../../src/session/api';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import { MAX_MESSAGE_CHARS } from '../../../src/shared/messageCap';
import { createThreadState, type SessionUpdateView } from '../../../src/shared/thread';

const initial = () => createThreadState({ agentId: 'a', threadId: 't' }, { id: 'a', displayName: 'A', isDemo: false });
const update = (u: object): ThreadAction => ({ type: 'sessionUpdate', update: u as SessionUpdateView });
const agent = (text: string, messageId?: string | null, extra: object = {}) =>
  update({
    sessionUpdate: 'agent_message_chunk',
    ...(messageId === undefined ? {} : { messageId }),
    content: { type: 'text', text, ...extra },
  });
const thought = (text: string) => update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } });
const user = (text: string) => update({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text } });
const tool = update({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read' });

function setup() {
  const store = new ThreadStore('t', initial());
  const events: ThreadEvent[] = [];
  store.onEvent((event) => events.push(event));
  return { store, events };
}
const microtask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('ChunkIngest in ThreadStore', () => {
  it('applies a run of chunks as one numbered action, in a microtask', async () => {
    const { store, events } = setup();
    store.dispatch(agent('Hel', 'm'));
    store.dispatch(agent('lo', 'm'));
    store.dispatch(agent('!', 'm'));
    expect(events).toEqual([]);
    await microtask();
    expect(events.map((e) => [e.seq, e.action])).toEqual([[1, agent('Hello!', 'm')]]);
  });

  it('applies a run of one as the update the agent sent', async () => {
    const { store, events } = setup();
    const only = agent('a', 'm', { annotations: { priority: 1 } });
    store.dispatch(only);
    await microtask();
    expect(events[0]!.action).toStrictEqual(only);
    expect((events[0]!.action as { update: unknown }).update).toBe((only as { update: unknown }).update);
  });

  it('breaks runs at another kind, another messageId and any other action, keeping their order', async () => {
    const { store, events } = setup();
    for (const action of [
      agent('a'),
      agent('b', null),
      thought('c'),
      thought('d'),
      agent('e', 'm'),
      agent('f', 'other'),
      tool,
      agent('g', 'other'),
      user('h'),
      user('i'),
    ])
      store.dispatch(action);
    await microtask();
    expect(events.map((e) => e.action)).toEqual([
      // absent and null messageId are the same message (as in the reducer)
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'ab' } }),
      thought('cd'),
      agent('e', 'm'),
      agent('f', 'other'),
      tool,
      agent('g', 'other'),
      user('h'), // user chunks are matched against the prompt echo one by one: never merged
      user('i'),
    ]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("merges a subagent session's run the same way, per session, never across sessions", async () => {
    const { store, events } = setup();
    const inChild = (sessionId: string, action: ThreadAction): ThreadAction => ({
      type: 'subagent',
      sessionId,
      action,
    });
    store.dispatch(update({ sessionUpdate: 'subagent_update', sessionId: 'c' }));
    for (const action of [
      inChild('c', agent('Hel', 'm')),
      inChild('c', agent('lo', 'm')),
      agent('chat', 'm'),
      inChild('c', agent(' again', 'm')),
      inChild('d', agent('x', 'm')),
    ])
      store.dispatch(action);
    await microtask();
    expect(events.slice(1).map((e) => e.action)).toEqual([
      inChild('c', agent('Hello', 'm')),
      agent('chat', 'm'),
      inChild('c', agent(' again', 'm')),
      inChild('d', agent('x', 'm')),
    ]);
    const child = store.current.subagents!['c']!.state.entries[0]!;
    expect(child.kind === 'agent' && child.parts).toEqual([{ kind: 'text', text: 'Hello again' }]);
  });

  it('applies the run before the state is read', () => {
    const { store, events } = setup();
    store.dispatch(agent('a'));
    store.dispatch(agent('b'));
    const entry = store.current.entries.at(-1);
    expect(entry?.kind === 'agent' && entry.parts).toEqual([{ kind: 'text', text: 'ab' }]);
    expect(events).toHaveLength(1);
    store.dispatch(agent('c'));
    expect(store.snapshot().seq).toBe(2);
  });

  it('holds and hands on no more of a run than the message can take, plus the one character that marks the cut', async () => {
    const { store, events } = setup();
    store.dispatch(agent('z'.repeat(10), 'm'));
    await microtask();
    const half = MAX_MESSAGE_CHARS / 2;
    for (const letter of 'abc') store.dispatch(agent(letter.repeat(half), 'm'));
    await microtask();
    const sent = events.map((e) => (e.action as { update: { content: { text: string } } }).update.content.text.length);
    expect(sent).toEqual([10, MAX_MESSAGE_CHARS - 10 + 1]);
    const entry = store.current.entries[0]!;
    expect(entry).toMatchObject({ kind: 'agent', truncated: true });
    const [part] = entry.kind === 'agent' ? entry.parts : [];
    expect(part?.kind === 'text' && part.text.length).toBe(MAX_MESSAGE_CHARS);
    // The webview, replaying what it was sent, holds the same thread.
    expect(events.map((e) => e.action).reduce(reduce, initial()).entries).toStrictEqual(store.current.entries);
    // A later chunk of the cut message is handed on as one character, and changes nothing.
    store.dispatch(agent('more', 'm'));
    await microtask();
    expect((events.at(-1)!.action as { update: { content: { text: string } } }).update.content.text).toBe('m');
  });

  it('builds the thread one-by-one application builds (seeded random traffic)', async () => {
    let seed = 11;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const makers = [
      () => agent(`w${Math.floor(random() * 100)} `),
      () => agent('x', 'm1', { _meta: { a: 1 } }),
      () => agent('y\n\n', 'm2'),
      () => thought('t '),
      () => user('u'),
      () => tool,
      () => ({ type: 'turnEnded', stopReason: 'end_turn' }) as ThreadAction,
      () => ({ type: 'subagent', sessionId: 'c', action: agent(`c${Math.floor(random() * 10)} `) }) as ThreadAction,
      () => ({ type: 'subagent', sessionId: 'c', action: thought('ct') }) as ThreadAction,
    ];
    for (let round = 0; round < 50; round++) {
      const announce = update({ sessionUpdate: 'subagent_update', sessionId: 'c' });
      const actions = [announce, ...Array.from({ length: 200 }, () => makers[Math.floor(random() * makers.length)]!())];
      const { store, events } = setup();
      // Dispatched in a few synchronous runs, as reads from the agent arrive.
      for (let at = 0; at < actions.length;) {
        const next = Math.min(actions.length, at + 1 + Math.floor(random() * 40));
        for (const action of actions.slice(at, next)) store.dispatch(action);
        await microtask();
        at = next;
      }
      expect(events.length).toBeLessThan(actions.length);
      const oneByOne = actions.reduce(reduce, initial());
      expect(store.current.entries).toStrictEqual(oneByOne.entries);
      expect(store.current.subagents).toStrictEqual(oneByOne.subagents);
      const replayed = events.map((e) => e.action).reduce(reduce, initial());
      expect(replayed.entries).toStrictEqual(store.current.entries);
      expect(replayed.subagents).toStrictEqual(store.current.subagents);
    }
  });
});
