// A chat shown again after a window reload opens where the reader left it: the entry that was at the top is at the
// top again, however tall it is. After a reload no entry has been rendered yet (off-screen entries are
// `content-visibility: auto` with a 60 px estimate), so a position inside a taller entry must not be measured
// against the estimate (the journey's reload step once opened one entry further down).
import { expect, it } from 'vitest';
import { openChat, useBrowser } from './chatPage';
import { DEMO, prompt, ready, thread, update } from './threads';

const browser = useBrowser();

it('opens at the saved entry and the pixels into it, also when that entry is far taller than the estimate', async () => {
  const chat = await openChat(browser());
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) => `Paragraph ${i} of a long answer that wraps in the side bar.`,
  );
  const turns = Array.from({ length: 15 }, (_, i) => [
    prompt(`question ${i}`),
    update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: paragraphs.join('\n\n') } }),
    { type: 'turnEnded' as const, stopReason: 'end_turn' as const },
  ]).flat();
  const state = thread([...ready(), ...turns]);
  const target = state.entries.filter((entry) => entry.kind === 'agent')[5]!.id;
  await chat.page.evaluate(
    ([id]) => (globalThis as any).switchboardLayout.setAnchor('t1', { following: false, entryId: id, offset: 200 }),
    [target],
  );
  await chat.snapshot(state, [DEMO]);
  await chat.frames();
  const shown = await chat.page.locator('.transcript').evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const entry = [...el.querySelectorAll('.entry')].find((e) => e.getBoundingClientRect().bottom > top + 1);
    return { id: entry?.getAttribute('data-entry-id'), into: top - (entry?.getBoundingClientRect().top ?? 0) };
  });
  expect(shown.id).toBe(target);
  expect(Math.abs(shown.into - 200)).toBeLessThan(2);
});
