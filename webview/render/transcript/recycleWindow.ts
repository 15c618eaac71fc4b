// Which of the transcript's entries in the DOM stay mounted, given where they are: the pure part of recycling
// (transcript.ts applies it). An entry further than RECYCLE_MARGIN_PX from the viewport loses its view (a
// placeholder of its measured height stands in: nothing below it moves); a run of placeholders at either end of
// the DOM further than FOLD_MARGIN_PX leaves the DOM for a spacer of their summed height (foldedEntries.ts).
// Entries come back as placeholders when their spacer comes within the transcript observer's 1,500 px, and get
// their view there: the margins widen outwards (1,500 < 3,000 < 4,500), so nothing flips back and forth.
// A pinned entry (focused, holding the selection, waiting for the user) is never unmounted nor folded, and so
// neither is anything between it and the viewport.

export const RECYCLE_MARGIN_PX = 3000;
export const FOLD_MARGIN_PX = 4500;
/** At most this many entries keep their view, the ones nearest the viewport (pinned ones always do). */
export const MAX_MOUNTED = 300;

/** One entry in the DOM, in list order: its box relative to the scroll container's content. */
export interface WindowSlot {
  top: number;
  bottom: number;
  mounted: boolean;
  pinned: boolean;
}

export interface WindowPlan {
  /** Indexes (into the slots) of the mounted entries to recycle, nearest first. */
  unmount: number[];
  /** How many leading slots leave the DOM (all unmounted once `unmount` is applied). */
  foldTop: number;
  /** How many trailing slots leave the DOM. */
  foldBottom: number;
}

/** `view`: the visible part of the content (scrollTop to scrollTop + height). */
export function planWindow(slots: readonly WindowSlot[], view: { top: number; bottom: number }): WindowPlan {
  const distance = (slot: WindowSlot): number => Math.max(0, view.top - slot.bottom, slot.top - view.bottom);
  const kept: number[] = [];
  const unmount: number[] = [];
  slots.forEach((slot, i) => {
    if (!slot.mounted) return;
    if (slot.pinned || distance(slot) <= RECYCLE_MARGIN_PX) kept.push(i);
    else unmount.push(i);
  });
  // Tiny entries could crowd many views into the margins: the furthest beyond the bound go too.
  if (kept.length > MAX_MOUNTED) {
    const byDistance = kept.filter((i) => !slots[i]!.pinned).sort((a, b) => distance(slots[b]!) - distance(slots[a]!));
    unmount.push(...byDistance.slice(0, kept.length - MAX_MOUNTED));
  }
  const folds = (slot: WindowSlot | undefined): boolean =>
    slot !== undefined && !slot.pinned && distance(slot) > FOLD_MARGIN_PX;
  // At least one entry stays in the DOM: the spacers' heights are measured against it.
  let foldTop = 0;
  while (foldTop < slots.length - 1 && folds(slots[foldTop]) && slots[foldTop]!.bottom < view.top) foldTop++;
  let foldBottom = 0;
  const fromEnd = (n: number): WindowSlot | undefined => slots[slots.length - 1 - n];
  while (
    foldBottom < slots.length - foldTop - 1 &&
    folds(fromEnd(foldBottom)) &&
    fromEnd(foldBottom)!.top > view.bottom
  )
    foldBottom++;
  unmount.sort((a, b) => distance(slots[a]!) - distance(slots[b]!));
  return { unmount, foldTop, foldBottom };
}
