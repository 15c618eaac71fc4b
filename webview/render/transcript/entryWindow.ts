// The transcript's entries in the DOM and the ones kept out of it (transcript.ts renders them): a record per
// entry in the DOM, its view or a placeholder; the thread's oldest entries of a long snapshot not in the DOM yet
// (earlierEntries.ts); and the runs that left it far above and far below the viewport (foldedEntries.ts). An
// IntersectionObserver mounts placeholders and brings runs back as the reader nears them; a pass after each
// scroll (and each frame of a long list) recycles far entries and folds far runs (recycleWindow.ts), keeping what
// the reader sees in place. The DOM always holds one contiguous stretch of the thread.
import type { Entry } from '../../../src/shared/thread';
import { h } from '../../dom';
import type { BottomFollower } from './bottomFollower';
import { EarlierEntries, PLACEHOLDER_BATCH } from './earlierEntries';
import { holdsUserFocus, UnfoldedParts, waitsForUser } from './entryPins';
import type { EntryGroups } from './entryGroups';
import { FoldedEntries, type FoldedChunk } from './foldedEntries';
import { MOUNT_MARGIN, MountQueue } from './mountQueue';
import { planWindow, type WindowSlot } from './recycleWindow';
import type { EntryView } from '../types';

/** Placeholders this near the viewport get their view. */

export interface EntryRecord {
  entry: Entry;
  /** Null while the entry is a placeholder waiting to scroll into view. */
  view: EntryView | null;
  /** What is in the list: the view's element, or the placeholder. */
  el: HTMLElement;
  /** The view is an error card: the entry's next version gets a fresh view. */
  failed?: boolean;
}

export interface WindowParts {
  /** The scroll container, and the list of entry groups in it. */
  el: HTMLElement;
  list: HTMLElement;
  groups: EntryGroups;
  follower: BottomFollower;
  /** The thread's entries as last rendered. */
  entries: () => readonly Entry[];
  /** Renders an entry's view (in isolation: a failed one is an error card). */
  createView: (entry: Entry) => EntryRecord;
  /** The reader reached the end with entries below folded: the transcript lays its end out again. */
  onEndReached: () => void;
}

export class EntryWindow {
  readonly records = new Map<string, EntryRecord>();
  /** The thread's first entries, not in the DOM yet (a long snapshot). */
  readonly earlier = new EarlierEntries();
  /** Entries that left the DOM far above and far below the viewport (after the `earlier` ones). */
  readonly above = new FoldedEntries('above');
  readonly below = new FoldedEntries('below');
  private readonly unfolded = new UnfoldedParts();
  private readonly observer: IntersectionObserver | null;
  private reconcileQueued = false;
  /** Placeholders near the viewport waiting for their view, a few a frame. */
  private readonly toMount: MountQueue<EntryRecord>;
  private readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly groups: EntryGroups;
  private readonly follower: BottomFollower;
  private readonly createView: (entry: Entry) => EntryRecord;
  private readonly onEndReached: () => void;
  private readonly entries: () => readonly Entry[];

  constructor(parts: WindowParts) {
    ({
      el: this.el,
      list: this.list,
      groups: this.groups,
      follower: this.follower,
      createView: this.createView,
      onEndReached: this.onEndReached,
      entries: this.entries,
    } = parts);
    this.observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((items) => this.onIntersect(items), {
            root: this.el,
            rootMargin: MOUNT_MARGIN,
          })
        : null;
    this.toMount = new MountQueue(this.el, this.observer, (record) => this.mount(record));
    this.el.addEventListener('scroll', () => this.queueReconcile(), { passive: true });
  }

  private get lastEntries(): readonly Entry[] {
    return this.entries();
  }

  /** Whether the IntersectionObserver exists (jsdom tests without one render every entry). */
  get observing(): boolean {
    return this.observer !== null;
  }

  /** Entries before the DOM's first one: not shown yet, and folded. */
  get hiddenAbove(): number {
    return this.earlier.count + this.above.count;
  }

  /** Forgets every entry (the DOM's list is emptied by the transcript). */
  clear(): void {
    this.observer?.disconnect();
    this.earlier.count = 0;
    this.above.clear();
    this.below.clear();
    this.unfolded.clear();
    this.toMount.clear();
    this.records.clear();
  }

  /** The reader nears the top of the DOM: the folded chunk next to it comes back, else a batch of `earlier`. */
  revealAbove(): void {
    this.keepingShownInPlace(() => {
      const chunk = this.above.unfold();
      if (chunk) this.insertAbove(this.earlier.count + this.above.count, chunk.heights);
      else this.insertEarlier(PLACEHOLDER_BATCH);
    });
    this.watch(this.above.el, this.above.count);
    this.watchEarlier();
  }

