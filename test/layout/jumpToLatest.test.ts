// "Jump to latest" at the side bar's width in real chromium: it shows only while the reader is above the end,
// and where it shows it covers none of the transcript (the journey's subagent screenshot once had it over the
// last card's "Subagent: Reader" chip).
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../src/shared/actions';
import { openChat, useBrowser, type ChatPage } from './chatPage';
import { DEMO, prompt, ready, thread, update } from './threads';

const browser = useBrowser();

const answer = Array.from({ length: 8 }, (_, i) => `Paragraph ${i} of an answer that wraps in the side bar.`).join(
  '\n\n',
);

function turns(count: number): ThreadAction[] {
  return Array.from({ length: count }, (_, i) => [
    prompt(`question ${i}`),
    update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: answer } }),
    { type: 'turnEnded' as const, stopReason: 'end_turn' as const },
  ]).flat();
}

/** A tool call waiting for permission at the end of the chat: its buttons make it tall until answered. */
const waiting: ThreadAction[] = [
  prompt('edit the file'),
  update({ sessionUpdate: 'tool_call', toolCallId: 'e1', title: 'Edit a.ts', kind: 'edit', status: 'pending' }),
  {
    type: 'permissionRequested',
    permissionId: 'p1',
    toolCall: { toolCallId: 'e1' },
    options: [
      { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
      { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
  },
];

/** The button's box, and the transcript's visible elements it overlaps (leaf text and controls). */
async function covered(chat: ChatPage): Promise<{ shown: boolean; covers: string[] }> {
  return chat.page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.main > .jump-to-latest, .jump-to-latest')!;
    const b = button.getBoundingClientRect();
    const shown = !button.hidden && b.width > 0;
    if (!shown) return { shown, covers: [] };
    const transcript = document.querySelector<HTMLElement>('.main > .transcript-frame > .transcript')!;
    const view = transcript.getBoundingClientRect();
    const covers: string[] = [];
    for (const el of Array.from(transcript.querySelectorAll<HTMLElement>('.entry *'))) {
      if (el.children.length > 0 && !(el instanceof HTMLButtonElement)) continue;
      // The part of it the transcript shows (what scrolled past the transcript's edges is not on screen).
      const r = el.getBoundingClientRect();
      const top = Math.max(r.top, view.top);
      const bottom = Math.min(r.bottom, view.bottom);
      if (r.width === 0 || bottom <= top) continue;
      const overlaps = r.left < b.right && r.right > b.left && top < b.bottom && bottom > b.top;
      if (overlaps) covers.push(`${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 30)}`);
    }
    return { shown, covers };
  });
}

async function scrollUp(chat: ChatPage, px: number): Promise<void> {
  const box = (await chat.page.locator('.main > .transcript-frame > .transcript').boundingBox())!;
  await chat.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await chat.page.mouse.wheel(0, -px);
  await chat.page.waitForFunction(() => !document.querySelector<HTMLElement>('.jump-to-latest')!.hidden);
  await chat.frames();
}

describe('"Jump to latest" in the side bar (300 px)', () => {
  it('shown while the reader is above the end, it covers nothing of the transcript', async () => {
    const chat = await openChat(browser());
    await chat.snapshot(thread([...ready(), ...turns(6)]), [DEMO]);
    await chat.frames();
    expect((await covered(chat)).shown).toBe(false);
    await scrollUp(chat, 120);
    const seen = await covered(chat);
    expect(seen.shown).toBe(true);
    expect(seen.covers).toEqual([]);
    // Whole, inside the chat's frame (above the composer).
    const inFrame = await chat.page.locator('.jump-to-latest').evaluate((b) => {
      const r = b.getBoundingClientRect();
      const f = b.closest('.transcript-frame')!.getBoundingClientRect();
      return r.top >= f.top && r.bottom <= f.bottom && r.left >= f.left && r.right <= f.right;
    });
    expect(inFrame).toBe(true);
    await chat.close();
  });

  it('is gone when the end comes into view without a scroll by the reader (what is below shrank)', async () => {
    const chat = await openChat(browser());
    await chat.snapshot(thread([...ready(), ...turns(6), ...waiting]), [DEMO]);
    await chat.frames();
    await scrollUp(chat, 40);
    await chat.act({
      type: 'permissionResolved',
      permissionId: 'p1',
      outcome: { kind: 'selected', optionId: 'allow' },
    });
    await chat.frames();
    const at = await chat.page.locator('.main > .transcript-frame > .transcript').evaluate((el) => ({
      distance: el.scrollHeight - el.scrollTop - el.clientHeight,
    }));
    expect(at.distance).toBeLessThan(2);
    expect(await covered(chat)).toEqual({ shown: false, covers: [] });
    await chat.close();
  });
});
