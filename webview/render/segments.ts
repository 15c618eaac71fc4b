// Where a streamed message's blocks live in the DOM: in segments (`div.md-segment`) of at most
// SEGMENT_BLOCKS frozen blocks each, with the open tail in the last segment. A growing message
// then costs the browser a layout of the last segment per frame, not of every block so far: with
// hundreds of blocks directly in one container, each frame's layout walked all of them (about
// 0.8 ms per frame at 200 KB, growing with the answer; measured in bench/render).
//
// Frozen blocks are placed once and never moved. Segments are plain blocks (no padding, border
// or containment), so margins collapse through them and the page looks the same as without them.

export const SEGMENT_BLOCKS = 32;

export interface PlacedBlock {
  nodes: ChildNode[];
}

export class BlockSegments {
  /** The segment new blocks go into; null when the next block starts a new one. */
  private open: HTMLElement | null = null;
  /** Frozen blocks in the open segment. */
  private frozenInOpen = 0;

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

  /** Forgets every segment (the caller empties the root). */
  reset(): void {
    this.open = null;
    this.frozenInOpen = 0;
  }

  private startSegment(): HTMLElement {
    const segment = document.createElement('div');
    segment.className = 'md-segment';
    this.root.appendChild(segment);
    this.open = segment;
    this.frozenInOpen = 0;
    return segment;
  }
}
