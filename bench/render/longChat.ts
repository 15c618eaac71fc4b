// The long-chat figures (bench/figures/longchat.mjs): an hours-long live chat in chromium with real
// requestAnimationFrame. The thread is the render figures' long thread (messages, thoughts, tool cards with
// diffs, plans) repeated to the size asked (reducing 50,000 entries one action at a time would take minutes,
// the reducer copying the list each time), shown as a snapshot; then turns arrive live, the reader scrolls from
// the end to the start and back, and what stays in the document is counted.
import type { ThreadAction } from '../../src/shared/actions';
import { createChatApp, type ChatApp } from '../../webview/app';
import { agentChunk, repeatedThread } from './content';

const LIVE_TURNS = 60;

const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

export interface LongChatRun {
  entries: number;
  /** Elements in the document (the more of: at the start, at the end again) and the JS heap after GC at the end. */
  nodes: number;
  heap: number;
  /** Every frame's gap while scrolling end -> start -> end. */
  gaps: number[];
  /** How far the round trip scrolled (px), and in how many frames. */
  distance: number;
  /** Frames of the way up (the rest of `gaps` is the way down). */
  upFrames: number;
}

/**
 * Shows a chat of `entries` entries as a snapshot, then lets LIVE_TURNS turns arrive live, a frame each: the
 * hours-long live chat of the long-chat figures, the reader at its end. Returns the app and the last action's seq.
 */
export async function showLiveChat(entries: number): Promise<{ app: ChatApp; root: HTMLElement; seq: number }> {
  const root = document.getElementById('root')!;
  root.replaceChildren();
  const app = createChatApp(root, () => undefined);
  app.receive({
    type: 'snapshot',
    seq: 0,
    thread: repeatedThread(entries - 3 * LIVE_TURNS),
    agents: [],
    defaultAgentId: '',
  });
  await frame();
  for (let turn = 0; turn < LIVE_TURNS; turn++) {
    const actions: ThreadAction[] = [
      { type: 'promptSent', prompt: [{ type: 'text', text: `live question ${turn}` }] },
      agentChunk(`A live answer ${turn} with a few words.`, `live${turn}`),
      { type: 'turnEnded', stopReason: 'end_turn' },
    ];
    app.receive({ type: 'actions', firstSeq: turn * 3 + 1, actions });
    await frame();
  }
  return { app, root, seq: 3 * LIVE_TURNS };
}

/**
 * Shows a chat of `entries` entries, lets LIVE_TURNS turns arrive live, scrolls to its start and back to its end
 * `step` px a frame (a fast scrollbar drag), and measures.
 */
export async function longChat(entries: number, step: number): Promise<LongChatRun> {
  const { root } = await showLiveChat(entries);
  const scroller = root.querySelector<HTMLElement>('.transcript')!;
  const hidden = (selector: string): boolean => root.querySelector<HTMLElement>(selector)?.hidden ?? true;
  const atStart = (): boolean =>
    scroller.scrollTop === 0 && hidden('.earlier-entries') && hidden('.folded-entries.above');
  const atEnd = (): boolean =>
    scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1 && hidden('.folded-entries.below');
  const gaps: number[] = [];
  let distance = 0;
  let nodesAtStart = 0;
  let upFrames = 0;
  let last = await frame();
  for (const [direction, done] of [
    [-1, atStart],
    [1, atEnd],
  ] as const) {
    for (let frames = 0; !done(); frames++) {
      if (frames > 20_000) throw new Error(`the ${direction < 0 ? 'start' : 'end'} was not reached in 20,000 frames`);
      const from = scroller.scrollTop;
      if (direction < 0) scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -step }));
      scroller.scrollTop = from + direction * step;
      distance += Math.abs(scroller.scrollTop - from);
      const now = await frame();
      gaps.push(now - last);
      last = now;
    }
    if (direction < 0) {
      nodesAtStart = document.getElementsByTagName('*').length;
      upFrames = gaps.length;
    }
  }
  for (let i = 0; i < 5; i++) await frame(); // the recycling after the last scroll
  (globalThis as { gc?: () => void }).gc?.();
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return {
    entries,
    nodes: Math.max(nodesAtStart, document.getElementsByTagName('*').length),
    heap: memory?.usedJSHeapSize ?? 0,
    gaps,
    distance,
    upFrames,
  };
}
