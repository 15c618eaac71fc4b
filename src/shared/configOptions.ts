// What the config option categories mean to the client (ACP v1 session config options; the `model_config`
// category stable since 2026-06-24). The model is the first `select` option whose category is `model` (the
// array order breaks ties), whatever the agent calls it. Options that configure the model (`model_config`,
// and `thought_level`, which the protocol calls a special case of them) are placed right after it, as the
// protocol asks ("near the model selector"), in the agent's order; every other option keeps its place.
// Agent data: categories are open strings and options may be malformed, so everything is checked. Pure.
import type * as acp from '@agentclientprotocol/sdk';

type SelectOption = Extract<acp.SessionConfigOption, { type: 'select' }>;

/** The categories placed with the model selector. */
const MODEL_SETTINGS: ReadonlySet<unknown> = new Set(['model_config', 'thought_level']);

/** The model selector: the first select option whose category is `model`; null when there is none. */
export function modelOption(options: readonly acp.SessionConfigOption[] | null): SelectOption | null {
  if (!Array.isArray(options)) return null;
  for (const option of options) {
    if (option?.category === 'model' && option.type === 'select' && Array.isArray(option.options)) return option;
  }
  return null;
}

/** The name of the model selected now; null without a model selector or when its value is not listed. */
export function currentModelName(options: readonly acp.SessionConfigOption[] | null): string | null {
  const model = modelOption(options);
  if (!model) return null;
  for (const item of model.options) {
    if (typeof item !== 'object' || item === null) continue;
    const choices = 'group' in item ? (Array.isArray(item.options) ? item.options : []) : [item];
    for (const choice of choices) {
      if (choice?.value === model.currentValue && typeof choice.name === 'string') return choice.name;
    }
  }
  return null;
}

/** The options in the order the composer shows them (see the header); the same array when nothing moves. */
export function placedConfigOptions(options: readonly acp.SessionConfigOption[]): readonly acp.SessionConfigOption[] {
  const model = modelOption(options);
  if (!model) return options;
  const settings = options.filter((option) => MODEL_SETTINGS.has(option?.category));
  const placed: acp.SessionConfigOption[] = [];
  for (const option of options) {
    if (option === model) placed.push(model, ...settings);
    else if (!MODEL_SETTINGS.has(option?.category)) placed.push(option);
  }
  return placed.every((option, i) => option === options[i]) ? options : placed;
}
