// @vitest-environment jsdom
// Messages between sessions are labelled with who sent them to whom, and render like an agent's answer
// but framed apart; a tool call's link to a session is a chip that opens that subagent. A screen reader
// hears a subagent's state change, politely.
import { describe, expect, it } from 'vitest';
import type { ThreadState } from '../../../src/shared/thread';
import { mount } from './helpers';
import { card, chat, childState, messages, sessionMessage, toolCall, withEntries } from './subagentThreads';

const label = (el: Element) =>
  Array.from(el.querySelectorAll('.session-message-label > *'))
    .map((part) => part.textContent)
    .join(' ');

/** `state` with a tool call of the chat whose content links to `sessionId`. */
function linking(state: ThreadState, sessionId: string): ThreadState {
  const built = childState([toolCall(`spawn-${sessionId}`, 'Spawn a helper')]).entries.find((e) => e.kind === 'tool');
  if (built?.kind !== 'tool') throw new Error('no tool entry');
  const tool = { ...built.tool, content: [{ type: 'session' as const, sessionId }] };
  return withEntries(state, { ...built, id: `tool-${sessionId}`, tool });
}

describe('messages between sessions', () => {
  it('are labelled "<sender> → <recipient>" with the chat and the subagent’s title, and render as markdown', () => {
    const m = mount();
    const messagesOf = [
      sessionMessage('m1', 's1', 'c1', 'Please list **every** caller'),
      sessionMessage('m2', 'c1', 's1', 'Found 3 callers:\n\n- a.ts\n- b.ts'),
    ];
    m.snapshot(chat([card('c1'), ...messagesOf], { c1: { state: childState(messages(1)) } }));
    const [toChild, toChat] = m.$$('.entry.session-message');
    expect(label(toChild!)).toBe('Chat → Explore the parser');
    expect(label(toChat!)).toBe('Explore the parser → Chat');
    expect(toChild!.getAttribute('aria-label')).toBe('Message from the chat to subagent Explore the parser');
    expect(toChild!.querySelector('.markdown strong')!.textContent).toBe('every');
    expect(toChat!.querySelectorAll('.markdown li')).toHaveLength(2);
    // Apart from the agent's answers, and with no controls of an answer.
    expect(m.$$('.entry.agent')).toHaveLength(0);
    expect(toChild!.querySelector('button')).toBeNull();
    expect(toChild!.querySelector('.session-name')!.getAttribute('data-kind')).toBe('chat');
    expect(toChat!.querySelector('.session-name')!.getAttribute('data-kind')).toBe('subagent');
  });

  it('a subagent titled like the chat is still named as a subagent, and its markup never runs', () => {
    const m = mount();
    m.snapshot(
      chat(
        [
          card('c1', { title: 'Chat' }),
          sessionMessage('m1', 'c1', 's1', '<img src=x onerror=alert(1)><script>x()</script>hi'),
        ],
        { c1: { state: childState([]) } },
      ),
    );
    const el = m.$('.entry.session-message');
    expect(el.getAttribute('aria-label')).toBe('Message from subagent Chat to the chat');
    expect(el.querySelector('.session-name')!.getAttribute('data-kind')).toBe('subagent');
    expect(el.querySelector('script, img[onerror]')).toBeNull();
  });

  it('names a session it does not know by its id, and by its title once it is announced', () => {
    const m = mount();
    const before = chat([sessionMessage('m1', 's1', 'c9', 'Start')], {});
    m.snapshot(before);
    expect(label(m.$('.entry.session-message'))).toBe('Chat → session c9');
    m.snapshot({
      ...before,
      entries: [...before.entries, card('c9', { title: 'Late helper' })],
      subagents: { c9: { parentSessionId: null, state: childState([]) } },
    });
    expect(label(m.$('.entry.session-message'))).toBe('Chat → Late helper');
  });

  it('a message cut at the cap of a message says so, as an answer does', () => {
    const m = mount();
    const cut = { ...sessionMessage('m1', 'c1', 's1', 'long'), truncated: true } as never;
    m.snapshot(chat([card('c1'), cut], { c1: { state: childState([]) } }));
    expect(m.$('.entry.session-message .message-truncated').textContent).toMatch(/truncated|cut/i);
  });

  it('a message without a sender says so', () => {
    const m = mount();
    m.snapshot(chat([sessionMessage('m1', null, 's1', 'x')], {}));
    expect(label(m.$('.entry.session-message'))).toBe('unknown session → Chat');
  });

  it('between two subagents, inside a subagent’s own transcript', () => {
    const m = mount();
    const child = withEntries(
      childState([]),
      card('g1', { title: 'Grandchild' }),
      sessionMessage('m1', 'c1', 'g1', 'Go'),
    );
    m.snapshot(chat([card('c1')], { c1: { state: child }, g1: { parent: 'c1', state: childState([]) } }));
    m.$('.subagent-open').click();
    expect(label(m.$('.subagent-transcript .entry.session-message'))).toBe('Explore the parser → Grandchild');
  });
});

describe('a link to a session in a tool call', () => {
  it('is a chip "Subagent: <title>" that opens that subagent', () => {
    const m = mount();
    m.snapshot(linking(chat([card('c1')], { c1: { state: childState(messages(1)) } }), 'c1'));
    const chip = m.$('.entry.tool .session-chip');
    expect(chip.tagName).toBe('BUTTON');
    expect(chip.textContent).toBe('Subagent: Explore the parser');
    expect(chip.getAttribute('aria-label')).toBe('Open subagent Explore the parser');
    chip.click();
    expect(m.$('.subagent-heading').textContent).toBe('Subagent: Explore the parser');
    m.$('.subagent-back').click();
    expect(document.activeElement).toBe(chip);
  });

  it('to a session the chat does not know is plain text, and a chip once it is announced', () => {
    const m = mount();
    const before = linking(chat([], {}), 'c7');
    m.snapshot(before);
    expect(m.root.querySelector('.entry.tool .session-chip')).toBeNull();
    expect(m.$('.entry.tool .session-link-unknown').textContent).toBe('session c7');
    m.snapshot({
      ...before,
      entries: [...before.entries, card('c7', { title: 'Announced later' })],
      subagents: { c7: { parentSessionId: null, state: childState([]) } },
    });
    expect(m.$('.entry.tool .session-chip').textContent).toBe('Subagent: Announced later');
  });
});

describe('what a screen reader hears of subagents', () => {
  const polite = (m: ReturnType<typeof mount>) => m.$('[role="status"][aria-live="polite"]').textContent;

  it('a state change, politely; nothing for the states a chat shows when it is shown', () => {
    const m = mount();
    const child = { c1: { state: childState([]) } };
    m.snapshot(chat([card('c1')], child));
    expect(polite(m)).toBe('');
    m.snapshot(chat([card('c1', { work: { state: 'requires_action' } })], child));
    expect(polite(m)).toBe('Subagent Explore the parser is waiting for you.');
    m.snapshot(chat([card('c1', { work: { state: 'idle', stopReason: 'end_turn', error: null } })], child));
    expect(polite(m)).toBe('Subagent Explore the parser: Done.');
    m.snapshot(chat([card('c1', { work: { state: 'idle', stopReason: 'error', error: 'boom' } })], child));
    expect(polite(m)).toBe('Subagent Explore the parser: Failed.');
  });
});
