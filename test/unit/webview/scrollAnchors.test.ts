// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../../src/shared/thread';
import { unlimitedBudget } from '../../../webview/frameBudget';
import { ReviewCards } from '../../../webview/render/tools/reviewControls';
import { PathLabels } from '../../../webview/render/pathLabel';
import { SessionDirectory } from '../../../webview/render/subagents/sessions';
import { TranscriptView } from '../../../webview/render/transcript/transcript';
import { TerminalViews } from '../../../webview/terminal/views';
import { MAX_ANCHORS, readAnchors, rememberAnchor, type ScrollAnchor } from '../../../webview/scrollAnchors';
import { createChatApp } from '../../../webview/app';
import type { ThreadState } from '../../../src/shared/thread';
import { thread } from './helpers';

const notice = (id: string): Entry => ({ id, kind: 'notice', text: `note ${id}` }) as unknown as Entry;

/** jsdom has no layout: each entry element gets a 100 px box at its index, moved by scrollTop. */
function laidOut(view: TranscriptView): void {
  Object.defineProperty(view.el, 'getBoundingClientRect', { value: () => ({ top: 0, bottom: 500 }) });
  const items = [...view.list.querySelectorAll<HTMLElement>('.entry')];
  items.forEach((el, i) => {
    Object.defineProperty(el, 'getBoundingClientRect', {
      value: () => ({ top: i * 100 - view.el.scrollTop, bottom: (i + 1) * 100 - view.el.scrollTop }),
    });
  });
}

function transcript(count: number): TranscriptView {
  const view = new TranscriptView(
    () => {},
    {
      review: new ReviewCards(),
      terminals: new TerminalViews(),
      paths: new PathLabels(),
      sessions: new SessionDirectory(() => {}),
      session: null,
    },
    unlimitedBudget(),
  );
  view.render(Array.from({ length: count }, (_, i) => notice(`e${i}`)));
  laidOut(view);
  return view;
}

describe('scroll anchors', () => {
  it('saves the entry at the top of the viewport and the offset into it, and restores it', () => {
    const view = transcript(10);
    view.restoreAnchor({ following: false, entryId: 'e3', offset: 40 });
    expect(view.el.scrollTop).toBe(340);
    expect(view.anchor()).toEqual({ following: false, entryId: 'e3', offset: 40 });
    expect(view.jumpButton.hidden).toBe(false);
  });

  it('a saved position past the end of its entry (the entry is shorter now) stays inside that entry', () => {
    const view = transcript(10);
    view.restoreAnchor({ following: false, entryId: 'e3', offset: 150 });
    expect(view.el.scrollTop).toBe(399);
    expect(view.anchor()).toEqual({ following: false, entryId: 'e3', offset: 99 });
  });

  it('keeps following the bottom', () => {
    const view = transcript(10);
    expect(view.anchor()).toEqual({ following: true });
    view.restoreAnchor({ following: true });
    expect(view.anchor()).toEqual({ following: true });
  });

  it('a scroll that stays at the bottom leaves the hidden jump button untouched (no style work every frame)', async () => {
    const view = transcript(10);
    const changes: MutationRecord[] = [];
    const watcher = new MutationObserver((records) => changes.push(...records));
    watcher.observe(view.jumpButton, { attributes: true });
    for (let i = 0; i < 3; i++) view.el.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    watcher.disconnect();
    expect(view.jumpButton.hidden).toBe(true);
    expect(changes).toEqual([]);
  });

  it('an unknown entry id falls back to the end', () => {
    const view = transcript(10);
    view.restoreAnchor({ following: false, entryId: 'gone', offset: 10 });
    expect(view.anchor()).toEqual({ following: true });
  });

  it('ignores hostile saved state and bounds what it keeps', () => {
    expect(readAnchors(null).size).toBe(0);
    expect(readAnchors([1, 2]).size).toBe(0);
    const read = readAnchors({
      a: { following: false, entryId: 'x', offset: 1e12 },
      b: { entryId: 7 },
      c: 'nonsense',
      d: { following: false, entryId: 'y', offset: Number.NaN },
      ['z'.repeat(500)]: { following: true },
    });
    expect([...read.keys()]).toEqual(['a', 'd']);
    expect(read.get('a')?.offset).toBe(1_000_000);
    expect(read.get('d')?.offset).toBe(0);
    const many = new Map();
    for (let i = 0; i < MAX_ANCHORS + 5; i++) rememberAnchor(many, `t${i}`, { following: true });
    expect(many.size).toBe(MAX_ANCHORS);
    expect(many.has('t0')).toBe(false);
  });
});

describe('the app keeps each chat where it was left', () => {
  function chat(threadId: string): ThreadState {
    return { ...thread(), key: { agentId: 'demo', threadId } };
  }

  it('leaving a chat keeps its position; showing one (a switch, a reload) restores its own', () => {
    const saved = new Map<string, ScrollAnchor>([['b', { following: false, entryId: 'e3', offset: 12 }]]);
    const frames: Array<() => void> = [];
    const root = document.createElement('div');
    const app = createChatApp(root, () => undefined, {
      requestFrame: (cb) => frames.push(cb),
      scroll: { get: (id) => saved.get(id), set: (id, anchor) => saved.set(id, anchor) },
    });
    const restored: Array<ScrollAnchor | undefined> = [];
    app.renderer.transcript.restoreAnchor = (anchor) => void restored.push(anchor);
    app.renderer.transcript.anchor = () => ({ following: false, entryId: 'a-top', offset: 40 });
    const show = (threadId: string, seq: number) => {
      app.receive({ type: 'snapshot', seq, thread: chat(threadId), agents: [], defaultAgentId: '' });
      frames.splice(0).forEach((cb) => cb());
    };

    show('a', 1); // the first chat shown: nothing saved for it, so its end
    expect(restored).toEqual([undefined]);
    show('b', 2); // a switch: a's position is kept, b's restored
    expect(saved.get('a')).toEqual({ following: false, entryId: 'a-top', offset: 40 });
    expect(restored[1]).toEqual({ following: false, entryId: 'e3', offset: 12 });
    show('b', 3); // a resync of the same chat moves nothing
    expect(restored).toHaveLength(2);
  });
});
