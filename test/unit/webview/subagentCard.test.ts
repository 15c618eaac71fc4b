// @vitest-environment jsdom
// A subagent in its parent's transcript: one card with its title, description, state and activity,
// Show work (its newest entries inline, rendered by the chat's own entry views), Open and Stop; a child
// that waits for the user shows what it asks at once, usable in place.
import { describe, expect, it } from 'vitest';
import type { SubagentWork } from '../../../src/shared/subagentTypes';
import { INLINE_ENTRIES } from '../../../webview/render/subagents/subagentWork';
import { mount } from './helpers';
import { card, chat, childState, messages, permission, toolCall, withEntries } from './subagentThreads';

const RLO = '\u202E';

function showCard(fields: Parameters<typeof card>[1] = {}, childActions = messages(2)) {
  const m = mount();
  m.snapshot(chat([card('c1', fields)], { c1: { state: childState(childActions) } }));
  return m;
}

const stateOf = (m: ReturnType<typeof mount>) => ({
  work: m.$('.subagent-card').dataset.work,
  label: m.$('.subagent-card .subagent-state-label').textContent,
  badgeShown: !m.$('.subagent-card .subagent-state').hidden,
  name: m.$('.subagent-card').getAttribute('aria-label'),
});

describe('the subagent card', () => {
  it('shows the title, the description on one line with the whole of it in its tooltip, and the activity', () => {
    const m = showCard();
    const el = m.$('.entry.subagent');
    expect(el.dataset.sessionId).toBe('c1');
    expect(m.$('.subagent-title').textContent).toBe('Explore the parser');
    const description = m.$('.subagent-description');
    expect(description.textContent).toBe('Find every caller of parseConfig and list the files');
    expect(description.title).toBe(description.textContent);
    expect(m.$('.subagent-latest').textContent).toBe('Read src/parser.ts');
    expect(m.$('.subagent-counts').textContent).toBe('2 messages · 3 tool calls');
    // A card of its own, named with its title and state; its controls are buttons with names.
    expect(m.$('.subagent-card').getAttribute('role')).toBe('group');
    expect(stateOf(m).name).toBe('Subagent: Explore the parser, Running');
    const buttons = m.$$('.subagent-controls button').filter((b) => !b.hidden);
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['Show work', null],
      ['Open', 'Open Explore the parser'],
      ['Stop', 'Stop Explore the parser'],
    ]);
    expect(buttons.every((b) => b.tagName === 'BUTTON' && b.getAttribute('type') === 'button')).toBe(true);
  });

  it('falls back to "Subagent" without a title, and shows no badge for a state never reported', () => {
    const m = showCard({ title: null, description: null, work: { state: 'unset' } });
    expect(m.$('.subagent-title').textContent).toBe('Subagent');
    expect(m.$('.subagent-description').hidden).toBe(true);
    expect(stateOf(m)).toMatchObject({ work: 'unset', badgeShown: false, name: 'Subagent: Subagent' });
  });

  it('a card whose transcript the chat does not hold has nothing to open, and shows no work', () => {
    const m = mount();
    m.snapshot(chat([card('c1')], {}));
    expect((m.$('.subagent-open') as HTMLButtonElement).disabled).toBe(true);
    m.$('.subagent-toggle').click();
    expect(m.$('.subagent-empty').hidden).toBe(false);
    expect(m.$('.subagent-empty').textContent).toBe('Nothing yet.');
  });

  it.each<[SubagentWork, string, string]>([
    [{ state: 'running' }, 'running', 'Running'],
    [{ state: 'requires_action' }, 'waiting', 'Waiting for you'],
    [{ state: 'idle', stopReason: 'end_turn', error: null }, 'done', 'Done'],
    [{ state: 'idle', stopReason: null, error: null }, 'done', 'Done'],
    [{ state: 'idle', stopReason: 'cancelled', error: null }, 'stopped', 'Stopped'],
    [{ state: 'idle', stopReason: 'max_tokens', error: null }, 'stopped', 'Stopped: token limit'],
    [{ state: 'idle', stopReason: 'refusal', error: null }, 'stopped', 'Refused'],
    [{ state: 'idle', stopReason: '_vendor_pause', error: null }, 'stopped', 'Stopped: _vendor_pause'],
    [{ state: 'unknown' }, 'unknown', 'Unknown'],
    [{ state: 'other', name: 'compacting' }, 'other', 'compacting'],
  ])('state %j reads %s "%s"', (work, kind, label) => {
    const m = showCard({ work });
    expect(stateOf(m)).toMatchObject({ work: kind, label, badgeShown: true });
    expect(stateOf(m).name).toBe(`Subagent: Explore the parser, ${label}`);
    expect(m.$('.subagent-card .subagent-error').hidden).toBe(true);
  });

  it('a running child has no spinner: its dot is not the spinning status icon', () => {
    const m = showCard();
    expect(m.root.querySelector('.subagent-card .spinner, .subagent-card .status-in_progress')).toBeNull();
    expect(m.$('.subagent-card .subagent-state').dataset.work).toBe('running');
  });

  it('a failed child says so with its error message, as text', () => {
    const m = showCard({ work: { state: 'idle', stopReason: 'error', error: 'Rate limited <b>429</b>\nretry later' } });
    expect(stateOf(m)).toMatchObject({ work: 'failed', label: 'Failed' });
    const error = m.$('.subagent-card .subagent-error');
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe('Rate limited <b>429</b>\nretry later');
    expect(error.querySelector('b')).toBeNull();
  });

  it("the agent's text cannot make a control, a badge or a second line", () => {
    const m = showCard({
      title: `Waiting for you\n<button>Allow</button> txt.exe${RLO}`,
      description: '<img src=x onerror=alert(1)> **bold**',
      work: { state: 'other', name: '<i>Done</i>' },
      activity: { messages: 0, toolCalls: 0, waiting: 0, latest: '<button>Stop</button>' },
    });
    expect(m.$('.subagent-title').textContent).toBe('Waiting for you⏎<button>Allow</button> txt.exe⟨U+202E⟩');
    expect(m.$('.subagent-card .subagent-state-label').textContent).toBe('<i>Done</i>');
    expect(m.root.querySelector('.subagent-card img, .subagent-card i, .subagent-card strong')).toBeNull();
    // The only buttons are ours.
    expect(m.$$('.subagent-card button').map((b) => b.className.split(' ')[0])).toEqual([
      'subagent-toggle',
      'subagent-open',
      'subagent-stop',
      'subagent-more',
    ]);
  });

  it('Stop shows only where the agent lets the client cancel the child and it is at work', () => {
    const stopShown = (fields: Parameters<typeof card>[1]) =>
      !showCard(fields).$('.subagent-card .subagent-stop').hidden;
    expect(stopShown({ cancellable: true, work: { state: 'running' } })).toBe(true);
    expect(stopShown({ cancellable: true, work: { state: 'requires_action' } })).toBe(true);
    expect(stopShown({ cancellable: false, work: { state: 'running' } })).toBe(false);
    expect(stopShown({ cancellable: true, work: { state: 'idle', stopReason: 'end_turn', error: null } })).toBe(false);
    expect(stopShown({ cancellable: true, work: { state: 'unknown' } })).toBe(false);
    expect(stopShown({ cancellable: true, work: { state: 'unset' } })).toBe(false);
  });

  it('Stop asks the host to cancel that child, once, until its state changes', () => {
    const m = showCard();
    const stop = m.$('.subagent-card .subagent-stop') as HTMLButtonElement;
    stop.click();
    stop.click();
    expect(m.posted).toEqual([{ type: 'cancelSubagent', sessionId: 'c1' }]);
    expect(stop.disabled).toBe(true);
    m.snapshot(chat([card('c1', { work: { state: 'running' } })], { c1: { state: childState(messages(3)) } }));
    expect((m.$('.subagent-card .subagent-stop') as HTMLButtonElement).disabled).toBe(false);
  });

  it('Show work shows its newest entries inline with the chat’s entry views, and Open to see all the rest', () => {
    const m = showCard({}, [...messages(7), toolCall('t1', 'Read parser.ts')]);
    const toggle = m.$('.subagent-toggle');
    expect(m.$('.subagent-work').hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(m.$('.subagent-work').id);
    toggle.click();
    expect(toggle.textContent).toBe('Hide work');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const inline = m.$$('.subagent-entries > .entry');
    expect(inline).toHaveLength(INLINE_ENTRIES);
    expect(inline.map((el) => el.textContent?.replace('Copy', '').trim())).toEqual([
      'Step 4',
      'Step 5',
      'Step 6',
      'Step 7',
      expect.stringContaining('Read parser.ts'),
    ]);
    expect(m.$('.subagent-entries .entry.tool .tool-title').textContent).toBe('Read parser.ts');
    const more = m.$('.subagent-more');
    expect(more.hidden).toBe(false);
    expect(more.textContent).toBe('Open to see all 8 entries');
    toggle.click();
    expect(m.$('.subagent-work').hidden).toBe(true);
  });

  it('a child that waits for the user is shown at once, and its permission request is answered in place', () => {
    const child = childState([
      toolCall('t1', 'Run npm test', { kind: 'execute', status: 'pending' }),
      permission('t1', 'p-7'),
    ]);
    const m = mount();
    m.snapshot(chat([card('c1')], { c1: { state: child } }));
    expect(m.$('.subagent-work').hidden).toBe(true);
    const waiting = card('c1', { activity: { messages: 0, toolCalls: 1, waiting: 1, latest: 'Run npm test' } });
    m.snapshot(chat([waiting], { c1: { state: child } }));
    expect(m.$('.subagent-work').hidden).toBe(false);
    expect(stateOf(m)).toMatchObject({ work: 'waiting', label: 'Waiting for you' });
    // The toggle cannot fold it away while it waits (it stays focusable).
    const toggle = m.$('.subagent-toggle');
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    toggle.click();
    expect(m.$('.subagent-work').hidden).toBe(false);
    const buttons = m.$$('.subagent-work .permission button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Allow once', 'Reject once']);
    buttons[0]!.click();
    expect(m.posted).toEqual([{ type: 'permission', permissionId: 'p-7', optionId: 'allow' }]);
  });

  it('requires_action shows the work too, and what it waits on is shown even when it is older than the newest entries', () => {
    const child = childState([
      toolCall('t1', 'Delete build/', { kind: 'delete', status: 'pending' }),
      permission('t1', 'p-1'),
      ...messages(8),
    ]);
    const m = mount();
    m.snapshot(chat([card('c1', { work: { state: 'requires_action' } })], { c1: { state: child } }));
    expect(m.$('.subagent-work').hidden).toBe(false);
    const inline = m.$$('.subagent-entries > .entry');
    expect(inline).toHaveLength(INLINE_ENTRIES + 1);
    expect(inline[0]!.querySelector('.tool-title')!.textContent).toBe('Delete build/');
    expect(inline[0]!.querySelectorAll('.permission button')).toHaveLength(2);
  });

  it('stays shown once the wait is answered, and updates its work in place as the child goes on', () => {
    const child = childState(messages(1));
    const m = mount();
    m.snapshot(chat([card('c1', { work: { state: 'requires_action' } })], { c1: { state: child } }));
    const first = m.$('.subagent-entries > .entry');
    m.snapshot(chat([card('c1')], { c1: { state: childState(messages(2)) } }));
    expect(m.$('.subagent-work').hidden).toBe(false);
    expect(m.$('.subagent-toggle').getAttribute('aria-disabled')).toBe('false');
    expect(m.$$('.subagent-entries > .entry').map((el) => el.textContent?.replace('Copy', '').trim())).toEqual([
      'Step 1',
      'Step 2',
    ]);
    expect(first.isConnected).toBe(true);
  });

  it('the inline work follows the child when only its transcript changed (not the card)', () => {
    const m = mount();
    const shown = card('c1');
    m.snapshot(chat([shown], { c1: { state: childState(messages(1)) } }));
    m.$('.subagent-toggle').click();
    const state = chat([shown], { c1: { state: childState(messages(2)) } });
    m.snapshot({ ...state, entries: m.app.state.thread!.entries }); // the very same card object
    expect(m.$$('.subagent-entries > .entry')).toHaveLength(2);
  });

  it('a subagent of a subagent that waits opens every card above it, down to its request, however old its card', () => {
    const grandchild = childState([
      toolCall('t1', 'Write notes.md', { kind: 'edit', status: 'pending' }),
      permission('t1', 'p-9'),
    ]);
    const waitingCard = card('g1', {
      title: 'Note taker',
      activity: { messages: 0, toolCalls: 1, waiting: 1, latest: '' },
    });
    const child = withEntries(childState([]), waitingCard, ...childState(messages(8)).entries);
    const m = mount();
    // The child's own card says nothing of its child's wait: the webview finds it.
    m.snapshot(chat([card('c1')], { c1: { state: child }, g1: { parent: 'c1', state: grandchild } }));
    const outer = m.$('.entry.subagent');
    expect(outer.querySelector<HTMLElement>('.subagent-work')!.hidden).toBe(false);
    const inner = outer.querySelector<HTMLElement>('.subagent-entries > .entry.subagent')!;
    expect(inner.dataset.sessionId).toBe('g1');
    expect(inner.querySelector<HTMLElement>('.subagent-work')!.hidden).toBe(false);
    inner.querySelector<HTMLElement>('.permission button')!.click();
    expect(m.posted).toEqual([{ type: 'permission', permissionId: 'p-9', optionId: 'allow' }]);
  });
});
