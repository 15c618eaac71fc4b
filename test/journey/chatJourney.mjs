#!/usr/bin/env node
// The user journey in a real VS Code: code-server with the packaged switchboard.vsix installed, driven by
// headless chromium. Open the sample workspace, open the chat, prompt the built-in Demo agent, watch the
// answer stream, allow its edit, review the diff, see the turn end, and check the file on disk.
// Screenshots: test-results/journey/*.png. Each step counts as one test.
//
// Usage: node test/journey/chatJourney.mjs [--no-package] [--grep REGEX]
//   --no-package reuses an existing switchboard.vsix; --grep runs only the steps whose title matches (case-insensitive),
//   after the workbench and chat opening steps (a step that needs earlier ones must then set up its own state).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import { provision } from '../../scripts/provision.mjs';
import {
  launchBrowser,
  newLoopbackPage,
  runCommand,
  switchboardWebview,
  waitForWorkbench,
  workbenchUrl,
} from '../../scripts/e2e/browser.mjs';
import {
  copyWorkspace,
  createRun,
  freePort,
  installCleanupHandlers,
  installVsix,
  startCodeServer,
  stopCodeServer,
} from '../../scripts/e2e/codeServer.mjs';
import { repoRoot, sampleWorkspace, testResultsDir, vsixPath } from '../../scripts/e2e/paths.mjs';
import { failureLine, seconds, writeSummary } from '../../scripts/e2e/summary.mjs';
import { addV2Steps, v2Agent } from './acpV2Steps.mjs';
import { addCompareSteps, compareAgents } from './compareSteps.mjs';
import { addAccessibilitySteps, addAxeStep, addHighContrastSteps } from './accessibilitySteps.mjs';
import { addCheckpointSteps } from './checkpointSteps.mjs';
import { addReviewSteps, REVIEW_FILE, START_TEXT } from './reviewSteps.mjs';
import { createJourney } from './steps.mjs';
import { addTerminalSteps } from './terminalSteps.mjs';
import {
  addViewSteps,
  cardScreenshot,
  closeEditors,
  measureChat,
  MISSING_AGENT,
  squeezedSelects,
} from './layoutSteps.mjs';
import { addSessionSteps, probeAgent } from './sessionSteps.mjs';
import { addComposerSteps } from './composerSteps.mjs';
import { addSubagentSteps } from './subagentSteps.mjs';
import { addAgentSteps, startFixtureRegistry } from './agentSteps.mjs';
import { checkVsixContents } from './vsixContents.mjs';

const { values: opts } = util.parseArgs({
  options: { 'no-package': { type: 'boolean', default: false }, grep: { type: 'string' } },
});
const STEP_TIMEOUT = 60_000;
const PROMPT = 'Add a farewell function next to greet in src/greet.ts';

function log(msg) {
  console.log(`[journey] ${msg}`);
}

