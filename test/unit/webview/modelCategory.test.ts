// @vitest-environment jsdom
// The model config category in the chat: the composer shows the options that configure the model right after the
// model selector (found by its category, not its id), and the header says which model the chat uses.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { mount, READY, thread } from './helpers';

const LLM: acp.SessionConfigOption = {
  id: 'llm',
  name: 'Brain',
  category: 'model',
  type: 'select',
  currentValue: 'opus',
  options: [
    { value: 'opus', name: 'Opus 5.5' },
    { value: 'haiku', name: 'Haiku 5.5' },
  ],
};
const FAST: acp.SessionConfigOption = {
  id: 'fast',
  name: 'Fast mode',
  category: 'model_config',
  type: 'boolean',
  currentValue: false,
};
const MODE: acp.SessionConfigOption = {
  id: 'mode',
  name: 'Mode',
  category: 'mode',
  type: 'select',
  currentValue: 'ask',
  options: [{ value: 'ask', name: 'Ask' }],
};

function chatWith(configOptions: acp.SessionConfigOption[]) {
  const m = mount();
  m.snapshot(thread([READY[0]!, { type: 'sessionStarted', sessionId: 's1', modes: null, configOptions }, READY[2]!]));
  return m;
}

describe('the model selector and the options that configure the model', () => {
  it('shows model_config options right after the model selector, whatever order the agent sent', () => {
    const m = chatWith([FAST, MODE, LLM]);
    const controls = m.$$('.selectors [data-config-id]').map((el) => el.dataset.configId);
    expect(controls).toEqual(['mode', 'llm', 'fast']);
  });

  it('the header names the model in use, and follows a change of it', () => {
    const m = chatWith([MODE, LLM, FAST]);
    expect(m.$('.agent-name').title).toBe('Model: Opus 5.5');
    m.act({ type: 'configOptionsReplaced', configOptions: [MODE, { ...LLM, currentValue: 'haiku' }, FAST] });
    expect(m.$('.agent-name').title).toBe('Model: Haiku 5.5');
    m.act({ type: 'configOptionsReplaced', configOptions: [MODE] });
    expect(m.$('.agent-name').title).toBe('');
  });
});
