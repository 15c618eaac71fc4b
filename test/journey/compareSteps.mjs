// Journey steps for "Compare Agents": the user types a prompt in the chat and presses Ctrl+Shift+Enter, checks two
// agents in the pick, and the comparison opens in an editor tab beside the 300 px side bar: each agent works in a
// worktree of its own and answers its own way (the scripted agent's `compare` scenario, careful and hasty variants,
// test/fixtures/scripted/compare.mjs).
// "Run tests in each" runs the sample workspace's `npm test` (node --test) in both worktrees: the careful one passes,
// the hasty one fails. "Take this one" on the careful agent brings its files into the workspace for review and
// closes the other chat with its worktree. Screenshots: compare-working.png, compare-done.png, compare-tests.png,
// compare-taken.png.
import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../../scripts/e2e/browser.mjs';
import { repoRoot } from '../../scripts/e2e/paths.mjs';
import { closeEditors } from './layoutSteps.mjs';
import { waitUntil } from './steps.mjs';

const CAREFUL = 'Careful agent';
const HASTY = 'Hasty agent';
const PROMPT = 'Add a farewell function beside greet, with a test';

/** The two scripted agents the comparison runs (settings entries by id). */
export function compareAgents() {
  const entry = (name, variant) => ({
    displayName: name,
    command: process.execPath,
    args: [
      path.join(repoRoot, 'test', 'fixtures', 'scriptedAgent.mjs'),
      ...['--scenario', 'compare', '--variant', variant, '--delay-ms', '250'],
    ],
  });
  return { 'compare-careful': entry(CAREFUL, 'careful'), 'compare-hasty': entry(HASTY, 'hasty') };
}

/**
 * The comparison page's frame (its body says data-page="compare"), once it is there.
 * @returns {Promise<import('playwright-core').Frame>}
 */
async function compareFrame(page, timeout) {
  /** @type {import('playwright-core').Frame | undefined} */
  let found;
  await waitUntil(
    async () => {
      for (const frame of page.frames()) {
        const isCompare = await frame
          .locator('body[data-page="compare"]')
          .count()
          .catch(() => 0);
        if (isCompare > 0) {
          found = frame;
          return true;
        }
      }
      return false;
    },
    timeout,
    'the comparison tab',
  );
  if (!found) throw new Error('no comparison tab');
  return found;
}

export function addCompareSteps(journey, { page, chat, workspace, screenshotDir, timeout }) {
  journey.step(
    'Compare Agents: Ctrl+Shift+Enter sends one prompt to two agents, side by side in a tab as they work',
    async () => {
      await closeEditors(page());
      await runCommand(page(), 'Switchboard: Focus Chat');
      await chat.locator('#composer:enabled').waitFor({ timeout });
      await chat.locator('#composer').fill(PROMPT);
      await chat.locator('#composer').press('Control+Shift+Enter');
      // The pick of agents: two checked, then OK.
      const input = page().locator('.quick-input-widget input[type="text"]').first();
      await input.waitFor({ timeout });
      for (const name of [CAREFUL, HASTY]) {
        const row = page().locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
        await row.waitFor({ timeout });
        await row.click();
        await waitUntil(async () => (await row.getAttribute('aria-checked')) === 'true', timeout, `${name} checked`);
      }
      await page().screenshot({ path: path.join(screenshotDir, 'compare-pick.png') });
      await page().keyboard.press('Enter');
      const frame = await compareFrame(page(), timeout);
      const column = (name) =>
        frame.locator('.compare-column', { has: frame.locator('.compare-agent', { hasText: name }) });
      await column(CAREFUL).waitFor({ timeout });
      await column(HASTY).waitFor({ timeout });
      // Seen while they work: at least one column streams its answer before both are done.
      await waitUntil(
        async () => (await frame.locator('.compare-column[data-state="working"]').count()) > 0,
        timeout,
        'a column working',
      );
      await page().screenshot({ path: path.join(screenshotDir, 'compare-working.png') });
      for (const name of [CAREFUL, HASTY])
        await column(name).and(frame.locator('[data-state="done"]')).waitFor({ timeout });
      // Each answered its own way and changed its own worktree, never the workspace.
      const careful = (await column(CAREFUL).locator('.compare-answer').textContent()) ?? '';
      const hasty = (await column(HASTY).locator('.compare-answer').textContent()) ?? '';
      if (!careful.includes('trimming the name') || !hasty.includes('Quick one'))
        throw new Error(`the answers are not each agent's own: ${JSON.stringify([careful, hasty])}`);
      for (const name of [CAREFUL, HASTY])
        await column(name).locator('.compare-file', { hasText: 'src/farewell.js' }).waitFor({ timeout });
      if (fs.existsSync(path.join(workspace, 'src', 'farewell.js')))
        throw new Error('an agent of the comparison wrote into the workspace');
      await page().screenshot({ path: path.join(screenshotDir, 'compare-done.png') });
    },
  );

  journey.step(
    "Run tests in each: the workspace's npm test passes in one worktree and fails in the other",
    async () => {
      const frame = await compareFrame(page(), timeout);
      const column = (name) =>
        frame.locator('.compare-column', { has: frame.locator('.compare-agent', { hasText: name }) });
      await frame.locator('.compare-run-all').click();
      await column(CAREFUL).locator('.compare-tests[data-state="passed"]').waitFor({ timeout });
      await column(HASTY).locator('.compare-tests[data-state="failed"]').waitFor({ timeout });
      await page().screenshot({ path: path.join(screenshotDir, 'compare-tests.png') });
    },
  );

  journey.step(
    'Take this one: its files come into the workspace for review, the other chat and worktree go',
    async () => {
      const frame = await compareFrame(page(), timeout);
      const column = (name) =>
        frame.locator('.compare-column', { has: frame.locator('.compare-agent', { hasText: name }) });
      await column(CAREFUL).locator('.compare-take').click();
      const dialog = page().locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout });
      await dialog.getByRole('button', { name: 'Take This One' }).click();
      await column(CAREFUL).locator('.compare-taken').waitFor({ timeout });
      await column(HASTY).and(frame.locator('[data-state="closed"]')).waitFor({ timeout });
      // The closed chat's column still shows what it answered (its transcript is in Chat History).
      await column(HASTY).locator('.compare-answer', { hasText: 'Quick one' }).waitFor({ timeout });
      const taken = path.join(workspace, 'src', 'farewell.js');
      await waitUntil(async () => fs.existsSync(taken), timeout, 'the taken file in the workspace');
      if (!fs.readFileSync(taken, 'utf8').includes("trim() || 'world'"))
        throw new Error(`the workspace got another agent's file: ${fs.readFileSync(taken, 'utf8')}`);
      await page().screenshot({ path: path.join(screenshotDir, 'compare-taken.png') });
      // Left as the user would: the change kept, the tab closed, the side bar's chat focused.
      await runCommand(page(), 'Switchboard: Keep All Agent Changes');
      await closeEditors(page());
      await runCommand(page(), 'Switchboard: Focus Chat');
    },
  );
}