  /**
   * Puts the next PLACEHOLDER_BATCH entries not in the DOM above the shown ones, as placeholders, and watches
   * the line again: it may still be near the viewport, and the observer only tells of a change.
   */
  revealEarlier(count = PLACEHOLDER_BATCH): void {
    this.keepingShownInPlace(() => this.insertEarlier(count));
    this.watchEarlier();
  }

  private insertEarlier(count: number): void {
    const end = this.earlier.count;
    const start = Math.max(0, end - count);
    this.insertAbove(start, new Array<number>(end - start).fill(Number.NaN));
    this.earlier.count = start;
  }

  /** Puts placeholders (of `heights`) for the entries from `start` above the shown ones. */
  private insertAbove(start: number, heights: readonly number[]): void {
    const placeholders: HTMLElement[] = [];
    heights.forEach((height, i) => {
      const entry = this.lastEntries[start + i];
      if (typeof entry !== 'object' || entry === null) return; // as render: malformed entries get no record
      const record = this.placeholder(entry, height);
      this.records.set(entry.id, record);
      placeholders.push(record.el);
    });
    this.groups.prepend(placeholders);
  }

  /**
   * Makes a change above the shown entries keeping what the reader sees in place (left to Chromium's scroll
   * anchoring, a wheel scrolling up ended near the top and each batch brought the line back into view and revealed
   * the next). Measured before anything changes: a layout between the spacer shrinking and the placeholders
   * arriving had Chromium's anchoring move the view and this move it back, each rounded to a whole pixel, and the
   * view crept a pixel a reveal.
   */
  private keepingShownInPlace(change: () => void): void {
    const shown = this.list.firstElementChild;
    const before = shown?.getBoundingClientRect().top ?? 0;
    change();
    if (shown?.isConnected && !this.follower.following) this.el.scrollTop += shown.getBoundingClientRect().top - before;
  }

  /** The reader nears the bottom of the DOM: the folded chunk next to it comes back (at the end: all of it). */
  private revealBelow(): void {
    if (this.follower.following) this.onEndReached();
    else this.unfoldBelow();
  }

  unfoldBelow(): void {
    const chunk = this.below.unfold();
    if (chunk) {
      const start = this.lastEntries.length - this.below.count - chunk.heights.length;
      let after = (this.list.lastElementChild?.lastElementChild as HTMLElement | null | undefined) ?? null;
      chunk.heights.forEach((height, i) => {
        const entry = this.lastEntries[start + i];
        if (typeof entry !== 'object' || entry === null) return;
        const record = this.placeholder(entry, height);
        this.records.set(entry.id, record);
        this.groups.insertAfter(record.el, after);
        after = record.el;
      });
    }
    this.watch(this.below.el, this.below.count);
  }

  /** (Re)observes the line standing for the entries not in the DOM: observing anew reports where it is now. */
  watchEarlier(): void {
    this.watch(this.earlier.el, this.earlier.count);
  }

  private watch(el: HTMLElement, count: number): void {
    this.observer?.unobserve(el);
    if (count > 0) this.observer?.observe(el);
  }

