import { describe, expect, it } from 'vitest';
import { FileTexts, MAX_CARD_DIFF_LINES } from '../../../src/review/fileTexts';

describe('the keeper of file texts', () => {
  it('numbers each write and gives its texts back by {path, revision}', () => {
    const texts = new FileTexts();
    const a = texts.record('/w/a.ts', 'a1\n', 'a2\n');
    const b = texts.record('/w/b.ts', null, 'b\n');
    expect(b.revision).toBeGreaterThan(a.revision);
    expect([a.path, b.path]).toEqual(['/w/a.ts', '/w/b.ts']);
    expect(texts.texts({ path: '/w/a.ts', revision: a.revision })).toEqual({ before: 'a1\n', after: 'a2\n' });
    expect(texts.texts({ path: '/w/b.ts', revision: b.revision })).toEqual({ before: null, after: 'b\n' });
    // A revision names one write of one file: another path or an unknown number has no texts.
    expect(texts.texts({ path: '/w/b.ts', revision: a.revision })).toBeUndefined();
    expect(texts.texts({ path: '/w/a.ts', revision: 99 })).toBeUndefined();
  });

  it('a card view spans its writes of a file: from before the first to after the last', () => {
    const texts = new FileTexts();
    const first = texts.record('/w/a.ts', 'one\ntwo\n', 'one\nTWO\n');
    texts.record('/w/b.ts', 'x\n', 'y\n');
    const second = texts.record('/w/a.ts', 'one\nTWO\n', 'one\nTWO\nthree\n');
    const view = second.view(first.revision);
    expect(view).toMatchObject({ path: '/w/a.ts', fromRevision: first.revision, revision: second.revision });
    expect(view.created).toBe(false);
    expect([view.diff.added, view.diff.removed]).toEqual([2, 1]);
    expect(view.diff.hunks[0]?.lines.map((line) => `${line.kind} ${line.text}`)).toEqual([
      'ctx one',
      'del two',
      'add TWO',
      'add three',
    ]);
    expect(texts.span('/w/a.ts', first.revision, second.revision)).toEqual({
      before: 'one\ntwo\n',
      after: 'one\nTWO\nthree\n',
    });
    // One write is a span of its own.
    expect(texts.span('/w/a.ts', first.revision, first.revision)).toEqual({
      before: 'one\ntwo\n',
      after: 'one\nTWO\n',
    });
    // Backwards, or across files, is no span.
    expect(texts.span('/w/a.ts', second.revision, first.revision)).toBeUndefined();
  });

  it('a view from a revision of another file, or a forgotten one, is the write alone', () => {
    const texts = new FileTexts();
    const other = texts.record('/w/b.ts', null, 'b\n');
    const write = texts.record('/w/a.ts', null, 'a\n');
    expect(write.view(other.revision)).toMatchObject({ fromRevision: write.revision, created: true });
    expect(write.view(write.revision - 100).fromRevision).toBe(write.revision);
  });

  it('knows the path of each revision it keeps, and none once it is forgotten; a forgotten write shows no change', () => {
    const texts = new FileTexts(1_000, 2);
    const first = texts.record('/w/a.ts', 'old\n', 'new\n');
    expect(texts.pathOf(first.revision)).toBe('/w/a.ts');
    texts.record('/w/b.ts', null, 'b\n');
    texts.record('/w/c.ts', null, 'c\n');
    expect(texts.pathOf(first.revision)).toBeUndefined();
    expect(texts.pathOf(999)).toBeUndefined();
    // The card of the forgotten write asks again: an empty change, not the texts of another write.
    const view = first.view(first.revision);
    expect(view).toMatchObject({ path: '/w/a.ts', fromRevision: first.revision, created: true });
    expect([view.diff.added, view.diff.removed, view.diff.hunks]).toEqual([0, 0, []]);
  });

  it('a card is sent a bounded number of lines whatever the agent wrote; the counts cover everything', () => {
    const texts = new FileTexts();
    const big = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
    const view = texts.record('/w/big.ts', null, big).view(1);
    const lines = view.diff.hunks.reduce((sum, hunk) => sum + hunk.lines.length, 0);
    expect(lines).toBe(MAX_CARD_DIFF_LINES);
    expect(view.diff.added).toBe(5000);
  });

  it('is bounded: past its characters or revisions the oldest writes go first, the newest always stays', () => {
    const texts = new FileTexts(10, 3);
    const first = texts.record('/w/a', 'aaaa', 'bbbb');
    const second = texts.record('/w/a', 'bbbb', 'c');
    // 8 + 5 characters: over 10, so the first goes.
    expect(texts.texts({ path: '/w/a', revision: first.revision })).toBeUndefined();
    expect(texts.texts({ path: '/w/a', revision: second.revision })).toEqual({ before: 'bbbb', after: 'c' });
    const huge = texts.record('/w/b', null, 'x'.repeat(100));
    expect(texts.texts({ path: '/w/b', revision: huge.revision })?.after).toHaveLength(100);
    expect(texts.texts({ path: '/w/a', revision: second.revision })).toBeUndefined();

    const counted = new FileTexts(1000, 2);
    const refs = ['1', '2', '3'].map((text) => counted.record('/w/c', null, text));
    expect(refs.map((ref) => counted.texts({ path: '/w/c', revision: ref.revision })?.after)).toEqual([
      undefined,
      '2',
      '3',
    ]);
  });

  it('keeps exactly up to its limit, and counts what it dropped out of its total', () => {
    const texts = new FileTexts(10, 100);
    const a = texts.record('/w/a', 'aa', 'bb');
    const b = texts.record('/w/b', 'cc', 'dd');
    const c = texts.record('/w/c', null, 'ee');
    // 4 + 4 + 2 = 10 characters: at the limit, nothing goes.
    expect([a, b, c].map((ref) => texts.texts(ref) !== undefined)).toEqual([true, true, true]);
    const d = texts.record('/w/d', null, 'f');
    // 11: the oldest goes (10 - 4 + 1 = 7 left), and the next write of 3 fits again.
    expect(texts.texts(a)).toBeUndefined();
    const e = texts.record('/w/e', null, 'ggg');
    expect([b, c, d, e].map((ref) => texts.texts(ref) !== undefined)).toEqual([true, true, true, true]);
  });
});
