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
  // It still follows the end: the newest answer is on screen, at the bottom.
  const end = await chat.page.locator('.transcript').evaluate((el) => ({
    gap: el.scrollHeight - el.scrollTop - el.clientHeight,
    last: el.querySelector('.entries .entry-group:last-child > .entry.agent:nth-last-child(2)')?.textContent ?? '',
  }));
  expect(end.gap).toBeLessThan(2);
  expect(end.last).toContain('Answer 599.');
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

/**
 * Frames until the transcript has not changed for three of them: the entries that came near the viewport are
 * mounted (a few a frame when the machine is busy, mountQueue.ts) and the far ones recycled and folded.
 */
const settled = (chat: ChatPage) =>
  chat.page.locator('.transcript').evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        let quiet = 0;
        let frames = 0;
        const changes = new MutationObserver(() => (quiet = 0));
        changes.observe(el, { subtree: true, childList: true, attributes: true });
        const tick = (): void => {
          frames++;
          if (++quiet >= 3 || frames > 600) {
            changes.disconnect();
            resolve(frames);
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );

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
      await settled(chat);
      const before = await topEntry(chat);
      const scrolled = await scrollBy(direction * 600);
      await settled(chat);
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
      // Within half a pixel: entries are laid out in fractions of one, scroll offsets in whole ones.
      if (!(atEdge && direction > 0)) expect(Math.abs(y! - (before.y - scrolled)), `step ${step}`).toBeLessThan(1);
      if (atEdge) break;
    }
  }
  const first = await chat.page.locator('.entries .entry').count();
  expect(first).toBeLessThan(900);
  await chat.close();
}, 180_000);

it('recycles an entry for a placeholder exactly as tall as its view, and mounts it again as tall', async () => {
  const chat = await openChat(browser());
  await chat.snapshot(thread([...ready(), ...turns(1)]), [DEMO]);
  await grow(chat, 150);
  const boxes = (selector: string) =>
    chat.page.evaluate(
      (sel) =>
        [...document.querySelectorAll<HTMLElement>(sel)].map((el) => ({
          id: el.dataset.entryId!,
          user: el.classList.contains('user'),
          height: el.getBoundingClientRect().height,
        })),
      selector,
    );
  // Each view as it is mounted, measured before a frame lays it out (content-visibility skips it until then).
  await chat.page.locator('.transcript').evaluate((el) => {
    const mounted: unknown[] = ((globalThis as any).mounted = []);
    new MutationObserver((changes) => {
      for (const node of changes.flatMap((change) => [...change.addedNodes]))
        if (node instanceof HTMLElement && node.matches('.entry:not(.lazy)'))
          mounted.push({
            id: node.dataset.entryId!,
            user: node.classList.contains('user'),
            height: node.getBoundingClientRect().height,
          });
    }).observe(el, { subtree: true, childList: true });
  });
  const justMounted = () =>
    chat.page.evaluate(() => (globalThis as any).mounted.splice(0) as { id: string; user: boolean; height: number }[]);
  const views = new Map<string, number>();
  const recycled = new Set<string>();
  const remounted = new Set<string>();
  const expectAsTall = (seen: { id: string; user: boolean; height: number }, into: Set<string>) => {
    const known = views.get(seen.id);
    if (known === undefined) return;
    expect(seen.height, seen.id).toBe(known);
    if (seen.user) into.add(seen.id); // a prompt has padding and a border: a placeholder's must not add to them
  };
  // Up from the end, the entries left behind are recycled; back down, they are mounted again.
  for (const deltaY of [-700, 700]) {
    for (let step = 0; step < 40; step++) {
      for (const view of await justMounted()) expectAsTall(view, remounted);
      for (const placeholder of await boxes('.entries .entry.lazy')) expectAsTall(placeholder, recycled);
      for (const view of await boxes('.entries .entry:not(.lazy)')) views.set(view.id, view.height);
      await chat.page.locator('.transcript').evaluate((el, dy) => {
        el.dispatchEvent(new WheelEvent('wheel', { deltaY: dy }));
        el.scrollTop += dy;
      }, deltaY);
      await settled(chat);
    }
  }
  expect(recycled.size).toBeGreaterThanOrEqual(10);
  expect(remounted.size).toBeGreaterThanOrEqual(10);
  await chat.close();
}, 120_000);

