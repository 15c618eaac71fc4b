// The mode and options a new chat of an agent starts with: what the user picked last (remembered per agent)
// under what the switchboard.agentDefaults setting pins; of those, only what the agent offers now and is not
// already its value, the mode first, then the options in the agent's order. What is not offered is skipped
// with a log line. The remembered choices are bounded.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import {
  MAX_REMEMBERED_AGENTS,
  MAX_REMEMBERED_OPTIONS,
  parseAgentDefaults,
  planChoices,
  rememberChoice,
  wantedChoices,
} from '../../../src/session/lifecycle/sessionChoices';

const modes: acp.SessionModeState = {
  currentModeId: 'ask',
  availableModes: [
    { id: 'ask', name: 'Ask' },
    { id: 'code', name: 'Code' },
  ],
};
const options: acp.SessionConfigOption[] = [
  {
    id: 'model',
    name: 'Model',
    type: 'select',
    currentValue: 'fast',
    options: [
      { group: 'g1', name: 'Quick', options: [{ value: 'fast', name: 'Fast' }] },
      { group: 'g2', name: 'Good', options: [{ value: 'smart', name: 'Smart' }] },
    ],
  },
  { id: 'thinking', name: 'Thinking', type: 'boolean', currentValue: false },
  {
    id: 'effort',
    name: 'Effort',
    type: 'select',
    currentValue: 'low',
    options: [
      { value: 'low', name: 'Low' },
      { value: 'high', name: 'High' },
    ],
  },
];

describe('wantedChoices', () => {
  it('takes the pinned mode and options over the remembered ones, option by option', () => {
    expect(
      wantedChoices(
        { mode: 'code', options: { model: 'smart' } },
        { mode: 'ask', options: { model: 'fast', effort: 'high' } },
      ),
    ).toEqual({ mode: 'code', options: { model: 'smart', effort: 'high' } });
    expect(wantedChoices(undefined, { options: { thinking: true } })).toEqual({ options: { thinking: true } });
    expect(wantedChoices(undefined, undefined)).toEqual({ options: {} });
  });
});

describe('planChoices', () => {
  it('sets the mode first, then the options in the order the agent lists them; current values need nothing', () => {
    const plan = planChoices(
      { mode: 'code', options: { effort: 'high', thinking: true, model: 'smart' } },
      modes,
      options,
      new Set(),
    );
    expect(plan.steps).toEqual([
      { kind: 'mode', modeId: 'code' },
      { kind: 'option', configId: 'model', value: 'smart' },
      { kind: 'option', configId: 'thinking', value: true },
      { kind: 'option', configId: 'effort', value: 'high' },
    ]);
    expect(plan.skipped).toEqual([]);
    const same = planChoices({ mode: 'ask', options: { model: 'fast', thinking: false } }, modes, options, new Set());
    expect(same).toEqual({ steps: [], skipped: [] });
  });

  it('skips, with a log line each, what the agent does not offer (now)', () => {
    const plan = planChoices(
      { mode: 'plan', options: { model: 'huge', thinking: 'yes', gone: 'x', effort: true } },
      modes,
      options,
      new Set(),
    );
    expect(plan.steps).toEqual([]);
    expect(plan.skipped).toEqual([
      expect.stringContaining('mode "plan"'),
      expect.stringContaining('"huge"'),
      expect.stringContaining('thinking'),
      expect.stringContaining('effort'),
      expect.stringContaining('gone'),
    ]);
    expect(planChoices({ mode: 'code', options: {} }, null, null, new Set()).skipped).toEqual([
      expect.stringContaining('no modes'),
    ]);
  });

  it('leaves out what was tried already (a refused change is not sent again)', () => {
    const plan = planChoices(
      { mode: 'code', options: { model: 'smart' } },
      modes,
      options,
      new Set(['mode', 'option:model']),
    );
    expect(plan).toEqual({ steps: [], skipped: [] });
  });
});

describe('parseAgentDefaults', () => {
  it('reads the setting and names each part it cannot use, keeping the rest', () => {
    const { defaults, errors } = parseAgentDefaults({
      gemini: { mode: 'code', options: { model: 'pro', thinking: true } },
      claude: { mode: 5, options: { model: ['x'] }, extra: 1 },
      broken: 'fast',
    });
    expect(defaults).toEqual({
      gemini: { mode: 'code', options: { model: 'pro', thinking: true } },
      claude: { options: {} },
    });
    expect(errors).toEqual([
      expect.stringContaining('claude'),
      expect.stringContaining('claude'),
      expect.stringContaining('broken'),
    ]);
    expect(parseAgentDefaults(undefined)).toEqual({ defaults: {}, errors: [] });
    expect(parseAgentDefaults([1]).errors).toEqual([expect.stringContaining('object')]);
  });

  it('ignores what only looks like an agent id of the object prototype', () => {
    const parsed = parseAgentDefaults(JSON.parse('{"__proto__": {"mode": "code"}}'));
    expect(Object.getPrototypeOf(parsed.defaults)).toBe(Object.prototype);
    expect(Object.keys(parsed.defaults)).toEqual(['__proto__']);
  });
});

describe('rememberChoice', () => {
  it("keeps the user's latest mode and option value per agent, the newest agent last", () => {
    let stored = rememberChoice({}, 'gemini', { kind: 'mode', modeId: 'code' });
    stored = rememberChoice(stored, 'claude', { kind: 'option', configId: 'model', value: 'opus' });
    stored = rememberChoice(stored, 'gemini', { kind: 'option', configId: 'thinking', value: true });
    expect(stored).toEqual({
      claude: { options: { model: 'opus' } },
      gemini: { mode: 'code', options: { thinking: true } },
    });
    expect(Object.keys(stored)).toEqual(['claude', 'gemini']);
  });

  it('is bounded: the oldest agents and options go first', () => {
    let stored = {};
    for (let i = 0; i < MAX_REMEMBERED_AGENTS + 5; i++)
      stored = rememberChoice(stored, `agent-${i}`, { kind: 'mode', modeId: 'm' });
    expect(Object.keys(stored)).toHaveLength(MAX_REMEMBERED_AGENTS);
    expect(Object.keys(stored)[0]).toBe('agent-5');
    let one = {};
    for (let i = 0; i < MAX_REMEMBERED_OPTIONS + 3; i++)
      one = rememberChoice(one, 'a', { kind: 'option', configId: `o${i}`, value: 'v' });
    const kept = Object.keys((one as Record<string, { options: object }>).a!.options);
    expect(kept).toHaveLength(MAX_REMEMBERED_OPTIONS);
    expect(kept[0]).toBe('o3');
  });

  it('keeps an option whatever its id (an agent may call one "__proto__")', () => {
    const stored = rememberChoice({}, 'a', { kind: 'option', configId: '__proto__', value: 'x' });
    expect(Object.entries(stored.a!.options)).toEqual([['__proto__', 'x']]);
    expect(Object.getPrototypeOf(stored.a!.options)).toBe(Object.prototype);
  });

  it('reads what it stored back through the same checks (storage is not trusted)', () => {
    expect(parseAgentDefaults(rememberChoice({}, 'a', { kind: 'mode', modeId: 'code' })).defaults).toEqual({
      a: { mode: 'code', options: {} },
    });
  });
});
