// @vitest-environment jsdom
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it, vi } from 'vitest';
import { filterCommands, slashQuery } from '../../../webview/render/composer/slashMenu';
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

  it('a message the host could not send comes back: first, before what was typed since, with its context', () => {
    const m = mount();
    m.snapshot(thread());
    const textarea = m.$('#composer') as HTMLTextAreaElement;
    m.app.receive({ type: 'draftReturned', text: 'fix the build' });
    expect(textarea.value).toBe('fix the build');
    type(textarea, 'and the tests');
    m.app.receive({ type: 'draftReturned', text: 'first', context: [{ kind: 'problems', path: null }] });
    expect(textarea.value).toBe('first\n\nand the tests');
    expect(m.$$('.composer .context-chip').length).toBe(1);
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

  it('a stopped chat (restored after a reload) takes a message: sending starts the agent and continues it', () => {
    const m = mount();
    m.snapshot(thread([...READY, { type: 'connection', state: { kind: 'stopped' } }]));
    const composer = m.$('#composer') as HTMLTextAreaElement;
    expect(composer.disabled).toBe(false);
    expect(composer.placeholder).toContain('sending starts the agent');
    type(composer, 'go on');
    key(composer, 'Enter');
    expect(m.posted).toEqual([{ type: 'prompt', text: 'go on' }]);
  });

  it('Ctrl+Shift+Enter sends the message to Compare Agents instead of this chat, idle or working', () => {
    const m = ready();
    type(m.composer, 'try both');
    key(m.composer, 'Enter', { ctrlKey: true, shiftKey: true });
    expect(m.posted).toEqual([{ type: 'comparePrompt', text: 'try both' }]);
    expect(m.composer.value).toBe('');
    m.act({ type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] });
    type(m.composer, 'and again');
    key(m.composer, 'Enter', { metaKey: true, shiftKey: true });
    expect(m.posted.at(-1)).toEqual({ type: 'comparePrompt', text: 'and again' });
  });

  it('Send button posts the prompt', () => {
    const m = ready();
    type(m.composer, 'via button');
    m.$('#send').click();
    expect(m.posted).toEqual([{ type: 'prompt', text: 'via button' }]);
  });

  it('while a turn runs: Send becomes Queue beside Stop; Enter queues, Ctrl+Enter sends now, Escape and Stop cancel', () => {
    const m = ready();
    m.act({ type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] });
    expect(m.$('#send').hidden).toBe(false);
    expect(m.$('#send').textContent).toBe('Queue');
    expect(m.$('#stop').hidden).toBe(false);
    expect((m.$('#composer') as HTMLTextAreaElement).disabled).toBe(false);
    type(m.composer, 'next');
    key(m.composer, 'Enter');
    expect(m.posted).toEqual([{ type: 'queuePrompt', text: 'next' }]);
    expect(m.composer.value).toBe('');
    type(m.composer, 'urgent');
    key(m.composer, 'Enter', { ctrlKey: true });
    expect(m.posted.at(-1)).toEqual({ type: 'sendNow', text: 'urgent' });
    m.posted.length = 0;
    key(m.composer, 'Escape');
    expect(m.posted).toEqual([{ type: 'cancel' }]);
    m.$('#stop').click();
    expect(m.posted).toEqual([{ type: 'cancel' }, { type: 'cancel' }]);
    m.act({ type: 'cancelRequested' });
    expect((m.$('#stop') as HTMLButtonElement).disabled).toBe(true);
    m.act({ type: 'turnEnded', stopReason: 'cancelled' });
    expect(m.$('#send').textContent).toBe('Send');
    expect(m.$('#stop').hidden).toBe(true);
  });

  it('shows the queue from the host; Send now, Remove, and Edit in place (Enter saves, Escape cancels)', () => {
    const m = ready();
    m.act({ type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] });
    const list = m.$('.composer-queue');
    expect(list.hidden).toBe(true);
    m.act({
      type: 'queueChanged',
      queue: [
        { id: 'queued-1', text: 'first' },
        { id: 'queued-2', text: 'second\u202E' },
      ],
    });
    const rows = () => [...list.querySelectorAll<HTMLElement>('li.queued')];
    expect(list.hidden).toBe(false);
    expect(rows().map((row) => row.querySelector('.queued-text')!.textContent)).toEqual(['first', 'second⟨U+202E⟩']);
    rows()[1]!.querySelector<HTMLButtonElement>('.queued-send-now')!.click();
    rows()[0]!.querySelector<HTMLButtonElement>('.queued-remove')!.click();
    expect(m.posted).toEqual([
      { type: 'sendNow', id: 'queued-2' },
      { type: 'removeQueued', id: 'queued-1' },
    ]);
    m.posted.length = 0;
    rows()[0]!.querySelector<HTMLButtonElement>('.queued-edit')!.click();
    const input = list.querySelector<HTMLTextAreaElement>('textarea.queued-input')!;
    expect(input.value).toBe('first');
    // A host update while editing keeps the editor (and its text).
    input.value = 'first, fixed';
    m.act({
      type: 'sessionUpdate',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x' } },
    });
    expect(list.querySelector('textarea.queued-input')).toBe(input);
    key(input, 'Enter');
    expect(m.posted).toEqual([{ type: 'editQueued', id: 'queued-1', text: 'first, fixed' }]);
    expect(list.querySelector('textarea.queued-input')).toBeNull();
    rows()[1]!.querySelector<HTMLButtonElement>('.queued-edit')!.click();
    key(list.querySelector<HTMLTextAreaElement>('textarea.queued-input')!, 'Escape');
    expect(list.querySelector('textarea.queued-input')).toBeNull();
    expect(m.posted).toHaveLength(1);
    m.act({ type: 'queueChanged', queue: [] });
    expect(list.hidden).toBe(true);
  });

  it('Up recalls earlier prompts (first line only), Down goes forward and back to the draft', () => {
    const m = ready();
    for (const text of ['one', 'two\nlines']) {
      m.act({ type: 'promptSent', prompt: [{ type: 'text', text }] });
      m.act({ type: 'turnEnded', stopReason: 'end_turn' });
    }
    type(m.composer, 'draft');
    m.composer.setSelectionRange(0, 0);
    expect(key(m.composer, 'ArrowUp').defaultPrevented).toBe(true);
    expect(m.composer.value).toBe('two\nlines');
    expect(key(m.composer, 'ArrowUp').defaultPrevented).toBe(true);
    expect(m.composer.value).toBe('one');
    // The oldest: Up does nothing more.
    expect(key(m.composer, 'ArrowUp').defaultPrevented).toBe(false);
    expect(key(m.composer, 'ArrowDown').defaultPrevented).toBe(true);
    expect(m.composer.value).toBe('two\nlines');
    // Down on the first line of a two-line message moves the caret, not the history.
    m.composer.setSelectionRange(0, 0);
    expect(key(m.composer, 'ArrowDown').defaultPrevented).toBe(false);
    m.composer.setSelectionRange(m.composer.value.length, m.composer.value.length);
    key(m.composer, 'ArrowDown');
    expect(m.composer.value).toBe('draft');
    expect(m.posted).toEqual([]);
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
      failure: { reason: { kind: 'exited' }, commandLine: 'demo', exitCode: 1, stderrTail: [] },
    });
    expect(composer.placeholder).toBe('Agent failed: restart it');
  });

  it('asked for the focus while the agent starts (New Chat), takes it once the agent is ready', () => {
    const m = mount();
    m.snapshot(thread([]));
    m.app.receive({ type: 'focusComposer' });
    m.frames.splice(0).forEach((cb) => cb());
    const composer = m.$('#composer') as HTMLTextAreaElement;
    expect(composer.disabled).toBe(true);
    expect(document.activeElement).not.toBe(composer);
    m.act(...READY);
    expect(composer.disabled).toBe(false);
    expect(document.activeElement).toBe(composer);
  });

  it('"New chat" in the view puts the cursor in the new chat\'s composer once its agent is ready', () => {
    const m = mount();
    m.snapshot(thread([...READY]));
    m.$('button.new-chat').click();
    expect(m.posted.at(-1)).toMatchObject({ type: 'newChat' });
    const starting = thread([]);
    m.snapshot({ ...starting, key: { ...starting.key, threadId: 't2' } });
    const composer = m.$('#composer') as HTMLTextAreaElement;
    expect(composer.disabled).toBe(true);
    m.act(...READY);
    expect(document.activeElement).toBe(composer);
  });

  it('another chat shown without "New chat" (the chat list) leaves the focus where it is', () => {
    const m = mount();
    m.snapshot(thread([...READY]));
    const other = thread([...READY]);
    m.snapshot({ ...other, key: { ...other.key, threadId: 't2' } });
    expect(document.activeElement).not.toBe(m.$('#composer'));
  });

  it('does not take the focus back from where the user put it while the agent started', () => {
    const m = mount();
    m.snapshot(thread([]));
    m.app.receive({ type: 'focusComposer' });
    m.frames.splice(0).forEach((cb) => cb());
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    m.act(...READY);
    expect(document.activeElement).toBe(elsewhere);
    // Focus asked for while enabled is immediate, and a later enabling does not take it again.
    const composer = m.$('#composer') as HTMLTextAreaElement;
    m.app.receive({ type: 'focusComposer' });
    m.frames.splice(0).forEach((cb) => cb());
    expect(document.activeElement).toBe(composer);
  });

  it('asked for the focus while the agent starts, leaves it alone once the host says it went elsewhere', () => {
    const m = mount();
    m.snapshot(thread([]));
    m.app.receive({ type: 'focusComposer' });
    m.frames.splice(0).forEach((cb) => cb());
    // The user clicked into an editor (outside the webview: its document still has no focused element).
    m.app.receive({ type: 'focusElsewhere' });
    m.act(...READY);
    const composer = m.$('#composer') as HTMLTextAreaElement;
    expect(composer.disabled).toBe(false);
    expect(document.activeElement).not.toBe(composer);
  });

  it('keeps the request when VS Code gave the focus back to the page before the news that it went elsewhere came', () => {
    const m = mount();
    m.snapshot(thread([]));
    m.app.receive({ type: 'focusComposer' });
    m.frames.splice(0).forEach((cb) => cb());
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    try {
      m.app.receive({ type: 'focusElsewhere' });
    } finally {
      hasFocus.mockRestore();
    }
    m.act(...READY);
    expect(document.activeElement).toBe(m.$('#composer'));
  });

  it('drops a focus asked for in the same frame as the news that it went elsewhere', () => {
    const m = mount();
    m.snapshot(thread([...READY]));
    m.app.receive({ type: 'focusComposer' });
    m.app.receive({ type: 'focusElsewhere' });
    m.frames.splice(0).forEach((cb) => cb());
    expect(document.activeElement).not.toBe(m.$('#composer'));
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
