// Journey steps for subagent sessions: the Demo agent's /subagents hands its turn to a Reader (which asks
// before editing, and can be stopped on its own) and a Planner, as child sessions. The user answers the
// Reader's permission where its card shows it, sees both cards end, opens the Reader on its own and goes
// back. Screenshots: test-results/journey/subagents*.png.
import path from 'node:path';
import { cardScreenshot, closeEditors } from './layoutSteps.mjs';

export function addSubagentSteps(journey, { page, chat, screenshotDir, timeout }) {
  const cards = () => chat.locator('.entry.subagent');
  const card = (title) =>
    cards()
      .filter({ has: chat.locator('.subagent-title', { hasText: title }) })
      .last();

  journey.step("/subagents shows a card per subagent, and the Reader's permission request in its card", async () => {
    await closeEditors(page());
    const before = await cards().count();
    await chat.locator('#composer:enabled').waitFor({ timeout });
    await chat.locator('#composer').fill('/subagents');
    await chat.locator('#send').click();
    await waitForCount(cards(), before + 2, timeout);
    const reader = card('Reader');
    // A subagent that waits for the user is never folded away: its permission is in the card, usable.
    const allow = reader.locator('.permission button[data-kind="allow_once"]');
    await allow.waitFor({ timeout });
    const state = (await reader.locator('.subagent-state-label').textContent()) ?? '';
    if (!/Waiting for you/.test(state)) throw new Error(`the Reader's card says ${JSON.stringify(state)}`);
    await cardScreenshot(reader, screenshotDir, 'subagent-waiting-card.png');
    await allow.click();
  });

  journey.step('both subagents end Done, and the chat says what each did', async () => {
    for (const title of ['Reader', 'Planner']) {
      await card(title).locator('.subagent-state-label', { hasText: 'Done' }).waitFor({ timeout });
    }
    await chat.locator('.entry.turn-end[data-stop-reason="end_turn"]').last().waitFor({ timeout });
    await chat.locator('.entry.agent', { hasText: 'Both subagents are done' }).last().waitFor({ timeout });
    await page().screenshot({ path: path.join(screenshotDir, 'subagents.png') });
  });

  journey.step('"Open" shows the Reader on its own with a way back; Back returns to the chat', async () => {
    await card('Reader').locator('button.subagent-open').click();
    const bar = chat.locator('.subagent-bar');
    await bar.waitFor({ timeout });
    await expectShown(bar.locator('.subagent-heading', { hasText: 'Reader' }), 'the bar names the Reader');
    // Its own transcript: the read it made and the edit it asked for, with no composer to prompt it.
    await expectShown(
      chat.locator('.subagent-transcript .entry.tool', { hasText: 'switchboard-demo.md' }).first(),
      'its tool calls',
    );
    if (await chat.locator('#composer').isVisible()) throw new Error('a subagent shown on its own offers the composer');
    await page().screenshot({ path: path.join(screenshotDir, 'subagent-open.png') });
    await page().keyboard.press('Escape');
    await bar.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {
      throw new Error('Escape did not bring the chat back from the subagent shown on its own');
    });
    await chat.locator('#composer').waitFor({ state: 'visible', timeout });
    await card('Reader').waitFor({ timeout });
  });
}

async function expectShown(locator, what) {
  await locator.waitFor({ timeout: 10_000 }).catch(() => {
    throw new Error(`the subagent shown on its own lacks ${what}`);
  });
}

async function waitForCount(locator, count, timeout) {
  const deadline = Date.now() + timeout;
  while ((await locator.count()) < count) {
    if (Date.now() > deadline) throw new Error(`expected at least ${count} of ${locator}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
