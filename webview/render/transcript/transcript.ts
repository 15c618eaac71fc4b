// The scrolling list of entries. Per frame it touches only entries whose object identity
// changed (the reducer keeps untouched entries identical, so the scan is pointer compares).
// Long threads stay cheap: when many entries arrive at once (a snapshot), all but the newest
// EAGER_ENTRIES start as placeholders (one empty element each, with the entry's hooks: class
// `entry <kind> lazy` and data-entry-id) and get their view only when they scroll near the
// viewport; beyond PLACEHOLDER_BATCH placeholders the older entries are not in the DOM until the
// reader scrolls up to them (earlierEntries.ts), so a 5,000-entry thread costs about what a few
// hundred do; CSS `content-visibility: auto` skips layout of rendered entries that are off screen.
// Entries far from the viewport are recycled (recycleWindow.ts): their view is dropped for a placeholder of
// their measured height, and runs of placeholders far away leave the DOM for spacers of their summed height
// (foldedEntries.ts), so an hours-long live chat keeps about as many elements as a short one; they come back
// as the reader scrolls near, with what the user unfolded in them (entryPins.ts).
// Auto-scroll follows new content only while the user is at the bottom (bottomFollower.ts).
// Each entry renders in isolation: one that throws (malformed or extreme agent data) becomes an
// error card (entryError.ts) and every other entry, and every later update, still renders.
import type { Entry } from '../../../src/shared/thread';
import { h } from '../../dom';
import { recordError } from '../../errors';
import { BottomFollower } from './bottomFollower';
import { EarlierEntries, PLACEHOLDER_BATCH } from './earlierEntries';
import { EntryGroups } from './entryGroups';
import { renderEntry } from './entryView';
import { FoldedEntries, type FoldedChunk } from './foldedEntries';
import { holdsUserFocus, UnfoldedParts, waitsForUser } from './entryPins';
import { planWindow, type WindowSlot } from './recycleWindow';
import type { CardContext, EntryView, Post } from '../types';
import type { FrameBudget } from '../../frameBudget';
import type { TextAppend } from '../../store';
import type { ScrollAnchor } from '../../scrollAnchors';

export const EAGER_ENTRIES = 40;
/** With fewer entries in the DOM, a frame does not measure them to recycle any (a scroll still does). */
const RECYCLE_FROM = 100;

interface EntryRecord {
  entry: Entry;
  /** Null while the entry is a placeholder waiting to scroll into view. */
  view: EntryView | null;
  /** What is in the list: the view's element, or the placeholder. */
  el: HTMLElement;
  /** The view is an error card: the entry's next version gets a fresh view. */
  failed?: boolean;
}

export class TranscriptView {
  /** The scroll container. */
  readonly el: HTMLElement;
  readonly list: HTMLElement;
  readonly jumpButton: HTMLButtonElement;
  private records = new Map<string, EntryRecord>();
  private lastEntries: readonly Entry[] = [];
  private readonly follower: BottomFollower;
  private readonly observer: IntersectionObserver | null;
  private readonly groups: EntryGroups;
  /** The thread's first entries, not in the DOM yet (a long snapshot). */
  private readonly earlier = new EarlierEntries();
  /** Entries that left the DOM far above and far below the viewport (after the `earlier` ones). */
  private readonly above = new FoldedEntries('above');
  private readonly below = new FoldedEntries('below');
  private readonly unfolded = new UnfoldedParts();
  private reconcileQueued = false;

