// @vitest-environment jsdom
// What the chat says about Send now during a turn (it joins the running turn where the agent steers, else it
// stops the turn first), and how a message added to the running turn shows in the transcript.
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { mount, READY, thread } from './helpers';

const STEERING: ThreadAction[] = [
  {
    type: 'initialized',
    agentInfo: { name: 'claude-agent-acp', title: 'Claude Agent', version: '0.101.0' },
    agentCapabilities: {},
    initializeMeta: { steering: { supported: true } },
  },
  ...READY.slice(1),
];

function working(actions: ThreadAction[]) {
  const m = mount();
  m.snapshot(thread(actions));
  m.act({ type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] });
  m.act({ type: 'queueChanged', queue: [{ id: 'queued-1', text: 'also the tests' }] });
  const sendNow = () => m.$('.composer-queue .queued-send-now') as HTMLButtonElement;
  return { ...m, sendNow };
}

describe('Send now says what it does', () => {
  it('where the agent steers: it adds the message to the running turn', () => {
    const m = working(STEERING);
    expect(m.sendNow().title).toBe('Send now: adds it to the running turn');
    expect(m.$('#send').title).toBe(
      'Queue: sent when the agent finishes (Enter). Ctrl+Enter adds it to the running turn now.',
    );
    expect(m.$('.composer-status').textContent).toBe(
      'Claude Agent is working. Enter queues, Ctrl+Enter adds to its turn, Esc stops.',
    );
    m.sendNow().click();
    expect(m.posted).toEqual([{ type: 'sendNow', id: 'queued-1' }]);
    // With no turn running it just sends.
    m.act({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(m.sendNow().title).toBe('Send this message');
  });

  it("elsewhere: it stops the agent's work, and says why it must", () => {
    const m = working(READY);
    expect(m.sendNow().title).toBe(
      "Stop the agent's work and send this now\n" +
        'Demo Agent cannot add a message to its running turn (it does not advertise _meta.steering.supported).',
    );
    expect(m.$('#send').title).toBe(
      'Queue: sent when the agent finishes (Enter). Ctrl+Enter stops the turn and sends now.',
    );
    expect(m.$('.composer-status').textContent).toBe('Demo Agent is working. Enter queues, Esc stops.');
  });
});

describe('a message added to the running turn', () => {
  it("shows as the user's, marked as sent while the agent worked; a prompt is not marked", () => {
    const m = working(STEERING);
    m.act({ type: 'steerSent', text: 'also the tests' });
    m.act({ type: 'steerJoined', prompt: [{ type: 'text', text: 'also the tests' }] });
    const users = m.$$('.entry.user');
    expect(users).toHaveLength(2);
    expect(users[0]!.classList.contains('steered')).toBe(false);
    expect(users[0]!.querySelector('.message-steered')).toBeNull();
    expect(users[1]!.classList.contains('steered')).toBe(true);
    expect(users[1]!.querySelector('.message-steered')!.textContent).toBe('sent while the agent worked');
    expect(users[1]!.textContent).toContain('also the tests');
    // The turn goes on: Stop is still there.
    expect(m.$('#stop').hidden).toBe(false);
  });
});
