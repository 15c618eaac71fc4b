// The composer's status while a turn runs ("Demo agent is working. Enter queues, …") in real chromium, in the side
// bar (300 px, where it was cut to "Dem…" beside "@") and in a wide editor tab: which agent and what it does can be
// read whole in both, inside the composer.
import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { openChat, useBrowser, SIDE_BAR_WIDTH } from './chatPage';
import { DEMO, prompt, ready, thread } from './threads';

const browser = useBrowser();
/** The editor area beside the default side bar at 1400x900, where a chat opened in a tab lives. */
const EDITOR_TAB_WIDTH = 1000;

const options = [
  {
    id: 'model',
    name: 'Model',
    type: 'select',
    currentValue: 'flash',
    options: [{ value: 'flash', name: 'Demo Flash' }],
  },
  { id: 'effort', name: 'Effort', type: 'select', currentValue: 'm', options: [{ value: 'm', name: 'Medium' }] },
] as unknown as acp.SessionConfigOption[];

async function statusAt(width: number) {
  const chat = await openChat(browser(), width);
  await chat.snapshot(thread([...ready(options), prompt('Refactor the parser')]), [DEMO]);
  const seen = await chat.page.locator('.composer-status').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const box = el.closest('.composer-box')!.getBoundingClientRect();
    const send = document.getElementById('send')!.getBoundingClientRect();
    return {
      text: el.textContent,
      whole: r.width > 0 && el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
      inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5,
      besideSend: r.top < send.bottom && r.bottom > send.top,
    };
  });
  await chat.page.locator('.composer').screenshot({ path: `/tmp/composer-status-${width}.png` });
  await chat.close();
  return seen;
}

describe('the composer status while a turn runs', () => {
  it('in the side bar (300 px) it has a row of its own and shows whole', async () => {
    const seen = await statusAt(SIDE_BAR_WIDTH);
    expect(seen).toMatchObject({ whole: true, inside: true, besideSend: false });
    expect(seen.text).toBe('Demo agent is working. Enter queues, Esc stops.');
  });

  it('in a wide editor tab it stays on the line of Send and shows whole', async () => {
    const seen = await statusAt(EDITOR_TAB_WIDTH);
    expect(seen).toMatchObject({ whole: true, inside: true, besideSend: true });
  });
});
