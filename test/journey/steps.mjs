// A tiny step runner for user journeys: each step is one test. Steps run in order; once one fails the rest
// are reported as failed ("not reached"), so a broken journey never looks like fewer tests.
import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../../scripts/e2e/browser.mjs';

export function createJourney({ screenshotDir, page }) {
  const steps = [];
  fs.mkdirSync(screenshotDir, { recursive: true });
  return {
    step(title, fn) {
      steps.push({ title, fn });
    },
    async run() {
      const results = [];
      let broken = false;
      for (const [i, { title, fn }] of steps.entries()) {
        const shot = path.join(screenshotDir, `${String(i + 1).padStart(2, '0')}-${slug(title)}.png`);
        if (broken) {
          results.push({ title, ok: false, error: 'not reached (an earlier step failed)' });
          console.log(`  - ${title} (not reached)`);
          continue;
        }
        const t0 = Date.now();
        try {
          await fn();
          results.push({ title, ok: true });
          console.log(`  ✔ ${title} (${Date.now() - t0} ms)`);
        } catch (err) {
          broken = true;
          results.push({ title, ok: false, error: err.message ?? String(err) });
          console.log(`  ✘ ${title} (${Date.now() - t0} ms)\n      ${(err.message ?? String(err)).split('\n')[0]}`);
          // What VS Code told the user (an error notification is often the reason), also those no longer shown.
          for (const line of await notificationTexts(page())) console.log(`      notification: ${line}`);
        }
        await page()
          .screenshot({ path: shot })
          .catch(() => {});
      }
      return results;
    },
  };
}

/** The texts of the window's notifications: the notification center opened, read, and closed again. */
async function notificationTexts(page) {
  try {
    await runCommand(page, 'Notifications: Show Notifications', 15_000);
    const items = page.locator('.notifications-center .notification-list-item-message');
    await items
      .first()
      .waitFor({ timeout: 3000 })
      .catch(() => {});
    const texts = await items.allTextContents();
    await page.keyboard.press('Escape');
    return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  } catch {
    return [];
  }
}

function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
}

/** Polls `condition` (sync or async; a throw counts as not yet) every 200 ms until it holds, or throws after `timeout`. */
export async function waitUntil(condition, timeout, what) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(condition)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
