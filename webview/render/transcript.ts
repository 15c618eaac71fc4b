// The scrolling list of entries. Per frame it touches only entries whose object identity
// changed (the reducer keeps untouched entries identical, so the scan is pointer compares).
// Long threads stay cheap: when many entries arrive at once (a snapshot), all but the newest
// EAGER_ENTRIES start as placeholders (one empty element each, with the entry's hooks: class
// `entry <kind> lazy` and data-entry-id) and get their view only when they scroll near the
// viewport, so a 5,000-entry thread costs about one element per entry that was never seen;
// CSS `content-visibility: auto` skips layout of rendered entries that are off screen.
// Auto-scroll follows new content only while the user is at the bottom.
// Each entry renders in isolation: one that throws (malformed or extreme agent data) becomes an
// error card (entryError.ts) and every other entry, and every later update, still renders.
import type { Entry } from '../../src/shared/thread';
import { button, h, setHidden } from '../dom';
import { recordError } from '../errors';
import { EntryErrorView } from './entryError';
import { EntryGroups } from './entryGroups';
import { createEntryView } from './entryView';
import type { CardContext, EntryView, Post } from './types';
import type { FrameBudget } from '../frameBudget';
import type { TextAppend } from '../store';
import { t } from '../l10n';
import type { ScrollAnchor } from '../scrollAnchors';

export const EAGER_ENTRIES = 40;
const BOTTOM_SLACK_PX = 24;

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
  private stickToBottom = true;
  private lastScrollTop = 0;
  private readonly observer: IntersectionObserver | null;
  private readonly groups: EntryGroups;

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
    this.el = h('div', { class: 'transcript following' }, this.list);
    this.groups = new EntryGroups(this.list);
    this.jumpButton = button(t('Jump to latest'), 'jump-to-latest secondary', () => this.scrollToBottom());
    this.jumpButton.hidden = true;
    this.el.addEventListener('scroll', () => this.onScroll(), { passive: true });
    // Scrolling up with the wheel unsticks at once, even while new content keeps arriving.
    this.el.addEventListener('wheel', (event) => event.deltaY < 0 && this.unstick(), { passive: true });
    // Heights also change outside our frames (images load, off-screen entries get their real
    // size, details open): keep following the bottom then too.
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.followBottom()).observe(this.list);
    this.observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((items) => this.onIntersect(items), { root: this.el, rootMargin: '1500px 0px' })
        : null;
  }

  render(entries: readonly Entry[], appended: TextAppend | null = null): void {
    if (entries === this.lastEntries) return;
    const previous = this.lastEntries;
    const lazyBefore = this.records.size === 0 && this.observer ? entries.length - EAGER_ENTRIES : 0;
    for (let i = 0; i < entries.length; i++) {
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
    if (this.records.size !== entries.length) this.dropMissing(entries);
    this.lastEntries = entries;
  }

  /** Forgets every entry (a different thread). */
  clear(): void {
    this.observer?.disconnect();
    this.records.clear();
    this.lastEntries = [];
    this.list.replaceChildren();
    this.setSticking(true);
  }

  scrollToBottom(): void {
    this.setSticking(true);
    this.jumpButton.hidden = true;
    this.followBottom();
  }

  private place(el: HTMLElement, after: HTMLElement | null): void {
    this.groups.insertAfter(el, after);
  }

  private createView(entry: Entry): EntryRecord {
    try {
      const view = createEntryView(entry, this.post, this.cards, this.budget);
      view.update(entry);
      return { entry, view, el: view.el };
    } catch (error) {
      recordError('an entry could not be rendered', error);
      const view = new EntryErrorView(entry, error);
      return { entry, view, el: view.el, failed: true };
    }
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

  /** One empty element standing for the entry until it scrolls near the viewport. */
  private placeholder(entry: Entry): EntryRecord {
    const el = h('div', { class: `entry ${entry.kind} lazy`, data: { entryId: entry.id } });
    this.observer?.observe(el);
    return { entry, view: null, el };
  }

  /** Gives a placeholder its view (with the entry as it is now), in the placeholder's place. */
  private mount(record: EntryRecord): void {
    const placeholder = record.el;
    Object.assign(record, { failed: false }, this.createView(record.entry));
    placeholder.replaceWith(record.el);
  }

  private forget(record: EntryRecord): void {
    if (!record.view) this.observer?.unobserve(record.el);
    this.groups.remove(record.el);
  }

  private onIntersect(items: IntersectionObserverEntry[]): void {
    for (const item of items) {
      if (!item.isIntersecting) continue;
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

  /**
   * Growing content never moves scrollTop up, so only a decrease means the user scrolled away;
   * reaching the bottom again re-sticks.
   */
  private onScroll(): void {
    const top = this.el.scrollTop;
    const distance = this.el.scrollHeight - top - this.el.clientHeight;
    if (distance <= BOTTOM_SLACK_PX) {
      this.setSticking(true);
      // Only when it changes: this runs on every frame that follows the bottom, and setting the
      // attribute again invalidates the button's style each time.
      setHidden(this.jumpButton, true);
    } else if (top < this.lastScrollTop - 1) {
      this.unstick();
    }
    this.lastScrollTop = top;
  }

  private unstick(): void {
    this.setSticking(false);
    this.jumpButton.hidden = false;
  }

  /**
   * While it follows the bottom, the transcript scrolls itself after each frame, so the browser's
   * scroll anchoring (which keeps the content in view from moving when something above changes
   * size) has nothing to do but costs every layout; it is on only while the user reads above.
   */
  private setSticking(sticking: boolean): void {
    this.stickToBottom = sticking;
    this.el.classList.toggle('following', sticking);
  }

  /** Where the reader is: following the bottom, or the first entry reaching the viewport's top and the pixels into it. */
  anchor(): ScrollAnchor {
    if (this.stickToBottom) return { following: true };
    const top = this.el.getBoundingClientRect().top;
    for (const [entryId, record] of this.records) {
      const box = record.el.getBoundingClientRect();
      if (box.bottom > top) return { following: false, entryId, offset: Math.max(0, top - box.top) };
    }
    return { following: true };
  }

  /**
   * Shows the transcript at a saved anchor. The entry is found by id among the records (placeholders
   * included, so a lazily rendered long thread works; the browser's scroll anchoring then keeps it in
   * place while nearby entries mount). An unknown entry, or following, goes to the end.
   */
  restoreAnchor(anchor: ScrollAnchor | undefined): void {
    const record = anchor && !anchor.following && anchor.entryId ? this.records.get(anchor.entryId) : undefined;
    if (!record) return this.scrollToBottom();
    if (!record.view) this.mount(record);
    this.setSticking(false);
    this.jumpButton.hidden = false;
    const delta = record.el.getBoundingClientRect().top - this.el.getBoundingClientRect().top;
    this.el.scrollTop = this.el.scrollTop + delta + (anchor?.offset ?? 0);
    this.lastScrollTop = this.el.scrollTop;
  }

  /** Call after each frame's DOM work: keeps the newest content in view while the user is at the bottom. */
  followBottom(): void {
    if (!this.stickToBottom) return;
    this.el.scrollTop = this.el.scrollHeight;
    this.lastScrollTop = this.el.scrollTop;
  }
}
