// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { EAGER_ENTRIES } from '../../../webview/render/transcript';
import { agentChunk, mount, READY, thread } from './helpers';

class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  reveal(el: Element) {
    this.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function longThread(turns: number) {
  const actions: ThreadAction[] = [...READY];
  for (let i = 0; i < turns; i++) {
    actions.push({ type: 'promptSent', prompt: [{ type: 'text', text: `question ${i}` }] }, agentChunk(`answer **${i}**`), {
      type: 'turnEnded',
      stopReason: 'end_turn',
    });
  }
  return thread(actions);
}

afterEach(() => vi.unstubAllGlobals());

describe('long threads', () => {
  it('renders only the newest entries of a big snapshot and the rest when they scroll into view', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const m = mount();
    m.snapshot(longThread(100)); // 300 entries
    const entries = m.$$('.entry');
    expect(entries).toHaveLength(300);
    const lazy = m.$$('.entry.lazy');
    expect(lazy).toHaveLength(300 - EAGER_ENTRIES);
    expect(lazy[0].querySelector('.user-text')).toBeNull(); // an unrendered shell, but with its hooks
    expect(lazy[0].classList.contains('user')).toBe(true);
    expect(entries.at(-2)?.querySelector('.markdown strong')?.textContent).toBe('99');

    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.observed.size).toBe(300 - EAGER_ENTRIES);
    observer.reveal(lazy[1]);
    expect(lazy[1].classList.contains('lazy')).toBe(false);
    expect(lazy[1].querySelector('.markdown strong')?.textContent).toBe('0');
    expect(observer.observed.has(lazy[1])).toBe(false);
  });

  it('without IntersectionObserver renders everything (correct first, lazy when possible)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const m = mount();
    m.snapshot(longThread(30));
    expect(m.$$('.entry.lazy')).toHaveLength(0);
    expect(m.$$('.entry.agent .markdown strong')).toHaveLength(30);
  });

  it('entries appended later render at once and in order', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const m = mount();
    m.snapshot(longThread(20));
    m.act({ type: 'promptSent', prompt: [{ type: 'text', text: 'late' }] }, agentChunk('reply'));
    const last = m.$$('.entry').slice(-2);
    expect(last.map((e) => e.className)).toEqual(['entry user', 'entry agent']);
    expect(last[1].textContent?.trim()).toBe('reply');
  });
});
