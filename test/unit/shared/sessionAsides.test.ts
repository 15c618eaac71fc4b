// Session notices and compactions (ACP v1, stable 2026-10-09) in the thread: a notice is an entry of its own,
// never the agent's words; a compaction is one marker per compactionId, patched in place, whose summary streams
// into it; what came before stays. Messages are kept whole around both (a chunk of the message before them still
// reaches it).
import { describe, expect, it } from 'vitest';
import { reduce } from '../../../src/shared/reduce';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { MAX_ASIDES_CROSSED } from '../../../src/shared/messageChunks';
import { MAX_AGENT_ENTRIES } from '../../../src/shared/threadEntries';
import { agent, freshState, run, text, toolCall, update, user } from './helpers';

const notice = (severity: string, title: string, description?: string | null) =>
  update({ sessionUpdate: 'notice', severity, title, ...(description !== undefined ? { description } : {}) });
const compaction = (compactionId: string, status: string, fields: Record<string, unknown> = {}) =>
  update({ sessionUpdate: 'compaction_update', compactionId, status, ...fields });
const summaryChunk = (compactionId: string, t: string) =>
  update({ sessionUpdate: 'compaction_summary_chunk', compactionId, content: text(t) });

const kinds = (state: ThreadState) => state.entries.map((entry) => entry.kind);
const agentTexts = (state: ThreadState) =>
  state.entries.flatMap((entry) =>
    entry.kind === 'agent' ? [entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')] : [],
  );
const compactions = (state: ThreadState) =>
  state.entries.filter((entry): entry is Extract<Entry, { kind: 'compaction' }> => entry.kind === 'compaction');

describe('notice updates', () => {
  it('each notice is an entry of its own with its severity, title and description, never agent text', () => {
    const state = run(
      freshState(),
      agent('I will look.', 'm1'),
      notice('warning', 'MCP server "broken" failed to start', 'Its tools are unavailable in this session.'),
      notice('info', 'Model rerouted', null),
      notice('error', 'Quota low'),
    );
    expect(kinds(state)).toEqual(['agent', 'agentNotice', 'agentNotice', 'agentNotice']);
    expect(state.entries.slice(1)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        title: 'MCP server "broken" failed to start',
        description: 'Its tools are unavailable in this session.',
      }),
      expect.objectContaining({ severity: 'info', title: 'Model rerouted', description: null }),
      expect.objectContaining({ severity: 'error', title: 'Quota low', description: null }),
    ]);
    expect(agentTexts(state)).toEqual(['I will look.']);
  });

  it('repeated identical notices are independent events; an unknown severity is kept as the agent sent it', () => {
    const state = run(freshState(), notice('_vendor_hint', 'Same'), notice('_vendor_hint', 'Same'));
    expect(state.entries.map((entry) => entry.kind === 'agentNotice' && entry.severity)).toEqual([
      '_vendor_hint',
      '_vendor_hint',
    ]);
  });

  it('a notice in the middle of a streamed message does not split the message', () => {
    const state = run(
      freshState(),
      agent('Let me look ', 'm1'),
      notice('warning', 'Falling back to defaults'),
      agent('at the file.', 'm1'),
    );
    expect(kinds(state)).toEqual(['agent', 'agentNotice']);
    expect(agentTexts(state)).toEqual(['Let me look at the file.']);
  });

  it('the look back across notices is bounded: past MAX_ASIDES_CROSSED of them the message goes on in a new entry', () => {
    const notices = (n: number) => Array.from({ length: n }, (_, i) => notice('info', `n${i}`));
    const within = run(freshState(), agent('a', 'm1'), ...notices(MAX_ASIDES_CROSSED), agent('b', 'm1'));
    expect(agentTexts(within)).toEqual(['ab']);
    const past = run(freshState(), agent('a', 'm1'), ...notices(MAX_ASIDES_CROSSED + 1), agent('b', 'm1'));
    expect(agentTexts(past)).toEqual(['a', 'b']);
  });

  it('another message after a notice, a tool call or a closed message starts an entry of its own', () => {
    const state = run(
      freshState(),
      agent('First.', 'm1'),
      notice('info', 'Note'),
      agent('Second.', 'm2'),
      toolCall('t1'),
      agent(' more of the second', 'm2'),
    );
    expect(kinds(state)).toEqual(['agent', 'agentNotice', 'agent', 'tool', 'agent']);
    expect(agentTexts(state)).toEqual(['First.', 'Second.', ' more of the second']);
  });

  it("a user chunk of the agent's own after a notice does not join the prompt the user sent", () => {
    const state = run(
      freshState(),
      { type: 'promptSent', prompt: [text('hello')] },
      notice('info', 'Note'),
      user('context the agent added'),
    );
    expect(kinds(state)).toEqual(['user', 'agentNotice', 'user']);
  });

  it('past the entry limit a notice is dropped like any agent-created entry', () => {
    let state = freshState();
    state = {
      ...state,
      entries: Array.from({ length: MAX_AGENT_ENTRIES }, (_, i) => ({
        kind: 'notice',
        id: `e${i}`,
        note: { kind: 'said', text: '' },
      })),
    };
    const after = reduce(state, notice('info', 'One too many'));
    expect(after.entries.filter((entry) => entry.kind === 'agentNotice')).toHaveLength(0);
    expect(after.entries.at(-1)).toMatchObject({ kind: 'protocolError' });
  });
});

