// The comparison view (webview/compare/app.ts) mounted in jsdom with a clock the test drives, and what it posts.
import type { CompareFromWebview, CompareView } from '../../../src/shared/compare';
import { createCompareApp, type CompareClock } from '../../../webview/compare/app';

export function fakeClock(
  start = 1_000_000,
): CompareClock & { at: number; ticks: (() => void)[]; advance(ms: number): void } {
  const clock = {
    at: start,
    ticks: [] as (() => void)[],
    now: () => clock.at,
    every(_ms: number, tick: () => void) {
      clock.ticks.push(tick);
      return () => clock.ticks.splice(clock.ticks.indexOf(tick), 1);
    },
    advance(ms: number) {
      clock.at += ms;
      for (const tick of [...clock.ticks]) tick();
    },
  };
  return clock;
}

export function mount(draft = '') {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const posted: CompareFromWebview[] = [];
  const drafts: string[] = [];
  const clock = fakeClock();
  const app = createCompareApp(root, (msg) => posted.push(msg), {
    clock,
    initialDraft: draft,
    onDraftChange: (text) => drafts.push(text),
  });
  const show = (v: CompareView) => app.receive({ type: 'compareView', view: v });
  const col = (threadId: string) => root.querySelector<HTMLElement>(`.compare-column[data-thread-id="${threadId}"]`)!;
  const visibleButtons = (threadId: string) =>
    Array.from(col(threadId).querySelectorAll<HTMLButtonElement>('.compare-actions button'))
      .filter((b) => !b.hidden)
      .map((b) => b.textContent);
  return { root, app, posted, drafts, clock, show, col, visibleButtons };
}
