// An hours-long live chat in real chromium: entries far off screen are recycled (their view dropped for a
// placeholder of their height) and far runs of them leave the DOM (webview/render/transcript/recycleWindow.ts),
// so the DOM stays bounded however long the chat grows; scrolling through it nothing jumps, and what the user did
// in an entry (an unfolded part, a terminal's text) and a card waiting for the user survive.
import { expect, it } from 'vitest';
import type { ThreadAction } from '../../src/shared/actions';
import { openChat, useBrowser, type ChatPage } from './chatPage';
import { DEMO, prompt, ready, thread, update } from './threads';

const browser = useBrowser();

/** `count` turns as a live chat gets them: a question, a few paragraphs of answer, the turn's end. */
function turns(count: number, from = 0): ThreadAction[] {
  return Array.from({ length: count }, (_, i) => [
    prompt(`question ${from + i}`),
    update({
      sessionUpdate: 'agent_message_chunk',
      content: {
        type: 'text',
        text: `Answer ${from + i}.\n\n${'Some words that wrap in the side bar. '.repeat(1 + (i % 4))}`,
      },
    }),
    { type: 'turnEnded' as const, stopReason: 'end_turn' as const },
  ]).flat();
}

/** Appends `count` turns live, 20 at a time (each batch rendered in its frames, as a long session would). */
async function grow(chat: ChatPage, count: number, from = 0): Promise<void> {
  for (let done = 0; done < count; done += 20) await chat.act(...turns(Math.min(20, count - done), from + done));
  await chat.frames();
}

const counts = (chat: ChatPage) =>
  chat.page.evaluate(() => ({
    mounted: document.querySelectorAll('.entries .entry:not(.lazy)').length,
    inDom: document.querySelectorAll('.entries .entry').length,
    elements: document.getElementsByTagName('*').length,
  }));

it('keeps the mounted entries and the DOM bounded as a live chat grows', async () => {
  const chat = await openChat(browser());
  await chat.snapshot(thread([...ready(), ...turns(1)]), [DEMO]);
  await grow(chat, 150);
  const short = await counts(chat);
  await grow(chat, 450, 150);
  const long = await counts(chat);
  // 1,800 entries arrived one frame's batch at a time: without recycling every one of them had its view.
  expect(long.mounted).toBeLessThanOrEqual(300);
  expect(long.inDom).toBeLessThan(900);
  expect(long.elements).toBeLessThan(short.elements * 2);
  await chat.close();
}, 120_000);

/** The entry at the transcript's top and where it is, relative to the transcript. */
const topEntry = (chat: ChatPage) =>
  chat.page.locator('.transcript').evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const entry = [...el.querySelectorAll<HTMLElement>('.entries .entry')].find(
      (e) => e.getBoundingClientRect().bottom > top + 1,
    )!;
    return { id: entry.dataset.entryId!, y: entry.getBoundingClientRect().top - top };
  });

const entryY = (chat: ChatPage, id: string) =>
  chat.page.locator('.transcript').evaluate((el, entryId) => {
    const entry = el.querySelector(`.entry[data-entry-id="${entryId}"]`);
    return entry ? entry.getBoundingClientRect().top - el.getBoundingClientRect().top : null;
  }, id);

it('scrolls from the end to the start and back with nothing jumping', async () => {
  const chat = await openChat(browser());
  await chat.snapshot(thread([...ready(), ...turns(1)]), [DEMO]);
  await grow(chat, 300);
  /** Scrolls by `dy` as a wheel does; how far it went (less at an edge). */
  const scrollBy = (dy: number) =>
    chat.page.locator('.transcript').evaluate((el, d) => {
      const from = el.scrollTop;
      el.dispatchEvent(new WheelEvent('wheel', { deltaY: d }));
      el.scrollTop += d;
      return el.scrollTop - from;
    }, dy);
  for (const direction of [-1, 1]) {
    for (let step = 0; step < 400; step++) {
      const before = await topEntry(chat);
      const scrolled = await scrollBy(direction * 600);
      await chat.frames();
      await chat.frames();
      // The entry that was at the top moved by exactly the scroll (it may have left the viewport, never the DOM),
      // while entries around it were recycled, folded and brought back.
      const y = await entryY(chat, before.id);
      expect(y, `step ${step}`).not.toBeNull();
      const atEdge = await chat.page
        .locator('.transcript')
        .evaluate(
          (el, d) => (d < 0 ? el.scrollTop === 0 : el.scrollTop + el.clientHeight >= el.scrollHeight - 1),
          direction,
        );
      // Back at the end the view follows it again: the end stays put there, by design (bottomFollower.ts).
      if (!(atEdge && direction > 0)) expect(Math.abs(y! - (before.y - scrolled)), `step ${step}`).toBeLessThan(2);
      if (atEdge) break;
    }
  }
  const first = await chat.page.locator('.entries .entry').count();
  expect(first).toBeLessThan(900);
  await chat.close();
}, 180_000);
