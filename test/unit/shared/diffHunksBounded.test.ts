// The bounded line diff (issue #9 item 10): every diff an agent can size is bounded in time, and
// what it returns is still a correct diff (coarse past the limit), so Keep/Undo/merges stay right.
import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { boundedLineDiff, diffHunks, splitLines, type DiffResult } from '../../../src/shared/diffHunks';

function rng(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** Applies the hunks to the old text: every hunk's old side must be found where it says, and the result must be the new text. */
function applyHunks(oldText: string, result: DiffResult): string {
  const oldLines = splitLines(oldText).map((line) => (line.endsWith('\n') ? line.slice(0, -1) : line));
  const out: string[] = [];
  let next = 0; // 0-based old line
  for (const hunk of result.hunks) {
    const start = hunk.oldStart - 1;
    out.push(...oldLines.slice(next, start));
    let at = start;
    for (const line of hunk.lines) {
      if (line.kind !== 'add') expect(oldLines[at++]).toBe(line.text);
      if (line.kind !== 'del') out.push(line.text);
    }
    next = at;
  }
  out.push(...oldLines.slice(next));
  return out.join('\n');
}

const stripNl = (text: string) =>
  splitLines(text)
    .map((line) => (line.endsWith('\n') ? line.slice(0, -1) : line))
    .join('\n');

describe('diffHunks over the bounded diff', () => {
  it('is a minimal, applicable diff: the same +/- counts as structuredPatch on 3,000 random edits', () => {
    const random = rng(7);
    for (let t = 0; t < 3000; t++) {
      const n = Math.floor(random() * 30);
      const base = Array.from({ length: n }, () => ['a', 'b', 'c', 'd', '', 'x\r', 'e'][Math.floor(random() * 7)]);
      const edited = base.flatMap((line) => {
        const p = random();
        return p < 0.15 ? [] : p < 0.3 ? [line, `n${Math.floor(random() * 3)}`] : p < 0.4 ? ['m'] : [line];
      });
      const oldText = base.join('\n') + (n && random() < 0.7 ? '\n' : '');
      const newText = edited.join('\n') + (edited.length && random() < 0.7 ? '\n' : '');
      const context = [0, 1, 3][Math.floor(random() * 3)];
      const result = diffHunks(oldText, newText, context);
      const reference = structuredPatch('old', 'new', oldText, newText, undefined, undefined, { context });
      const counted = (prefix: string) =>
        reference.hunks.flatMap((hunk) => hunk.lines).filter((line) => line[0] === prefix).length;
      // Equal-cost diffs may align differently (the trimmed head and tail move a tie), so counts, not hunks, must match.
      expect({ added: result.added, removed: result.removed }).toEqual({ added: counted('+'), removed: counted('-') });
      expect(applyHunks(oldText, result)).toBe(stripNl(newText));
    }
  });

  it('replaces the changed middle whole (coarse: its time is a bench figure, bench/figures/hostile.ts) when two big texts have nothing in common', () => {
    const make = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i}\n`).join('');
    const oldText = `head\n${make(10_000, 'old')}tail\n`;
    const newText = `head\n${make(10_000, 'new')}tail\n`;
    const result = diffHunks(oldText, newText);
    expect(result.coarse).toBe(true);
    expect(result).toMatchObject({ added: 10_000, removed: 10_000 });
    expect(result.hunks).toHaveLength(1);
    expect(result.hunks[0]!.lines[0]).toEqual({ kind: 'ctx', text: 'head' });
    expect(applyHunks(oldText, result)).toBe(stripNl(newText));
  });

  it('boundedLineDiff keeps the common head and tail and gives up only on the middle', () => {
    const a = ['1\n', '2\n', 'x\n', 'y\n', '9\n'];
    const b = ['1\n', '2\n', 'z\n', '9\n'];
    expect(
      boundedLineDiff(a, b, 0).changes.map((c) => [c.added ? '+' : c.removed ? '-' : '=', c.lines.join('')]),
    ).toEqual(
      expect.arrayContaining([
        ['=', '1\n2\n'],
        ['=', '9\n'],
      ]),
    );
    const exact = boundedLineDiff(a, b);
    expect(exact.coarse).toBe(false);
  });
});

describe('diffHunks line limit', () => {
  it('makes at most maxLines line objects and still counts everything', () => {
    const oldText = Array.from({ length: 40_000 }, (_, i) => `old ${i}\n`).join('');
    const newText = Array.from({ length: 40_000 }, (_, i) => `new ${i}\n`).join('');
    const result = diffHunks(oldText, newText, 3, 400);
    expect(result).toMatchObject({ added: 40_000, removed: 40_000, coarse: true });
    expect(result.hunks[0]!.lines).toHaveLength(400);
    expect(result.hunks[0]!.omitted).toBe(80_000 - 400);
    expect(result.hunks[0]).toMatchObject({ oldStart: 1, oldLines: 40_000, newStart: 1, newLines: 40_000 });
  });
});
