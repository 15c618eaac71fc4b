// Subagent sessions in the thread: a child announced by subagent_update gets a card where it was announced and
// a transcript of its own (flat in the chat's `subagents`), patched by later updates; its own traffic (subagent
// actions) is reduced like a chat's, and the card's activity follows it. Bounds on how many and how deep.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { problemWords } from '../../../src/shared/entryWords';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import type { SubagentCard } from '../../../src/shared/subagentTypes';
import { MAX_SUBAGENT_DEPTH, MAX_SUBAGENTS } from '../../../src/shared/subagents';
import { MAX_LATEST_CHARS } from '../../../src/shared/subagentCards';
import { agent, allowOptions, deepFreeze, freshState, run, tool, toolCall, toolUpdate } from './helpers';

const subagentUpdate = (sessionId: string, fields: Record<string, unknown> = {}): ThreadAction =>
  ({ type: 'sessionUpdate', update: { sessionUpdate: 'subagent_update', sessionId, ...fields } }) as ThreadAction;
const inChild = (sessionId: string, action: ThreadAction): ThreadAction => ({ type: 'subagent', sessionId, action });
const chat = (): ThreadState => ({ ...freshState(), sessionId: 'chat-session', connection: { kind: 'ready' } });

const cards = (state: ThreadState): SubagentCard[] =>
  state.entries.filter((entry): entry is SubagentCard => entry.kind === 'subagent');
const cardOf = (state: ThreadState, sessionId: string): SubagentCard => {
  const found = [state, ...Object.values(state.subagents ?? {}).map((thread) => thread.state)]
    .flatMap(cards)
    .filter((card) => card.sessionId === sessionId);
  if (found.length !== 1) throw new Error(`expected one card for ${sessionId}, found ${found.length}`);
  return found[0]!;
};
const child = (state: ThreadState, sessionId: string): ThreadState => state.subagents![sessionId]!.state;
const textOf = (entry: Entry | undefined): string =>
  entry && 'parts' in entry ? entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('') : '';

describe('announcing a subagent session', () => {
  it('the first subagent_update for an id adds its card to the chat and a transcript of its own', () => {
    const state = run(
      chat(),
      agent('Delegating.'),
      subagentUpdate('child-1', { title: 'Explore', description: 'Reads the code', capabilities: {} }),
    );
    expect(state.entries.map((entry) => entry.kind)).toEqual(['agent', 'subagent']);
    expect(cardOf(state, 'child-1')).toEqual({
      kind: 'subagent',
      id: 'e2',
      sessionId: 'child-1',
      title: 'Explore',
      description: 'Reads the code',
      work: { state: 'unset' },
      cancellable: false,
      cwd: null,
      activity: { messages: 0, toolCalls: 0, waiting: 0, latest: '' },
    });
    const thread = state.subagents!['child-1']!;
    expect(thread.parentSessionId).toBeNull();
    expect(thread.state.key).toEqual(state.key);
    expect(thread.state.agent).toEqual(state.agent);
    expect(thread.state.sessionId).toBe('child-1');
    expect(thread.state.entries).toEqual([]);
  });

  it('later updates patch the card: omitted kept, null cleared, a value replaced; state and capabilities whole', () => {
    let state = run(
      chat(),
      subagentUpdate('c', {
        title: 'T',
        description: 'D',
        cwd: '/w/sub',
        capabilities: { cancel: {} },
        state: { state: 'running' },
      }),
    );
    expect(cardOf(state, 'c')).toMatchObject({ title: 'T', description: 'D', cwd: '/w/sub', cancellable: true });
    expect(cardOf(state, 'c').work).toEqual({ state: 'running' });
    state = run(state, subagentUpdate('c', { description: null, capabilities: {} }));
    expect(cardOf(state, 'c')).toMatchObject({ title: 'T', description: null, cwd: '/w/sub', cancellable: false });
    expect(cardOf(state, 'c').work).toEqual({ state: 'running' });
    state = run(
      state,
      subagentUpdate('c', { capabilities: { cancel: {} } }),
      subagentUpdate('c', { capabilities: null }),
    );
    expect(cardOf(state, 'c').cancellable).toBe(false);
    state = run(state, subagentUpdate('c', { state: { state: 'requires_action' } }));
    expect(cardOf(state, 'c').work).toEqual({ state: 'requires_action' });
    state = run(state, subagentUpdate('c', { state: null }));
    expect(cardOf(state, 'c').work).toEqual({ state: 'unset' });
    state = run(state, subagentUpdate('c', { state: { state: '_vendor_paused', extra: 1 } }));
    expect(cardOf(state, 'c').work).toEqual({ state: 'other', name: '_vendor_paused' });
    state = run(
      state,
      subagentUpdate('c', {
        state: { state: 'idle', stopReason: 'error', error: { code: -32603, message: 'model overloaded' } },
      }),
    );
    expect(cardOf(state, 'c').work).toEqual({ state: 'idle', stopReason: 'error', error: 'model overloaded' });
    state = run(state, subagentUpdate('c', { state: { state: 'idle' } }));
    expect(cardOf(state, 'c').work).toEqual({ state: 'idle', stopReason: null, error: null });
    expect(cards(state)).toHaveLength(1);
  });

  it('an update that changes nothing leaves the state as it was', () => {
    const state = run(chat(), subagentUpdate('c', { title: 'T' }));
    expect(run(state, subagentUpdate('c', { title: 'T' }))).toBe(state);
  });

  it('a child announces its own child: the card in its transcript, the grandchild flat in the chat', () => {
    const state = run(
      chat(),
      subagentUpdate('c'),
      inChild('c', subagentUpdate('g', { title: 'Grandchild' })),
      inChild('g', agent('deep work')),
    );
    expect(cards(state).map((card) => card.sessionId)).toEqual(['c']);
    expect(cards(child(state, 'c')).map((card) => card.title)).toEqual(['Grandchild']);
    expect(state.subagents!['g']!.parentSessionId).toBe('c');
    expect(textOf(child(state, 'g').entries[0])).toBe('deep work');
    // Patched where it was announced, also when the patch comes on another session.
    const patched = run(state, subagentUpdate('g', { title: 'Renamed' }));
    expect(cardOf(patched, 'g').title).toBe('Renamed');
  });

  it('traffic of an id nobody announced, or an announcement of the chat itself, changes nothing', () => {
    const state = chat();
    expect(run(state, inChild('nobody', agent('hi')))).toBe(state);
    expect(run(state, subagentUpdate('chat-session'))).toBe(state);
  });

  it('ids are the agent’s: "__proto__" and "constructor" are children like any other', () => {
    let state = run(chat(), inChild('constructor', agent('x')));
    expect(state.subagents).toBeUndefined();
    state = run(state, subagentUpdate('__proto__', { title: 'p' }), inChild('__proto__', agent('proto text')));
    expect(Object.keys(state.subagents!)).toEqual(['__proto__']);
    expect(textOf(child(state, '__proto__').entries[0])).toBe('proto text');
  });
});

