// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { EAGER_ENTRIES } from '../../../webview/render/transcript';
import { agentChunk, mount, READY, thread, update } from './helpers';

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
    this.callback(
      [{ target: el, isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function longThread(turns: number) {
  const actions: ThreadAction[] = [...READY];
  for (let i = 0; i < turns; i++) {
    actions.push(
      { type: 'promptSent', prompt: [{ type: 'text', text: `question ${i}` }] },
      agentChunk(`answer **${i}**`),
      {
        type: 'turnEnded',
        stopReason: 'end_turn',
      },
    );
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
    // A placeholder is one empty element, with the entry's hooks.
    expect(lazy[0]!.childElementCount).toBe(0);
    expect(lazy[0]!.classList.contains('user')).toBe(true);
    expect(lazy[1]!.dataset.entryId).toBeTruthy();
    expect(entries.at(-2)?.querySelector('.markdown strong')?.textContent).toBe('99');

    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.observed.size).toBe(300 - EAGER_ENTRIES);
    const id = lazy[1]!.dataset.entryId!;
    observer.reveal(lazy[1]!);
    expect(observer.observed.has(lazy[1]!)).toBe(false);
    const mounted = m.$$(`.entry[data-entry-id="${id}"]`);
    expect(mounted).toHaveLength(1);
    expect(mounted[0]!.className).toBe('entry agent');
    expect(mounted[0]!.querySelector('.markdown strong')?.textContent).toBe('0');
    // In place: still the second entry of the list, the rest untouched.
    expect(m.$$('.entry')[1]).toBe(mounted[0]);
    expect(m.$$('.entry')).toHaveLength(300);
  });

  it('keeps a long thread at about one element per unseen entry', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const m = mount();
    m.snapshot(longThread(500)); // 1500 entries
    const elements = m.$$('.entries *').length;
    expect(elements).toBeLessThan(1500 * 1.5);
    expect(m.$$('.entry')).toHaveLength(1500);
  });

  it('an entry that changes while it is a placeholder mounts with its latest content', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const m = mount();
    const actions: ThreadAction[] = [
      ...READY,
      update({
        sessionUpdate: 'tool_call',
        toolCallId: 'tc1',
        title: 'Read first.ts',
        kind: 'read',
        status: 'in_progress',
      }),
    ];
    for (let i = 0; i < EAGER_ENTRIES + 5; i++)
      actions.push({ type: 'promptSent', prompt: [{ type: 'text', text: `q${i}` }] });
    m.snapshot(thread(actions));
    const placeholder = m.$$('.entry.lazy')[0]!;
    expect(placeholder.classList.contains('tool')).toBe(true);
    m.act(update({ sessionUpdate: 'tool_call_update', toolCallId: 'tc1', title: 'Read second.ts' }));
    expect(placeholder.childElementCount).toBe(0);
    FakeIntersectionObserver.instances.at(-1)!.reveal(placeholder);
    const card = m.$$('.entry.tool')[0]!;
    expect(card.classList.contains('lazy')).toBe(false);
    expect(card.textContent).toContain('Read second.ts');
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
    expect(last[1]!.querySelector('.message-body')?.textContent?.trim()).toBe('reply');
  });
});
