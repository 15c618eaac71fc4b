// @vitest-environment jsdom
// The webview words what entries hold as data, in the words the chat always showed: a full chat, too many
// subagents, a write no tool call announced, a tool call known only by id; and a sentence an older journal
// stored shows as it is.
import { describe, expect, it } from 'vitest';
import { MAX_AGENT_ENTRIES } from '../../../src/shared/threadEntries';
import { mount, thread, update } from './helpers';

describe('entries worded by the view', () => {
  it('a protocolError of a full chat shows its title and explanation', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({ type: 'protocolError', problem: { kind: 'chatFull', limit: MAX_AGENT_ENTRIES } });
    expect(m.$('.protocol-error .turn-end-title').textContent).toBe('This chat is full');
    expect(m.$('.protocol-error .turn-end-explanation').textContent).toBe(
      `The agent created ${MAX_AGENT_ENTRIES} messages and tool calls in this chat; new ones are no longer shown (updates to existing ones still are). Start a new chat.`,
    );
  });

  it('a protocolError an older journal stored shows its stored words', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({ type: 'protocolError', problem: { kind: 'said', title: 'Dieser Chat ist voll', detail: 'Mehr nicht.' } });
    expect(m.$('.protocol-error .turn-end-title').textContent).toBe('Dieser Chat ist voll');
    expect(m.$('.protocol-error .turn-end-explanation').textContent).toBe('Mehr nicht.');
  });

  it('a card for a write no tool call announced, and one known only by id, are titled by the view', () => {
    const m = mount();
    m.snapshot(thread());
    m.act(
      {
        type: 'fileWritten',
        write: {
          path: '/w/src/a.ts',
          fromRevision: 1,
          revision: 1,
          diff: { hunks: [], added: 0, removed: 0 },
          created: false,
        },
      },
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'ghost', status: 'in_progress' }),
    );
    expect(m.$$('.tool-title').map((el) => el.textContent)).toEqual(['Write a.ts', 'Tool call']);
  });

  it('a turn ended for sign-in shows our sentence; an agent error shows as it came', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({ type: 'promptSent', prompt: [] }, { type: 'turnFailed', needsSignIn: true });
    m.act({ type: 'promptSent', prompt: [] }, { type: 'turnFailed', message: 'Internal error' });
    expect(m.$$('.turn-end-message').map((el) => el.textContent)).toEqual([
      'The agent asks you to sign in; this message is sent again after.',
      'Internal error',
    ]);
  });
});