describe('bounds', () => {
  it(`at most ${MAX_SUBAGENTS} children in a chat: one error entry says so, the rest are dropped`, () => {
    let state = chat();
    for (let i = 0; i < MAX_SUBAGENTS + 3; i++) state = run(state, subagentUpdate(`c${i}`));
    expect(Object.keys(state.subagents!)).toHaveLength(MAX_SUBAGENTS);
    expect(cards(state)).toHaveLength(MAX_SUBAGENTS);
    const errors = state.entries.filter((entry) => entry.kind === 'protocolError');
    expect(errors).toEqual([
      expect.objectContaining({ problem: { kind: 'subagentLimit', bound: 'children', limit: MAX_SUBAGENTS } }),
    ]);
    expect(run(state, inChild(`c${MAX_SUBAGENTS}`, agent('dropped')))).toBe(state);
  });

  it(`nesting at most ${MAX_SUBAGENT_DEPTH} deep: one error entry says so`, () => {
    let state = run(chat(), subagentUpdate('d1'));
    for (let depth = 2; depth <= MAX_SUBAGENT_DEPTH + 2; depth++)
      state = run(state, inChild(`d${depth - 1}`, subagentUpdate(`d${depth}`)));
    expect(Object.keys(state.subagents!)).toEqual(['d1', 'd2', 'd3', 'd4']);
    const errors = state.entries.filter((entry) => entry.kind === 'protocolError');
    expect(errors).toHaveLength(1);
    const error = errors[0]!;
    expect(error).toMatchObject({ problem: { kind: 'subagentLimit', bound: 'depth', limit: MAX_SUBAGENT_DEPTH } });
    expect(error.kind === 'protocolError' && problemWords(error.problem).detail).toContain(
      `${MAX_SUBAGENT_DEPTH} levels`,
    );
  });
});

