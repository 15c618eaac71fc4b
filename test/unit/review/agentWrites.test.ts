import { describe, expect, it } from 'vitest';
import { AgentBases } from '../../../src/review/agentWrites';

describe('AgentBases', () => {
  it('merges against the text the agent read, and against the live text once that base is forgotten', () => {
    const bases = new AgentBases();
    bases.set('/ws/a.txt', 'one\ntwo\nthree\n');
    // The user changed line 1 after the read; the agent changed line 3 of what it read.
    const live = 'ONE\ntwo\nthree\n';
    const merged = bases.merge('/ws/a.txt', live, 'one\ntwo\nTHREE\n');
    expect(merged.text).toBe('ONE\ntwo\nTHREE\n');
    // A later read too big to keep: the stale base must not be merged against.
    bases.forget('/ws/./a.txt');
    expect(bases.get('/ws/a.txt')).toBeUndefined();
    expect(bases.merge('/ws/a.txt', live, 'one\ntwo\nTHREE\n').text).toBe('one\ntwo\nTHREE\n');
  });
});
