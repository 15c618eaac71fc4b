// The reducer's side of a message added to the running turn (`_session/steering`): where its entry goes, that
// the turn goes on, and that an echo of it (before the agent answered, or after) shows its text once.
import { describe, expect, it } from 'vitest';
import { chatMarkdown } from '../../../src/session/journal/chatMarkdown';
import { decodeJournal } from '../../../src/session/journal/journalDecode';
import { fullJournal } from '../../../src/session/journal/journalFormat';
import { entryProblem } from '../../../src/session/journal/journalShapes';
import type { ThreadAction } from '../../../src/shared/actions';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { agent, freshState, run, user } from './helpers';

const sent = (text: string): ThreadAction => ({ type: 'promptSent', prompt: [{ type: 'text', text }] });
const steerSent = (text: string): ThreadAction => ({ type: 'steerSent', text });
const joined = (text: string): ThreadAction => ({ type: 'steerJoined', prompt: [{ type: 'text', text }] });
const dropped: ThreadAction = { type: 'steerDropped' };

function texts(state: ThreadState): [Entry['kind'], string, boolean][] {
  return state.entries.map((e) => [
    e.kind,
    'parts' in e ? e.parts.map((p) => (p.kind === 'text' ? p.text : `[${p.block.type}]`)).join('') : '',
    e.kind === 'user' && e.steered === true,
  ]);
}

describe('a message added to the running turn', () => {
  it('is a user entry where the agent took it, marked steered; the turn goes on and the agent answers after it', () => {
    const s = run(freshState(), sent('Refactor'), agent('Working on'), steerSent('use tabs'), joined('use tabs'));
    expect(s.turn.kind).toBe('prompting');
    const after = run(s, agent(' it. Noted: tabs.'));
    expect(texts(after)).toEqual([
      ['user', 'Refactor', false],
      ['agent', 'Working on', false],
      ['user', 'use tabs', true],
      ['agent', ' it. Noted: tabs.', false],
    ]);
    expect(after.steerEcho).toBeUndefined();
  });

  it('an echo before the answer is absorbed, and one split across the answer too', () => {
    const s = run(
      freshState(),
      sent('Refactor'),
      steerSent('use tabs please'),
      user('use '),
      joined('use tabs please'),
      user('tabs please'),
      user('use tabs please'), // a second copy is not an echo: it is the agent's own
    );
    expect(texts(s)).toEqual([
      ['user', 'Refactor', false],
      ['user', 'use tabs please', true],
      ['user', 'use tabs please', false],
    ]);
  });

  it('not taken: nothing shows, and a later user chunk with the same text is not swallowed', () => {
    const waiting = run(freshState(), sent('Refactor'), steerSent('use tabs'));
    expect(waiting.steerEcho).toEqual({ text: 'use tabs', matched: 0 });
    const s = run(waiting, dropped, user('use tabs'));
    expect(s.steerEcho).toBeUndefined();
    expect(texts(s)).toEqual([
      ['user', 'Refactor', false],
      ['user', 'use tabs', false],
    ]);
  });

  it('taken after the turn already ended here: it shows after the turn, with no live echo', () => {
    const s = run(freshState(), sent('Refactor'), steerSent('x'), { type: 'turnEnded', stopReason: 'end_turn' });
    const after = run(s, joined('x'));
    expect(after.turn.kind).toBe('idle');
    expect(after.promptEcho).toBeUndefined();
    expect(texts(after).map(([kind, , steered]) => [kind, steered])).toEqual([
      ['user', false],
      ['turnEnd', false],
      ['user', true],
    ]);
  });

  it('is journaled and comes back after a reload marked; the Markdown export says so; a bad mark is refused', () => {
    const state = run(freshState(), sent('Refactor'), steerSent('use tabs'), joined('use tabs'));
    const header = { v: 2, threadId: 't1', agent: state.agent, created: 5 };
    const decoded = decodeJournal(fullJournal(header, state))!;
    expect(decoded.notes).toEqual([]);
    expect(decoded.state.entries[1]).toEqual(state.entries[1]);
    expect(chatMarkdown('chat', state)).toContain('You (sent while the agent worked)');
    expect(entryProblem({ ...state.entries[1]!, steered: 'yes' })).not.toBeNull();
  });
});
