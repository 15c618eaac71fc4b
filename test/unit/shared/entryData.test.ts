// The entries the reducer keeps hold data (a kind and its parameters), never a sentence of ours: a journal
// outlives the display language, and the view words what it shows (shared/entryWords.ts). Each case
// reduces real actions and looks for the English words in the JSON that would be journaled.
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { elicitationForm } from '../../../src/shared/elicitation';
import { MAX_SUBAGENTS } from '../../../src/shared/subagents';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { MAX_AGENT_ENTRIES } from '../../../src/shared/threadEntries';
import { fileWritten, freshState, run, toolCall, toolUpdate } from './helpers';

const json = (entry: Entry | undefined): string => JSON.stringify(entry);

function nearlyFull(): ThreadState {
  const entries: Entry[] = Array.from({ length: MAX_AGENT_ENTRIES - 1 }, (_, i) => ({
    kind: 'turnEnd',
    id: `e${i + 1}`,
    stopReason: 'end_turn',
  }));
  return { ...freshState(), entries, nextEntryId: MAX_AGENT_ENTRIES };
}

const subagentUpdate = (sessionId: string): ThreadAction =>
  ({ type: 'sessionUpdate', update: { sessionUpdate: 'subagent_update', sessionId } }) as ThreadAction;

describe('entries hold data, not our sentences', () => {
  it('a full chat: the kind and the limit', () => {
    const state = run(nearlyFull(), toolCall('fits'), toolCall('one-too-many'));
    const entry = state.entries.at(-1);
    expect(json(entry)).not.toContain('This chat is full');
    expect(json(entry)).not.toContain('new ones are no longer shown');
    expect(entry).toEqual({
      kind: 'protocolError',
      id: expect.any(String),
      problem: { kind: 'chatFull', limit: MAX_AGENT_ENTRIES },
    });
    // Said once: a second one past the cap adds nothing.
    expect(run(state, toolCall('more'))).toBe(state);
  });

  it('too many subagent sessions: which bound and its limit', () => {
    let state: ThreadState = { ...freshState(), sessionId: 'chat-session', connection: { kind: 'ready' } };
    for (let i = 0; i <= MAX_SUBAGENTS; i++) state = run(state, subagentUpdate(`c${i}`));
    const errors = state.entries.filter((entry) => entry.kind === 'protocolError');
    expect(errors.map(json).join()).not.toContain('Too many subagent sessions');
    expect(errors).toEqual([
      expect.objectContaining({ problem: { kind: 'subagentLimit', bound: 'children', limit: MAX_SUBAGENTS } }),
    ]);
  });

  it('a tool call known only by an update has no title (not "Tool call")', () => {
    const state = run(freshState(), toolUpdate('unknown', { status: 'in_progress' }));
    const entry = state.entries.at(-1)!;
    expect(json(entry)).not.toContain('Tool call');
    expect(entry).toMatchObject({ kind: 'tool', tool: { toolCallId: 'unknown' } });
    expect(entry.kind === 'tool' && 'title' in entry.tool).toBe(false);
  });

  it('a write no tool call announced, or a code block applied: no title, the origin and the path', () => {
    const written = run(freshState(), fileWritten('/w/src/a.ts', 'a', 'b'));
    const applied = run(freshState(), { type: 'fileWritten', write: writeOf(written), applied: true });
    for (const [state, origin] of [
      [written, 'write'],
      [applied, 'applied'],
    ] as const) {
      const entry = state.entries.at(-1)!;
      expect(json(entry)).not.toMatch(/Write a\.ts|Applied to a\.ts/);
      expect(entry).toMatchObject({ kind: 'tool', tool: { origin, locations: [{ path: '/w/src/a.ts' }] } });
      expect(entry.kind === 'tool' && 'title' in entry.tool).toBe(false);
    }
  });

  it('a turn that waits for the user to sign in says so as a flag, and keeps an agent error as its text', () => {
    const signIn = run(freshState(), { type: 'promptSent', prompt: [] }, { type: 'turnFailed', needsSignIn: true });
    expect(json(signIn.entries.at(-1))).not.toContain('sign in');
    expect(signIn.entries.at(-1)).toEqual({ kind: 'turnEnd', id: 'e2', stopReason: 'error', needsSignIn: true });
    const failed = run(
      freshState(),
      { type: 'promptSent', prompt: [] },
      { type: 'turnFailed', message: 'Internal error' },
    );
    expect(failed.entries.at(-1)).toEqual({
      kind: 'turnEnd',
      id: 'e2',
      stopReason: 'error',
      message: 'Internal error',
    });
  });

  it('a form that cannot be shown says why as data', () => {
    const properties = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, { type: 'string' }]));
    const form = elicitationForm({
      mode: 'form',
      message: 'm',
      requestedSchema: { type: 'object', properties },
    } as never);
    const state = run(freshState(), { type: 'elicitationRequested', elicitationId: 'elicitation-1', form });
    expect(json(state.entries.at(-1))).not.toContain('Switchboard shows at most');
    expect(form.unusable).toEqual({ kind: 'tooManyFields', count: 60, max: expect.any(Number) });
    const unknown = elicitationForm({
      mode: 'form',
      message: 'm',
      requestedSchema: { type: 'object', properties: { a: { type: 'object' } }, required: ['a'] },
    } as never);
    expect(unknown.unusable).toEqual({ kind: 'unknownRequired', names: 'a' });
  });
});

function writeOf(state: ThreadState) {
  const entry = state.entries.at(-1)!;
  if (entry.kind !== 'tool') throw new Error('expected a tool entry');
  return entry.tool.writes[0]!;
}
