// @vitest-environment jsdom
// The pure part of recycling (recycleWindow.ts: which entries keep their view and which leave the DOM, given where
// they are) and the spacers that stand for the entries that left (foldedEntries.ts).
import { describe, expect, it } from 'vitest';
import { FoldedEntries } from '../../../webview/render/transcript/foldedEntries';
import {
  FOLD_MARGIN_PX,
  MAX_MOUNTED,
  planWindow,
  RECYCLE_MARGIN_PX,
  type WindowSlot,
} from '../../../webview/render/transcript/recycleWindow';

/** `count` entries of `height` px from 0, all mounted. */
function column(count: number, height: number, gap = 10): WindowSlot[] {
  return Array.from({ length: count }, (_, i) => ({
    top: i * (height + gap),
    bottom: i * (height + gap) + height,
    mounted: true,
    pinned: false,
  }));
}

describe('planWindow', () => {
  it('keeps the entries near the viewport and recycles the far ones, nearest first', () => {
    const slots = column(200, 90); // 100 px apart: 20,000 px
    const view = { top: 10_000, bottom: 10_800 };
    const plan = planWindow(slots, view);
    const kept = slots.map((_, i) => i).filter((i) => !plan.unmount.includes(i));
    // 3,000 px either side: from the entry ending after 7,000 to the one starting before 13,800.
    expect(kept[0]).toBe(Math.ceil((view.top - RECYCLE_MARGIN_PX - 90) / 100));
    expect(kept.at(-1)).toBe(Math.floor((view.bottom + RECYCLE_MARGIN_PX) / 100));
    const distances = plan.unmount.map((i) => Math.max(view.top - slots[i]!.bottom, slots[i]!.top - view.bottom));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('folds the runs beyond the fold margin at both ends, and nothing near', () => {
    const slots = column(200, 90);
    const view = { top: 10_000, bottom: 10_800 };
    const plan = planWindow(slots, view);
    expect(slots[plan.foldTop - 1]!.bottom).toBeLessThan(view.top - FOLD_MARGIN_PX);
    expect(slots[plan.foldTop]!.bottom).toBeGreaterThanOrEqual(view.top - FOLD_MARGIN_PX);
    expect(slots[slots.length - plan.foldBottom]!.top).toBeGreaterThan(view.bottom + FOLD_MARGIN_PX);
    expect(slots[slots.length - plan.foldBottom - 1]!.top).toBeLessThanOrEqual(view.bottom + FOLD_MARGIN_PX);
  });

  it('changes nothing for a short chat on screen', () => {
    expect(planWindow(column(30, 90), { top: 0, bottom: 800 })).toEqual({ unmount: [], foldTop: 0, foldBottom: 0 });
  });

  it('never recycles nor folds past a pinned entry (focus, selection, a card waiting for the user)', () => {
    const slots = column(200, 90);
    slots[5]!.pinned = true;
    const plan = planWindow(slots, { top: 15_000, bottom: 15_800 });
    expect(plan.unmount).not.toContain(5);
    expect(plan.foldTop).toBe(5);
  });

  it('keeps at most MAX_MOUNTED views however small the entries are', () => {
    const slots = column(2_000, 2, 1); // 3 px apart: 6,000 px within the margins
    const plan = planWindow(slots, { top: 3_000, bottom: 3_800 });
    expect(slots.length - plan.unmount.length).toBe(MAX_MOUNTED);
    // The ones kept are the nearest: around the viewport.
    const kept = new Set(slots.map((_, i) => i).filter((i) => !plan.unmount.includes(i)));
    expect(kept.has(1_100)).toBe(true);
    expect(kept.has(0)).toBe(false);
  });

  it('leaves one entry in the DOM when all of them are far (the spacers are measured against it)', () => {
    const plan = planWindow(column(100, 90), { top: 50_000, bottom: 50_800 });
    expect(plan.foldTop).toBe(99);
    expect(plan.foldBottom).toBe(0);
  });

  it('skips entries that are placeholders already', () => {
    const slots = column(200, 90).map((slot) => ({ ...slot, mounted: false }));
    expect(planWindow(slots, { top: 10_000, bottom: 10_800 }).unmount).toEqual([]);
  });
});

describe('FoldedEntries', () => {
  it('gives back the chunk next to the entries in the DOM first, with the heights it took', () => {
    const above = new FoldedEntries('above');
    above.fold({ heights: [10, 20], total: 50 });
    above.fold({ heights: [30], total: 40 });
    expect(above.count).toBe(3);
    expect(above.el.style.height).toBe('90px');
    expect(above.unfold()).toEqual({ heights: [30], total: 40 });
    expect(above.el.style.height).toBe('50px');
    const below = new FoldedEntries('below');
    below.fold({ heights: [1], total: 11 });
    below.fold({ heights: [2], total: 12 });
    expect(below.unfold()!.heights).toEqual([2]);
  });

  it('keeps entries arriving at a folded end in bounded chunks without heights, and hides when empty', () => {
    const below = new FoldedEntries('below');
    below.fold({ heights: [5], total: 15 });
    below.appendUnmeasured(450);
    expect(below.count).toBe(451);
    expect(below.el.style.height).toBe('15px');
    const sizes: number[] = [];
    for (let chunk = below.unfold(); chunk; chunk = below.unfold()) sizes.push(chunk.heights.length);
    expect(sizes).toEqual([1, 200, 200, 50]);
    expect(below.el.hidden).toBe(true);
  });
});
