// @vitest-environment jsdom
// A subagent on its own: Open shows its whole transcript in place of the chat, with a bar saying where it
// is, its plan, and no message box (a subagent takes its instructions from its parent); Back, a crumb or
// Escape goes back to where the user was, nested subagents alike. A subagent the shown chat no longer holds
// falls back to the chat.
import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { key, mount, thread } from './helpers';
import { card, chat, childState, messages, permission, toolCall, withEntries } from './subagentThreads';

const PLAN: acp.PlanEntry[] = [
  { content: 'Find the callers', status: 'completed', priority: 'high' },
  { content: 'List the files', status: 'in_progress', priority: 'medium' },
];

/** The chat with child c1 (12 messages and a plan) and, under c1, grandchild g1. */
function nested() {
  const grandchild = childState(messages(2, 'Deep'));
  const child = withEntries(childState(messages(12), PLAN), card('g1', { id: 'card-g1', title: 'Check the tests' }));
  return chat([card('c1')], { c1: { state: child }, g1: { parent: 'c1', state: grandchild } }, 'Refactor the parser');
}

const visible = (el: HTMLElement) => !el.hidden && !el.closest('[hidden]');
const crumbs = (m: ReturnType<typeof mount>) =>
  m.$$('.subagent-crumbs > li').map((li) => li.querySelector('button, h2')?.textContent ?? li.textContent);

