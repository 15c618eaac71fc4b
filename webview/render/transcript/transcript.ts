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
import { PLACEHOLDER_BATCH } from './earlierEntries';
import { EntryGroups } from './entryGroups';
import { renderEntry } from './entryView';
import { EntryWindow, type EntryRecord } from './entryWindow';
import type { CardContext, Post } from '../types';
import type { FrameBudget } from '../../frameBudget';
import type { TextAppend } from '../../store';
import type { ScrollAnchor } from '../../scrollAnchors';

export const EAGER_ENTRIES = 40;
/** With fewer entries in the DOM, a frame does not measure them to recycle any (a scroll still does). */
const RECYCLE_FROM = 100;

export class TranscriptView {
  /** The scroll container. */
  readonly el: HTMLElement;
  readonly list: HTMLElement;
  readonly jumpButton: HTMLButtonElement;
  private lastEntries: readonly Entry[] = [];
  /** Entries a first render gives their view at once (the rest are placeholders). */
  private eager = EAGER_ENTRIES;
  private readonly follower: BottomFollower;
  private readonly groups: EntryGroups;
  /** The entries in the DOM and the ones kept out of it. */
  private readonly shown: EntryWindow;

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
    this.el = h('div', { class: 'transcript' }, this.list);
    this.groups = new EntryGroups(this.list);
    this.follower = new BottomFollower(this.el, this.list);
    this.jumpButton = this.follower.jumpButton;
    this.shown = new EntryWindow({
      el: this.el,
      list: this.list,
      groups: this.groups,
      follower: this.follower,
      entries: () => this.lastEntries,
      createView: (entry) => this.createView(entry),
      onEndReached: () => this.rebuild(this.lastEntries, { following: true }),
    });
    this.el.prepend(this.shown.earlier.el, this.shown.above.el);
    this.el.append(this.shown.below.el);
  }

  render(entries: readonly Entry[], appended: TextAppend | null = null): void {
    if (entries === this.lastEntries) return;
    const previous = this.lastEntries;
    const folded = this.shown.above.count + this.shown.below.count > 0;
    // Cut back (an edit): the window is laid out again from the end, where the reader was.
    if (folded && entries.length < previous.length) return this.rebuild(entries, this.anchor());
    const first = this.shown.records.size === 0 && this.shown.earlier.count === 0 && !folded;
    const lazyBefore = first && this.shown.observing ? entries.length - this.eager : 0;
    this.eager = EAGER_ENTRIES;
    const hiddenBefore = first
      ? Math.max(0, lazyBefore - PLACEHOLDER_BATCH)
      : Math.min(this.shown.earlier.count, entries.length);
    const cutBack = hiddenBefore < this.shown.earlier.count; // an edit cut the thread back into them
    this.shown.earlier.count = hiddenBefore;
    if (first ? hiddenBefore > 0 : cutBack) this.shown.watchEarlier();
    // Entries below the window stay folded (a reveal renders them as they are then); new ones join them.
    const windowEnd = this.shown.below.count > 0 ? previous.length - this.shown.below.count : entries.length;
    for (let i = hiddenBefore + this.shown.above.count; i < windowEnd; i++) {
      const entry = entries[i];
      if (previous[i] === entry || typeof entry !== 'object' || entry === null) continue;
      const record = this.shown.records.get(entry.id);
      if (!record || record.entry.kind !== entry.kind) {
        if (record) this.shown.forget(record);
        const fresh: EntryRecord = i < lazyBefore ? this.shown.placeholder(entry) : this.createView(entry);
        this.shown.records.set(entry.id, fresh);
        // Entries are only appended or replaced in place, never reordered: insert after the previous one.
        // (A malformed previous entry has no id: then there is no record to insert after.)
        const previousId = i > 0 ? entries[i - 1]?.id : undefined;
        this.place(fresh.el, previousId === undefined ? null : (this.shown.records.get(previousId)?.el ?? null));
      } else if (record.entry !== entry) {
        record.entry = entry;
        if (record.view) this.updateView(record, appended);
      }
    }
    if (this.shown.below.count > 0 && entries.length > previous.length)
      this.shown.below.appendUnmeasured(entries.length - previous.length);
    if (this.shown.records.size + hiddenBefore + this.shown.above.count + this.shown.below.count !== entries.length)
      this.dropMissing(entries);
    this.lastEntries = entries;
    if (this.shown.records.size > RECYCLE_FROM) this.shown.queueReconcile();
  }

  /** Lays the thread out again from its end (first render), then shows `anchor`. */
  private rebuild(entries: readonly Entry[], anchor: ScrollAnchor): void {
    this.clear();
    // All placeholders: the observer mounts the ones near the viewport, a few a frame (entryWindow.ts).
    this.eager = 0;
    this.render(entries);
    this.restoreAnchor(anchor);
  }

  /** Forgets every entry (a different thread). */
  clear(): void {
    this.shown.clear();
    this.lastEntries = [];
    this.list.replaceChildren();
    this.follower.resume();
  }

  scrollToBottom(): void {
    if (this.shown.below.count > 0) this.rebuild(this.lastEntries, { following: true });
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

  private dropMissing(entries: readonly Entry[]): void {
    const ids = new Set(entries.map((e) => e?.id));
    for (const [id, record] of this.shown.records) {
      if (ids.has(id)) continue;
      this.shown.forget(record);
      this.shown.records.delete(id);
    }
  }

  /** Where the reader is: following the bottom, or the first entry reaching the viewport's top and the pixels into it. */
  anchor(): ScrollAnchor {
    if (this.follower.following) return { following: true };
    const top = this.el.getBoundingClientRect().top;
    // In the list's order (entries revealed later sit above the ones shown first).
    for (
      let i = this.shown.earlier.count + this.shown.above.count;
      i < this.lastEntries.length - this.shown.below.count;
      i++
    ) {
      const entryId = this.lastEntries[i]?.id;
      const record = entryId === undefined ? undefined : this.shown.records.get(entryId);
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
    const record = entryId ? this.shown.records.get(entryId) : undefined;
    if (!record) return this.scrollToBottom();
    if (!record.view) this.shown.mount(record);
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
    while (this.shown.above.count > 0 && index < this.shown.earlier.count + this.shown.above.count)
      this.shown.revealAbove();
    if (index < this.shown.earlier.count) this.shown.revealEarlier(this.shown.earlier.count - index);
    while (this.shown.below.count > 0 && index >= this.lastEntries.length - this.shown.below.count)
      this.shown.unfoldBelow();
  }

  /** Call after each frame's DOM work (see BottomFollower). */
  followBottom(): void {
    this.follower.followBottom();
  }
}
