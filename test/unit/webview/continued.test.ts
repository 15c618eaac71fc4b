// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mount, READY, thread } from './helpers';

describe('continued marker', () => {
  it('says whether the agent kept the conversation, and says plainly when it starts fresh', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act({ type: 'sessionContinued', how: 'resumed' }, { type: 'sessionContinued', how: 'new' });
    const notes = m.$$('.entry.continued');
    expect(notes.map((note) => note.dataset.how)).toEqual(['resumed', 'new']);
    expect(notes[0]!.textContent).toContain('Chat resumed');
    expect(notes[1]!.textContent).toContain('The agent starts fresh from here');
    expect(notes[1]!.textContent).toContain('does not know the conversation above');
  });
});
