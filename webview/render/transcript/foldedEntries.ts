// A run of the transcript's entries that left the DOM (recycleWindow.ts), above or below the ones in it: one
// spacer element of their summed height stands for them, so the scroll position and the scrollbar stay as they
// were. Entries leave and come back in chunks, each with the height every entry had when it left, so the
// placeholders that come back have the same heights and nothing moves (an entry never laid out, one that arrived
// while the end was folded, has none: NaN, and its placeholder takes the stylesheet's estimate).
import { h } from '../../dom';

export interface FoldedChunk {
  /** The entries' heights in list order (NaN: never measured). */
  heights: number[];
  /** What the chunk adds to the spacer: the heights and the gaps between and after them. */
  total: number;
  /** Entries that arrived while the end was folded: still growing. */
  unmeasured?: true;
}

/** Entries arriving at the end while it is folded are kept in chunks of at most this many. */
const UNMEASURED_CHUNK = 200;

export class FoldedEntries {
  readonly el: HTMLElement;
  private readonly chunks: FoldedChunk[] = [];
  private entries = 0;
  private height = 0;

  /** `side`: where the run is, relative to the entries in the DOM (its chunks nearest them come back first). */
  constructor(private readonly side: 'above' | 'below') {
    this.el = h('div', { class: `folded-entries ${side}` });
    this.el.hidden = true;
  }

  /** How many entries are folded. */
  get count(): number {
    return this.entries;
  }

  /** Folds a chunk in, next to the entries in the DOM. */
  fold(chunk: FoldedChunk): void {
    if (this.side === 'above') this.chunks.push(chunk);
    else this.chunks.unshift(chunk);
    this.changed(chunk.heights.length, chunk.total);
  }

  /** Takes the chunk next to the entries in the DOM out (null when none is folded). */
  unfold(): FoldedChunk | null {
    const chunk = (this.side === 'above' ? this.chunks.pop() : this.chunks.shift()) ?? null;
    if (chunk) this.changed(-chunk.heights.length, -chunk.total);
    return chunk;
  }

  /** Entries that arrived at the far end (the thread's end, below): never laid out, no height. */
  appendUnmeasured(count: number): void {
    for (let left = count; left > 0;) {
      let last = this.chunks.at(-1);
      if (!last || !last.unmeasured || last.heights.length >= UNMEASURED_CHUNK) {
        last = { heights: [], total: 0, unmeasured: true };
        this.chunks.push(last);
      }
      const take = Math.min(left, UNMEASURED_CHUNK - last.heights.length);
      for (let i = 0; i < take; i++) last.heights.push(Number.NaN);
      left -= take;
      this.changed(take, 0);
    }
  }

  clear(): void {
    this.chunks.length = 0;
    this.changed(-this.entries, -this.height);
  }

  private changed(entries: number, height: number): void {
    this.entries += entries;
    this.height = Math.max(0, this.height + height);
    this.el.style.height = `${this.height}px`;
    this.el.hidden = this.entries === 0;
  }
}