async function main() {
  const t0 = Date.now();
  await provision();
  if (!opts['no-package']) {
    log('packaging switchboard.vsix (npm run package)');
    const r = spawnSync('npm', ['run', '--silent', 'package'], { cwd: repoRoot, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run package failed');
  }
  if (!fs.existsSync(vsixPath)) throw new Error(`${vsixPath} is missing`);

  // An agent whose command does not exist, for the error-card step (createRun puts this machine-scoped
  // setting where code-server's extension host reads it).
  const pidFile = path.join(fs.mkdtempSync(path.join('/tmp', 'sb-probe-')), 'pids.json');
  const probe = probeAgent(pidFile);
  // The scripted agent speaking ACP v2 (acpV2Steps.mjs), its wire recorded beside the probe's pids.
  const v2 = v2Agent(path.dirname(pidFile));
  // The ACP Registry the Browse Agents step installs from (agentSteps.mjs).
  const registry = await startFixtureRegistry();
  const run = createRun('journey', {
    settings: {
      'switchboard.agents': {
        [MISSING_AGENT.id]: MISSING_AGENT.config,
        [probe.id]: probe.config,
        [v2.id]: v2.config,
        ...compareAgents(),
      },
      // ACP v2 asked of every agent: the v1 ones (the Demo agent, the probe) go on in v1.
      'switchboard.acpV2': true,
      'switchboard.registry.url': registry.url,
      'switchboard.registry.uvReleasesUrl': registry.uvReleasesUrl,
    },
  });
  log(installVsix(run, vsixPath).split('\n').pop());
  const workspace = copyWorkspace(sampleWorkspace, path.join(run.dir, 'workspace'));
  const demoFile = path.join(workspace, 'switchboard-demo.md');
  const before = fs.existsSync(demoFile) ? fs.readFileSync(demoFile, 'utf8') : null;
  const screenshotDir = path.join(testResultsDir, 'journey');
  fs.rmSync(screenshotDir, { recursive: true, force: true });

  let server;
  let browser;
  let page;
  let keepRunDir = true;
  installCleanupHandlers();
  try {
    server = await startCodeServer(run, { port: await freePort() });
    log(`code-server up on ${server.url}; run dir ${run.dir}`);
    browser = await launchBrowser();
    page = await newLoopbackPage(browser);
    page.setDefaultTimeout(STEP_TIMEOUT);
    const chat = switchboardWebview(page);
    const journey = createJourney({
      screenshotDir,
      page: () => page,
      logsDir: path.join(run.dir, 'ud', 'logs'),
      grep: opts.grep ? new RegExp(opts.grep, 'i') : undefined,
    });

    journey.step('the packaged .vsix holds only what runs (bundles, media, node-pty runtime files)', async () => {
      log(`switchboard.vsix: ${await checkVsixContents(vsixPath)} entries, all expected`);
    });

    journey.step(
      'the workbench opens the sample workspace',
      async () => {
        await page.goto(workbenchUrl(server, workspace));
        await waitForWorkbench(page);
        await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'README.md' }).waitFor();
      },
      { setup: true },
    );
    journey.step(
      '"Switchboard: Focus Chat" opens the chat view',
      async () => {
        await runCommand(page, 'Switchboard: Focus Chat');
        await chat.locator('#composer').waitFor();
        await closeEditors(page);
      },
      { setup: true },
    );
    journey.step('the Demo agent is preselected and "New chat" starts a chat with it', async () => {
      const picker = chat.locator('select.agent-picker:visible').first();
      await expectValue(picker, 'demo');
      await chat.locator('button.new-chat:visible').first().click();
      await expectText(chat.locator('#agent-name'), /demo/i);
      await chat.locator('#composer:enabled').waitFor();
      // The empty message box is as tall as its placeholder (three lines in the default side bar), not cut.
      const box = await chat
        .locator('#composer')
        .evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, text: el.placeholder }));
      if (box.scroll > box.client + 1)
        throw new Error(`the message box shows ${box.client} of its placeholder's ${box.scroll} px: "${box.text}"`);
    });
    journey.step('a prompt streams markdown with a code block', async () => {
      await chat.locator('#composer').fill(PROMPT);
      await chat.locator('#composer').press('Enter');
      await chat.locator('.entry.agent .markdown pre code').first().waitFor();
    });
    journey.step('the edit asks for permission inline', async () => {
      const allow = chat.locator('.permission button[data-kind="allow_once"]').first();
      await allow.waitFor();
      await chat.locator('.permission button[data-kind="reject_once"]').first().waitFor();
      // What the user is asked to allow is shown whole in the default side bar, not cut with an ellipsis.
      const title = await chat
        .locator('.tool-card.awaiting-permission .tool-title')
        .first()
        .evaluate((el) => ({ text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth }));
      if (title.scroll > title.client + 1)
        throw new Error(`the permission card's title "${title.text}" shows ${title.client} of ${title.scroll} px`);
      await cardScreenshot(
        chat.locator('.tool-card.awaiting-permission').first(),
        screenshotDir,
        'permission-card.png',
      );
      await page.screenshot({ path: path.join(screenshotDir, 'permission.png') });
      await allow.click();
    });
    journey.step('after "Allow once" the edit completes and its diff card shows the added lines', async () => {
      await chat.locator('.tool-card[data-status="completed"] .diff .line.add').first().waitFor();
      await chat.locator('.permission button[data-kind="allow_once"]').first().waitFor({ state: 'detached' });
      // The card shows the review state the host sends once the write landed.
      const card = chat.locator('.tool-card[data-status="completed"]', { has: chat.locator('.diff') }).first();
      await card.locator('.diff[data-review="pending"] .review-state').first().waitFor();
      // Its file is named as the user knows it: relative to the workspace folder, not by an absolute path.
      const where = await card.locator('.tool-locations .location-link').first().textContent();
      if (where !== path.basename(demoFile)) throw new Error(`the card names its file ${JSON.stringify(where)}`);
      await cardScreenshot(card, screenshotDir, 'diff-card.png');
      await page.screenshot({ path: path.join(screenshotDir, 'diff.png') });
    });
    journey.step('the turn ends with end_turn', async () => {
      await chat.locator('.entry.turn-end[data-stop-reason="end_turn"]').first().waitFor();
      if (await chat.locator('.error-card').count()) throw new Error('an error card is shown');
    });
    addAxeStep(journey, { chat, log });
    journey.step(
      'at 1400x900 in the default layout the conversation takes at least half of the Chat view',
      async () => {
        // After a turn with a plan, a diff and pending changes: header, plan, pending row and composer
        // together must leave the transcript at least half of the view.
        await chat.locator('.session-review:not([hidden])').waitFor();
        const size = await page.viewportSize();
        if (size?.width !== 1400 || size?.height !== 900) throw new Error(`the window is ${JSON.stringify(size)}`);
        const m = await measureChat(page, chat);
        log(`layout: ${JSON.stringify(m)} (transcript ${Math.round((100 * m.transcript) / m.view)} % of the view)`);
        if (m.sidebarWidth > 420) throw new Error(`the side bar is ${m.sidebarWidth} px wide, not the default`);
        if (m.transcript < m.view / 2) {
          throw new Error(`the transcript is ${m.transcript} px of a ${m.view} px Chat view (less than half)`);
        }
        if (m.header > 30) throw new Error(`the header is ${m.header} px high (more than one line)`);
        if (m.pending > 30) throw new Error(`the pending-changes row is ${m.pending} px high (more than one line)`);
        // The chat's title shares the header line with the agent and its state: a few words of it show.
        if (m.title < 40) throw new Error(`the chat title in the header is ${m.title} px wide (squeezed)`);
        // The Demo agent's three selectors (mode, model, effort) each show their value whole.
        const squeezed = await squeezedSelects(chat);
        if (squeezed.length > 0) throw new Error(`composer selectors cut short: ${squeezed.join('; ')}`);
        await page.screenshot({ path: path.join(screenshotDir, 'layout-default.png') });
      },
    );
    journey.step("the agent's file changed on disk", async () => {
      const after = fs.existsSync(demoFile) ? fs.readFileSync(demoFile, 'utf8') : null;
      if (after === null) throw new Error(`${demoFile} was not written`);
      if (after === before) throw new Error(`${demoFile} is unchanged`);
      // The diff the user approved is what landed: the file's first line is one of the added lines shown.
      const firstLine = after.split(/\r?\n/)[0].trim();
      const shown = await chat.locator('.diff .line.add').allTextContents();
      if (!shown.some((text) => text.includes(firstLine))) {
        throw new Error(`the diff card does not show the written line ${JSON.stringify(firstLine)}`);
      }
    });
    addReviewSteps(journey, { page, chat, workspace, screenshotDir, timeout: STEP_TIMEOUT });
    addCheckpointSteps(journey, {
      page,
      chat,
      reviewFile: path.join(workspace, REVIEW_FILE),
      textBefore: START_TEXT,
      screenshotDir,
      timeout: STEP_TIMEOUT,
    });
    addTerminalSteps(journey, { page: () => page, chat, screenshotDir, timeout: STEP_TIMEOUT });
    addSubagentSteps(journey, { page: () => page, chat, screenshotDir, timeout: STEP_TIMEOUT });
    addViewSteps(journey, { page, chat, screenshotDir, timeout: STEP_TIMEOUT });
    addAccessibilitySteps(journey, { page: () => page, chat, screenshotDir, timeout: STEP_TIMEOUT });
    addComposerSteps(journey, {
      page: () => page,
      chat,
      prompt: PROMPT,
      workspace,
      screenshotDir,
      timeout: STEP_TIMEOUT,
    });
    addAgentSteps(journey, { page: () => page, chat, screenshotDir, timeout: STEP_TIMEOUT });
    addSessionSteps(journey, { page: () => page, chat, pidFile, workspace, screenshotDir, timeout: STEP_TIMEOUT });
    addV2Steps(journey, {
      page: () => page,
      chat,
      workspace,
      recordDir: path.dirname(pidFile),
      screenshotDir,
      timeout: STEP_TIMEOUT,
    });
    addCompareSteps(journey, { page: () => page, chat, workspace, screenshotDir, timeout: STEP_TIMEOUT });
    // Last: it reloads the window in another theme.
    addHighContrastSteps(journey, {
      page: () => page,
      chat,
      screenshotDir,
      timeout: STEP_TIMEOUT,
      settingsFile: path.join(run.dir, 'ud', 'User', 'settings.json'),
    });

    const results = await journey.run();
    const passed = results.filter((r) => r.ok).length;
    const failed = results.length - passed;
    log(
      `${passed} passed, ${failed} failed; screenshots in ${path.relative(repoRoot, screenshotDir)} (${seconds(t0)} s)`,
    );
    const failures = results.filter((r) => !r.ok).map((r) => failureLine(r.title, r.error));
    writeSummary({ passed, failed, failures });
    keepRunDir = failed > 0;
    return failed === 0;
  } finally {
    await browser?.close().catch(() => {});
    if (server) await stopCodeServer(server);
    await registry.stop();
    if (keepRunDir) log(`run folder kept for its logs: ${run.dir}`);
    else fs.rmSync(run.dir, { recursive: true, force: true });
  }
}

async function expectValue(locator, expected, timeout = STEP_TIMEOUT) {
  const deadline = Date.now() + timeout;
  let value = '';
  while (Date.now() < deadline) {
    value = await locator.inputValue({ timeout }).catch(() => '');
    if (value === expected) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`expected value ${JSON.stringify(expected)}, got ${JSON.stringify(value)}`);
}

/** Polls a locator's text until it matches (the webview renders asynchronously). */
async function expectText(locator, re, timeout = STEP_TIMEOUT) {
  const deadline = Date.now() + timeout;
  let text = '';
  while (Date.now() < deadline) {
    text = (await locator.textContent({ timeout }).catch(() => '')) ?? '';
    if (re.test(text)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`expected text matching ${re}, got ${JSON.stringify(text)}`);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(`[journey] ERROR: ${err.stack ?? err}`);
    writeSummary({ passed: 0, failed: 1, note: String(err.message ?? err) });
    process.exit(1);
  },
);