  queueReconcile(): void {
    if (this.reconcileQueued) return;
    this.reconcileQueued = true;
    const run = (): void => {
      this.reconcileQueued = false;
      this.reconcile();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else setTimeout(run, 16);
  }

  /** Recycles the entries far from the viewport and folds the far runs away (recycleWindow.ts). */
  private reconcile(): void {
    if (!this.el.isConnected || this.records.size === 0) return;
    const { order, indexes } = this.windowRecords();
    const box = this.el.getBoundingClientRect();
    const slots: WindowSlot[] = order.map((record) => {
      const { top, bottom } = record.el.getBoundingClientRect();
      const mounted = record.view !== null;
      const pinned = mounted && (holdsUserFocus(record.el) || waitsForUser(record.entry, record.el));
      return { top, bottom, mounted, pinned };
    });
    const plan = planWindow(slots, { top: box.top, bottom: box.bottom });
    if (plan.unmount.length === 0 && plan.foldTop === 0 && plan.foldBottom === 0) return;
    const anchorAt = slots.findIndex((slot) => slot.bottom > box.top);
    const anchor = order[anchorAt];
    const anchorTop = slots[anchorAt]?.top ?? 0;
    const height = (i: number): number => slots[i]!.bottom - slots[i]!.top;
    for (const i of plan.unmount) this.recycle(order[i]!, height(i));
    const { foldTop, foldBottom } = plan;
    // A chunk holds every entry of its stretch of the thread, a malformed one (no record) with no height.
    const span = (first: number, end: number, from: number, to: number): number[] => {
      const byIndex = new Map(indexes.slice(from, to).map((index, i) => [index, height(from + i)]));
      return Array.from({ length: end - first }, (_, i) => byIndex.get(first + i) ?? Number.NaN);
    };
    if (foldTop > 0) {
      const total = slots[foldTop]!.top - slots[0]!.top; // with the gap below the last folded entry
      const heights = span(this.hiddenAbove, indexes[foldTop]!, 0, foldTop);
      this.foldAway(order.slice(0, foldTop), { heights, total }, this.above);
    }
    if (foldBottom > 0) {
      const from = order.length - foldBottom;
      const total = slots[order.length - 1]!.bottom - slots[from - 1]!.bottom; // with the gap above the first
      const heights = span(indexes[from - 1]! + 1, this.lastEntries.length - this.below.count, from, order.length);
      this.foldAway(order.slice(from), { heights, total }, this.below);
    }
    if (this.follower.following) this.follower.followBottom();
    else if (anchor?.el.isConnected) this.el.scrollTop += anchor.el.getBoundingClientRect().top - anchorTop;
    this.watch(this.above.el, this.above.count);
    this.watch(this.below.el, this.below.count);
  }

  /** The records in the DOM, in list order, and their entries' indexes in the thread. */
  private windowRecords(): { order: EntryRecord[]; indexes: number[] } {
    const order: EntryRecord[] = [];
    const indexes: number[] = [];
    for (let i = this.earlier.count + this.above.count; i < this.lastEntries.length - this.below.count; i++) {
      const record = this.records.get((this.lastEntries[i] as Entry | null)?.id ?? '');
      if (!record) continue;
      order.push(record);
      indexes.push(i);
    }
    return { order, indexes };
  }

  /** Drops an entry's view for a placeholder of its height, remembering what the user unfolded in it. */
  private recycle(record: EntryRecord, height: number): void {
    const view = record.el;
    this.unfolded.remember(record.entry.id, view);
    const placeholder = this.placeholder(record.entry, height).el;
    view.replaceWith(placeholder);
    Object.assign(record, { view: null, el: placeholder, failed: false });
  }

  private foldAway(records: readonly EntryRecord[], chunk: FoldedChunk, into: FoldedEntries): void {
    for (const record of records) {
      this.forget(record);
      this.records.delete(record.entry.id);
    }
    into.fold(chunk);
  }

  /** One empty element standing for the entry until it scrolls near the viewport (as tall as it was, if known). */
  placeholder(entry: Entry, height = Number.NaN): EntryRecord {
    const el = h('div', { class: `entry ${entry.kind} lazy`, data: { entryId: entry.id } });
    if (Number.isFinite(height)) el.style.height = el.style.minHeight = `${height}px`;
    this.observer?.observe(el);
    return { entry, view: null, el };
  }

  /** Gives a placeholder its view (with the entry as it is now), in the placeholder's place. */
  mount(record: EntryRecord): void {
    const placeholder = record.el;
    this.observer?.unobserve(placeholder);
    Object.assign(record, { failed: false }, this.createView(record.entry));
    placeholder.replaceWith(record.el);
    this.unfolded.restore(record.entry.id, record.el);
    keepHeightWhileSkipped(record.el, placeholder.style.height);
  }

  forget(record: EntryRecord): void {
    if (!record.view) this.observer?.unobserve(record.el);
    this.groups.remove(record.el);
  }

  private onIntersect(items: IntersectionObserverEntry[]): void {
    for (const item of items) {
      if (!item.isIntersecting) continue;
      if (item.target === this.earlier.el || item.target === this.above.el) {
        this.revealAbove();
        continue;
      }
      if (item.target === this.below.el) {
        this.revealBelow();
        continue;
      }
      const id = (item.target as HTMLElement).dataset.entryId ?? '';
      const record = this.records.get(id);
      this.observer?.unobserve(item.target);
      if (record && !record.view) this.toMount.add(record);
    }
    this.toMount.run();
  }
}

/**
 * A view mounted in a placeholder's place is skipped (content-visibility: auto) until it nears the viewport, and
 * sized meanwhile by its contain-intrinsic-size: the stylesheet's 60 px estimate, unless told the height the entry
 * had (the placeholder's, a border box; the intrinsic size is the content's). Told it, mounting moves nothing: each
 * shift above the viewport costs a scroll-anchoring adjustment that Chromium rounds to a pixel, and under load,
 * mounting a few entries a frame, they added up to a visible jump.
 */
function keepHeightWhileSkipped(view: HTMLElement, borderBoxHeight: string): void {
  const height = Number.parseFloat(borderBoxHeight);
  if (!Number.isFinite(height)) return;
  const style = getComputedStyle(view);
  const chrome = [style.paddingTop, style.paddingBottom, style.borderTopWidth, style.borderBottomWidth].reduce(
    (sum, px) => sum + (Number.parseFloat(px) || 0),
    0,
  );
  view.style.containIntrinsicSize = `auto ${Math.max(0, height - chrome)}px`;
}
