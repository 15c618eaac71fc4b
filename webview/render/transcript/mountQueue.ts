// Placeholders that came near the viewport get their view here (entryWindow.ts), nearest the viewport first, for
// at most MOUNT_BUDGET_MS a frame: a fast drag of the scrollbar brings dozens near at once, and a frame mounting
// them all took over 100 ms; the rest wait for the next frame as placeholders of their height. One that went far
// again meanwhile is handed back to the observer instead.

/** Placeholders this near the viewport get their view. */
export const MOUNT_MARGIN_PX = 1500;
/** The observer's rootMargin (every side: entries are full width). */
export const MOUNT_MARGIN = `${MOUNT_MARGIN_PX}px`;
/** ms of mounting a frame. */
const MOUNT_BUDGET_MS = 8;

interface Waiting {
  el: HTMLElement;
  /** Null while a placeholder. */
  view: unknown;
}

export class MountQueue<R extends Waiting = Waiting> {
  private readonly waiting = new Set<R>();
  private queued = false;

  constructor(
    /** The scroll container. */
    private readonly el: HTMLElement,
    private readonly observer: IntersectionObserver | null,
    private readonly mount: (record: R) => void,
  ) {}

  add(record: R): void {
    this.waiting.add(record);
  }

  clear(): void {
    this.waiting.clear();
  }

  /** Mounts what waits, within the frame's budget (all of it where there are no frames: jsdom). */
  run(): void {
    const start = performance.now();
    const box = this.el.getBoundingClientRect();
    const distance = (record: R): number => {
      const { top, bottom } = record.el.getBoundingClientRect();
      return Math.max(0, box.top - bottom, top - box.bottom);
    };
    const nearestFirst = [...this.waiting].map((record) => ({ record, away: distance(record) }));
    nearestFirst.sort((a, b) => a.away - b.away);
    this.waiting.clear();
    const deferring = typeof requestAnimationFrame === 'function';
    for (const [i, { record, away }] of nearestFirst.entries()) {
      if (record.view || !record.el.isConnected) continue;
      if (away > MOUNT_MARGIN_PX) this.observer?.observe(record.el);
      else if (i > 0 && deferring && performance.now() - start > MOUNT_BUDGET_MS) this.waiting.add(record);
      else this.mount(record);
    }
    if (this.waiting.size === 0 || this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.run();
    });
  }
}