/** Scrolls up a screenful at a time until `selector` is in the DOM and on screen. */
async function scrollUpTo(chat: ChatPage, selector: string): Promise<void> {
  for (let step = 0; step < 200; step++) {
    const found = await chat.page.locator('.transcript').evaluate((el, sel) => {
      const target = el.querySelector(sel);
      const box = el.getBoundingClientRect();
      if (target && target.getBoundingClientRect().top >= box.top - 1) return true;
      el.dispatchEvent(new WheelEvent('wheel', { deltaY: -700 }));
      el.scrollTop -= 700;
      return false;
    }, selector);
    await chat.frames();
    if (found) return;
  }
  throw new Error(`${selector} never came back`);
}

const mounted = (chat: ChatPage, id: string) => chat.page.locator(`.entries .entry[data-entry-id="${id}"]:not(.lazy)`);

it('brings a recycled card back with what the user unfolded and its terminal text', async () => {
  const chat = await openChat(browser());
  await chat.snapshot(
    thread([
      ...ready(),
      prompt('list'),
      { type: 'terminalCreated', terminal: { terminalId: 'terminal-1', commandLine: 'ls', cwd: '/w', mode: 'pty' } },
      update({
        sessionUpdate: 'tool_call',
        toolCallId: 'c1',
        title: 'ls',
        content: [{ type: 'terminal', terminalId: 'terminal-1' }],
        rawInput: { command: 'ls -la' },
      }),
    ]),
    [DEMO],
  );
  await chat.page.evaluate((msg) => (globalThis as any).switchboardLayout.receive(msg), {
    type: 'terminalOutput',
    terminalId: 'terminal-1',
    data: 'first file\r\nsecond file\r\n',
    replace: false,
  });
  await chat.page.locator('.terminal-view .xterm-rows').filter({ hasText: 'second file' }).waitFor({ timeout: 10_000 });
  await chat.page.locator('.tool-raw > summary').click();
  await chat.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // the focus pins an entry
  const id = await chat.page.locator('.entry.tool').getAttribute('data-entry-id');
  await grow(chat, 150);
  // Far above the end now: recycled (and folded out of the DOM).
  expect(await mounted(chat, id!).count()).toBe(0);
  await scrollUpTo(chat, `.entry.tool[data-entry-id="${id}"]:not(.lazy)`);
  const card = mounted(chat, id!);
  expect(await card.locator('.tool-raw').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
  await card.locator('.xterm-rows').filter({ hasText: 'second file' }).waitFor({ timeout: 10_000 });
  expect(await card.locator('.xterm-rows').innerText()).toContain('first file');
  await chat.close();
}, 120_000);

it('never recycles a card waiting for the user, nor the entries holding the focus or a selection', async () => {
  const chat = await openChat(browser());
  await chat.snapshot(
    thread([
      ...ready(),
      prompt('look'),
      update({
        sessionUpdate: 'tool_call',
        toolCallId: 'r1',
        title: 'Read a.ts',
        kind: 'read',
        rawInput: { path: 'a.ts' },
      }),
      prompt('edit the file'),
      update({ sessionUpdate: 'tool_call', toolCallId: 'e1', title: 'Edit a.ts', kind: 'edit', status: 'pending' }),
      {
        type: 'permissionRequested',
        permissionId: 'p1',
        toolCall: { toolCallId: 'e1' },
        options: [
          { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
          { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
        ],
      },
    ]),
    [DEMO],
  );
  const [focused, waiting] = await chat.page
    .locator('.entry.tool')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.entryId!));
  // A selection in progress in the first question, the focus in the read card's summary.
  await chat.page.evaluate(() => {
    const text = document.querySelector('.entry.user .message-body')!;
    const range = document.createRange();
    range.selectNodeContents(text);
    document.getSelection()!.addRange(range);
  });
  const selected = await chat.page.locator('.entry.user').first().getAttribute('data-entry-id');
  await chat.page.locator('.tool-raw > summary').focus();
  // The turn goes on while the card waits (a prompt would cancel it): 600 more tool cards, live.
  for (let batch = 0; batch < 30; batch++) {
    const calls = Array.from({ length: 20 }, (_, i) =>
      update({
        sessionUpdate: 'tool_call',
        toolCallId: `t${batch}-${i}`,
        title: `Read file ${batch}-${i}`,
        kind: 'read',
      }),
    );
    await chat.act(...calls);
  }
  await chat.frames();
  expect(await mounted(chat, waiting!).locator('button', { hasText: 'Allow once' }).count()).toBe(1);
  expect(await mounted(chat, focused!).count()).toBe(1);
  expect(await mounted(chat, selected!).count()).toBe(1);
  expect(await chat.page.evaluate(() => document.getSelection()!.toString())).toBe('look');
  expect(await chat.page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
  // Everything else far above was recycled.
  expect(await chat.page.locator('.entries .entry:not(.lazy)').count()).toBeLessThan(100);
  await chat.close();
}, 120_000);