describe('a child’s own traffic', () => {
  it('is reduced into its transcript like a chat’s: messages, tool calls, plans, permissions', () => {
    const state = run(
      chat(),
      subagentUpdate('c', { state: { state: 'running' } }),
      inChild('c', agent('Looking', 'm1')),
      inChild('c', agent(' around.', 'm1')),
      inChild('c', toolCall('t1', { title: 'Read src/a.ts', status: 'in_progress' })),
      inChild('c', {
        type: 'permissionRequested',
        permissionId: 'p1',
        toolCall: { toolCallId: 't1' },
        options: allowOptions,
      }),
      inChild('c', { type: 'sessionUpdate', update: { sessionUpdate: 'plan', entries: [] } }),
    );
    const transcript = child(state, 'c');
    expect(transcript.entries.map((entry) => entry.kind)).toEqual(['agent', 'tool']);
    expect(textOf(transcript.entries[0])).toBe('Looking around.');
    expect(tool(transcript, 't1').permission?.state).toEqual({ kind: 'pending' });
    expect(transcript.plan).toEqual([]);
    expect(state.entries.map((entry) => entry.kind)).toEqual(['subagent']);
    expect(cardOf(state, 'c').activity).toEqual({ messages: 1, toolCalls: 1, waiting: 1, latest: 'Read src/a.ts' });
    const answered = run(
      state,
      inChild('c', { type: 'permissionResolved', permissionId: 'p1', outcome: { kind: 'cancelled' } }),
    );
    expect(cardOf(answered, 'c').activity.waiting).toBe(0);
  });

  it('the activity line is the start of the newest message, on one line and bounded', () => {
    const long = `First line\n\n${'word '.repeat(100)}`;
    const state = run(chat(), subagentUpdate('c'), inChild('c', agent(long, 'm1')));
    const latest = cardOf(state, 'c').activity.latest;
    expect(latest.startsWith('First line word word')).toBe(true);
    expect(latest.length).toBe(MAX_LATEST_CHARS);
    expect(latest.endsWith('…')).toBe(true);
  });

  it('a chunk that changes nothing on the card leaves the chat’s entries alone (no copy per chunk)', () => {
    const state = run(chat(), subagentUpdate('c'), inChild('c', agent('x'.repeat(200), 'm1')));
    const next = run(state, inChild('c', agent('more', 'm1')));
    expect(textOf(child(next, 'c').entries[0])).toHaveLength(204);
    expect(next.entries).toBe(state.entries);
    expect(next.entries[0]).toBe(state.entries[0]);
  });

  it('never changes the state it was given', () => {
    const state = deepFreeze(run(chat(), subagentUpdate('c'), inChild('c', agent('a', 'm'))));
    expect(() =>
      run(state, inChild('c', agent('b', 'm')), inChild('c', toolCall('t')), subagentUpdate('c', { title: 'x' })),
    ).not.toThrow();
  });
});

describe('a child going idle', () => {
  it('settles its open tool calls like a turn’s end and cancels its pending permission requests', () => {
    const started = run(
      chat(),
      subagentUpdate('c', { state: { state: 'running' } }),
      inChild('c', toolCall('open', { status: 'in_progress' })),
      inChild('c', toolCall('done', { status: 'completed' })),
      inChild('c', {
        type: 'permissionRequested',
        permissionId: 'p',
        toolCall: { toolCallId: 'open' },
        options: allowOptions,
      }),
    );
    expect(cardOf(started, 'c').activity.waiting).toBe(1);
    const idle = run(started, subagentUpdate('c', { state: { state: 'idle', stopReason: 'end_turn' } }));
    expect(tool(child(idle, 'c'), 'open').status).toBe('unfinished');
    expect(tool(child(idle, 'c'), 'done').status).toBe('completed');
    expect(tool(child(idle, 'c'), 'open').permission?.state).toEqual({ kind: 'cancelled' });
    expect(cardOf(idle, 'c').activity.waiting).toBe(0);
    const cancelled = run(started, subagentUpdate('c', { state: { state: 'idle', stopReason: 'cancelled' } }));
    expect(tool(child(cancelled, 'c'), 'open').status).toBe('cancelled');
    // Idle is not the end: the parent can send it more work.
    const again = run(idle, subagentUpdate('c', { state: { state: 'running' } }), inChild('c', toolCall('next')));
    expect(tool(child(again, 'c'), 'next').status).toBe('pending');
  });
});

