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

/**
 * By hand, with real agents instead of the scripted ones: SWITCHBOARD_COMPARE_REAL_AGENTS names a JSON file of two
 * `switchboard.agents` entries (from ../shared/real-agents/agent-entry.mjs, each with its fake model running) and
 * SWITCHBOARD_COMPARE_PROMPT the prompt their fake model has a script for. `npm test` never sets it.
 */
const REAL_FILE = process.env.SWITCHBOARD_COMPARE_REAL_AGENTS;
/** @type {Record<string, { displayName: string }> | undefined} */
const REAL = REAL_FILE ? JSON.parse(fs.readFileSync(REAL_FILE, 'utf8')) : undefined;
const REAL_NAMES = REAL ? Object.values(REAL).map((entry) => entry.displayName) : [];
const REAL_PROMPT = process.env.SWITCHBOARD_COMPARE_PROMPT ?? 'Create hello.txt containing hi';
const REAL_TIMEOUT = 240_000;

/** The two agents the comparison runs (settings entries by id): the scripted ones, or the real ones given. */
export function compareAgents() {
  if (REAL) return REAL;
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

export function addCompareSteps(journey, options) {
  if (REAL) addRealAgentSteps(journey, options);
  else addScriptedSteps(journey, options);
}

/** Ctrl+Shift+Enter in the side bar's composer, then the agents checked in the pick and OK. */
async function startComparison(page, chat, prompt, names, screenshotDir, timeout) {
  await closeEditors(page);
  await runCommand(page, 'Switchboard: Focus Chat');
  await chat.locator('#composer:enabled').waitFor({ timeout });
  await chat.locator('#composer').fill(prompt);
  await chat.locator('#composer').press('Control+Shift+Enter');
  const input = page.locator('.quick-input-widget input[type="text"]').first();
  await input.waitFor({ timeout });
  for (const name of names) {
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
    await row.waitFor({ timeout });
    await row.click();
    await waitUntil(async () => (await row.getAttribute('aria-checked')) === 'true', timeout, `${name} checked`);
  }
  await page.screenshot({ path: path.join(screenshotDir, 'compare-pick.png') });
  await page.keyboard.press('Enter');
  const frame = await compareFrame(page, timeout);
  const column = (name) =>
    frame.locator('.compare-column', { has: frame.locator('.compare-agent', { hasText: name }) });
  for (const name of names) await column(name).waitFor({ timeout });
  return { frame, column };
}

/** Two real agents (by hand): both answer in their own worktree, the tests run in each, the first with files is taken. */
function addRealAgentSteps(journey, { page, chat, workspace, screenshotDir }) {
  journey.step(`Compare Agents with real agents: ${REAL_NAMES.join(' and ')}`, async () => {
    const { frame, column } = await startComparison(page(), chat, REAL_PROMPT, REAL_NAMES, screenshotDir, 60_000);
    const settled = ['done', 'needsYou', 'stopped', 'failed'];
    await waitUntil(
      async () => {
        for (const name of REAL_NAMES)
          if (!settled.includes((await column(name).getAttribute('data-state')) ?? '')) return false;
        return true;
      },
      REAL_TIMEOUT,
      'every agent done (or waiting for the user)',
    );
    await page().screenshot({ path: path.join(screenshotDir, 'compare-real-done.png') });
    const answers = [];
    for (const name of REAL_NAMES)
      answers.push(((await column(name).locator('.compare-answer').textContent()) ?? '').trim());
    console.log(
      `[journey] real agents' states and answers: ${JSON.stringify(await Promise.all(REAL_NAMES.map(async (name) => [name, await column(name).getAttribute('data-state'), answers[REAL_NAMES.indexOf(name)].slice(0, 200)])))}`,
    );
    if (answers.some((answer) => answer === '')) throw new Error('an agent has no answer');
    await frame.locator('.compare-run-all').click();
    for (const name of REAL_NAMES)
      await column(name)
        .locator('.compare-tests[data-state="passed"], .compare-tests[data-state="failed"]')
        .waitFor({ timeout: REAL_TIMEOUT });
    await page().screenshot({ path: path.join(screenshotDir, 'compare-real-tests.png') });
    let taken = REAL_NAMES[0];
    for (const name of REAL_NAMES) if ((await column(name).locator('.compare-file').count()) > 0) taken = name;
    const files = await column(taken)
      .locator('.compare-file')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-path')));
    await column(taken).locator('.compare-take').click();
    const dialog = page().locator('.monaco-dialog-box');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Take This One' }).click();
    await column(taken).locator('.compare-taken').waitFor();
    for (const file of files)
      await waitUntil(async () => fs.existsSync(path.join(workspace, file ?? '')), 60_000, `${file} in the workspace`);
    console.log(`[journey] took ${taken}: ${JSON.stringify(files)}`);
    await page().screenshot({ path: path.join(screenshotDir, 'compare-real-taken.png') });
  });
}

function addScriptedSteps(journey, { page, chat, workspace, screenshotDir, timeout }) {
  journey.step(
    'Compare Agents: Ctrl+Shift+Enter sends one prompt to two agents, side by side in a tab as they work',
    async () => {
      const { frame, column } = await startComparison(page(), chat, PROMPT, [CAREFUL, HASTY], screenshotDir, timeout);
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
