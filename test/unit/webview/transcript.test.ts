// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { EAGER_ENTRIES } from '../../../webview/render/transcript/transcript';
import { PLACEHOLDER_BATCH } from '../../../webview/render/transcript/earlierEntries';
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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('long threads', () => {
  it('renders only the newest entries of a big snapshot and the rest when they scroll into view', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const m = mount();
    m.snapshot(longThread(80)); // 240 entries: all of them in the DOM
    const entries = m.$$('.entry');
    expect(entries).toHaveLength(240);
    const lazy = m.$$('.entry.lazy');
    expect(lazy).toHaveLength(240 - EAGER_ENTRIES);
    // A placeholder is one empty element, with the entry's hooks.
    expect(lazy[0]!.childElementCount).toBe(0);
    expect(lazy[0]!.classList.contains('user')).toBe(true);
    expect(lazy[1]!.dataset.entryId).toBeTruthy();
    expect(entries.at(-2)?.querySelector('.markdown strong')?.textContent).toBe('79');
    expect(m.$('.earlier-entries')!.hidden).toBe(true);

    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.observed.size).toBe(240 - EAGER_ENTRIES);
    const id = lazy[1]!.dataset.entryId!;
    observer.reveal(lazy[1]!);
    expect(observer.observed.has(lazy[1]!)).toBe(false);
    const mounted = m.$$(`.entry[data-entry-id="${id}"]`);
    expect(mounted).toHaveLength(1);
    expect(mounted[0]!.className).toBe('entry agent');
    expect(mounted[0]!.querySelector('.markdown strong')?.textContent).toBe('0');
    // In place: still the second entry of the list, the rest untouched.
    expect(m.$$('.entry')[1]).toBe(mounted[0]);
    expect(m.$$('.entry')).toHaveLength(240);
  });

  it('puts only the newest few hundred entries of a long thread in the DOM, older ones as the reader scrolls up', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const m = mount();
    m.snapshot(longThread(1000)); // 3000 entries
    const ids = m.app.state.thread!.entries.map((entry) => entry.id);
    const shownIds = () => m.$$('.entry').map((el) => el.dataset.entryId);
    const shown = EAGER_ENTRIES + PLACEHOLDER_BATCH;
    expect(shownIds()).toEqual(ids.slice(3000 - shown));
    expect(m.$$('.entries *').length).toBeLessThan(shown * 12); // the rendered entries' own elements included
    const line = m.$('.earlier-entries')!;
    expect(line.hidden).toBe(false);
    expect(line.textContent).toBe(`${(3000 - shown).toLocaleString()} earlier entries`);
    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.observed.has(line)).toBe(true);

    // The line comes near the viewport: the next batch goes above the entries shown, in order.
    observer.reveal(line);
    expect(shownIds()).toEqual(ids.slice(3000 - shown - PLACEHOLDER_BATCH));
    expect(m.$$('.entry.lazy')[0]!.dataset.entryId).toBe(ids[3000 - shown - PLACEHOLDER_BATCH]);
    expect(line.textContent).toBe(`${(3000 - shown - PLACEHOLDER_BATCH).toLocaleString()} earlier entries`);
    expect(observer.observed.has(line)).toBe(true); // watched again: it may still be near the viewport
    // Groups stay small (a frame lays out the last group only): the revealed entries sit in groups of their own.
    for (const group of m.$$('.entry-group')) expect(group.childElementCount).toBeLessThanOrEqual(64);

    // A revealed placeholder mounts like any other, with its entry's content.
    const revealed = m.$$('.entry.lazy.agent')[0]!;
    observer.reveal(revealed);
    const index = ids.indexOf(revealed.dataset.entryId!);
    const mounted = m.$$('.entry')[index - (3000 - shown - PLACEHOLDER_BATCH)]!;
    expect(mounted.querySelector('.markdown strong')?.textContent).toBe(String((index - 1) / 3));

    while (!line.hidden) observer.reveal(line);
    expect(shownIds()).toEqual(ids);
    expect(observer.observed.has(line)).toBe(false);
  });

  it('a saved position in entries not in the DOM yet reveals them down to it', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const m = mount();
    m.snapshot(longThread(1000));
    const ids = m.app.state.thread!.entries.map((entry) => entry.id);
    const transcript = m.app.renderer.transcript;
    transcript.restoreAnchor({ following: false, entryId: ids[1000]!, offset: 0 });
    const shownIds = m.$$('.entry').map((el) => el.dataset.entryId);
    expect(shownIds).toEqual(ids.slice(1000));
    expect(m.$(`.entry[data-entry-id="${ids[1000]}"]`)!.classList.contains('lazy')).toBe(false);
    expect(m.$('.earlier-entries')!.textContent).toBe('1,000 earlier entries');
    // Where the reader is, in the list's order (the entries revealed last are above the others): each
    // entry 70 px below the one before, the viewport's top 10 px into the entry scrolled to.
    const order = m.$$('.entry');
    const at = order.indexOf(m.$(`.entry[data-entry-id="${ids[1000]}"]`)!);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const index = order.indexOf(this as HTMLElement);
      const top = index < 0 ? 10 : (index - at) * 70;
      return { top, bottom: index < 0 ? 900 : top + 60 } as DOMRect;
    });
    expect(transcript.anchor()).toEqual({ following: false, entryId: ids[1000], offset: 10 });
  });

  it('a thread cut back into the entries not in the DOM shows what is left', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const m = mount();
    m.snapshot(longThread(1000));
    m.snapshot(longThread(30)); // the same chat, 90 entries: all among those not in the DOM
    const ids = m.app.state.thread!.entries.map((entry) => entry.id);
    const line = m.$('.earlier-entries')!;
    expect(m.$$('.entry')).toHaveLength(0);
    expect(line.textContent).toBe('90 earlier entries');
    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.observed.has(line)).toBe(true);
    observer.reveal(line);
    expect(m.$$('.entry').map((el) => el.dataset.entryId)).toEqual(ids);
    expect(line.hidden).toBe(true);
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
