// Journey steps for terminals: the Demo agent's /terminal turn shows a live, coloured xterm card
// for a real command, and a second card the agent killed. Screenshot: test-results/journey/terminal.png.
import path from 'node:path';
import { cardScreenshot, closeEditors } from './layoutSteps.mjs';

export function addTerminalSteps(journey, { page, chat, screenshotDir, timeout }) {
  journey.step('/terminal shows a coloured terminal card whose command exits 0', async () => {
    const turnsBefore = await chat.locator('.entry.turn-end').count();
    await chat.locator('#composer:enabled').waitFor({ timeout });
    await chat.locator('#composer').fill('/terminal');
    // The slash menu is open while typing a command; the Send button sends as typed.
    await chat.locator('#send').click();
    const build = chat.locator('.terminal-view[data-state="succeeded"]').first();
    await build.waitFor({ timeout });
    // xterm's DOM renderer: rows of spans, ANSI colours as xterm-fg-N classes.
    await build.locator('.xterm-rows', { hasText: 'all 3 steps passed' }).waitFor({ timeout });
    const coloured = await build.locator('.xterm-rows span[class*="xterm-fg-"]').count();
    if (coloured === 0) throw new Error('the terminal card shows no coloured text');
    const status = await build.locator('.terminal-status').textContent();
    if (!/Exited 0/.test(status ?? '')) throw new Error(`unexpected status ${JSON.stringify(status)}`);
    // The review steps left an editor open.
    await closeEditors(page());
    const card = chat.locator('.entry.tool', { has: build }).first();
    await cardScreenshot(card, screenshotDir, 'terminal-card.png');
    await page().screenshot({ path: path.join(screenshotDir, 'terminal.png') });
    await waitForCount(chat.locator('.entry.turn-end'), turnsBefore + 1, timeout);
  });
  journey.step('the command the agent killed says so on its card', async () => {
    const killed = chat.locator('.terminal-view[data-stopped-by="agent"]').first();
    await killed.waitFor({ timeout });
    const status = (await killed.locator('.terminal-status').textContent()) ?? '';
    if (!/Killed by the agent/.test(status)) throw new Error(`unexpected status ${JSON.stringify(status)}`);
    // Its command is shown whole in the default side bar, not cut beside the status.
    const command = await killed
      .locator('.terminal-command')
      .evaluate((el) => ({ text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth }));
    if (command.scroll > command.client + 1)
      throw new Error(`the command "${command.text}" shows ${command.client} of ${command.scroll} px`);
    await killed.locator('.xterm-rows', { hasText: 'still waiting' }).waitFor({ timeout });
  });
  journey.step(
    '/shell: a command the agent runs itself shows as its terminal, coloured, with its exit and no Stop',
    async () => {
      const turnsBefore = await chat.locator('.entry.turn-end').count();
      await chat.locator('#composer:enabled').waitFor({ timeout });
      await chat.locator('#composer').fill('/shell');
      await chat.locator('#send').click();
      await waitForCount(chat.locator('.entry.turn-end'), turnsBefore + 1, timeout);
      const card = chat.locator('.entry.tool', { has: chat.locator('.terminal-owner') }).last();
      await card.locator('.xterm-rows', { hasText: 'no problems found' }).waitFor({ timeout });
      const coloured = await card.locator('.xterm-rows span[class*="xterm-fg-"]').count();
      if (coloured === 0) throw new Error("the agent's terminal card shows no coloured text");
      const status = (await card.locator('.terminal-status').textContent()) ?? '';
      if (!/Exited 0/.test(status)) throw new Error(`unexpected status ${JSON.stringify(status)}`);
      // Switchboard started no process: nothing on the card may claim to act on one.
      const controls = await card.locator('button', { hasText: /Stop|Open in Terminal/ }).count();
      if (controls > 0) throw new Error(`the agent's own terminal offers ${controls} process control(s)`);
      await cardScreenshot(card, screenshotDir, 'agent-terminal-card.png');
    },
  );
}

async function waitForCount(locator, count, timeout) {
  const deadline = Date.now() + timeout;
  while ((await locator.count()) < count) {
    if (Date.now() > deadline) throw new Error(`expected at least ${count} of ${locator}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
