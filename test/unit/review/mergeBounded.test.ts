// Merges and review hunks stay correct and bounded on texts an agent sizes (issue #9 item 10).
import { describe, expect, it } from 'vitest';
import { computeHunks, keepHunk, undoHunk } from '../../../src/review/hunks';
import { applyEdits, mergeAgentWrite, minimalEdits, rebaseUserEdit } from '../../../src/review/merge';
import {
  emptyReview,
  fileHunks,
  findFile,
  keepFile,
  recordAgentChange,
  summarize,
  undoFile,
} from '../../../src/review/reviewModel';

function rng(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}
const text = (lines: string[]) => lines.map((line) => `${line}\n`).join('');

describe('merges on random edits', () => {
  it('applies a user edit and an agent edit that are apart, exactly, with no conflict (500 cases)', () => {
    const random = rng(11);
    for (let t = 0; t < 500; t++) {
      const n = 8 + Math.floor(random() * 40);
      const base = Array.from({ length: n }, () => ['{', '}', 'x', 'y', ''][Math.floor(random() * 5)]!);
      const half = Math.floor(n / 2);
      const userAt = Math.floor(random() * (half - 2));
      const agentAt = half + 1 + Math.floor(random() * (n - half - 2));
      const live = base.slice();
      live.splice(userAt, 1, 'user 1', 'user 2');
      const agent = base.slice();
      agent.splice(agentAt, 1, 'agent');
      const expected = base.slice();
      expected.splice(agentAt, 1, 'agent');
      expected.splice(userAt, 1, 'user 1', 'user 2');
      const merged = mergeAgentWrite(text(base), text(agent), text(live));
      expect(merged).toEqual({ text: text(expected), conflicts: [] });
      // The same user edit made after the agent's change moves onto the review baseline exactly.
      const before = text(agent);
      const after = (() => {
        const lines = agent.slice();
        lines.splice(userAt, 1, 'user 1', 'user 2');
        return text(lines);
      })();
      const rebased = rebaseUserEdit(text(base), before, after);
      const baselineExpected = base.slice();
      baselineExpected.splice(userAt, 1, 'user 1', 'user 2');
      expect(rebased).toBe(text(baselineExpected));
    }
  });

  it('keeps the user lines of a whole-text conflict when the agent replaced everything', () => {
    const base = text(Array.from({ length: 50 }, (_, i) => `base ${i}`));
    const agent = text(Array.from({ length: 50 }, (_, i) => `agent ${i}`));
    const live = base.replace('base 7\n', 'user 7\n');
    const merged = mergeAgentWrite(base, agent, live);
    expect(merged.text).toBe(agent);
    expect(merged.conflicts).toHaveLength(1);
    expect(merged.conflicts[0]!.userLines.join('')).toBe(live);
  });
});

// How long these take is a bench figure (bench/figures/hostile.ts: hostile_merge_repetitive and the diff
// figures), not a timed test; here the results must be right and the big rewrite coarse (one replaced block).
describe('hostile sizes stay bounded and correct', () => {
  const unrelated = (n: number, tag: string) =>
    text(Array.from({ length: n }, (_, i) => `${tag} ${i} ${'x'.repeat(20)}`));
  const repetitive = (n: number, every: number, mod: number) =>
    text(Array.from({ length: n }, (_, i) => (i % every ? '}' : `x${i % mod}`)));

  it('10k against 10k changed lines: review hunks as one replaced block; Keep and Undo of the replaced block are exact', () => {
    const baseline = `head\n${unrelated(10_000, 'old')}tail\n`;
    const current = `head\n${unrelated(10_000, 'new')}tail\n`;
    const hunks = computeHunks(baseline, current);
    expect(hunks).toHaveLength(1);
    expect(hunks[0]).toMatchObject({ baseStart: 1, currentStart: 1, replaced: true });
    expect(hunks[0]!.baseLines).toHaveLength(10_000);
    expect(keepHunk(baseline, hunks[0]!)).toBe(current);
    expect(undoHunk(current, hunks[0]!)).toBe(baseline);
    expect(applyEdits(current, minimalEdits(current, baseline))).toBe(baseline);

    let state = recordAgentChange(emptyReview(), { path: '/ws/big.txt', before: baseline, after: current, turn: 1 });
    const file = findFile(state, '/ws/big.txt')!;
    expect(fileHunks(file)).toBe(fileHunks(file)); // computed once per file state
    expect(summarize(file)).toMatchObject({ added: 10_000, removed: 10_000, hunkCount: 1, status: 'pending' });
    const undone = undoFile(state, '/ws/big.txt');
    expect(undone.text).toBe(baseline);
    state = keepFile(state, '/ws/big.txt');
    expect(summarize(findFile(state, '/ws/big.txt')!).status).toBe('kept');
  });

  it('repetitive texts (the worst case of LCS merges) merge and rebase correctly', () => {
    const base = repetitive(3000, 3, 7);
    const agent = repetitive(3000, 4, 5);
    const live = `user\n${base}`;
    expect(mergeAgentWrite(base, agent, live).text.startsWith('user\n')).toBe(true);
    expect(rebaseUserEdit(base, agent, `user\n${agent}`)).toBe(`user\n${base}`);
  });
});
