// Where a user's edit lands on the review baseline (rebaseUserEdit) and when a 3-way merge reports a
// conflict (src/review/merge.ts), case by case at the edges of the agent's hunks (mutation
// testing). A wrong answer here shows the user's own typing as the agent's change, or hides it.
import { describe, expect, it } from 'vitest';
import { mergeAgentWrite, rebaseUserEdit } from '../../../src/review/merge';

const lines = (...values: string[]): string => values.map((value) => `${value}\n`).join('');

describe('rebaseUserEdit: the user edit lands on the baseline where it belongs', () => {
  it('after agent hunks that changed the line count, shifted by them', () => {
    // The agent inserted two lines at the top; the user edits the last line.
    const baseline = lines('a', 'b', 'c');
    const before = lines('X', 'Y', 'a', 'b', 'c');
    expect(rebaseUserEdit(baseline, before, lines('X', 'Y', 'a', 'b', 'C'))).toBe(lines('a', 'b', 'C'));
    // The agent deleted two lines at the top; the user edits the last line.
    expect(rebaseUserEdit(lines('x', 'y', 'a', 'b'), lines('a', 'b'), lines('a', 'B'))).toBe(lines('x', 'y', 'a', 'B'));
  });

  it('right after an agent hunk (touching it from below) is still the user’s', () => {
    const baseline = lines('a', 'b', 'c');
    const before = lines('a', 'B', 'c');
    expect(rebaseUserEdit(baseline, before, lines('a', 'B', 'C'))).toBe(lines('a', 'b', 'C'));
  });

  it('right before an agent hunk (touching it from above) is still the user’s', () => {
    const baseline = lines('a', 'b', 'z');
    const before = lines('a', 'b', 'Z');
    expect(rebaseUserEdit(baseline, before, lines('a', 'B', 'Z'))).toBe(lines('a', 'B', 'z'));
  });

  it('a line inserted exactly at an agent hunk, or an edit right after an agent deletion, joins the hunk', () => {
    const baseline = lines('a', 'b', 'z');
    const before = lines('a', 'b', 'Z');
    expect(rebaseUserEdit(baseline, before, lines('a', 'b', 'new', 'Z'))).toBe(baseline);
    // A line inserted right after an agent hunk joins it too.
    expect(rebaseUserEdit(lines('a', 'b', 'c'), lines('a', 'B', 'c'), lines('a', 'B', 'new', 'c'))).toBe(
      lines('a', 'b', 'c'),
    );
    // The user edits the line right before an agent deletion.
    expect(rebaseUserEdit(lines('a', 'b', 'x', 'c'), lines('a', 'b', 'c'), lines('a', 'B', 'c'))).toBe(
      lines('a', 'b', 'x', 'c'),
    );
    // The agent deleted x; the user then edits the line that followed it.
    expect(rebaseUserEdit(lines('a', 'x', 'b', 'c'), lines('a', 'b', 'c'), lines('a', 'B', 'c'))).toBe(
      lines('a', 'x', 'b', 'c'),
    );
  });

  it('a duplicated or removed duplicate line is found whole (common head and tail do not overlap)', () => {
    const baseline = lines('a', 'b', 'z');
    const before = lines('a', 'b', 'Z');
    // The user duplicates line "a": the baseline gets the second "a" too.
    expect(rebaseUserEdit(baseline, before, lines('a', 'a', 'b', 'Z'))).toBe(lines('a', 'a', 'b', 'z'));
    // The user removes one of two equal lines.
    expect(rebaseUserEdit(lines('a', 'a', 'b', 'z'), lines('a', 'a', 'b', 'Z'), lines('a', 'b', 'Z'))).toBe(
      lines('a', 'b', 'z'),
    );
  });
});

describe('mergeAgentWrite conflicts', () => {
  it('an agent write that changes nothing leaves the user’s document as it is', () => {
    expect(mergeAgentWrite(lines('a', 'b'), lines('a', 'b'), lines('a', 'USER'))).toEqual({
      text: lines('a', 'USER'),
      conflicts: [],
    });
  });

  it('the same change made by both sides is no conflict, even with other user edits elsewhere', () => {
    const base = lines('a', 'b', 'c', 'd', 'e');
    const agent = lines('a', 'B', 'c', 'd', 'e');
    const live = lines('a', 'B', 'c', 'd', 'E');
    expect(mergeAgentWrite(base, agent, live)).toEqual({ text: lines('a', 'B', 'c', 'd', 'E'), conflicts: [] });
  });

  it('different changes to the same line conflict: the agent text in the document, both sides kept', () => {
    const base = lines('a', 'b', 'c', 'd', 'e');
    const merged = mergeAgentWrite(base, lines('a', 'AGENT', 'c', 'd', 'e'), lines('a', 'USER', 'c', 'd', 'E'));
    expect(merged.text).toBe(lines('a', 'AGENT', 'c', 'd', 'E'));
    expect(merged.conflicts).toEqual([
      { startLine: 1, lineCount: 1, userLines: ['USER\n'], agentLines: ['AGENT\n'], baseLines: ['b\n'] },
    ]);
  });
});
