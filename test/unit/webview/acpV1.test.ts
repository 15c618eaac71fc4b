// @vitest-environment jsdom
// The webview side of the ACP v1 details: boolean config options as toggles, a refused
// setting shown in place with the agent's value, deleted diffs, updatedAt, PromptResponse usage.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { mount, READY, thread, update } from './helpers';

const MODEL: acp.SessionConfigOption = {
  id: 'model',
  name: 'Model',
  category: 'model',
  type: 'select',
  currentValue: 'fast',
  options: [
    { value: 'fast', name: 'Fast' },
    { value: 'locked', name: 'Locked' },
  ],
};
const THINKING: acp.SessionConfigOption = {
  id: 'thinking',
  name: 'Thinking',
  type: 'boolean',
  currentValue: false,
  description: 'Think first',
};
const MODES: acp.SessionModeState = {
  currentModeId: 'ask',
  availableModes: [
    { id: 'ask', name: 'Ask' },
    { id: 'plan', name: 'Plan' },
  ],
};

function withSettings(configOptions: acp.SessionConfigOption[] | null, modes: acp.SessionModeState | null = null) {
  const m = mount();
  const actions: ThreadAction[] = [
    READY[0]!,
    { type: 'sessionStarted', sessionId: 's1', modes, configOptions },
    READY[2]!,
  ];
  m.snapshot(thread(actions));
  return m;
}

describe('session selectors: boolean options and refused changes', () => {
  it("shows a boolean option as a toggle in the agent's order and posts a boolean", () => {
    const m = withSettings([
      MODEL,
      THINKING,
      { id: 'x', name: 'Future', type: 'slider', currentValue: 3 } as unknown as acp.SessionConfigOption,
    ]);
    expect(m.$$('.selectors > label').map((l) => l.querySelector('.selector-label')?.textContent)).toEqual([
      'Model',
      'Thinking',
    ]);
    const toggle = m.$('input.config-toggle') as HTMLInputElement;
    expect(toggle.type).toBe('checkbox');
    expect(toggle.getAttribute('role')).toBe('switch');
    expect(toggle.checked).toBe(false);
    expect(toggle.title).toBe('Think first');
    toggle.click();
    expect(m.posted).toEqual([{ type: 'setConfigOption', configId: 'thinking', value: true }]);
    // The agent's answer (the complete list) sets it.
    m.act({ type: 'configOptionsReplaced', configOptions: [MODEL, { ...THINKING, currentValue: true }] });
    expect((m.$('input.config-toggle') as HTMLInputElement).checked).toBe(true);
  });

  it("a refused select change goes back to the agent's value and shows the reason beside that select", () => {
    const m = withSettings([MODEL, THINKING]);
    const select = m.$('select[data-config-id="model"]') as HTMLSelectElement;
    select.value = 'locked';
    select.dispatchEvent(new Event('change'));
    expect(m.posted).toEqual([{ type: 'setConfigOption', configId: 'model', value: 'locked' }]);
    m.act({
      type: 'settingFailed',
      target: { kind: 'config', configId: 'model' },
      error: 'The Locked model needs a paid plan',
    });
    const shown = m.$('select[data-config-id="model"]') as HTMLSelectElement;
    expect(shown.value).toBe('fast');
    expect(shown.getAttribute('aria-invalid')).toBe('true');
    const error = m.$('.selectors .has-error .selector-error');
    expect(error.textContent).toBe('Could not set model: The Locked model needs a paid plan');
    expect(error.getAttribute('role')).toBe('alert');
    expect(shown.getAttribute('aria-describedby')).toBe(error.id);
    // Only beside the option it was for.
    expect(m.$$('.selector-error')).toHaveLength(1);
    expect(m.$('input.config-toggle').closest('label')?.classList.contains('has-error')).toBe(false);
    // The next change that succeeds clears it.
    m.act({ type: 'configOptionsReplaced', configOptions: [MODEL, THINKING] });
    expect(m.$$('.selector-error')).toHaveLength(0);
  });

  it("a refused toggle flips back to the agent's value", () => {
    const m = withSettings([THINKING]);
    const toggle = m.$('input.config-toggle') as HTMLInputElement;
    toggle.click();
    expect(toggle.checked).toBe(true);
    m.act({
      type: 'settingFailed',
      target: { kind: 'config', configId: 'thinking' },
      error: 'not now',
    });
    expect((m.$('input.config-toggle') as HTMLInputElement).checked).toBe(false);
    expect(m.$('.selector-error').textContent).toBe('Could not set thinking: not now');
  });

  it('a refused mode change goes back to the current mode and shows the reason beside the mode selector', () => {
    const m = withSettings(null, MODES);
    const select = m.$('select.mode-select') as HTMLSelectElement;
    select.value = 'plan';
    select.dispatchEvent(new Event('change'));
    expect(m.posted).toEqual([{ type: 'setMode', modeId: 'plan' }]);
    m.act({
      type: 'settingFailed',
      target: { kind: 'mode', modeId: 'plan' },
      error: 'not available',
    });
    expect((m.$('select.mode-select') as HTMLSelectElement).value).toBe('ask');
    expect(m.$('.mode-option .selector-error').textContent).toBe('Could not switch the mode to plan: not available');
    m.act({ type: 'modeChanged', modeId: 'ask' });
    expect(m.$$('.selector-error')).toHaveLength(0);
  });

  it("the agent's error text is shown as text, with invisible characters made visible", () => {
    const m = withSettings([MODEL]);
    m.act({
      type: 'settingFailed',
      target: { kind: 'config', configId: 'model' },
      error: '<img src=x onerror=alert(1)> \u202Eevil',
    });
    const error = m.$('.selector-error');
    expect(error.querySelector('img')).toBeNull();
    expect(error.textContent).toBe('Could not set model: <img src=x onerror=alert(1)> ⟨U+202E⟩evil');
  });
});

