// Accessibility steps of the user journey: one whole turn with the keyboard only (the command
// palette, typing, Tab to the permission card, Enter), with a visible focus ring on the way; the screen
// reader's live regions say that permission is asked, with the options, and that the turn ended.
// Last, the chat in VS Code's "Default High Contrast" theme (set in the run's user settings, then the window
// reloaded: code-server's settings watcher did not apply the change within a minute here, and picking the
// theme in the palette's quick pick was not reliable): the borders and the focus ring take the theme's
// contrast colours and the text keeps its contrast; a screenshot shows it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runCommand } from '../../scripts/e2e/browser.mjs';
import { pickAgent } from './sessionSteps.mjs';
import { waitUntil } from './steps.mjs';

/** The focused element inside the chat's webview, described for the checks below. */
async function focused(chat) {
  return chat.locator('body').evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = el.ownerDocument.defaultView.getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      kind: el.getAttribute('data-kind'),
      id: el.id,
      inPermission: el.closest('.permission') !== null,
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
    };
  });
}

export function addAccessibilitySteps(journey, { page, chat, screenshotDir, timeout }) {
  journey.step(
    'one turn with the keyboard only: prompt, Tab to the permission, Enter; the live regions speak',
    async () => {
      const p = page();
      // The palette by key (F1), as runCommand does, then the agent's quick pick by typing and Enter; the
      // new chat puts the cursor in the composer. The keys go where the focus is: a webview that kept it (the
      // error card of the step before) would take them.
      await pickAgent(p, 'Demo agent', timeout, async (input) => {
        await input.focus();
        await p.keyboard.type('Demo agent');
      });
      await chat.locator('#composer:enabled').waitFor({ timeout });
      // The new chat puts the cursor in the composer once its agent is ready (no click, no Focus Chat).
      await waitUntil(async () => (await focused(chat))?.id === 'composer', timeout, 'the composer to have the focus');
      const turnsBefore = await chat.locator('.entry.turn-end').count();
      // The space after the command closes the / menu, so Enter sends.
      await p.keyboard.type('/edit ');
      await p.keyboard.press('Enter');
      await chat.locator('.permission button[data-kind="allow_once"]').first().waitFor({ timeout });
      const ask = chat.locator('.sr-only [aria-live="assertive"]');
      await waitUntil(
        async () => /asks permission: .*Options: .*Allow/i.test((await ask.textContent()) ?? ''),
        timeout,
        'the permission ask in the assertive live region',
      );
      // Back from the composer through the chat to the permission's Allow button.
      let reached = null;
      for (let i = 0; i < 30 && !reached; i++) {
        await p.keyboard.press('Shift+Tab');
        const now = await focused(chat);
        if (now && !now.outline) throw new Error(`the focused ${now.tag} shows no focus ring`);
        if (now?.inPermission && now.kind === 'allow_once') reached = now;
      }
      if (!reached) throw new Error('Shift+Tab from the composer never reached the permission card');
      await page().screenshot({ path: path.join(screenshotDir, 'keyboard-permission.png') });
      await p.keyboard.press('Enter');
      await waitUntil(
        async () => (await chat.locator('.entry.turn-end').count()) > turnsBefore,
        timeout,
        'the keyboard turn to end',
      );
      const said = chat.locator('.sr-only [aria-live="polite"]');
      await waitUntil(
        async () => /finished\.$/.test((await said.textContent()) ?? ''),
        timeout,
        'the turn end in the polite live region',
      );
    },
  );
}

/** Sets (or with `undefined` removes) one user setting in the run's settings file; VS Code applies it live. */
function setUserSetting(settingsFile, key, value) {
  const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
  if (value === undefined) delete settings[key];
  else settings[key] = value;
  fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2) + '\n');
}

/**
 * What the High Contrast rules of media/chat.css should give, measured in the chat's webview: the colours
 * of the theme's variables, a button's and a card's border, the focused composer's outline, and the
 * contrast ratio of the transcript's text and the header's secondary text against the background.
 */
