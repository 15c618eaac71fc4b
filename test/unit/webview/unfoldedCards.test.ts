// @vitest-environment jsdom
// A subagent card's "Show work" survives the chat view being hidden and shown again: VS Code then builds the
// webview anew from the host's snapshot, and the real entry point (webview/main.ts) finds the card's state in
// VS Code's webview state (acquireVsCodeApi().getState/setState, faked here as VS Code keeps it). The memory is
// bounded, and a state written by anything else is read without harm.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostToWebview } from '../../../src/shared/messages';
import type { ThreadState } from '../../../src/shared/thread';
import { MAX_UNFOLDED, UnfoldedCards } from '../../../webview/unfoldedCards';
import { DEMO_AGENT } from './helpers';
import { card, chat, childState, messages } from './subagentThreads';

/** VS Code's side: the state it keeps for the view while its webview is gone (a copy, as it serializes it). */
let kept: unknown;
const listeners: EventListenerOrEventListenerObject[] = [];

/** Builds the webview as VS Code does when the view is shown: a fresh page running main.ts. */
async function showView(): Promise<void> {
  for (const listener of listeners.splice(0)) window.removeEventListener('message', listener);
  document.body.innerHTML = '<div id="root"></div>';
  vi.resetModules();
  vi.stubGlobal('acquireVsCodeApi', () => ({
    postMessage: () => undefined,
    getState: () => (kept === undefined ? undefined : JSON.parse(JSON.stringify(kept))),
    setState: (state: unknown) => {
      kept = JSON.parse(JSON.stringify(state));
    },
  }));
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type === 'message' && listener) listeners.push(listener);
    add(type, listener!, options);
  });
  await import('../../../webview/main');
  vi.mocked(window.addEventListener).mockRestore();
}

async function receive(msg: HostToWebview): Promise<void> {
  window.dispatchEvent(new MessageEvent('message', { data: msg }));
  await new Promise((resolve) => setTimeout(resolve, 40)); // its animation frame
}

function snapshotOf(thread: ThreadState): HostToWebview {
  return { type: 'snapshot', seq: 0, thread, agents: [DEMO_AGENT], defaultAgentId: DEMO_AGENT.id };
}

const twoCards = () =>
  chat([card('c1'), card('c2', { title: 'Plan the change' })], {
    c1: { state: childState(messages(2)) },
    c2: { state: childState(messages(1)) },
  });

const shown = () =>
  [...document.querySelectorAll<HTMLElement>('.entry.subagent')].map((el) => ({
    session: el.dataset.sessionId,
    toggle: el.querySelector('.subagent-toggle')!.textContent,
    work: !el.querySelector<HTMLElement>('.subagent-work')!.hidden,
  }));

afterEach(() => {
  kept = undefined;
  vi.unstubAllGlobals();
});

describe('a subagent card shown or folded', () => {
  it('is shown as the user left it after the view is hidden and shown again, card by card', async () => {
    await showView();
    await receive(snapshotOf(twoCards()));
    document.querySelector<HTMLElement>('.entry.subagent[data-session-id="c2"] .subagent-toggle')!.click();
    await receive({ type: 'actions', firstSeq: 1, actions: [] });
    const before = shown();
    expect(before).toEqual([
      { session: 'c1', toggle: 'Show work', work: false },
      { session: 'c2', toggle: 'Hide work', work: true },
    ]);

    await showView();
    await receive(snapshotOf(twoCards()));
    expect(shown()).toEqual(before);

    // Folded again, it stays folded the next time.
    document.querySelector<HTMLElement>('.entry.subagent[data-session-id="c2"] .subagent-toggle')!.click();
    await showView();
    await receive(snapshotOf(twoCards()));
    expect(shown().map((card) => card.work)).toEqual([false, false]);
  });

  it('another chat with a card of the same session id is not unfolded by it', async () => {
    await showView();
    await receive(snapshotOf(twoCards()));
    document.querySelector<HTMLElement>('.entry.subagent[data-session-id="c1"] .subagent-toggle')!.click();
    await showView();
    const other = twoCards();
    await receive(snapshotOf({ ...other, key: { ...other.key, threadId: 'another-chat' } }));
    expect(shown().map((card) => card.work)).toEqual([false, false]);
  });
});

describe('UnfoldedCards', () => {
  it('remembers at most MAX_UNFOLDED cards, forgetting the oldest, and saves each change', () => {
    const saves: unknown[] = [];
    const memory = new UnfoldedCards(undefined, (pairs) => saves.push(pairs));
    for (let i = 0; i <= MAX_UNFOLDED; i++) memory.set('t', `s${i}`, true);
    expect(memory.get('t', 's0')).toBe(false);
    expect(memory.get('t', `s${MAX_UNFOLDED}`)).toBe(true);
    expect((saves.at(-1) as unknown[]).length).toBe(MAX_UNFOLDED);
    memory.set('t', `s${MAX_UNFOLDED}`, true); // no change: nothing written
    expect(saves).toHaveLength(MAX_UNFOLDED + 1);
  });

  it('reads a saved state bounded, skipping what is not a pair of ids', () => {
    const long = 'x'.repeat(201);
    const saved = [['t', 'a'], ['t'], 'junk', [long, 'b'], ['t', 3], null, ['t', 'c']];
    const memory = new UnfoldedCards(saved);
    expect([memory.get('t', 'a'), memory.get('t', 'c'), memory.get(long, 'b')]).toEqual([true, true, false]);
    const huge = Array.from({ length: 100_000 }, (_, i) => ['t', `s${i}`]);
    const read = new UnfoldedCards(huge);
    expect([read.get('t', 's0'), read.get('t', 's99999')]).toEqual([false, true]);
    expect(new UnfoldedCards({ not: 'a list' }).get('t', 'a')).toBe(false);
  });
});
