// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';
import { CHAPTER_SEGMENTS, SEGMENT_BLOCKS } from '../../../webview/render/markdown/segments';

const paragraphs = Array.from({ length: 150 }, (_, i) => `Paragraph ${i} with **bold** words.`);
const text = paragraphs.join('\n\n') + '\n';

describe('IncrementalMarkdown segments', () => {
  it('keeps blocks in segments of at most SEGMENT_BLOCKS, the same whether streamed or rendered at once', () => {
    const once = new IncrementalMarkdown();
    once.update(text);
    const streamed = new IncrementalMarkdown();
    for (let i = 7; i < text.length + 7; i += 7) streamed.update(text.slice(0, i));
    expect(streamed.el.innerHTML).toBe(once.el.innerHTML);

    // One chapter (fewer than CHAPTER_SEGMENTS segments), of segments only.
    expect(Array.from(streamed.el.children, (child) => child.className)).toEqual(['md-chapter']);
    const segments = Array.from(streamed.el.children[0]!.children);
    expect(segments.every((segment) => segment.classList.contains('md-segment'))).toBe(true);
    // 150 paragraphs and 149 blank-line tokens between them: every segment but the last is full.
    expect(segments.length).toBeGreaterThan(Math.floor(299 / SEGMENT_BLOCKS) - 1);
    for (const segment of segments) expect(segment.querySelectorAll('p').length).toBeLessThanOrEqual(SEGMENT_BLOCKS);
    expect(streamed.el.querySelectorAll('p')).toHaveLength(150);
    expect(streamed.el.querySelector('p')?.textContent).toBe('Paragraph 0 with bold words.');
    expect(segments.filter((segment) => segment.classList.contains('md-end'))).toEqual([segments.at(-1)]);
  });

  it('never moves a frozen block; only the open tail moves on to a new segment', () => {
    const md = new IncrementalMarkdown();
    const moved: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) moved.push(...Array.from(record.removedNodes));
    });
    observer.observe(md.el, { childList: true, subtree: true });
    for (let i = 5; i < text.length + 5; i += 5) md.update(text.slice(0, i));
    for (const record of observer.takeRecords()) moved.push(...Array.from(record.removedNodes));
    observer.disconnect();
    const all = Array.from(md.el.querySelectorAll('p'));
    // The last paragraph is the open tail; every other one froze and stayed where it was put.
    for (const p of all.slice(0, -1)) expect(moved).not.toContain(p);
  });

  it('keeps segments in chapters of at most CHAPTER_SEGMENTS, so no container holds more than a few dozen children', () => {
    const blocks = SEGMENT_BLOCKS * CHAPTER_SEGMENTS + 200; // more blocks than one chapter holds
    const long = Array.from({ length: Math.ceil(blocks / 2) }, (_, i) => `Paragraph ${i}.`).join('\n\n') + '\n';
    const once = new IncrementalMarkdown();
    once.update(long);
    const streamed = new IncrementalMarkdown();
    for (let i = 4000; i < long.length + 4000; i += 4000) streamed.update(long.slice(0, i));
    expect(streamed.el.innerHTML).toBe(once.el.innerHTML);

    const chapters = Array.from(streamed.el.children);
    expect(chapters.map((chapter) => chapter.className)).toEqual(['md-chapter', 'md-chapter']);
    expect(chapters[0]!.children).toHaveLength(CHAPTER_SEGMENTS);
    for (const chapter of chapters)
      for (const segment of Array.from(chapter.children)) {
        expect(segment.classList.contains('md-segment')).toBe(true);
        expect(segment.querySelectorAll('p').length).toBeLessThanOrEqual(SEGMENT_BLOCKS);
      }
    expect(streamed.el.querySelectorAll('p')).toHaveLength(Math.ceil(blocks / 2));
    // Only the message's last segment, in the last chapter, is its end (chat.css takes its last margin off).
    expect(streamed.el.querySelectorAll('.md-end')).toHaveLength(1);
    expect(chapters.at(-1)!.lastElementChild?.classList.contains('md-end')).toBe(true);
  });
});
