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

  it('keeps the bases of the 200 files read most recently; reading a file again makes it recent', () => {
    const bases = new AgentBases();
    for (let i = 0; i < 200; i++) bases.set(`/ws/f${i}.txt`, `text ${i}`);
    bases.set('/ws/f0.txt', 'read again'); // f0 is now the newest, f1 the oldest
    bases.set('/ws/f200.txt', 'text 200');
    expect(bases.get('/ws/f1.txt')).toBeUndefined();
    expect(bases.get('/ws/f0.txt')).toBe('read again');
    expect(bases.get('/ws/f2.txt')).toBe('text 2');
    expect(bases.get('/ws/f200.txt')).toBe('text 200');
    bases.set('/ws/f201.txt', 'text 201');
    expect(bases.get('/ws/f2.txt')).toBeUndefined();
    expect(bases.get('/ws/f0.txt')).toBe('read again');
  });

  it('setIfMissing keeps a base the agent read, and sets one where there is none', () => {
    const bases = new AgentBases();
    bases.set('/ws/a.txt', 'what the agent read');
    bases.setIfMissing('/ws/./a.txt', 'the document at the tool call');
    bases.setIfMissing('/ws/b.txt', 'the document at the tool call');
    expect(bases.get('/ws/a.txt')).toBe('what the agent read');
    expect(bases.get('/ws/b.txt')).toBe('the document at the tool call');
    bases.clear();
    expect([bases.get('/ws/a.txt'), bases.get('/ws/b.txt')]).toEqual([undefined, undefined]);
  });
});
