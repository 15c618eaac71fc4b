// @vitest-environment jsdom
// The frame budget (webview/frameBudget.ts): a frame renders streamed markdown only up to its
// budget, holds the rest back and continues it in the next frame; nothing is dropped, and a
// normal stream (far below the budget) shows every chunk in the frame after it arrived.
import { describe, expect, it } from 'vitest';
import { BURST_START_CHARS, FrameBudget } from '../../../webview/frameBudget';
import { agentChunk, mountBudgeted } from './helpers';

function mountWithClock() {
  const { app, frames, runFrame, markdown } = mountBudgeted();
  /** The text on screen without whitespace (markdown drops blank lines and trailing spaces). */
  const shownText = () => (markdown()?.textContent ?? '').replace(/\s+/g, '');
  return { app, frames, runFrame, shownText };
}

describe('FrameBudget', () => {
  it('allows everything without a deadline, at least MIN_CHARS with one, and learns the throughput', () => {
    let now = 0;
    const budget = new FrameBudget(8, () => now);
    budget.startFrame(Number.POSITIVE_INFINITY);
    expect(budget.allow(1_000_000)).toBe(1_000_000);
    expect(budget.heldBack).toBe(false);
    budget.startFrame();
    expect(budget.allow(100)).toBe(100);
    // 8 ms at the initial 50 characters per ms is 400: below the least a frame shows.
    expect(budget.allow(1_000_000)).toBe(512);
    expect(budget.heldBack).toBe(true);
    now = 8;
    expect(budget.allow(1_000_000)).toBe(512); // out of time: still some progress every frame
    // Faster frames raise the estimate by at most a quarter each: 50 x 1.25^5 = 152.6 characters per ms.
    for (let i = 0; i < 5; i++) budget.measure(4000, () => (now += 10));
    budget.startFrame();
    expect(budget.allow(1_000_000)).toBe(Math.floor(8 * 50 * 1.25 ** 5));
    // A slower one lowers it at once (10 per ms: 80 in a frame, so the least, 512).
    budget.measure(1000, () => (now += 100));
    budget.startFrame();
    expect(budget.allow(1_000_000)).toBe(512);
    budget.measure(4000, () => (now += 10));
    budget.startFrame();
    expect(budget.allow(1_000_000)).toBe(512); // 12.5 per ms after one fast frame
  });

  it('starts a burst small whatever it learned from cheaper text, and doubles each frame while it lasts', () => {
    let now = 0;
    const budget = new FrameBudget(8, () => now);
    // A prose stream teaches a high throughput (the estimate rises a quarter per frame, to its cap).
    for (let i = 0; i < 40; i++) {
      budget.startFrame();
      budget.measure(1000, () => (now += 0.1));
    }
    budget.startFrame();
    expect(budget.allow(500)).toBe(500); // a normal chunk is not held
    expect(budget.allow(100_000)).toBe(BURST_START_CHARS - 500); // the first burst frame: the start, in all
    expect(budget.heldBack).toBe(true);
    budget.startFrame();
    expect(budget.allow(100_000)).toBe(2 * BURST_START_CHARS);
    budget.startFrame();
    expect(budget.allow(100_000)).toBe(4 * BURST_START_CHARS);
    budget.startFrame();
    expect(budget.allow(3000)).toBe(3000); // the burst's end fits
    budget.startFrame(); // the frame after held nothing back: the next burst starts small again
    budget.startFrame();
    expect(budget.allow(100_000)).toBe(BURST_START_CHARS);
  });

  it('renders a burst over several frames, each within its share, and ends with all of it', () => {
    const { app, runFrame, shownText } = mountWithClock();
    const paragraphs = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} ${'words '.repeat(20)}`);
    const text = paragraphs.join('\n\n');
    app.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk(text, 'm')] });
    expect(runFrame()).toBe(1);
    const first = shownText().length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(text.length / 2);
    let frames = 1;
    while (runFrame() > 0) frames++;
    expect(frames).toBeGreaterThan(2);
    // Everything is on screen in the end, in order, nothing dropped.
    expect(shownText()).toBe(text.replace(/\s+/g, ''));
  });

  it('a chunk that fits shows in the next frame, and a later chunk continues held-back text in order', () => {
    const { app, runFrame, shownText } = mountWithClock();
    app.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('Hello', 'm')] });
    runFrame();
    expect(shownText()).toBe('Hello');
    const long = ` ${'x'.repeat(50_000)}`;
    app.receive({ type: 'actions', firstSeq: 2, actions: [agentChunk(long, 'm')] });
    runFrame();
    expect(shownText().length).toBeLessThan(50_000);
    app.receive({ type: 'actions', firstSeq: 3, actions: [agentChunk(' end', 'm')] });
    while (runFrame() > 0);
    expect(shownText()).toBe(`Hello${long}end`.replace(/\s+/g, ''));
  });

  it('the public flush renders everything at once', () => {
    const { app, shownText } = mountWithClock();
    const text = 'y'.repeat(40_000);
    app.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk(text, 'm')] });
    app.flush();
    expect(shownText()).toBe(text);
  });
});
