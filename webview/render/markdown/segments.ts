// Where a streamed message's blocks live in the DOM: in segments (`div.md-segment`) of at most
// SEGMENT_BLOCKS frozen blocks each, with the open tail in the last segment, and the segments in
// chapters (`div.md-chapter`) of at most CHAPTER_SEGMENTS. A growing message then costs the browser
// a layout of the last chapter's last segment per frame, not of every block so far: a block
// container's layout walks its children, so with hundreds of blocks directly in one container each
// frame's layout walked all of them (about 0.8 ms per frame at 200 KB, measured in bench/render),
// and with one level of segments the walk over the segments of a 200 KB answer still doubled the
// cost of a streamed frame (150 -> 80 us per frame with the second level).
//
// Frozen blocks are placed once and never moved. Segments and chapters are plain blocks (no
// padding, border or containment), so margins collapse through them and the page looks the same as
// without them.
//
// The last segment carries the class `md-end`: chat.css takes the message's last block's bottom margin
// off through it. Matched with `:last-child` on the segments and chapters instead, each new segment
// made the browser restyle every element of the one before it (a structural pseudo-class that changes
// restyles the whole subtree): a 200 KB answer of 18,700 elements restyled 44,000 over its stream,
// 21,400 with the class (bench/render, counted in a Chrome trace).

export const SEGMENT_BLOCKS = 32;
export const CHAPTER_SEGMENTS = 32;

export interface PlacedBlock {
  nodes: ChildNode[];
}

export class BlockSegments {
  /** The segment new blocks go into; null when the next block starts a new one. */
  private open: HTMLElement | null = null;
  /** Frozen blocks in the open segment. */
  private frozenInOpen = 0;
  private chapter: HTMLElement | null = null;
  private segmentsInChapter = 0;

  constructor(private readonly root: HTMLElement) {}

  /**
   * `blocks`: the message's unfrozen blocks in order (already in the DOM, patched in place, or
   * new), of which the first `frozenCount` freeze now. New blocks are appended; a tail block left
   * behind in a segment that just filled up moves to the next one.
   */
  place(blocks: readonly PlacedBlock[], frozenCount: number): void {
    for (let i = 0; i < blocks.length; i++) {
      const { nodes } = blocks[i]!;
      const segment = this.open ?? this.startSegment();
      if (nodes.length > 0 && nodes[0]!.parentNode !== segment) segment.append(...nodes);
      if (i < frozenCount && ++this.frozenInOpen >= SEGMENT_BLOCKS) this.open = null;
    }
  }

  /** The segment the open tail is in, or null before the first block. */
  get lastSegment(): HTMLElement | null {
    return (this.chapter?.lastElementChild as HTMLElement | null | undefined) ?? null;
  }

  /** Forgets every segment (the caller empties the root). */
  reset(): void {
    this.open = null;
    this.frozenInOpen = 0;
    this.chapter = null;
    this.segmentsInChapter = 0;
  }

  private startSegment(): HTMLElement {
    this.lastSegment?.classList.remove('md-end');
    if (!this.chapter || this.segmentsInChapter >= CHAPTER_SEGMENTS) {
      this.chapter = document.createElement('div');
      this.chapter.className = 'md-chapter';
      this.root.appendChild(this.chapter);
      this.segmentsInChapter = 0;
    }
    const segment = document.createElement('div');
    segment.className = 'md-segment md-end';
    this.chapter.appendChild(segment);
    this.segmentsInChapter++;
    this.open = segment;
    this.frozenInOpen = 0;
    return segment;
  }
}
