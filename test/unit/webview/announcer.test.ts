// @vitest-environment jsdom
// Live regions: a screen reader hears when a turn ends and when the agent asks for permission (with the
// options), once each, and nothing for what a snapshot shows that already happened.
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { mount, READY, thread } from './helpers';

const PROMPT: ThreadAction = { type: 'promptSent', prompt: [{ type: 'text', text: 'hi' }] };
const ASK: ThreadAction = {
  type: 'permissionRequested',
  permissionId: 'p1',
  toolCall: { toolCallId: 't1', title: 'Edit src/a.ts', kind: 'edit', status: 'pending' },
  options: [
    { optionId: 'a', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'r', name: 'Reject', kind: 'reject_once' },
  ],
};

describe('announcer', () => {
  it('announces a permission ask with its options, and the end of the turn', () => {
    const m = mount();
    m.snapshot(thread());
    const polite = m.$('.sr-only [aria-live="polite"]');
    const assertive = m.$('.sr-only [aria-live="assertive"]');
    m.act(PROMPT);
    expect(polite.textContent).toBe('');
    m.act(ASK);
    expect(assertive.textContent).toBe('Demo Agent asks permission: Edit src/a.ts. Options: Allow once, Reject.');
    // Another update of the same thread does not repeat it.
    assertive.textContent = '';
    m.act({ type: 'turnEnded', stopReason: 'cancelled' });
    expect(assertive.textContent).toBe('');
    expect(polite.textContent).toBe('Demo Agent stopped: cancelled.');
  });

  it('says nothing for a snapshot: a pending ask or an ended turn shown again is not news', () => {
    const m = mount();
    m.snapshot(thread([...READY, PROMPT, ASK]));
    expect(m.$('.sr-only [aria-live="assertive"]').textContent).toBe('');
    m.act({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(m.$('.sr-only [aria-live="polite"]').textContent).toBe('Demo Agent finished.');
  });
});
