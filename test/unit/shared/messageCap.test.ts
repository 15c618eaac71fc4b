// The reducer's side of the per-message cap (src/shared/messageCap.ts): what is kept, what is cut
// and how the message says so, for text, blocks and parts.
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS, MAX_MESSAGE_PARTS } from '../../../src/shared/messageCap';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { agent, freshState, run, thought } from './helpers';

const textOf = (entry: Entry | undefined): string =>
  entry && 'parts' in entry ? entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('') : '';
const image = (data: string) => ({ type: 'image' as const, mimeType: 'image/png', data });

function nearlyFull(kind: 'agent' | 'thought' = 'agent', missing = 10): ThreadState {
  const chunk = kind === 'agent' ? agent : thought;
  return run(freshState(), chunk('x'.repeat(MAX_MESSAGE_CHARS - missing), 'm'));
}

describe('the per-message cap', () => {
  it('keeps text up to the cap, marks the message truncated and drops the rest of it', () => {
    let state = run(nearlyFull(), agent('0123456789ABCDEF', 'm'));
    expect(state.entries).toHaveLength(1);
    expect(textOf(state.entries[0])).toHaveLength(MAX_MESSAGE_CHARS);
    expect(textOf(state.entries[0]).endsWith('x0123456789')).toBe(true);
    expect(state.entries[0]).toMatchObject({ truncated: true });
    const full = state;
    expect(run(full, agent('more', 'm'))).toBe(full);
    // Another message (or kind) starts afresh.
    state = run(full, agent('next', 'm2'), thought('hmm'));
    expect(state.entries.map((entry) => [entry.kind, textOf(entry)])).toEqual([
      ['agent', textOf(full.entries[0])],
      ['agent', 'next'],
      ['thought', 'hmm'],
    ]);
    expect(state.entries[1]).not.toHaveProperty('truncated');
  });

  it('a message exactly at the cap is not truncated until more comes', () => {
    let state = run(nearlyFull('thought'), thought('0123456789', 'm'));
    expect(textOf(state.entries[0])).toHaveLength(MAX_MESSAGE_CHARS);
    expect(state.entries[0]).not.toHaveProperty('truncated');
    state = run(state, thought('!', 'm'));
    expect(state.entries[0]).toMatchObject({ kind: 'thought', truncated: true });
  });

  it('never cuts a surrogate pair in half', () => {
    const state = run(nearlyFull('agent', 1), agent('😀😀', 'm'));
    const text = textOf(state.entries[0]);
    expect(text).toHaveLength(MAX_MESSAGE_CHARS - 1);
    expect(text.endsWith('x')).toBe(true);
  });

  it('one chunk larger than the cap starts a message that is cut at once', () => {
    const state = run(freshState(), agent('y'.repeat(MAX_MESSAGE_CHARS + 5), 'big'));
    expect(textOf(state.entries[0])).toHaveLength(MAX_MESSAGE_CHARS);
    expect(state.entries[0]).toMatchObject({ truncated: true });
  });

  it("counts blocks' data and their number", () => {
    let state = run(nearlyFull('agent', 100), agent(image('z'.repeat(200)), 'm'));
    expect(state.entries[0]).toMatchObject({ truncated: true, parts: [{ kind: 'text' }] });
    state = run(freshState(), ...Array.from({ length: MAX_MESSAGE_PARTS + 5 }, () => agent(image('AAAA'), 'p')));
    const entry = state.entries[0]!;
    expect('parts' in entry && entry.parts).toHaveLength(MAX_MESSAGE_PARTS);
    expect(entry).toMatchObject({ truncated: true });
  });
});
