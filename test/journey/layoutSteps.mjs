// Journey helpers for readable screenshots (a wide side bar that the chat has to itself), and the
// journey steps about the view itself: the thread survives hiding and showing the chat view, and an
// agent whose command does not exist shows an error card with the command line and Restart.
import path from 'node:path';
import { runCommand } from '../../scripts/e2e/browser.mjs';

/** An agent in the run's user settings whose command does not exist (see chatJourney.mjs). */
export const MISSING_AGENT = {
  id: 'missing',
  config: { displayName: 'Missing agent', command: 'switchboard-no-such-agent', args: ['--acp'] },
};

/**
 * Gives the chat the whole side bar and widens it: collapses the Changes view below it, closes the
 * editors (optional) and drags the side bar's edge to the right. Best effort: a layout that does not
 * budge only makes screenshots smaller, it is not what the journey tests.
 */
export async function roomForChat(page, { closeEditors = false } = {}) {
  if (closeEditors) await runCommand(page, 'View: Close All Editors');
  const changes = page
    .locator('.part.sidebar .pane-header', { has: page.locator('.title', { hasText: /^Changes$/ }) })
    .first();
  if ((await changes.count()) > 0 && (await changes.getAttribute('aria-expanded')) === 'true') await changes.click();
  const box = await page.locator('.part.sidebar').first().boundingBox();
  if (box && box.width < 600) {
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width + 1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 720, y, { steps: 8 });
    await page.mouse.up();
  }
}

/** A screenshot of one element of the chat (scrolled into view first), beside the page screenshots. */
export async function cardScreenshot(locator, screenshotDir, name) {
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: path.join(screenshotDir, name) });
}

export function addViewSteps(journey, { page, chat, screenshotDir, timeout }) {
  journey.step('the thread survives hiding and showing the chat view', async () => {
    const entries = await chat.locator('.entry').count();
    if (entries === 0) throw new Error('the chat shows no entries to begin with');
    await runCommand(page, 'View: Show Explorer');
    await page.locator('.explorer-folders-view').first().waitFor({ timeout });
    await page.locator('iframe.webview[src*="switchboard"]').first().waitFor({ state: 'hidden', timeout });
    await runCommand(page, 'Switchboard: Focus Chat');
    await chat.locator('#composer').waitFor({ timeout });
    await waitUntil(
      async () => (await chat.locator('.entry').count()) === entries,
      timeout,
      `${entries} entries back in the chat`,
    );
    await chat.locator('.terminal-view[data-state="succeeded"]').first().waitFor({ timeout });
  });

  journey.step('a missing agent command shows an error card with Restart', async () => {
    const picker = chat.locator('select.agent-picker:visible').first();
    await picker.selectOption(MISSING_AGENT.id);
    await chat.locator('button.new-chat:visible').first().click();
    const card = chat.locator('.error-card').first();
    await card.waitFor({ timeout });
    const command = (await card.locator('.error-command code').textContent()) ?? '';
    if (!command.includes(MISSING_AGENT.config.command))
      throw new Error(`the card does not show the command line: ${JSON.stringify(command)}`);
    await card.locator('button.restart').waitFor({ timeout });
    await cardScreenshot(card, screenshotDir, 'missing-agent.png');
  });
}

async function waitUntil(condition, timeout, what) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