describe('deleted diffs, updatedAt and turn usage', () => {
  it('a diff with deleted: true is badged Deleted, not shown as an emptied file', () => {
    const m = mount();
    const diff = {
      type: 'diff',
      path: '/w/old.txt',
      oldText: 'one\ntwo\n',
      newText: '',
      deleted: true,
    } as acp.ToolCallContent;
    m.snapshot(
      thread([
        ...READY,
        update({
          sessionUpdate: 'tool_call',
          toolCallId: 'd',
          title: 'Delete old.txt',
          kind: 'delete',
          status: 'completed',
          content: [diff],
        }),
      ]),
    );
    const card = m.$('.diff');
    expect(card.classList.contains('diff-deleted')).toBe(true);
    expect(card.querySelector('.diff-deleted-file')?.textContent).toBe('Deleted');
    expect(card.querySelector('.diff-removed')?.textContent).toBe('-2');
  });

  it('the same diff without the flag (or with deleted: "yes") stays an edit', () => {
    const m = mount();
    const emptied = { type: 'diff', path: '/w/a.txt', oldText: 'one\n', newText: '' } as acp.ToolCallContent;
    const odd = {
      type: 'diff',
      path: '/w/b.txt',
      oldText: 'one\n',
      newText: '',
      deleted: 'yes',
    } as unknown as acp.ToolCallContent;
    m.snapshot(
      thread([
        ...READY,
        update({
          sessionUpdate: 'tool_call',
          toolCallId: 'd',
          title: 'Empty',
          status: 'completed',
          content: [emptied, odd],
        }),
      ]),
    );
    expect(m.$$('.diff')).toHaveLength(2);
    expect(m.$$('.diff-deleted-file')).toHaveLength(0);
  });

  it("updatedAt is the title's tooltip; null clears it", () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        update({ sessionUpdate: 'session_info_update', title: 'Fix CI', updatedAt: '2026-11-23T15:00:00Z' }),
      ]),
    );
    const title = m.$('#session-title');
    expect(title.textContent).toBe('Fix CI');
    expect(title.title).toBe(`Last activity: ${new Date('2026-11-23T15:00:00Z').toLocaleString()}`);
    m.act(update({ sessionUpdate: 'session_info_update', updatedAt: 'yesterday\u202E' }));
    expect(m.$('#session-title').title).toBe('Last activity: yesterday⟨U+202E⟩');
    m.act(update({ sessionUpdate: 'session_info_update', updatedAt: null }));
    expect(m.$('#session-title').title).toBe('');
  });

  it('PromptResponse.usage shows beside the context meter, with the counts in the tooltip', () => {
    const m = mount();
    m.snapshot(thread([...READY, update({ sessionUpdate: 'usage_update', used: 50_000, size: 200_000 })]));
    m.act(
      { type: 'promptSent', prompt: [{ type: 'text', text: 'hi' }] },
      {
        type: 'turnEnded',
        stopReason: 'end_turn',
        usage: { totalTokens: 1500, inputTokens: 1200, outputTokens: 300, cachedReadTokens: 900 },
      },
    );
    expect(m.$('.usage-text').textContent).toBe('25% · 50k / 200k · 1.5k tokens last turn');
    expect(m.$('.usage').title).toBe(
      `Context window: ${(50_000).toLocaleString()} of ${(200_000).toLocaleString()} tokens used\nLast turn: ${(1500).toLocaleString()} tokens (input ${(1200).toLocaleString()}, output 300, cache read 900)`,
    );
  });

  it('a context meter with nothing used yet (used: 0, before any tokens are counted) shows nothing', () => {
    const m = mount();
    m.snapshot(thread([...READY, update({ sessionUpdate: 'usage_update', used: 0, size: 200_000 })]));
    expect(m.$('.usage').hidden).toBe(true);
    m.act(update({ sessionUpdate: 'usage_update', used: 2_000, size: 200_000 }));
    expect(m.$('.usage').hidden).toBe(false);
    expect(m.$('.usage-text').textContent).toBe('1% · 2k / 200k');
  });

  it('turn usage alone (an agent without usage_update) shows without the context bar', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'hi' }] },
        { type: 'turnEnded', stopReason: 'end_turn', usage: { totalTokens: 20, inputTokens: 15, outputTokens: 5 } },
      ]),
    );
    expect(m.$('.usage').hidden).toBe(false);
    expect(m.$('.usage-bar').hidden).toBe(true);
    expect(m.$('.usage-text').textContent).toBe('20 tokens last turn');
  });
});
