// The Demo agent's session settings: legacy modes and the config options that replace them.
// Pure data and pure functions so the agent and the tests share one definition.
import type * as acp from '@agentclientprotocol/sdk';

export const DEMO_MODES: acp.SessionMode[] = [
  { id: 'ask', name: 'Ask', description: 'Demo mode: answer questions without touching files.' },
  { id: 'code', name: 'Code', description: 'Demo mode: read and edit files, asking permission first.' },
  { id: 'architect', name: 'Architect', description: 'Demo mode: plan changes before making them.' },
];

export const DEFAULT_MODE_ID = 'code';

export function demoModeState(currentModeId: string): acp.SessionModeState {
  return { currentModeId, availableModes: DEMO_MODES };
}

export function isDemoMode(modeId: unknown): modeId is string {
  return typeof modeId === 'string' && DEMO_MODES.some((mode) => mode.id === modeId);
}

/** The settable values of each option, keyed by config id; currentValue is kept separately. */
const MODEL_GROUPS: acp.SessionConfigSelectGroup[] = [
  {
    group: 'fast',
    name: 'Fast',
    options: [
      { value: 'demo-mini', name: 'Demo Mini', description: 'Pretend small model (nothing is called).' },
      { value: 'demo-flash', name: 'Demo Flash', description: 'Pretend quick model (nothing is called).' },
    ],
  },
  {
    group: 'smart',
    name: 'Smart',
    options: [
      { value: 'demo-pro', name: 'Demo Pro', description: 'Pretend large model (nothing is called).' },
      { value: 'demo-max', name: 'Demo Max', description: 'Pretend largest model (nothing is called).' },
    ],
  },
];

const THOUGHT_LEVELS: acp.SessionConfigSelectOption[] = [
  { value: 'low', name: 'Low' },
  { value: 'medium', name: 'Medium' },
  { value: 'high', name: 'High' },
];

/** Current value per config id; the option list is rebuilt from it on every change. */
export type DemoConfigValues = Record<'model' | 'thought_level', string>;

export const DEFAULT_CONFIG_VALUES: DemoConfigValues = { model: 'demo-flash', thought_level: 'medium' };

export function demoConfigOptions(values: DemoConfigValues): acp.SessionConfigOption[] {
  return [
    {
      id: 'model',
      name: 'Model',
      description: 'Demo only: the offline demo agent has no real model behind it.',
      category: 'model',
      type: 'select',
      currentValue: values.model,
      options: MODEL_GROUPS,
    },
    {
      id: 'thought_level',
      name: 'Thinking',
      description: 'Demo only: how much pretend reasoning to show.',
      category: 'thought_level',
      type: 'select',
      currentValue: values.thought_level,
      options: THOUGHT_LEVELS,
    },
  ];
}

function allowedValues(configId: keyof DemoConfigValues): string[] {
  if (configId === 'model') return MODEL_GROUPS.flatMap((group) => group.options.map((o) => o.value));
  return THOUGHT_LEVELS.map((o) => o.value);
}

export type ConfigChange = { ok: true; values: DemoConfigValues } | { ok: false; message: string };

/** Validates a session/set_config_option request against the demo's options. */
export function applyConfigChange(values: DemoConfigValues, configId: unknown, value: unknown): ConfigChange {
  if (configId !== 'model' && configId !== 'thought_level') {
    return { ok: false, message: `Unknown config option: ${String(configId)}` };
  }
  if (typeof value !== 'string' || !allowedValues(configId).includes(value)) {
    return { ok: false, message: `Invalid value for ${configId}: ${JSON.stringify(value)}` };
  }
  return { ok: true, values: { ...values, [configId]: value } };
}
