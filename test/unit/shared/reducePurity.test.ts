import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce, reduceAll } from '../../../src/shared/reduce';
import {
  agent,
  allowOptions,
  deepFreeze,
  fileWritten,
  freshState,
  run,
  text,
  thought,
  toolCall,
  toolUpdate,
  user,
} from './helpers';

/** One of every action kind, in a plausible order. */
const script: ThreadAction[] = [
  { type: 'connection', state: { kind: 'ready' } },
  { type: 'initialized', agentInfo: { name: 'a', version: '1' }, agentCapabilities: { loadSession: true } },
  {
    type: 'sessionStarted',
    sessionId: 's',
    modes: {
      currentModeId: 'ask',
      availableModes: [
        { id: 'ask', name: 'Ask' },
        { id: 'code', name: 'Code' },
      ],
    },
    configOptions: [],
  },
  user('old question'),
  { type: 'promptSent', prompt: [text('hi')] },
  thought('hmm', 'm0'),
  agent('hello', 'm1'),
  agent(' there', 'm1'),
  toolCall('t1', { status: 'in_progress', locations: [{ path: '/w/a.ts' }] }),
  { type: 'permissionRequested', permissionId: 'p1', toolCall: { toolCallId: 't1' }, options: allowOptions },
  { type: 'permissionResolved', permissionId: 'p1', outcome: { kind: 'selected', optionId: 'allow' } },
  fileWritten('/w/a.ts', 'a', 'b', 1),
  fileWritten('/w/a.ts', 'a', 'c', 2, 1),
  toolUpdate('t1', { status: 'completed' }),
  {
    type: 'sessionUpdate',
    update: { sessionUpdate: 'plan', entries: [{ content: 'x', priority: 'low', status: 'pending' }] },
  },
  { type: 'sessionUpdate', update: { sessionUpdate: 'current_mode_update', currentModeId: 'code' } },
  { type: 'sessionUpdate', update: { sessionUpdate: 'usage_update', used: 1, size: 2 } },
  { type: 'configOptionsReplaced', configOptions: [] },
  { type: 'modeChanged', modeId: 'ask' },
  toolCall('t2', { status: 'pending' }),
  { type: 'permissionRequested', permissionId: 'p2', toolCall: { toolCallId: 't2' }, options: allowOptions },
  { type: 'cancelRequested' },
  { type: 'turnEnded', stopReason: 'cancelled' },
  { type: 'promptSent', prompt: [text('again')] },
  { type: 'turnFailed', message: 'oops' },
  { type: 'agentFailed', failure: { reason: { kind: 'exited' }, commandLine: 'x', stderrTail: [] } },
];

describe('reducer purity', () => {
  it('is deterministic: the same actions give deep-equal states', () => {
    const a = run(freshState(), ...script);
    const b = run(freshState(), ...script);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(a.entries.map((e) => e.id)).toEqual(a.entries.map((_, i) => `e${i + 1}`));
  });

  it('never mutates the previous state or the action', () => {
    let state = deepFreeze(freshState());
    for (const action of script) state = deepFreeze(reduce(state, deepFreeze(structuredClone(action))));
    expect(state.connection.kind).toBe('failed');
  });

  it('keeps the identity of entries it did not change', () => {
    const s1 = run(
      freshState(),
      { type: 'promptSent', prompt: [text('q')] },
      toolCall('t1', { status: 'in_progress' }),
      agent('a'),
    );
    const [userEntry, toolEntry, agentEntry] = s1.entries;
    const s2 = run(s1, agent('b'));
    expect(s2.entries[0]).toBe(userEntry);
    expect(s2.entries[1]).toBe(toolEntry);
    expect(s2.entries[2]).not.toBe(agentEntry);
    const s3 = run(s2, toolUpdate('t1', { status: 'completed' }));
    expect(s3.entries[0]).toBe(userEntry);
    expect(s3.entries[2]).toBe(s2.entries[2]);
    expect(s3.entries[1]).not.toBe(toolEntry);
    // Settling a turn copies only the tool entries it closes.
    const s4 = run(s1, { type: 'turnEnded', stopReason: 'end_turn' });
    expect(s4.entries[0]).toBe(userEntry);
    expect(s4.entries[2]).toBe(agentEntry);
    expect(s4.entries[1]).not.toBe(toolEntry);
  });

  it('returns the same state object for actions that change nothing', () => {
    const s = run(freshState(), agent('a'));
    expect(reduce(s, { type: 'sessionUpdate', update: { sessionUpdate: 'session_info_update' } })).toBe(s);
    expect(reduce(s, { type: 'modeChanged', modeId: 'x' })).toBe(s);
  });

  it('reduceAll applies a batch in order', () => {
    expect(reduceAll(freshState(), script)).toEqual(run(freshState(), ...script));
    const s = freshState();
    expect(reduceAll(s, [])).toBe(s);
  });

  it('produces plain JSON: a JSON round trip is lossless', () => {
    const s = run(freshState(), ...script);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('continues identically from a JSON snapshot (what the webview receives)', () => {
    const half = script.slice(0, 12);
    const rest = script.slice(12);
    const direct = run(freshState(), ...script);
    const viaSnapshot = run(JSON.parse(JSON.stringify(run(freshState(), ...half))), ...rest);
    expect(viaSnapshot).toEqual(direct);
  });
});
