// The per-thread bound on entries the agent creates, and the protocolError entry.
import { describe, expect, it } from 'vitest';
import { reduce } from '../../../src/shared/reduce';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { problemWords } from '../../../src/shared/entryWords';
import { MAX_AGENT_ENTRIES } from '../../../src/shared/threadEntries';
import { agent, freshState, run, update } from './helpers';

function nearlyFull(): ThreadState {
  const entries: Entry[] = Array.from({ length: MAX_AGENT_ENTRIES - 1 }, (_, i) => ({
    kind: 'turnEnd',
    id: `e${i + 1}`,
    stopReason: 'end_turn',
  }));
  return { ...freshState(), entries, nextEntryId: MAX_AGENT_ENTRIES };
}

const toolCall = (id: string) => update({ sessionUpdate: 'tool_call', toolCallId: id, title: id });

describe('entry cap', () => {
  it('past the cap, new agent entries are dropped, once reported; existing ones still update; the user can still prompt', () => {
    let state = run(nearlyFull(), toolCall('last-fitting'));
    expect(state.entries).toHaveLength(MAX_AGENT_ENTRIES);
    state = run(state, toolCall('one-too-many'));
    expect(state.entries).toHaveLength(MAX_AGENT_ENTRIES + 1);
    const report = state.entries.at(-1)!;
    expect(report).toMatchObject({ kind: 'protocolError', problem: { kind: 'chatFull', limit: MAX_AGENT_ENTRIES } });
    expect(report.kind === 'protocolError' && problemWords(report.problem).title).toBe('This chat is full');
    const full = state;
    expect(run(full, toolCall('more'), agent('new message', 'm-new'))).toBe(full);
    state = run(full, update({ sessionUpdate: 'tool_call_update', toolCallId: 'last-fitting', status: 'completed' }));
    expect(state.entries[MAX_AGENT_ENTRIES - 1]).toMatchObject({ kind: 'tool', tool: { status: 'completed' } });
    state = reduce(state, { type: 'promptSent', prompt: [{ type: 'text', text: 'still here' }] });
    expect(state.entries.at(-1)).toMatchObject({ kind: 'user' });
  });

  it('protocolError appends an entry that does not end the turn', () => {
    const state = run(
      freshState(),
      { type: 'promptSent', prompt: [] },
      { type: 'protocolError', problem: { kind: 'said', title: 'T', detail: 'D' }, raw: '{}' },
      toolCall('t1'),
      { type: 'turnEnded', stopReason: 'end_turn' },
    );
    expect(state.entries.map((e) => e.kind)).toEqual(['user', 'protocolError', 'tool', 'turnEnd']);
    expect(state.entries[1]).toEqual({
      kind: 'protocolError',
      id: 'e2',
      problem: { kind: 'said', title: 'T', detail: 'D' },
      raw: '{}',
    });
    expect(state.entries[2]).toMatchObject({ tool: { status: 'unfinished' } });
  });
});

describe('terminal descriptors', () => {
  it('past MAX_TERMINAL_VIEWS, the oldest released descriptors are forgotten; live ones never are', async () => {
    const { MAX_TERMINAL_VIEWS } = await import('../../../src/shared/terminals');
    let state = freshState();
    const created = (i: number) => ({
      type: 'terminalCreated' as const,
      terminal: { terminalId: `terminal-${i}`, commandLine: 'x', cwd: '/', mode: 'pty' as const },
    });
    state = run(state, created(0));
    for (let i = 1; i < MAX_TERMINAL_VIEWS + 10; i++)
      state = run(state, created(i), { type: 'terminalReleased', terminalId: `terminal-${i}` });
    const ids = Object.keys(state.terminals ?? {});
    expect(ids).toHaveLength(MAX_TERMINAL_VIEWS);
    expect(ids).toContain('terminal-0');
    expect(ids).not.toContain('terminal-1');
    expect(ids.at(-1)).toBe(`terminal-${MAX_TERMINAL_VIEWS + 9}`);
  });
});
