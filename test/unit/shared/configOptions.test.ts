// The model config category (ACP v1, stable 2026-06-24): the option whose category is `model` is the model
// selector (the first one when several are), and `model_config` options (with `thought_level`, a special case of
// them) are placed right after it, in the agent's order; the other options keep theirs.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { currentModelName, modelOption, placedConfigOptions } from '../../../src/shared/configOptions';

const select = (id: string, category: string | undefined, currentValue = 'a'): acp.SessionConfigOption => ({
  id,
  name: id,
  type: 'select',
  currentValue,
  options: [
    { value: 'a', name: `${id} A` },
    { value: 'b', name: `${id} B` },
  ],
  ...(category ? { category } : {}),
});
const toggle = (id: string, category: string): acp.SessionConfigOption => ({
  id,
  name: id,
  type: 'boolean',
  currentValue: false,
  category,
});
const ids = (options: readonly acp.SessionConfigOption[]) => options.map((option) => option.id);

describe('the model selector', () => {
  it('is the first select whose category is model, whatever its id or name', () => {
    const options = [select('mode', 'mode'), select('llm', 'model', 'b'), select('backup', 'model')];
    expect(modelOption(options)?.id).toBe('llm');
    expect(currentModelName(options)).toBe('llm B');
    expect(modelOption([select('model', undefined)])).toBeNull();
    expect(currentModelName(null)).toBeNull();
  });

  it('names the current model from a grouped list too, and says nothing for a value it does not list', () => {
    const grouped: acp.SessionConfigOption = {
      id: 'm',
      name: 'Model',
      type: 'select',
      category: 'model',
      currentValue: 'opus',
      options: [{ group: 'anthropic', name: 'Anthropic', options: [{ value: 'opus', name: 'Opus 5.5' }] }],
    };
    expect(currentModelName([grouped])).toBe('Opus 5.5');
    expect(currentModelName([{ ...grouped, currentValue: 'gone' } as acp.SessionConfigOption])).toBeNull();
  });

  it('gathers model_config and thought_level options right after it, in the agent order', () => {
    const options = [
      toggle('fast', 'model_config'),
      select('mode', 'mode'),
      select('effort', 'thought_level'),
      select('model', 'model'),
      select('other', '_custom'),
      toggle('context', 'model_config'),
    ];
    expect(ids(placedConfigOptions(options))).toEqual(['mode', 'model', 'fast', 'effort', 'context', 'other']);
  });

  it("keeps the agent's order when it already groups them (claude-agent-acp 0.101) or has no model selector", () => {
    const claude = [
      select('mode', 'mode'),
      select('model', 'model'),
      select('effort', 'thought_level'),
      toggle('fast', 'model_config'),
      toggle('ultracode', 'model_config'),
    ];
    expect(placedConfigOptions(claude)).toEqual(claude);
    const noModel = [toggle('fast', 'model_config'), select('mode', 'mode')];
    expect(placedConfigOptions(noModel)).toBe(noModel);
  });
});
