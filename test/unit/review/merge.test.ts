import { describe, expect, it } from 'vitest';
import { applyEdits, mergeAgentWrite, minimalEdits, rebaseUserEdit } from '../../../src/review/merge';

const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');

describe('mergeAgentWrite', () => {
  const base = lines('one', 'two', 'three', 'four', 'five', 'six', 'seven');

  it('is the agent text when the document did not change since the agent read it', () => {
    const agent = lines('one', 'TWO', 'three', 'four', 'five', 'six', 'seven');
    expect(mergeAgentWrite(base, agent, base)).toEqual({ text: agent, conflicts: [] });
  });

  it('keeps a concurrent user edit that does not overlap the agent change', () => {
    const agent = lines('one', 'TWO', 'three', 'four', 'five', 'six', 'seven');
    const live = lines('one', 'two', 'three', 'four', 'five', 'six', 'seven (user)');
    const outcome = mergeAgentWrite(base, agent, live);
    expect(outcome.text).toBe(lines('one', 'TWO', 'three', 'four', 'five', 'six', 'seven (user)'));
    expect(outcome.conflicts).toEqual([]);
  });

  it('keeps user lines inserted above the agent change (line numbers shift)', () => {
    const agent = lines('one', 'two', 'three', 'four', 'five', 'SIX', 'seven');
    const live = lines('user 1', 'user 2', 'one', 'two', 'three', 'four', 'five', 'six', 'seven');
    const outcome = mergeAgentWrite(base, agent, live);
    expect(outcome.text).toBe(lines('user 1', 'user 2', 'one', 'two', 'three', 'four', 'five', 'SIX', 'seven'));
    expect(outcome.conflicts).toEqual([]);
  });

  it('reports an overlap as a conflict that keeps the user lines, with the agent lines in the document', () => {
    const agent = lines('one', 'two', 'THREE (agent)', 'four', 'five', 'six', 'seven');
    const live = lines('one', 'two', 'three (user)', 'four', 'five', 'six', 'seven');
    const outcome = mergeAgentWrite(base, agent, live);
    expect(outcome.text).toBe(agent);
    expect(outcome.conflicts).toEqual([
      {
        startLine: 2,
        lineCount: 1,
        userLines: ['three (user)\n'],
        agentLines: ['THREE (agent)\n'],
        baseLines: ['three\n'],
      },
    ]);
  });

  it('merges the non-overlapping parts even when another part conflicts', () => {
    const agent = lines('ONE', 'two', 'three', 'four', 'five', 'SIX (agent)', 'seven');
    const live = lines('one', 'two', 'three', 'four', 'five', 'six (user)', 'seven', 'eight (user)');
    const outcome = mergeAgentWrite(base, agent, live);
    expect(outcome.text).toBe(lines('ONE', 'two', 'three', 'four', 'five', 'SIX (agent)', 'seven', 'eight (user)'));
    expect(outcome.conflicts).toHaveLength(1);
    expect(outcome.conflicts[0]).toMatchObject({ startLine: 5, userLines: ['six (user)\n'] });
  });

  it('treats the same change on both sides as no conflict', () => {
    const both = lines('one', 'TWO', 'three', 'four', 'five', 'six', 'seven');
    expect(mergeAgentWrite(base, both, both)).toEqual({ text: both, conflicts: [] });
  });

  it('keeps a missing final newline where it was', () => {
    expect(mergeAgentWrite('a\nx\nb', 'A\nx\nb', 'a\nx\nb!').text).toBe('A\nx\nb!');
  });

  it('treats changes on adjacent lines as overlapping (like git and diff3)', () => {
    const outcome = mergeAgentWrite('a\nb\n', 'A\nb\n', 'a\nB\n');
    expect(outcome.text).toBe('A\nb\n');
    expect(outcome.conflicts[0]?.userLines).toEqual(['a\n', 'B\n']);
  });
});

describe('minimalEdits', () => {
  it('touches only the changed lines', () => {
    const from = lines('a', 'b', 'c', 'd', 'e');
    const to = lines('a', 'B', 'c', 'd', 'e', 'f');
    const edits = minimalEdits(from, to);
    expect(edits).toEqual([
      { offset: 2, length: 2, text: 'B\n' },
      { offset: 10, length: 0, text: 'f\n' },
    ]);
    expect(applyEdits(from, edits)).toBe(to);
  });

  it('is empty for equal texts and round-trips arbitrary ones', () => {
    expect(minimalEdits('x\n', 'x\n')).toEqual([]);
    for (const [from, to] of <[string, string][]>[
      ['', 'new\nfile'],
      ['old\nfile\n', ''],
      ['a\r\nb\r\n', 'a\r\nc\r\nb\r\n'],
      ['1\n2\n3\n4\n', '4\n3\n2\n1\n'],
    ]) {
      expect(applyEdits(from, minimalEdits(from, to))).toBe(to);
    }
  });
});

describe('rebaseUserEdit', () => {
  it('moves a user edit outside the agent hunks onto the baseline', () => {
    const baseline = lines('a', 'b', 'c', 'd');
    const before = lines('a', 'B (agent)', 'c', 'd');
    const after = lines('a', 'B (agent)', 'c', 'd', 'e (user)');
    expect(rebaseUserEdit(baseline, before, after)).toBe(lines('a', 'b', 'c', 'd', 'e (user)'));
  });

  it('leaves the baseline alone where the user edited inside an agent hunk', () => {
    const baseline = lines('a', 'b', 'c', 'd');
    const before = lines('a', 'B (agent)', 'c', 'd');
    const after = lines('a', 'B (agent, fixed by user)', 'c', 'd');
    expect(rebaseUserEdit(baseline, before, after)).toBe(baseline);
  });
});
