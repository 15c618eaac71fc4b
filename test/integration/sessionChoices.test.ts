// The mode and options a user picked are remembered per agent: with the scripted agent's `modes` scenario (modes
// ask/code, options model fast/smart and thought_level low/high), a second chat starts where the first was,
// before it is ready; switchboard.agentDefaults pins values over the remembered ones; what the agent no longer
// offers is skipped and logged; a continued chat keeps its own settings.
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionChoices } from '../../src/session/api';
import {
  parseAgentDefaults,
  rememberChoice,
  wantedChoices,
  type AgentChoices,
} from '../../src/session/lifecycle/sessionChoices';
import { restoredState } from '../../src/session/journal/journalDecode';
import type { ThreadState } from '../../src/shared/thread';
import { within } from '../within';
import { startThread, stopAll } from './conformanceHarness';

afterEach(stopAll);

/** The glue's store (src/vscode/chat/sessionChoiceStore.ts) with a map for VS Code's globalState. */
function memoryChoices(pinned: unknown = {}) {
  let remembered: Record<string, AgentChoices> = {};
  const choices: SessionChoices = {
    wanted: (agentId) =>
      wantedChoices(parseAgentDefaults(pinned).defaults[agentId], parseAgentDefaults(remembered).defaults[agentId]),
    remember: (agentId, step) => {
      remembered = rememberChoice(remembered, agentId, step);
    },
  };
  return { choices, remembered: () => remembered };
}

const model = (state: ThreadState) => state.configOptions?.find((option) => option.id === 'model')?.currentValue;
const level = (state: ThreadState) =>
  state.configOptions?.find((option) => option.id === 'thought_level')?.currentValue;
const settingMethods = (received: (method: string) => unknown[]) => ({
  modes: received('session/set_mode'),
  options: received('session/set_config_option'),
});

describe('remembered mode and options', () => {
  it('a second chat of the agent starts with the mode and model picked in the first, before it is ready', async () => {
    const store = memoryChoices();
    const first = await startThread({ scenario: 'modes' }, { sessionChoices: store.choices });
    expect(first.state().modes?.currentModeId).toBe('ask');
    await first.controller.setMode('code');
    await first.controller.setConfigOption('model', 'smart');
    expect(store.remembered()).toEqual({ scripted: { mode: 'code', options: { model: 'smart' } } });

    const second = await startThread({ scenario: 'modes' }, { sessionChoices: store.choices });
    const state = second.state();
    expect(state.connection).toEqual({ kind: 'ready' });
    expect(state.modes?.currentModeId).toBe('code');
    expect(model(state)).toBe('smart');
    expect(second.received('session/set_mode').map((m) => m.params)).toEqual([
      { sessionId: state.sessionId, modeId: 'code' },
    ]);
    expect(second.received('session/set_config_option').map((m) => m.params)).toEqual([
      { sessionId: state.sessionId, configId: 'model', value: 'smart' },
    ]);
    // What was applied is not the user's new pick: the remembered choices are as they were.
    expect(store.remembered()).toEqual({ scripted: { mode: 'code', options: { model: 'smart' } } });
    await within(second.controller.prompt('hello'), 'the first turn');
  });

  it('the setting pins values over the remembered ones; values already current are not sent', async () => {
    const store = memoryChoices({ scripted: { mode: 'ask', options: { thought_level: 'high' } } });
    store.choices.remember('scripted', { kind: 'mode', modeId: 'code' });
    store.choices.remember('scripted', { kind: 'option', configId: 'model', value: 'smart' });
    const t = await startThread({ scenario: 'modes' }, { sessionChoices: store.choices });
    expect(t.state().modes?.currentModeId).toBe('ask');
    expect(model(t.state())).toBe('smart');
    expect(level(t.state())).toBe('high');
    expect(settingMethods(t.received).modes).toEqual([]);
    expect(settingMethods(t.received).options).toHaveLength(2);
  });

  it('skips what the agent no longer offers, saying so in the log, and starts anyway', async () => {
    const log: string[] = [];
    const store = memoryChoices({ scripted: { mode: 'plan', options: { model: 'huge', gone: 'x' } } });
    const t = await startThread({ scenario: 'modes' }, { sessionChoices: store.choices, log: (l) => log.push(l) });
    expect(t.state().connection).toEqual({ kind: 'ready' });
    expect(settingMethods(t.received)).toEqual({ modes: [], options: [] });
    expect(log.filter((line) => line.includes('no longer offers'))).toEqual([
      expect.stringContaining('mode "plan"'),
      expect.stringContaining('"huge"'),
      expect.stringContaining('gone'),
    ]);
  });

  it('a refused value shows beside its selector, is not sent twice, and the chat is ready', async () => {
    const store = memoryChoices({ scripted: { mode: 'plan' } });
    // acp-v1 offers "plan" and refuses it (-32602, with the reason).
    const t = await startThread({ scenario: 'acp-v1' }, { sessionChoices: store.choices });
    expect(t.state().connection).toEqual({ kind: 'ready' });
    expect(t.received('session/set_mode')).toHaveLength(1);
    expect(t.state().settingError).toMatchObject({
      target: { kind: 'mode', modeId: 'plan' },
      error: expect.stringContaining('Plan mode is not available'),
    });
    // A change the agent refuses is not remembered either; one it takes is.
    await t.controller.setMode('plan');
    expect(store.remembered()).toEqual({});
    await t.controller.setMode('code');
    expect(store.remembered()).toEqual({ scripted: { mode: 'code', options: {} } });
  });

  it('a continued chat keeps its own settings: nothing is applied to it', async () => {
    const store = memoryChoices();
    store.choices.remember('scripted', { kind: 'mode', modeId: 'code' });
    const resume = { sessionCapabilities: { resume: {} } };
    const first = await startThread({ scenario: 'modes', capabilities: resume });
    await within(first.controller.prompt('hello'), 'the first turn');
    const restored = restoredState(first.state());
    const continued = await startThread(
      { scenario: 'modes', capabilities: resume },
      { sessionChoices: store.choices, restored },
    );
    expect(continued.received('session/resume')).toHaveLength(1);
    expect(settingMethods(continued.received)).toEqual({ modes: [], options: [] });
    // An agent that cannot continue it starts a new session for the chat: still the chat's, not a new chat.
    const fresh = await startThread({ scenario: 'modes' }, { sessionChoices: store.choices, restored });
    expect(fresh.state().entries.at(-1)).toMatchObject({ kind: 'continued', how: 'new' });
    expect(settingMethods(fresh.received)).toEqual({ modes: [], options: [] });
  });
});
