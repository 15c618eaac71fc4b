import { describe, expect, it } from 'vitest';
import type { WebviewToHost } from '../../../src/shared/messages';
import type { ThreadAction } from '../../../src/shared/actions';
import { appendedAfter, ViewStore } from '../../../webview/store';
import { reduce } from '../../../src/shared/reduce';
import { agentChunk, thread } from './helpers';

function setup() {
  const posted: WebviewToHost[] = [];
  const store = new ViewStore((msg) => posted.push(msg));
  return { store, posted };
}

describe('ViewStore', () => {
  it('ignores action batches until the first snapshot', () => {
    const { store, posted } = setup();
    expect(store.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('x')] })).toBe('waiting');
    expect(store.state.thread).toBeNull();
    expect(posted).toEqual([]);
  });

  it('keeps the workspace folders across snapshots, and a malformed list as none', () => {
    const { store } = setup();
    const folders = [{ name: 'app', path: '/home/you/app' }];
    expect(store.receive({ type: 'workspaceFolders', folders })).toBe('workspaceFolders');
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    expect(store.state.workspaceFolders).toBe(folders);
    store.receive({ type: 'workspaceFolders', folders: 'nope' as never });
    expect(store.state.workspaceFolders).toEqual([]);
  });

  it('applies consecutive batches through the shared reducer', () => {
    const { store } = setup();
    store.receive({ type: 'snapshot', seq: 5, thread: thread(), agents: [], defaultAgentId: '' });
    expect(store.receive({ type: 'actions', firstSeq: 6, actions: [agentChunk('Hel'), agentChunk('lo')] })).toBe(
      'applied',
    );
    expect(store.receive({ type: 'actions', firstSeq: 8, actions: [agentChunk('!')] })).toBe('applied');
    const last = store.state.thread?.entries.at(-1);
    expect(last?.kind === 'agent' && last.parts).toEqual([{ kind: 'text', text: 'Hello!' }]);
    expect(store.seq).toBe(8);
  });

  it("applies a batch's consecutive text chunks of one message as one action, to the state one by one gives", () => {
    const { store } = setup();
    const start = reduce(thread(), agentChunk('Intro ', 'm'));
    store.receive({ type: 'snapshot', seq: 0, thread: start, agents: [], defaultAgentId: '' });
    const partBefore = store.state.thread!.entries.at(-1);
    const inChild = (action: ThreadAction): ThreadAction => ({ type: 'subagent', sessionId: 'c1', action });
    const thought = (text: string): ThreadAction => ({
      type: 'sessionUpdate',
      update: { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } },
    });
    const actions: ThreadAction[] = [
      agentChunk('one ', 'm'),
      agentChunk('two ', 'm'),
      agentChunk('three', 'm'),
      thought('hm'),
      thought('m'),
      agentChunk('next', 'n'),
      {
        type: 'sessionUpdate',
        update: { sessionUpdate: 'subagent_update', sessionId: 'c1', title: 'Helper' } as never,
      },
      inChild(agentChunk('He', 'k')),
      inChild(agentChunk('llo', 'k')),
      agentChunk(' and more', 'n'),
      { type: 'turnEnded', stopReason: 'end_turn' },
      agentChunk('after', 'n'),
    ];
    expect(store.receive({ type: 'actions', firstSeq: 1, actions })).toBe('applied');
    expect(store.state.thread).toEqual(actions.reduce(reduce, start));
    expect(store.seq).toBe(actions.length);
    expect(store.state.thread!.entries[0]).not.toBe(partBefore); // extended, not kept
    // What a batch appends to the streaming part is one piece: the renderer reads it at once.
    store.receive({ type: 'actions', firstSeq: 13, actions: [agentChunk(' a', 'n'), agentChunk('b', 'n')] });
    const appended = store.state.appended!;
    expect(appended.count).toBe(1);
    expect(appendedAfter(appended, appended.from)).toBe(' ab');
  });

  it('applies malformed chunks in a batch as they are, between merged runs, to the state one by one gives', () => {
    const { store, posted } = setup();
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    const odd = (update: object): ThreadAction => ({ type: 'sessionUpdate', update: update as never });
    const actions: ThreadAction[] = [
      agentChunk('a', 'm'),
      odd({ sessionUpdate: 'agent_message_chunk', messageId: 'm', content: { type: 'text', text: 42 } }),
      agentChunk('b', 'm'),
      odd({ sessionUpdate: 'agent_message_chunk', messageId: 7, content: { type: 'text', text: 'x' } }),
      odd({ sessionUpdate: 'agent_message_chunk', messageId: 'm', content: null }),
      agentChunk('c', 'm'),
      agentChunk('d', 'm'),
    ];
    const expected = actions.reduce(reduce, thread());
    expect(store.receive({ type: 'actions', firstSeq: 1, actions })).toBe('applied');
    expect(store.state.thread).toEqual(expected);
    expect(posted).toEqual([]);
  });

  it('skips the part of an overlapping batch it already has', () => {
    const { store, posted } = setup();
    store.receive({ type: 'snapshot', seq: 5, thread: thread(), agents: [], defaultAgentId: '' });
    expect(store.receive({ type: 'actions', firstSeq: 6, actions: [agentChunk('Hel')] })).toBe('applied');
    expect(store.receive({ type: 'actions', firstSeq: 6, actions: [agentChunk('Hel'), agentChunk('lo')] })).toBe(
      'applied',
    );
    const last = store.state.thread?.entries.at(-1);
    expect(last?.kind === 'agent' && last.parts).toEqual([{ kind: 'text', text: 'Hello' }]);
    expect(store.seq).toBe(7);
    expect(store.receive({ type: 'actions', firstSeq: 6, actions: [agentChunk('x')] })).toBe('stale');
    expect(posted).toEqual([]);
  });

  it('asks for a resync on a sequence gap and ignores batches until the next snapshot', () => {
    const { store, posted } = setup();
    store.receive({ type: 'snapshot', seq: 1, thread: thread(), agents: [], defaultAgentId: '' });
    const before = store.state;
    expect(store.receive({ type: 'actions', firstSeq: 3, actions: [agentChunk('lost one')] })).toBe('resync');
    expect(posted).toEqual([{ type: 'resync' }]);
    // Still waiting: the next batch is ignored and no second resync is sent.
    expect(store.receive({ type: 'actions', firstSeq: 4, actions: [agentChunk('x')] })).toBe('waiting');
    expect(posted).toHaveLength(1);
    expect(store.state).toBe(before);
    // The snapshot answers it; numbering continues from the snapshot's seq.
    store.receive({ type: 'snapshot', seq: 4, thread: thread(), agents: [], defaultAgentId: '' });
    expect(store.receive({ type: 'actions', firstSeq: 5, actions: [agentChunk('ok')] })).toBe('applied');
  });

  it('skips batches (or their prefix) that the snapshot already contains', () => {
    const { store } = setup();
    store.receive({ type: 'snapshot', seq: 3, thread: thread(), agents: [], defaultAgentId: '' });
    expect(store.receive({ type: 'actions', firstSeq: 2, actions: [agentChunk('a'), agentChunk('b')] })).toBe('stale');
    expect(store.receive({ type: 'actions', firstSeq: 3, actions: [agentChunk('old'), agentChunk('new')] })).toBe(
      'applied',
    );
    const last = store.state.thread?.entries.at(-1);
    expect(last?.kind === 'agent' && last.parts).toEqual([{ kind: 'text', text: 'new' }]);
  });

  it('resyncs when actions arrive for a null thread', () => {
    const { store, posted } = setup();
    store.receive({ type: 'snapshot', seq: 0, thread: null, agents: [], defaultAgentId: '' });
    expect(store.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('x')] })).toBe('resync');
    expect(posted).toEqual([{ type: 'resync' }]);
  });

  it('replaces the agent list without touching the thread', () => {
    const { store } = setup();
    const t = thread();
    store.receive({ type: 'snapshot', seq: 0, thread: t, agents: [], defaultAgentId: '' });
    store.receive({
      type: 'agents',
      agents: [{ id: 'a', displayName: 'A', isDemo: false, commandLine: 'a' }],
      defaultAgentId: 'a',
    });
    expect(store.state.thread).toBe(t);
    expect(store.state.defaultAgentId).toBe('a');
  });
});

