// Keep and Undo of one hunk when an earlier hunk changed the line count: the later hunks then sit at
// different lines in the baseline and in the current text, and resolving one at the other's line corrupts the
// file. The other review fixtures' first hunk keeps its length, so their two positions coincide and such a bug
// passes them. Each fixture here is a list of segments, unchanged or changed (baseline lines -> current lines);
// the expected text after any set of decisions is built from the segments alone, not from src/review.
import { describe, expect, it } from 'vitest';
import {
  emptyReview,
  fileHunks,
  findFile,
  keepHunk,
  recordAgentChange,
  summarize,
  undoHunk,
  type ReviewState,
} from '../../../src/review/reviewModel';
import { computeHunks, undoReplacement } from '../../../src/review/hunks';

type Segment = string[] | { base: string[]; current: string[] };
type Side = 'base' | 'current';

const P = '/ws/shifted.ts';
const ln = (...values: string[]): string[] => values.map((value) => `${value}\n`);

/** The file's text with each changed segment (by its index among the changes) taken from `pick`'s side. */
function compose(segments: Segment[], pick: (change: number) => Side): string {
  let change = 0;
  return segments
    .map((segment) => (Array.isArray(segment) ? segment : segment[pick(change++)]))
    .flat()
    .join('');
}

const FIXTURES: Record<string, Segment[]> = {
  // The first hunk turns one line into three: later hunks sit two lines further down in the current text.
  'the first hunk adds lines': [
    ln('a'),
    { base: ln('b'), current: ln('B1', 'B2', 'B3') },
    ln('c', 'd'),
    { base: ln('e'), current: ln('E') },
    ln('f', 'g', 'h'),
    { base: ln('i', 'j'), current: [] },
    ln('k', 'l'),
  ],
  // The first hunk removes three lines: later hunks sit three lines further up in the current text.
  'the first hunk removes lines': [
    ln('a'),
    { base: ln('b', 'c', 'd'), current: [] },
    ln('e', 'f'),
    { base: ln('g'), current: ln('G1', 'G2') },
    ln('h', 'i', 'j'),
    { base: ln('k'), current: ln('K') },
    ln('l'),
  ],
};

const ORDERS: Array<[number, number]> = [
  [1, 2],
  [2, 1],
];

/** Hunk `change` of the original file, found by its lines (indices move as hunks are resolved). */
function indexOf(state: ReviewState, segments: Segment[], change: number): number {
  const wanted = segments.filter((segment) => !Array.isArray(segment))[change] as { base: string[]; current: string[] };
  const index = fileHunks(findFile(state, P)!).findIndex(
    (hunk) =>
      hunk.baseLines.join('') === wanted.base.join('') && hunk.currentLines.join('') === wanted.current.join(''),
  );
  if (index < 0) throw new Error(`hunk ${change} is no longer pending`);
  return index;
}

describe('the fixtures', () => {
  it('compose the texts they say', () => {
    const adds = FIXTURES['the first hunk adds lines']!;
    expect(compose(adds, () => 'base')).toBe('a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n');
    expect(compose(adds, () => 'current')).toBe('a\nB1\nB2\nB3\nc\nd\nE\nf\ng\nh\nk\nl\n');
    expect(compose(adds, (change) => (change === 1 ? 'base' : 'current'))).toBe(
      'a\nB1\nB2\nB3\nc\nd\ne\nf\ng\nh\nk\nl\n',
    );
  });
});

describe.each(Object.entries(FIXTURES))('review of a file where %s', (_, segments) => {
  const baseline = compose(segments, () => 'base');
  const current = compose(segments, () => 'current');
  const start = () => recordAgentChange(emptyReview(), { path: P, before: baseline, after: current, turn: 1 });

  it('the later hunks know their own lines in the baseline and in the current text', () => {
    const hunks = computeHunks(baseline, current);
    expect(hunks).toHaveLength(3);
    for (const [index, hunk] of hunks.entries()) {
      const base = baseline.split(/(?<=\n)/);
      const cur = current.split(/(?<=\n)/);
      const expected = segments.filter((segment) => !Array.isArray(segment))[index] as {
        base: string[];
        current: string[];
      };
      expect(base.slice(hunk.baseStart, hunk.baseStart + hunk.baseLines.length)).toEqual(expected.base);
      expect(cur.slice(hunk.currentStart, hunk.currentStart + hunk.currentLines.length)).toEqual(expected.current);
      expect(current.slice(hunk.currentOffset, hunk.currentOffset + hunk.currentLength)).toBe(
        expected.current.join(''),
      );
      // The editor's replacement for Undo of this one hunk gives the text with only this hunk undone.
      const { offset, length, text } = undoReplacement(hunk);
      expect(current.slice(0, offset) + text + current.slice(offset + length)).toBe(
        compose(segments, (change) => (change === index ? 'base' : 'current')),
      );
    }
    expect(hunks[1]!.currentStart).not.toBe(hunks[1]!.baseStart);
  });

  it.each(ORDERS)('Keep of hunk %i then hunk %i moves exactly those into the baseline', (first, second) => {
    let state = keepHunk(start(), P, indexOf(start(), segments, first));
    expect(findFile(state, P)!.baseline).toBe(compose(segments, (change) => (change === first ? 'current' : 'base')));
    state = keepHunk(state, P, indexOf(state, segments, second));
    const file = findFile(state, P)!;
    expect(file.baseline).toBe(compose(segments, (change) => (change === 0 ? 'base' : 'current')));
    expect(file.current).toBe(current);
    // What is left pending is the first hunk, whole.
    expect(fileHunks(file)).toHaveLength(1);
    expect(summarize(file).status).toBe('pending');
    state = keepHunk(state, P, 0);
    expect(findFile(state, P)!).toMatchObject({ baseline: current, resolution: 'kept' });
  });

  it.each(ORDERS)('Undo of hunk %i then hunk %i reverts exactly those in the current text', (first, second) => {
    const once = undoHunk(start(), P, indexOf(start(), segments, first));
    expect(once.text).toBe(compose(segments, (change) => (change === first ? 'base' : 'current')));
    const twice = undoHunk(once.state, P, indexOf(once.state, segments, second));
    expect(twice.text).toBe(compose(segments, (change) => (change === 0 ? 'current' : 'base')));
    const file = findFile(twice.state, P)!;
    expect(file.baseline).toBe(baseline);
    expect(file.current).toBe(twice.text);
    expect(fileHunks(file)).toHaveLength(1);
    const last = undoHunk(twice.state, P, 0);
    expect(last.text).toBe(baseline);
    expect(findFile(last.state, P)!.resolution).toBe('undone');
  });

  it.each(ORDERS)('Keep of hunk %i and Undo of hunk %i, in either order, give the same texts', (kept, undone) => {
    const keptFirst = keepHunk(start(), P, indexOf(start(), segments, kept));
    const thenUndone = undoHunk(keptFirst, P, indexOf(keptFirst, segments, undone));
    const undoneFirst = undoHunk(start(), P, indexOf(start(), segments, undone));
    const thenKept = keepHunk(undoneFirst.state, P, indexOf(undoneFirst.state, segments, kept));
    const expectedBaseline = compose(segments, (change) => (change === kept ? 'current' : 'base'));
    const expectedCurrent = compose(segments, (change) => (change === undone ? 'base' : 'current'));
    for (const state of [thenUndone.state, thenKept]) {
      expect(findFile(state, P)).toMatchObject({ baseline: expectedBaseline, current: expectedCurrent });
    }
    expect(thenUndone.text).toBe(expectedCurrent);
    expect(undoneFirst.text).toBe(expectedCurrent);
  });
});
