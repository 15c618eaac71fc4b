// @vitest-environment jsdom
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { filterCommands, slashQuery } from '../../../webview/render/slashMenu';
import { key, mount, READY, thread, type, update } from './helpers';

const COMMANDS: acp.AvailableCommand[] = [
  { name: 'web', description: 'Search the web', input: { hint: 'query to search for' } },
  { name: 'plan', description: 'Create a plan' },
  { name: 'review', description: 'Review the web page diff' },
];

function ready() {
  const m = mount();
  m.snapshot(thread([...READY, update({ sessionUpdate: 'available_commands_update', availableCommands: COMMANDS })]));
  const composer = m.$('#composer') as HTMLTextAreaElement;
  return { ...m, composer };
}

describe('composer', () => {
  it('sends on Enter and clears the textarea', () => {
    const m = ready();
    type(m.composer, 'Hello agent');
    const event = key(m.composer, 'Enter');
    expect(event.defaultPrevented).toBe(true);
    expect(m.posted).toEqual([{ type: 'prompt', text: 'Hello agent' }]);
    expect(m.composer.value).toBe('');
  });

  it('does not send on Shift+Enter, during IME composition, or when empty', () => {
    const m = ready();
    type(m.composer, 'line one');
    expect(key(m.composer, 'Enter', { shiftKey: true }).defaultPrevented).toBe(false);
    key(m.composer, 'Enter', { isComposing: true });
    type(m.composer, '   ');
    key(m.composer, 'Enter');
    expect(m.posted).toEqual([]);
  });

  it('Send button posts the prompt', () => {
    const m = ready();
    type(m.composer, 'via button');
    m.$('#send').click();
    expect(m.posted).toEqual([{ type: 'prompt', text: 'via button' }]);
  });

  it('turns Send into Stop while a turn runs; Escape and Stop cancel', () => {
    const m = ready();
    m.act({ type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] });
    expect(m.$('#send').hidden).toBe(true);
    expect(m.$('#stop').hidden).toBe(false);
    // Enter does not send a second prompt mid-turn.
    type(m.composer, 'next');
    key(m.composer, 'Enter');
    expect(m.posted).toEqual([]);
    key(m.composer, 'Escape');
    expect(m.posted).toEqual([{ type: 'cancel' }]);
    m.$('#stop').click();
    expect(m.posted).toEqual([{ type: 'cancel' }, { type: 'cancel' }]);
    m.act({ type: 'cancelRequested' });
    expect((m.$('#stop') as HTMLButtonElement).disabled).toBe(true);
    m.act({ type: 'turnEnded', stopReason: 'cancelled' });
    expect(m.$('#send').hidden).toBe(false);
    expect(m.$('#stop').hidden).toBe(true);
  });

  it('Escape does nothing when no turn runs', () => {
    const m = ready();
    key(m.composer, 'Escape');
    expect(m.posted).toEqual([]);
  });

  it('is disabled with a reason while the agent is not ready', () => {
    const m = mount();
    m.snapshot(thread([]));
    const composer = m.$('#composer') as HTMLTextAreaElement;
    expect(composer.disabled).toBe(true);
    expect(composer.placeholder).toBe('Agent is starting...');
    m.act({
      type: 'agentFailed',
      failure: { title: 'Agent exited with code 1', commandLine: 'demo', exitCode: 1, stderrTail: [] },
    });
    expect(composer.placeholder).toBe('Agent failed: restart it');
  });

  it('with no chat yet, takes a prompt that starts a chat with the picked agent', () => {
    const m = mount();
    m.snapshot(null);
    const composer = m.$('#composer') as HTMLTextAreaElement;
    expect(composer.disabled).toBe(false);
    expect(composer.placeholder).toMatch(/start a chat/i);
    composer.value = 'hello';
    composer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(m.posted).toEqual([
      { type: 'prompt', text: 'hello', agentId: (m.$('select.agent-picker') as HTMLSelectElement).value },
    ]);
  });
});

describe('slash menu', () => {
  it('parses the command word under the caret', () => {
    expect(slashQuery('/we', 3)).toBe('we');
    expect(slashQuery('/', 1)).toBe('');
    expect(slashQuery('/web query', 10)).toBeNull();
    expect(slashQuery('hello /web', 10)).toBeNull();
  });

  it('filters by prefix first, then by substring in name or description', () => {
    expect(filterCommands(COMMANDS, 're').map((c) => c.name)).toEqual(['review', 'plan']); // "Create a plan"
    expect(filterCommands(COMMANDS, 'we').map((c) => c.name)).toEqual(['web', 'review']);
    expect(filterCommands(COMMANDS, '').map((c) => c.name)).toEqual(['web', 'plan', 'review']);
    expect(filterCommands(COMMANDS, 'zzz')).toEqual([]);
  });

  it('opens on "/" at the start, filters while typing, and closes when nothing matches', () => {
    const m = ready();
    const menu = m.$('.slash-menu');
    expect(menu.hidden).toBe(true);
    type(m.composer, '/');
    expect(menu.hidden).toBe(false);
    expect(m.$$('.slash-menu li').map((li) => li.dataset.command)).toEqual(['web', 'plan', 'review']);
    type(m.composer, '/pl');
    expect(m.$$('.slash-menu li').map((li) => li.dataset.command)).toEqual(['plan']);
    type(m.composer, '/zzz');
    expect(menu.hidden).toBe(true);
    type(m.composer, 'not /a command');
    expect(menu.hidden).toBe(true);
  });

  it('picks with arrow keys + Enter, shows the input hint, and Enter then sends', () => {
    const m = ready();
    type(m.composer, '/');
    key(m.composer, 'ArrowDown');
    key(m.composer, 'ArrowDown');
    key(m.composer, 'ArrowUp');
    expect(m.$('.slash-menu li.active').dataset.command).toBe('plan');
    key(m.composer, 'ArrowUp');
    expect(m.$('.slash-menu li.active').dataset.command).toBe('web');
    const enter = key(m.composer, 'Enter');
    expect(enter.defaultPrevented).toBe(true);
    expect(m.posted).toEqual([]); // picking is not sending
    expect(m.composer.value).toBe('/web ');
    expect(m.$('.slash-menu').hidden).toBe(true);
    expect(m.$('.composer-ghost').hidden).toBe(false);
    expect(m.$('.ghost-hint').textContent).toBe('query to search for');
    type(m.composer, '/web cats');
    expect(m.$('.composer-ghost').hidden).toBe(true);
    key(m.composer, 'Enter');
    expect(m.posted).toEqual([{ type: 'prompt', text: '/web cats' }]);
  });

  it('picks with Tab, and Escape closes the menu without cancelling', () => {
    const m = ready();
    type(m.composer, '/rev');
    key(m.composer, 'Tab');
    expect(m.composer.value).toBe('/review ');
    type(m.composer, '/');
    key(m.composer, 'Escape');
    expect(m.$('.slash-menu').hidden).toBe(true);
    expect(m.composer.value).toBe('/');
    expect(m.posted).toEqual([]);
  });

  it('picks with the mouse', () => {
    const m = ready();
    type(m.composer, '/');
    const item = m.$$('.slash-menu li')[1]!;
    item.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    expect(m.composer.value).toBe('/plan ');
  });

  it('shows no menu when the agent advertised no commands', () => {
    const m = mount();
    m.snapshot(thread());
    const composer = m.$('#composer') as HTMLTextAreaElement;
    type(composer, '/');
    expect(m.$('.slash-menu').hidden).toBe(true);
  });
});
