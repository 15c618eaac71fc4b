// Journey helpers for the chat's layout at the default window size (closing editors, measuring how much
// of the Chat view the conversation gets), and the journey steps about the view itself: the thread
// survives hiding and showing the chat view, and an agent whose command does not exist shows an error
// card with the command line and Restart.
import path from 'node:path';
import { runCommand } from '../../scripts/e2e/browser.mjs';
import { pickAgent } from './sessionSteps.mjs';
import { waitUntil } from './steps.mjs';

/** An agent in the run's user settings whose command does not exist (see chatJourney.mjs). */
export const MISSING_AGENT = {
  id: 'missing',
  config: { displayName: 'Missing agent', command: 'switchboard-no-such-agent', args: ['--acp'] },
};

/**
 * Closes the editors so a page screenshot shows the chat next to an empty editor area. The layout is
 * otherwise the one a new user gets at 1400x900: the side bar at its default width, Chat and Changes as
 * VS Code lays them out (the journey never widens views or collapses them to make room).
 */
export async function closeEditors(page) {
  await runCommand(page, 'View: Close All Editors');
}

/**
 * The chat's layout at this window size, measured inside its webview: the view's height (the webview's
 * viewport is the Chat view's body), the conversation's (the scrolling transcript), and the header's,
 * pending-changes row's and composer's, plus the side bar's width from the workbench.
 */
export async function measureChat(page, chat) {
  const sidebar = await page.locator('.part.sidebar').first().boundingBox();
  const inner = await chat.locator('.chat-app').evaluate((app) => {
    const height = (selector) => {
      const el = app.querySelector(selector);
      return el && !el.hidden ? el.getBoundingClientRect().height : 0;
    };
    return {
      view: window.innerHeight,
      transcript: height('.transcript'),
      header: height('.header'),
      pending: height('.session-review'),
      plan: height('.plan'),
      composer: height('.composer'),
      title: (() => {
        const el = app.querySelector('#session-title');
        return el && !el.hidden ? el.getBoundingClientRect().width : 0;
      })(),
    };
  });
  return { sidebarWidth: Math.round(sidebar?.width ?? 0), ...inner };
}

/**
 * The composer's selectors (mode, model, ...) that do not show their selected value whole: narrower than
 * the value's text plus the select's arrow, and not as wide as their row (a value too long for any row is
 * cut there). Measured with the select's own font.
 */
export async function squeezedSelects(chat) {
  return chat.locator('.composer .selectors').evaluate((row) => {
    const probe = row.ownerDocument.body.appendChild(row.ownerDocument.createElement('span'));
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
    const rowWidth = row.getBoundingClientRect().width;
    const squeezed = [];
    for (const select of row.querySelectorAll('select')) {
      probe.style.font = row.ownerDocument.defaultView.getComputedStyle(select).font;
      const value = select.selectedOptions[0]?.text ?? '';
      probe.textContent = value;
      // The arrow and the select's padding: about 24 px in VS Code's webview styles.
      const needed = probe.getBoundingClientRect().width + 24;
      const width = select.getBoundingClientRect().width;
      if (width < needed && width < rowWidth - 1)
        squeezed.push(`${value} (${Math.round(width)} of ${Math.round(needed)} px)`);
    }
    probe.remove();
    return squeezed;
  });
}

/**
 * A screenshot of one element of the chat (scrolled into view first), beside the page screenshots.
 * Scrolling up to it is what a reader does: the chat stops following its end and offers "Jump to
 * latest"; the reader then takes it, so the later steps see the chat at its end again.
 */
export async function cardScreenshot(locator, screenshotDir, name) {
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: path.join(screenshotDir, name) });
  const jump = locator.locator('xpath=ancestor::body').locator('.jump-to-latest');
  if (await jump.isVisible()) await jump.click();
}

export function addViewSteps(journey, { page, chat, screenshotDir, timeout }) {
  journey.step('the thread survives hiding and showing the chat view', async () => {
    // The chat's own entries, in its transcript: a subagent's work unfolded under its card, or its transcript
    // kept from when it was shown on its own, is the webview's view of the moment, not the chat's.
    const topLevel = chat.locator('.main > .transcript-frame > .transcript .entry:not(.subagent-work .entry)');
    const entries = await topLevel.count();
    const kinds = () => topLevel.evaluateAll((els) => els.map((el) => el.className).join(' | '));
    const before = await kinds();
    if (entries === 0) throw new Error('the chat shows no entries to begin with');
    await runCommand(page, 'View: Show Explorer');
    await page.locator('.explorer-folders-view').first().waitFor({ timeout });
    await page.locator('iframe.webview[src*="switchboard"]').first().waitFor({ state: 'hidden', timeout });
    await runCommand(page, 'Switchboard: Focus Chat');
    await chat.locator('#composer').waitFor({ timeout });
    await waitUntil(
      async () => (await topLevel.count()) === entries,
      timeout,
      `${entries} entries back in the chat`,
    ).catch(async (error) => {
      throw new Error(`${error.message}; before: ${before}; after: ${await kinds()}`);
    });
    await chat.locator('.terminal-view[data-state="succeeded"]').first().waitFor({ timeout });
  });

  journey.step('a missing agent command shows an error card with Restart', async () => {
    // With a chat open the agent picker is VS Code's own: "New Chat with Agent..." in the view's "..." menu.
    await pickAgent(page, MISSING_AGENT.config.displayName, timeout);
    const card = chat.locator('.error-card').first();
    await card.waitFor({ timeout });
    const command = (await card.locator('.error-command code').textContent()) ?? '';
    if (!command.includes(MISSING_AGENT.config.command))
      throw new Error(`the card does not show the command line: ${JSON.stringify(command)}`);
    await card.locator('button.restart').waitFor({ timeout });
    await cardScreenshot(card, screenshotDir, 'missing-agent.png');
  });
}
