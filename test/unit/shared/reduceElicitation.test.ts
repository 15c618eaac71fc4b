// The elicitation entries in the thread: a form or a link card appears when asked, takes one answer, and a
// link card is marked done when the agent says the interaction finished (elicitation/complete).
import { describe, expect, it } from 'vitest';
import type { ElicitationLink } from '../../../src/shared/elicitation';
import { freshState, run } from './helpers';

const link: ElicitationLink = {
  message: 'Sign in',
  url: 'https://example.com/',
  host: 'example.com',
  warnings: [],
  unusable: null,
};

describe('elicitation entries', () => {
  it('a link card waits, takes the answer once, then is marked completed', () => {
    const asked = run(freshState(), { type: 'elicitationUrlRequested', elicitationId: 'elicitation-1', link });
    expect(asked.entries).toEqual([
      { kind: 'elicitationUrl', id: 'e1', elicitationId: 'elicitation-1', link, answer: null, completed: false },
    ]);
    const opened = run(
      asked,
      { type: 'elicitationResolved', elicitationId: 'elicitation-1', answer: 'accept' },
      { type: 'elicitationResolved', elicitationId: 'elicitation-1', answer: 'cancel' },
    );
    expect(opened.entries[0]).toMatchObject({ answer: 'accept', completed: false });
    const done = run(opened, { type: 'elicitationCompleted', elicitationId: 'elicitation-1' });
    expect(done.entries[0]).toMatchObject({ answer: 'accept', completed: true });
    // Once more, or for an id nobody knows: nothing changes.
    expect(run(done, { type: 'elicitationCompleted', elicitationId: 'elicitation-1' })).toBe(done);
    expect(run(done, { type: 'elicitationCompleted', elicitationId: 'elicitation-9' })).toBe(done);
  });

  it('a form is never marked completed (only link cards are)', () => {
    const asked = run(freshState(), {
      type: 'elicitationRequested',
      elicitationId: 'elicitation-1',
      form: { message: 'm', title: null, fields: [], unusable: null },
    });
    expect(run(asked, { type: 'elicitationCompleted', elicitationId: 'elicitation-1' })).toBe(asked);
  });
});