async function contrastReport(chat) {
  return chat.locator('body').evaluate(() => {
    const css = (el) => el.ownerDocument.defaultView.getComputedStyle(el);
    const resolve = (variable) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${variable})`;
      document.body.appendChild(probe);
      const color = css(probe).color;
      probe.remove();
      return color;
    };
    const rgb = (color) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color) => {
      const [r, g, b] = rgb(color).map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const background = css(document.body).backgroundColor;
    // A bordered button the user sees (a link button has no border; one inside a hidden bar is not seen).
    const button = [...document.querySelectorAll('.composer button')].find(
      (b) => 'offsetParent' in b && b.offsetParent !== null && !b.classList.contains('link-button'),
    );
    const card = document.querySelector('.tool-card');
    const text = document.querySelector('.entry.agent') ?? document.querySelector('.agent-name');
    const secondary = document.querySelector('.connection-state, .agent-version');
    const composer = document.getElementById('composer');
    composer.focus();
    // The textarea draws no outline of its own: its box shows the focus (media/chat.css).
    const focusStyle = css(composer.closest('.composer-box') ?? composer);
    return {
      highContrast: document.body.classList.contains('vscode-high-contrast'),
      contrastBorder: resolve('--vscode-contrastBorder'),
      activeBorder: resolve('--vscode-contrastActiveBorder'),
      focusBorder: resolve('--vscode-focusBorder'),
      buttonBorder: button ? css(button).borderTopColor : null,
      cardBorder: card ? css(card).borderTopColor : null,
      focusOutline: {
        color: focusStyle.outlineColor,
        width: focusStyle.outlineStyle === 'none' ? 0 : parseFloat(focusStyle.outlineWidth) || 0,
        border: focusStyle.borderTopColor,
      },
      textRatio: text ? ratio(css(text).color, background) : 0,
      secondaryRatio: secondary ? ratio(css(secondary).color, background) : 0,
    };
  });
}

export function addHighContrastSteps(journey, { page, chat, screenshotDir, timeout, settingsFile }) {
  journey.step('in the Default High Contrast theme the chat is readable: contrast borders and focus', async () => {
    // Once in a CI run the reloaded window kept the old theme (the setting written just before was not
    // read yet), and the step waited out its timeout: reload once more when the theme did not change.
    for (let attempt = 1; ; attempt++) {
      setUserSetting(settingsFile, 'workbench.colorTheme', 'Default High Contrast');
      await runCommand(page(), 'Developer: Reload Window');
      try {
        await page().locator('.monaco-workbench.hc-black').waitFor({ timeout: 45_000 });
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
      }
    }
    // A new chat with the Demo agent: its empty-chat card, header and composer in the theme.
    // (By its quick pick: the palette's fuzzy match for "New Chat" may run "New Chat with Agent...".)
    // Filled, not typed: after the reload the editor may still hold the keyboard focus.
    await pickAgent(page(), 'Demo agent', timeout);
    await chat.locator('body.vscode-high-contrast').waitFor({ timeout });
    await chat.locator('#composer:enabled').waitFor({ timeout });
    const r = await contrastReport(chat);
    console.log(`[journey] high contrast: ${JSON.stringify(r)}`);
    if (!r.highContrast) throw new Error('the webview body has no vscode-high-contrast class');
    if (r.buttonBorder !== r.contrastBorder)
      throw new Error(`a composer button's border is ${r.buttonBorder}, not the contrast border ${r.contrastBorder}`);
    if (r.cardBorder !== null && r.cardBorder !== r.contrastBorder)
      throw new Error(`a tool card's border is ${r.cardBorder}, not the contrast border ${r.contrastBorder}`);
    const ring = [r.activeBorder, r.focusBorder];
    if (r.focusOutline.width < 1 || !ring.includes(r.focusOutline.color) || !ring.includes(r.focusOutline.border))
      throw new Error(`the focused composer's outline is ${JSON.stringify(r.focusOutline)}, not a contrast colour`);
    // WCAG AAA for the transcript's text, AA for the secondary text.
    if (r.textRatio < 7) throw new Error(`the transcript's text has a contrast ratio of ${r.textRatio.toFixed(1)}`);
    if (r.secondaryRatio < 4.5)
      throw new Error(`the header's secondary text has a contrast ratio of ${r.secondaryRatio.toFixed(1)}`);
    await page().screenshot({ path: path.join(screenshotDir, 'high-contrast.png') });
  });
}

/**
 * axe-core (WCAG 2.1 A and AA, and its best practices) over the chat's webview after the Demo turn: no serious or
 * critical violation; the others are logged. axe is evaluated in the webview's frame as a script of the test (the
 * webview's Content-Security-Policy applies to the page's own scripts, not to the test's evaluation).
 */
export function addAxeStep(journey, { chat, log }) {
  journey.step('axe-core finds no serious or critical accessibility violation in the chat after a turn', async () => {
    const frame = await (await chat.locator(':root').elementHandle()).ownerFrame();
    if (process.env.SWITCHBOARD_DUMP_THEME)
      fs.writeFileSync(
        process.env.SWITCHBOARD_DUMP_THEME,
        await frame.evaluate(() => document.documentElement.getAttribute('style') ?? ''),
      );
    const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await frame.evaluate(source);
    const violations = await frame.evaluate(async () => {
      const result = await globalThis.axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        // The target and axe's own account of it (for contrast: both colours and the ratio).
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
      }));
    });
    const describe = (v) => `${v.impact} ${v.id} (${v.nodes.join('; ')})`;
    log(`axe: ${violations.length === 0 ? 'no violations' : violations.map(describe).join('; ')}`);
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (blocking.length > 0) throw new Error(`axe-core: ${blocking.map(describe).join('; ')}`);
  });
}