describe('when the agent goes away', () => {
  const failure = { reason: { kind: 'exited' as const }, commandLine: 'agent', stderrTail: [] };

  it('a child still working shows unknown; its tool calls end unfinished; an idle one stays idle', () => {
    const state = run(
      chat(),
      subagentUpdate('busy', { state: { state: 'running' } }),
      subagentUpdate('waiting', { state: { state: 'requires_action' } }),
      subagentUpdate('done', { state: { state: 'idle', stopReason: 'end_turn' } }),
      inChild('busy', subagentUpdate('nested', { state: { state: 'running' } })),
      inChild('busy', toolCall('t', { status: 'in_progress' })),
    );
    for (const action of [
      { type: 'agentFailed', failure },
      { type: 'connection', state: { kind: 'stopped' } },
      { type: 'connection', state: { kind: 'starting' } },
    ] as ThreadAction[]) {
      const gone = run(state, action);
      expect(cardOf(gone, 'busy').work).toEqual({ state: 'unknown' });
      expect(cardOf(gone, 'waiting').work).toEqual({ state: 'unknown' });
      expect(cardOf(gone, 'nested').work).toEqual({ state: 'unknown' });
      expect(cardOf(gone, 'done').work).toEqual({ state: 'idle', stopReason: 'end_turn', error: null });
      expect(tool(child(gone, 'busy'), 't').status).toBe('unfinished');
      expect(child(gone, 'busy').connection).toEqual({ kind: 'stopped' });
    }
  });
});

describe('messages between sessions', () => {
  const message = (fields: Record<string, unknown>): ThreadAction =>
    ({ type: 'sessionUpdate', update: { sessionUpdate: 'session_message', ...fields } }) as ThreadAction;
  const messageChunk = (messageId: string, text: string): ThreadAction => ({
    type: 'sessionUpdate',
    update: { sessionUpdate: 'session_message_chunk', messageId, content: { type: 'text', text } },
  });
  const messages = (state: ThreadState) => state.entries.filter((entry) => entry.kind === 'sessionMessage');

  it('an upsert, then chunks: one entry by messageId, its fields patched, its content appended', () => {
    const state = run(
      chat(),
      message({
        messageId: 'm1',
        senderSessionId: 'chat-session',
        recipientSessionId: 'c',
        content: [{ type: 'text', text: 'Do ' }],
      }),
      agent('meanwhile'),
      messageChunk('m1', 'the thing'),
      message({ messageId: 'm1', senderMessageId: 'x' }),
    );
    expect(messages(state)).toEqual([
      {
        kind: 'sessionMessage',
        id: 'e1',
        messageId: 'm1',
        senderSessionId: 'chat-session',
        recipientSessionId: 'c',
        parts: [{ kind: 'text', text: 'Do the thing' }],
      },
    ]);
  });

  it('chunks before the upsert start the message; the upsert fills in who, a null clears, content replaces', () => {
    let state = run(chat(), messageChunk('m', 'Hel'), messageChunk('m', 'lo'));
    expect(messages(state)[0]).toMatchObject({ senderSessionId: null, recipientSessionId: null });
    expect(textOf(messages(state)[0])).toBe('Hello');
    state = run(state, message({ messageId: 'm', senderSessionId: 'c', recipientSessionId: 'chat-session' }));
    expect(messages(state)[0]).toMatchObject({ senderSessionId: 'c', recipientSessionId: 'chat-session' });
    expect(textOf(messages(state)[0])).toBe('Hello');
    state = run(state, message({ messageId: 'm', recipientSessionId: null, content: [{ type: 'text', text: 'Hi' }] }));
    expect(messages(state)[0]).toMatchObject({ senderSessionId: 'c', recipientSessionId: null });
    expect(textOf(messages(state)[0])).toBe('Hi');
    state = run(state, message({ messageId: 'm', content: null }));
    expect(messages(state)[0]).toMatchObject({ parts: [] });
    expect(messages(state)).toHaveLength(1);
  });

  it('in a child: in the child’s transcript, counted on its card', () => {
    const state = run(chat(), subagentUpdate('c'), inChild('c', messageChunk('m', 'from the parent')));
    expect(messages(state)).toEqual([]);
    expect(textOf(messages(child(state, 'c'))[0])).toBe('from the parent');
    expect(cardOf(state, 'c').activity.messages).toBe(1);
  });

  it('a message has the caps of a chat message', () => {
    const block = (i: number): acp.ContentBlock => ({ type: 'image', data: `d${i}`, mimeType: 'image/png' });
    const state = run(chat(), message({ messageId: 'm', content: Array.from({ length: 1001 }, (_, i) => block(i)) }));
    expect(messages(state)[0]).toMatchObject({ truncated: true });
    expect((messages(state)[0] as { parts: unknown[] }).parts).toHaveLength(1000);
    expect(run(state, messageChunk('m', 'more'))).toBe(state);
  });
});

describe('a tool call that links to a session', () => {
  it('keeps the link in its content', () => {
    const link = { type: 'session', sessionId: 'c' } as unknown as acp.ToolCallContent;
    const state = run(chat(), toolCall('t'), toolUpdate('t', { content: [link] }));
    expect(tool(state, 't').content).toEqual([{ type: 'session', sessionId: 'c' }]);
  });
});
