import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../../src/shared/actions';
import type { ThreadState } from '../../../src/shared/thread';
import { freshState, run, update } from './helpers';

const modes: acp.SessionModeState = {
  currentModeId: 'ask',
  availableModes: [
    { id: 'ask', name: 'Ask' },
    { id: 'code', name: 'Code' },
  ],
};

const selectOption = (currentValue: string): acp.SessionConfigOption => ({
  type: 'select',
  id: 'model',
  name: 'Model',
  currentValue,
  options: [
    { value: 'fast', name: 'Fast' },
    { value: 'smart', name: 'Smart' },
  ],
});

function started(): ThreadState {
  return run(freshState(), { type: 'sessionStarted', sessionId: 's1', modes, configOptions: [selectOption('fast')] });
}

describe('session updates other than chunks and tools', () => {
  it('replaces the plan whole', () => {
    const first: acp.PlanEntry[] = [
      { content: 'a', priority: 'high', status: 'in_progress' },
      { content: 'b', priority: 'low', status: 'pending' },
    ];
    const second: acp.PlanEntry[] = [{ content: 'c', priority: 'medium', status: 'completed' }];
    const s = run(
      freshState(),
      update({ sessionUpdate: 'plan', entries: first }),
      update({ sessionUpdate: 'plan', entries: second }),
    );
    expect(s.plan).toEqual(second);
    expect(s.entries).toEqual([]);
  });

  it('replaces the available commands', () => {
    const commands: acp.AvailableCommand[] = [{ name: 'web', description: 'Search the web', input: { hint: 'query' } }];
    const s = run(
      freshState(),
      update({ sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'old', description: 'x' }] }),
      update({ sessionUpdate: 'available_commands_update', availableCommands: commands }),
    );
    expect(s.commands).toEqual(commands);
  });

  it('reads currentModeId, or modeId as on the v1 modes page', () => {
    const s1 = run(started(), update({ sessionUpdate: 'current_mode_update', currentModeId: 'code' }));
    expect(s1.modes).toEqual({ ...modes, currentModeId: 'code' });
    const legacy = { sessionUpdate: 'current_mode_update', modeId: 'code' } as unknown as acp.SessionUpdate;
    expect(run(started(), update(legacy)).modes?.currentModeId).toBe('code');
  });

  it('ignores a mode update when the agent has no modes', () => {
    const before = freshState();
    expect(run(before, update({ sessionUpdate: 'current_mode_update', currentModeId: 'code' }))).toBe(before);
  });

  it('replaces config options whole', () => {
    const s = run(started(), update({ sessionUpdate: 'config_option_update', configOptions: [selectOption('smart')] }));
    expect(s.configOptions).toEqual([selectOption('smart')]);
  });

  it('merges session_info_update: omitted fields stay, null clears the title', () => {
    let s = run(freshState(), update({ sessionUpdate: 'session_info_update', title: 'Fix CI' }));
    expect(s.title).toBe('Fix CI');
    s = run(s, update({ sessionUpdate: 'session_info_update', updatedAt: '2026-09-01T10:00:00Z' }));
    expect(s.title).toBe('Fix CI');
    s = run(s, update({ sessionUpdate: 'session_info_update', title: null }));
    expect(s.title).toBeNull();
  });

  it('stores usage with a null cost when none is given', () => {
    let s = run(freshState(), update({ sessionUpdate: 'usage_update', used: 1000, size: 200000 }));
    expect(s.usage).toEqual({ used: 1000, size: 200000, cost: null });
    s = run(
      s,
      update({ sessionUpdate: 'usage_update', used: 2000, size: 200000, cost: { amount: 0.5, currency: 'USD' } }),
    );
    expect(s.usage).toEqual({ used: 2000, size: 200000, cost: { amount: 0.5, currency: 'USD' } });
  });

  it('leaves the state untouched for unknown variants and malformed ones', () => {
    const before = started();
    const variants = [
      { sessionUpdate: 'compaction_update', status: 'started' },
      { sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: null },
      { sessionUpdate: 'something_from_v3', whatever: [1, 2] },
      { sessionUpdate: 'plan', entries: 'not a list' },
    ];
    for (const variant of variants) {
      expect(run(before, update(variant as unknown as acp.SessionUpdate))).toBe(before);
    }
  });
});

describe('host actions', () => {
  it('records connection, initialize and session start', () => {
    const info: acp.Implementation = { name: 'claude-code-acp', version: '0.9.0' };
    const caps: acp.AgentCapabilities = { loadSession: true };
    const actions: ThreadAction[] = [
      { type: 'connection', state: { kind: 'ready' } },
      { type: 'initialized', agentInfo: info, agentCapabilities: caps },
      { type: 'sessionStarted', sessionId: 'sess-1', modes, configOptions: null },
    ];
    const s = run(freshState(), ...actions);
    expect(s).toMatchObject({
      connection: { kind: 'ready' },
      agentInfo: info,
      agentCapabilities: caps,
      sessionId: 'sess-1',
      modes,
      configOptions: null,
    });
  });

  it('replaces config options from set_config_option and changes mode from set_mode', () => {
    let s = run(started(), { type: 'configOptionsReplaced', configOptions: [selectOption('smart')] });
    expect(s.configOptions).toEqual([selectOption('smart')]);
    s = run(s, { type: 'modeChanged', modeId: 'code' });
    expect(s.modes?.currentModeId).toBe('code');
  });
});