  constructor(
    private readonly post: Post,
    /** What the tool cards share (the thread renderer updates the review state before each render). */
    private readonly cards: CardContext,
    private readonly budget: FrameBudget,
  ) {
    this.list = h('div', {
      class: 'entries',
      attrs: { role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions' },
    });
    this.el = h('div', { class: 'transcript' }, this.earlier.el, this.above.el, this.list, this.below.el);
    this.el.addEventListener('scroll', () => this.queueReconcile(), { passive: true });
    this.groups = new EntryGroups(this.list);
    this.follower = new BottomFollower(this.el, this.list);
    this.jumpButton = this.follower.jumpButton;
    this.observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((items) => this.onIntersect(items), { root: this.el, rootMargin: '1500px 0px' })
        : null;
  }

  render(entries: readonly Entry[], appended: TextAppend | null = null): void {
    if (entries === this.lastEntries) return;
    const previous = this.lastEntries;
    const folded = this.above.count + this.below.count > 0;
    // Cut back (an edit): the window is laid out again from the end, where the reader was.
    if (folded && entries.length < previous.length) return this.rebuild(entries, this.anchor());
    const first = this.records.size === 0 && this.earlier.count === 0 && !folded;
    const lazyBefore = first && this.observer ? entries.length - EAGER_ENTRIES : 0;
    const hiddenBefore = first
      ? Math.max(0, lazyBefore - PLACEHOLDER_BATCH)
      : Math.min(this.earlier.count, entries.length);
    const cutBack = hiddenBefore < this.earlier.count; // an edit cut the thread back into them
    this.earlier.count = hiddenBefore;
    if (first ? hiddenBefore > 0 : cutBack) this.watchEarlier();
    // Entries below the window stay folded (a reveal renders them as they are then); new ones join them.
    const windowEnd = this.below.count > 0 ? previous.length - this.below.count : entries.length;
    for (let i = hiddenBefore + this.above.count; i < windowEnd; i++) {
      const entry = entries[i];
      if (previous[i] === entry || typeof entry !== 'object' || entry === null) continue;
      const record = this.records.get(entry.id);
      if (!record || record.entry.kind !== entry.kind) {
        if (record) this.forget(record);
        const fresh: EntryRecord = i < lazyBefore ? this.placeholder(entry) : this.createView(entry);
        this.records.set(entry.id, fresh);
        // Entries are only appended or replaced in place, never reordered: insert after the previous one.
        // (A malformed previous entry has no id: then there is no record to insert after.)
        const previousId = i > 0 ? entries[i - 1]?.id : undefined;
        this.place(fresh.el, previousId === undefined ? null : (this.records.get(previousId)?.el ?? null));
      } else if (record.entry !== entry) {
        record.entry = entry;
        if (record.view) this.updateView(record, appended);
      }
    }
    if (this.below.count > 0 && entries.length > previous.length)
      this.below.appendUnmeasured(entries.length - previous.length);
    if (this.records.size + hiddenBefore + this.above.count + this.below.count !== entries.length)
      this.dropMissing(entries);
    this.lastEntries = entries;
    if (this.records.size > RECYCLE_FROM) this.queueReconcile();
  }

  /** Lays the thread out again from its end (first render), then shows `anchor`. */
  private rebuild(entries: readonly Entry[], anchor: ScrollAnchor): void {
    this.clear();
    this.render(entries);
    this.restoreAnchor(anchor);
  }

  /** The reader nears the top of the DOM: the folded chunk next to it comes back, else a batch of `earlier`. */
  private revealAbove(): void {
    const chunk = this.above.unfold();
    if (chunk) this.insertAbove(this.earlier.count + this.above.count, chunk.heights);
    else this.revealEarlier();
    this.watch(this.above.el, this.above.count);
    this.watchEarlier();
  }

  /**
   * Puts the next PLACEHOLDER_BATCH entries not in the DOM above the shown ones, as placeholders, and watches
   * the line again: it may still be near the viewport, and the observer only tells of a change.
   */
  private revealEarlier(count = PLACEHOLDER_BATCH): void {
    const end = this.earlier.count;
    const start = Math.max(0, end - count);
    this.insertAbove(start, new Array<number>(end - start).fill(Number.NaN));
    this.earlier.count = start;
    this.watchEarlier();
  }

  /**
   * Puts placeholders (of `heights`) for the entries from `start` above the shown ones, keeping what the reader
   * sees in place (left to Chromium's scroll anchoring, a wheel scrolling up ended near the top and each batch
   * brought the line back into view and revealed the next).
   */
  private insertAbove(start: number, heights: readonly number[]): void {
    const placeholders: HTMLElement[] = [];
    heights.forEach((height, i) => {
      const entry = this.lastEntries[start + i];
      if (typeof entry !== 'object' || entry === null) return; // as render: malformed entries get no record
      const record = this.placeholder(entry, height);
      this.records.set(entry.id, record);
      placeholders.push(record.el);
    });
    const shown = this.list.firstElementChild;
    const before = shown?.getBoundingClientRect().top ?? 0;
    this.groups.prepend(placeholders);
    if (shown && !this.follower.following) this.el.scrollTop += shown.getBoundingClientRect().top - before;
  }

  /** The reader nears the bottom of the DOM: the folded chunk next to it comes back (at the end: all of it). */
  private revealBelow(): void {
    if (this.follower.following) this.rebuild(this.lastEntries, { following: true });
    else this.unfoldBelow();
  }

  private unfoldBelow(): void {
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
  private watchEarlier(): void {
    this.watch(this.earlier.el, this.earlier.count);
  }

  private watch(el: HTMLElement, count: number): void {
    this.observer?.unobserve(el);
    if (count > 0) this.observer?.observe(el);
  }

  private queueReconcile(): void {
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
    const order = this.windowRecords();
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
    const heights = (from: number, to: number): number[] =>
      Array.from({ length: to - from }, (_, i) => height(from + i));
    if (foldTop > 0) {
      const total = slots[foldTop]!.top - slots[0]!.top; // with the gap below the last folded entry
      this.foldAway(order.slice(0, foldTop), { heights: heights(0, foldTop), total }, this.above);
    }
    if (foldBottom > 0) {
      const from = order.length - foldBottom;
      const total = slots[order.length - 1]!.bottom - slots[from - 1]!.bottom; // with the gap above the first
      this.foldAway(order.slice(from), { heights: heights(from, order.length), total }, this.below);
    }
    if (this.follower.following) this.follower.followBottom();
    else if (anchor?.el.isConnected) this.el.scrollTop += anchor.el.getBoundingClientRect().top - anchorTop;
    this.watch(this.above.el, this.above.count);
    this.watch(this.below.el, this.below.count);
  }

  /** The records in the DOM, in list order. */
  private windowRecords(): EntryRecord[] {
    const records: EntryRecord[] = [];
    for (let i = this.earlier.count + this.above.count; i < this.lastEntries.length - this.below.count; i++) {
      const record = this.records.get((this.lastEntries[i] as Entry | null)?.id ?? '');
      if (record) records.push(record);
    }
    return records;
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

  /** Forgets every entry (a different thread). */
  clear(): void {
    this.observer?.disconnect();
    this.earlier.count = 0;
    this.above.clear();
    this.below.clear();
    this.unfolded.clear();
    this.records.clear();
    this.lastEntries = [];
    this.list.replaceChildren();
    this.follower.resume();
  }

  scrollToBottom(): void {
    if (this.below.count > 0) this.rebuild(this.lastEntries, { following: true });
    else this.follower.scrollToBottom();
  }

  private place(el: HTMLElement, after: HTMLElement | null): void {
    this.groups.insertAfter(el, after);
  }

  private createView(entry: Entry): EntryRecord {
    const { view, failed } = renderEntry(entry, this.post, this.cards, this.budget);
    return failed ? { entry, view, el: view.el, failed } : { entry, view, el: view.el };
  }

  /** Updates a rendered entry; a failed one (or one whose update throws) is built again. */
  private updateView(record: EntryRecord, appended: TextAppend | null = null): void {
    if (!record.failed) {
      try {
        record.view?.update(record.entry, appended);
        return;
      } catch (error) {
        recordError('an entry could not be updated', error);
      }
    }
    const previous = record.el;
    Object.assign(record, { failed: false }, this.createView(record.entry));
    if (record.el !== previous) previous.replaceWith(record.el);
  }

  /** One empty element standing for the entry until it scrolls near the viewport (as tall as it was, if known). */
  private placeholder(entry: Entry, height = Number.NaN): EntryRecord {
    const el = h('div', { class: `entry ${entry.kind} lazy`, data: { entryId: entry.id } });
    if (Number.isFinite(height)) el.style.height = el.style.minHeight = `${height}px`;
    this.observer?.observe(el);
    return { entry, view: null, el };
  }

  /** Gives a placeholder its view (with the entry as it is now), in the placeholder's place. */
  private mount(record: EntryRecord): void {
    const placeholder = record.el;
    this.observer?.unobserve(placeholder);
    Object.assign(record, { failed: false }, this.createView(record.entry));
    placeholder.replaceWith(record.el);
    this.unfolded.restore(record.entry.id, record.el);
  }

  private forget(record: EntryRecord): void {
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
      if (record && !record.view) this.mount(record);
    }
  }

  private dropMissing(entries: readonly Entry[]): void {
    const ids = new Set(entries.map((e) => e?.id));
    for (const [id, record] of this.records) {
      if (ids.has(id)) continue;
      this.forget(record);
      this.records.delete(id);
    }
  }

  /** Where the reader is: following the bottom, or the first entry reaching the viewport's top and the pixels into it. */
  anchor(): ScrollAnchor {
    if (this.follower.following) return { following: true };
    const top = this.el.getBoundingClientRect().top;
    // In the list's order (entries revealed later sit above the ones shown first).
    for (let i = this.earlier.count + this.above.count; i < this.lastEntries.length - this.below.count; i++) {
      const entryId = this.lastEntries[i]?.id;
      const record = entryId === undefined ? undefined : this.records.get(entryId);
      if (!record) continue;
      const box = record.el.getBoundingClientRect();
      if (box.bottom > top) return { following: false, entryId: entryId!, offset: Math.max(0, top - box.top) };
    }
    return { following: true };
  }

  /**
   * Where the entry holding `el` is in the viewport (offset: the viewport's top less the entry's, negative
   * when the entry is lower), so restoreAnchor shows it there again; without one, the reader's anchor.
   */
  anchorAt(el: HTMLElement | null): ScrollAnchor {
    const entry = el?.closest<HTMLElement>('.entry-group > .entry');
    const entryId = entry?.dataset.entryId;
    if (!entry || !entryId || !this.list.contains(entry)) return this.anchor();
    return {
      following: false,
      entryId,
      offset: this.el.getBoundingClientRect().top - entry.getBoundingClientRect().top,
    };
  }

  /**
   * Shows the transcript at a saved anchor. The entry is found by id among the records (placeholders
   * included, so a lazily rendered long thread works; the browser's scroll anchoring then keeps it in
   * place while nearby entries mount). An unknown entry, or following, goes to the end.
   */
  restoreAnchor(anchor: ScrollAnchor | undefined): void {
    const entryId = anchor && !anchor.following ? anchor.entryId : undefined;
    if (entryId) this.revealThrough(entryId);
    const record = entryId ? this.records.get(entryId) : undefined;
    if (!record) return this.scrollToBottom();
    if (!record.view) this.mount(record);
    // After a reload no entry has been rendered: an off-screen one counts as its 60 px estimate (chat.css), so a
    // position 200 px into a tall entry would land entries further down. The entry is laid out for real first;
    // once on screen, content-visibility keeps it rendered.
    const style = record.el.style;
    style.contentVisibility = 'visible';
    const box = record.el.getBoundingClientRect();
    const delta = box.top - this.el.getBoundingClientRect().top;
    // An entry shorter than it was keeps the top (the position is never past its end).
    const offset = Math.min(anchor?.offset ?? 0, Math.max(0, box.bottom - box.top - 1));
    this.follower.showAt(this.el.scrollTop + delta + offset);
    style.contentVisibility = '';
  }

  /** Brings the entries not in the DOM between the shown ones and `entryId` back, when it is one of them. */
  private revealThrough(entryId: string): void {
    const index = this.lastEntries.findIndex((entry) => (entry as Entry | null)?.id === entryId);
    if (index < 0) return;
    while (this.above.count > 0 && index < this.earlier.count + this.above.count) this.revealAbove();
    if (index < this.earlier.count) this.revealEarlier(this.earlier.count - index);
    while (this.below.count > 0 && index >= this.lastEntries.length - this.below.count) this.unfoldBelow();
  }

  /** Call after each frame's DOM work (see BottomFollower). */
  followBottom(): void {
    this.follower.followBottom();
  }
}