describe('ViewStore: what streamed chunks appended (TextAppend)', () => {
  const lastPart = (store: ViewStore) => {
    const entry = store.state.thread?.entries.at(-1);
    return entry && 'parts' in entry ? entry.parts.at(-1) : undefined;
  };
  /** The record as the renderer reads it: everything it appended. */
  const record = (store: ViewStore) => {
    const appended = store.state.appended;
    return appended && { part: appended.part, from: appended.from, added: appendedAfter(appended, appended.from) };
  };

  it('records the text appended to the newest part since it started growing, across batches', () => {
    const { store } = setup();
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    store.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('Hello', 'm')] });
    expect(store.state.appended).toBeNull(); // a new entry: nothing to extend
    store.receive({ type: 'actions', firstSeq: 2, actions: [agentChunk(', ', 'm'), agentChunk('world', 'm')] });
    store.receive({ type: 'actions', firstSeq: 4, actions: [agentChunk('!', 'm')] });
    expect(record(store)).toEqual({ part: lastPart(store), from: 5, added: ', world!' });
  });

  it('starts again for another message, and keeps a record a later action does not touch', () => {
    const { store } = setup();
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    store.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('a', 'm'), agentChunk('b', 'm')] });
    const before = store.state.appended;
    store.receive({ type: 'actions', firstSeq: 3, actions: [{ type: 'turnEnded', stopReason: 'end_turn' }] });
    expect(store.state.appended).toBe(before);
    store.receive({ type: 'actions', firstSeq: 4, actions: [agentChunk('x', 'n')] });
    store.receive({ type: 'actions', firstSeq: 5, actions: [agentChunk('y', 'n')] });
    expect(record(store)).toEqual({ part: lastPart(store), from: 1, added: 'y' });
  });

  it('reads only what a renderer has not shown, from the pieces as they came', () => {
    const { store } = setup();
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    store.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('Hello', 'm')] });
    const pieces = [', ', 'wor', 'ld', '!'];
    // A batch's chunks are applied as one: each piece comes in a batch of its own.
    pieces.forEach((text, i) => store.receive({ type: 'actions', firstSeq: 2 + i, actions: [agentChunk(text, 'm')] }));
    const appended = store.state.appended!;
    expect(appended.count).toBe(4);
    expect(appendedAfter(appended, 5)).toBe(', world!');
    expect(appendedAfter(appended, 7)).toBe('world!'); // at a piece's start
    expect(appendedAfter(appended, 8)).toBe('orld!'); // inside a piece
    expect(appendedAfter(appended, 11)).toBe('d!');
    expect(appendedAfter(appended, 13)).toBe('');
    expect(appendedAfter(appended, 4)).toBeUndefined(); // before the record: read the whole text
    expect(appendedAfter(appended, 14)).toBeUndefined(); // past the text
    // An earlier record still reads only its own pieces after a later one extended the list.
    store.receive({ type: 'actions', firstSeq: 6, actions: [agentChunk('?', 'm')] });
    expect(appendedAfter(appended, 5)).toBe(', world!');
    expect(appendedAfter(store.state.appended!, 12)).toBe('!?');
  });

  it("records a subagent's streamed text for the part in its own transcript", () => {
    const { store } = setup();
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    const announce: ThreadAction = {
      type: 'sessionUpdate',
      update: { sessionUpdate: 'subagent_update', sessionId: 'c1', title: 'Helper' } as never,
    };
    const inChild = (action: ThreadAction): ThreadAction => ({ type: 'subagent', sessionId: 'c1', action });
    store.receive({ type: 'actions', firstSeq: 1, actions: [announce, inChild(agentChunk('Hel', 'm'))] });
    store.receive({ type: 'actions', firstSeq: 3, actions: [inChild(agentChunk('lo', 'm'))] });
    const child = store.state.thread!.subagents!.c1!.state;
    const part = (child.entries.at(-1) as { parts: unknown[] }).parts.at(-1);
    expect(record(store)).toEqual({ part, from: 3, added: 'lo' });
  });

  it('rebases after 16 KB, so a renderer far behind reads the whole text once', () => {
    const { store } = setup();
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    store.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('start', 'm')] });
    const big = 'z'.repeat(10_000);
    store.receive({ type: 'actions', firstSeq: 2, actions: [agentChunk(big, 'm')] });
    store.receive({ type: 'actions', firstSeq: 3, actions: [agentChunk(big, 'm')] });
    expect(record(store)).toEqual({ part: lastPart(store), from: 5 + 10_000, added: big });
  });
});