describe('compaction updates', () => {
  it('one marker per compactionId, patched in place; the summary of the completed update replaces what streamed', () => {
    let state = run(freshState(), user('hi'), agent('Hello.', 'm1'), toolCall('t1'));
    state = run(
      state,
      compaction('c1', 'in_progress'),
      summaryChunk('c1', '## Retained\n\n'),
      summaryChunk('c1', 'The user...'),
    );
    expect(compactions(state)).toEqual([
      expect.objectContaining({
        compactionId: 'c1',
        status: 'in_progress',
        summary: [{ kind: 'text', text: '## Retained\n\nThe user...' }],
        error: null,
      }),
    ]);
    state = run(state, agent('Later.', 'm2'), compaction('c1', 'completed', { summary: [text('Final summary')] }));
    expect(kinds(state)).toEqual(['user', 'agent', 'tool', 'compaction', 'agent']);
    expect(compactions(state)[0]).toMatchObject({
      status: 'completed',
      summary: [{ kind: 'text', text: 'Final summary' }],
    });
  });

  it('a terminal update without summary keeps the summary; null and [] clear it; error is patched the same way', () => {
    let state = run(freshState(), compaction('c1', 'in_progress'), summaryChunk('c1', 'kept'));
    state = run(state, compaction('c1', 'completed'));
    expect(compactions(state)[0]!.summary).toEqual([{ kind: 'text', text: 'kept' }]);
    state = run(state, compaction('c1', 'completed', { summary: null }));
    expect(compactions(state)[0]!.summary).toEqual([]);
    state = run(state, compaction('c2', 'failed', { error: 'context too large' }));
    expect(compactions(state)[1]).toMatchObject({ status: 'failed', error: 'context too large' });
    state = run(state, compaction('c2', 'failed'));
    expect(compactions(state)[1]!.error).toBe('context too large');
    state = run(state, compaction('c2', 'failed', { error: null }), compaction('c3', 'completed', { summary: [] }));
    expect(compactions(state)[1]!.error).toBeNull();
    expect(compactions(state)[2]).toMatchObject({ status: 'completed', summary: [] });
  });

  it('a compaction first seen terminal (replay), by a chunk, or with an unknown status is shown as sent', () => {
    const state = run(
      freshState(),
      compaction('done', 'completed', { summary: [text('s')] }),
      summaryChunk('chunk-first', 'x'),
      compaction('odd', '_vendor_paused'),
    );
    expect(compactions(state).map((entry) => [entry.compactionId, entry.status])).toEqual([
      ['done', 'completed'],
      ['chunk-first', 'in_progress'],
      ['odd', '_vendor_paused'],
    ]);
  });

  it('earlier entries are kept and the context meter follows the usage the agent sends after it', () => {
    let state = run(
      freshState(),
      user('hi'),
      agent('Hello.', 'm1'),
      update({ sessionUpdate: 'usage_update', used: 900_000, size: 1_000_000 }),
    );
    const before = state.entries;
    state = run(
      state,
      compaction('c1', 'in_progress'),
      compaction('c1', 'completed', { summary: [text('short')] }),
      update({ sessionUpdate: 'usage_update', used: 2621, size: 1_000_000 }),
    );
    expect(state.entries.slice(0, before.length)).toEqual(before);
    expect(kinds(state).slice(before.length)).toEqual(['compaction']);
    expect(state.usage).toMatchObject({ used: 2621, size: 1_000_000 });
  });

  it('a message streaming across a compaction stays one message before the marker', () => {
    const state = run(
      freshState(),
      agent('Part one, ', 'm1'),
      compaction('c1', 'in_progress'),
      agent('part two.', 'm1'),
    );
    expect(kinds(state)).toEqual(['agent', 'compaction']);
    expect(agentTexts(state)).toEqual(['Part one, part two.']);
  });

  it('an update for a compaction far up the thread finds it without scanning (its index is kept like tool calls)', () => {
    let state = run(freshState(), compaction('c1', 'in_progress'));
    for (let i = 0; i < 50; i++) state = run(state, toolCall(`t${i}`));
    state = run(state, compaction('c1', 'completed'));
    expect(compactions(state)).toHaveLength(1);
    expect(compactions(state)[0]!.status).toBe('completed');
    expect(state.compactionIndex).toEqual({ c1: 0 });
    // A stale or missing index is rebuilt, not trusted.
    const stale = run({ ...state, compactionIndex: { c1: 7 } }, compaction('c1', 'cancelled'));
    expect(compactions(stale)).toHaveLength(1);
    expect(compactions(stale)[0]!.status).toBe('cancelled');
    const missing = run({ ...state, compactionIndex: undefined }, summaryChunk('c1', 'late'));
    expect(compactions(missing)).toHaveLength(1);
  });

  it('the agent going away leaves no compaction in progress', () => {
    const state = run(freshState(), compaction('c1', 'in_progress'), compaction('c2', 'completed'), {
      type: 'agentFailed',
      failure: { reason: { kind: 'exited' }, commandLine: 'agent', exitCode: 1, stderrTail: [] },
    });
    expect(compactions(state).map((entry) => entry.status)).toEqual(['unfinished', 'completed']);
  });
});
