// @vitest-environment jsdom
// A message cut at its cap (src/shared/messageCap.ts) says so under its text.
import { describe, expect, it } from 'vitest';
import type { ThreadState } from '../../../src/shared/thread';
import { agentChunk, mount, READY, thread } from './helpers';

/** The thread with its last message marked as the reducer marks one it cut (the text kept short here). */
function cut(state: ThreadState): ThreadState {
  const entries = state.entries.slice();
  entries[entries.length - 1] = { ...entries[entries.length - 1]!, truncated: true } as (typeof entries)[number];
  return { ...state, entries };
}

describe('a message cut at its cap', () => {
  it('shows the note once, under the text, only when the message was cut', () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk('short answer', 'm1')]));
    expect(m.$$('.message-truncated')).toHaveLength(0);
    m.snapshot(cut(thread([...READY, agentChunk('short answer', 'm1')])));
    const notes = m.$$('.message-truncated');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toBe(
      '…truncated: the agent sent more than 16 MiB or 1000 parts in one message; the rest is not shown.',
    );
    expect(notes[0]!.previousElementSibling?.classList.contains('message-body')).toBe(true);
    expect(m.$$('.entry.agent')).toHaveLength(1);
  });
});
