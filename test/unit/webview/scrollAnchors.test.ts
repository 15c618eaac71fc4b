// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../../src/shared/thread';
import { unlimitedBudget } from '../../../webview/frameBudget';
import { ReviewCards } from '../../../webview/render/reviewControls';
import { TranscriptView } from '../../../webview/render/transcript';
import { MAX_ANCHORS, readAnchors, rememberAnchor } from '../../../webview/scrollAnchors';

const notice = (id: string): Entry => ({ id, kind: 'notice', text: `note ${id}` }) as unknown as Entry;

/** jsdom has no layout: each entry element gets a 100 px box at its index, moved by scrollTop. */
function laidOut(view: TranscriptView): void {
  Object.defineProperty(view.el, 'getBoundingClientRect', { value: () => ({ top: 0, bottom: 500 }) });
  const items = [...view.list.querySelectorAll<HTMLElement>('.entry')];
  items.forEach((el, i) => {
    Object.defineProperty(el, 'getBoundingClientRect', {
      value: () => ({ top: i * 100 - view.el.scrollTop, bottom: (i + 1) * 100 - view.el.scrollTop }),
    });
  });
}

function transcript(count: number): TranscriptView {
  const view = new TranscriptView(() => {}, new ReviewCards(), unlimitedBudget());
  view.render(Array.from({ length: count }, (_, i) => notice(`e${i}`)));
  laidOut(view);
  return view;
}

describe('scroll anchors', () => {
  it('saves the entry at the top of the viewport and the offset into it, and restores it', () => {
    const view = transcript(10);
    view.restoreAnchor({ following: false, entryId: 'e3', offset: 40 });
    expect(view.el.scrollTop).toBe(340);
    expect(view.anchor()).toEqual({ following: false, entryId: 'e3', offset: 40 });
    expect(view.jumpButton.hidden).toBe(false);
  });

  it('keeps following the bottom', () => {
    const view = transcript(10);
    expect(view.anchor()).toEqual({ following: true });
    view.restoreAnchor({ following: true });
    expect(view.anchor()).toEqual({ following: true });
  });

  it('an unknown entry id falls back to the end', () => {
    const view = transcript(10);
    view.restoreAnchor({ following: false, entryId: 'gone', offset: 10 });
    expect(view.anchor()).toEqual({ following: true });
  });

  it('ignores hostile saved state and bounds what it keeps', () => {
    expect(readAnchors(null).size).toBe(0);
    expect(readAnchors([1, 2]).size).toBe(0);
    const read = readAnchors({
      a: { following: false, entryId: 'x', offset: 1e12 },
      b: { entryId: 7 },
      c: 'nonsense',
      d: { following: false, entryId: 'y', offset: Number.NaN },
      ['z'.repeat(500)]: { following: true },
    });
    expect([...read.keys()]).toEqual(['a', 'd']);
    expect(read.get('a')?.offset).toBe(1_000_000);
    expect(read.get('d')?.offset).toBe(0);
    const many = new Map();
    for (let i = 0; i < MAX_ANCHORS + 5; i++) rememberAnchor(many, `t${i}`, { following: true });
    expect(many.size).toBe(MAX_ANCHORS);
    expect(many.has('t0')).toBe(false);
  });
});