describe('a subagent on its own', () => {
  it('Open shows its whole transcript, the bar with the way back, its plan and no message box', () => {
    const m = mount();
    m.snapshot(nested());
    expect(visible(m.$('.subagent-bar'))).toBe(false);
    m.$('.subagent-open').click();
    expect(visible(m.$('.subagent-bar'))).toBe(true);
    expect(m.$('.subagent-bar').tagName).toBe('NAV');
    expect(crumbs(m)).toEqual(['←Refactor the parser', 'Subagent: Explore the parser']);
    expect(m.$('.subagent-back').getAttribute('aria-label')).toBe('Back to Refactor the parser');
    // The heading says where the user is, and has the focus.
    expect(document.activeElement).toBe(m.$('.subagent-heading'));
    expect(m.$('.subagent-bar .subagent-state-label').textContent).toBe('Running');
    expect(visible(m.$('.subagent-bar .subagent-stop'))).toBe(true);
    // The child's transcript, all of it, in the chat's place.
    const shown = m.$('.subagent-transcript .entries');
    expect(shown.querySelectorAll('.entry.agent')).toHaveLength(12);
    expect(shown.querySelector('.entry.subagent .subagent-title')!.textContent).toBe('Check the tests');
    expect(visible(m.$('.main > .transcript-frame > .transcript'))).toBe(false);
    // Its plan in the plan region; the composer replaced by the note.
    expect(m.$$('.plan-region .plan-content').map((el) => el.textContent)).toEqual([
      'Find the callers',
      'List the files',
    ]);
    expect(visible(m.$('.composer'))).toBe(false);
    expect(visible(m.$('.subagent-note'))).toBe(true);
    expect(m.$('.subagent-note').textContent).toContain('takes its instructions from the agent that started it');
  });

  it('Stop in the bar cancels that subagent', () => {
    const m = mount();
    m.snapshot(nested());
    m.$('.subagent-open').click();
    m.$('.subagent-bar .subagent-stop').click();
    expect(m.posted).toEqual([{ type: 'cancelSubagent', sessionId: 'c1' }]);
  });

  it('Back returns to the chat, its transcript, plan and composer, with the focus on the Open it left from', () => {
    const m = mount();
    m.snapshot(nested());
    const open = m.$('.subagent-open');
    open.click();
    m.$('.subagent-back').click();
    expect(visible(m.$('.subagent-bar'))).toBe(false);
    expect(visible(m.$('.main > .transcript-frame > .transcript'))).toBe(true);
    expect(visible(m.$('.composer'))).toBe(true);
    expect(visible(m.$('.subagent-note'))).toBe(false);
    expect(m.$('.plan').hidden).toBe(true); // the chat has no plan
    expect(document.activeElement).toBe(open);
  });

  it('Escape goes back too, but not while typing in a field', () => {
    const m = mount();
    m.snapshot(nested());
    m.$('.subagent-open').click();
    const field = document.createElement('input');
    m.$('.subagent-transcript .entries').appendChild(field);
    key(field, 'Escape');
    expect(visible(m.$('.subagent-bar'))).toBe(true);
    const event = key(m.$('.subagent-heading'), 'Escape');
    expect(event.defaultPrevented).toBe(true);
    expect(visible(m.$('.subagent-bar'))).toBe(false);
    expect(document.activeElement).toBe(m.$('.subagent-open'));
  });

  it('Escape goes back when the focus rests on the page itself, not on one of its controls', () => {
    const m = mount();
    m.snapshot(nested());
    m.$('.subagent-open').click();
    (document.activeElement as HTMLElement | null)?.blur();
    key(document.body, 'Escape');
    expect(visible(m.$('.subagent-bar'))).toBe(false);
  });

  it('the chat goes on while a subagent is shown, and is up to date when shown again', () => {
    const m = mount();
    const state = nested();
    m.snapshot(state);
    m.$('.subagent-open').click();
    m.snapshot(withEntries(state, card('c2', { id: 'card-c2', title: 'Second helper' })));
    expect(m.$('.subagent-heading').textContent).toBe('Subagent: Explore the parser');
    m.$('.subagent-back').click();
    expect(
      m.$$('.main > .transcript-frame > .transcript .entry.subagent .subagent-title').map((el) => el.textContent),
    ).toEqual(['Explore the parser', 'Second helper']);
  });

  it('a nested subagent: the bar shows the path, Escape goes one level up, a crumb goes to its level', () => {
    const m = mount();
    m.snapshot(nested());
    m.$('.subagent-open').click();
    const openGrandchild = m.$('.subagent-transcript .entry.subagent .subagent-open');
    openGrandchild.click();
    expect(crumbs(m)).toEqual(['←Refactor the parser', 'Subagent: Explore the parser', 'Subagent: Check the tests']);
    expect(m.$$('.subagent-transcript .entry.agent').map((el) => el.textContent?.replace('Copy', '').trim())).toEqual([
      'Deep 1',
      'Deep 2',
    ]);
    expect(m.$('.plan').hidden).toBe(true); // the grandchild has no plan
    key(m.$('.subagent-heading'), 'Escape');
    expect(m.$('.subagent-heading').textContent).toBe('Subagent: Explore the parser');
    expect(document.activeElement?.className).toContain('subagent-open');
    expect(document.activeElement?.closest<HTMLElement>('.entry.subagent')?.dataset.sessionId).toBe('g1');
    m.$('.subagent-transcript .entry.subagent .subagent-open').click();
    m.$$('.subagent-crumb')[1]!.click(); // "Subagent: Explore the parser"
    expect(m.$('.subagent-heading').textContent).toBe('Subagent: Explore the parser');
    m.$$('.subagent-crumb')[0]!.click(); // the chat
    expect(visible(m.$('.subagent-bar'))).toBe(false);
  });

  it('a deep path names the nearest two levels and stands "…" for the rest', () => {
    const m = mount();
    const levels = ['a', 'b', 'c', 'd', 'e'];
    const children = Object.fromEntries(
      levels.map((id, i) => [
        id,
        {
          parent: i === 0 ? null : levels[i - 1],
          state: childState(i < levels.length - 1 ? [] : messages(1)),
        },
      ]),
    );
    for (let i = 0; i < levels.length - 1; i++)
      children[levels[i]!]!.state = withEntries(
        children[levels[i]!]!.state,
        card(levels[i + 1]!, { title: `Level ${i + 2}` }),
      );
    m.snapshot(chat([card('a', { title: 'Level 1' })], children));
    for (let i = 0; i < levels.length; i++)
      m.$$('.subagent-open')
        .find((b) => visible(b))!
        .click();
    expect(crumbs(m)).toEqual(['←Chat', '…', 'Subagent: Level 3', 'Subagent: Level 4', 'Subagent: Level 5']);
  });

  it('falls back to the chat when the subagent is gone, or another chat is shown', () => {
    const m = mount();
    const state = nested();
    m.snapshot(state);
    m.$('.subagent-open').click();
    m.snapshot({ ...state, subagents: {} });
    expect(visible(m.$('.subagent-bar'))).toBe(false);
    expect(visible(m.$('.composer'))).toBe(true);
    m.snapshot(state);
    m.$('.subagent-open').click();
    m.snapshot({ ...thread(), key: { agentId: 'demo', threadId: 't2' } });
    expect(visible(m.$('.subagent-bar'))).toBe(false);
    expect(visible(m.$('.composer'))).toBe(true);
    // Back to the first chat: it shows the chat, not the subagent left open in it.
    m.snapshot(state);
    expect(visible(m.$('.subagent-bar'))).toBe(false);
  });

  it('a permission request of the subagent shown is answered there', () => {
    const m = mount();
    const child = childState([
      toolCall('t1', 'Run npm test', { kind: 'execute', status: 'pending' }),
      permission('t1', 'p-3'),
    ]);
    m.snapshot(chat([card('c1', { work: { state: 'requires_action' } })], { c1: { state: child } }));
    m.$('.subagent-open').click();
    m.$$('.subagent-transcript .permission button')[1]!.click();
    expect(m.posted).toEqual([{ type: 'permission', permissionId: 'p-3', optionId: 'reject' }]);
  });

  it("a subagent's prompt is not the user's: no Edit or Restore checkpoint on it", () => {
    const m = mount();
    const child = childState([{ type: 'promptSent', prompt: [{ type: 'text', text: 'List the callers' }] }]);
    m.snapshot(chat([card('c1')], { c1: { state: child } }));
    m.$('.subagent-open').click();
    const prompt = m.$('.subagent-transcript .entry.user');
    expect(prompt.querySelector('.message-author')!.textContent).toBe('Its instructions');
    expect(prompt.querySelector('button')).toBeNull();
  });
});
