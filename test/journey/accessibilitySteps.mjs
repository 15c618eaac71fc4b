// Accessibility steps of the user journey (issue 12): one whole turn with the keyboard only (the command
// palette, typing, Tab to the permission card, Enter), with a visible focus ring on the way; the screen
// reader's live regions say that permission is asked, with the options, and that the turn ended.
// (A High Contrast screenshot step is not here yet: picking the theme through the palette's quick pick was
// not reliable in code-server; the High Contrast rules are in media/chat.css.)
import path from 'node:path';
import { runCommand } from '../../scripts/e2e/browser.mjs';

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
      // new chat puts the cursor in the composer.
      await runCommand(p, 'Switchboard: New Chat with Agent...');
      await p.locator('.quick-input-widget input[type="text"]').first().waitFor({ timeout });
      await p.keyboard.type('Demo agent');
      await p.locator('.quick-input-list .monaco-list-row', { hasText: 'Demo agent' }).first().waitFor({ timeout });
      await p.keyboard.press('Enter');
      await chat.locator('#composer:enabled').waitFor({ timeout });
      // The quick pick hands the focus back to where it was, not to the chat: Focus Chat puts it in the composer.
      await runCommand(p, 'Switchboard: Focus Chat');
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

async function waitUntil(condition, timeout, what) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
