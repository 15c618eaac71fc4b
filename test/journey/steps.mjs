// A tiny step runner for user journeys: each step is one test. Steps run in order; once one fails the rest
// are reported as failed ("not reached"), so a broken journey never looks like fewer tests.
import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../../scripts/e2e/browser.mjs';

//
// `grep` (a RegExp, the journey's --grep): only the steps whose title matches run, after the setup steps (those added
// with `{ setup: true }`: the workbench and the chat opening); the others are left out of the results, so a run of a
// few steps shows only them.
export function createJourney({ screenshotDir, page, logsDir, grep }) {
  const steps = [];
  fs.mkdirSync(screenshotDir, { recursive: true });
  return {
    step(title, fn, { setup = false } = {}) {
      steps.push({ title, fn, setup });
    },
    async run() {
      const results = [];
      let broken = false;
      for (const [i, { title, fn, setup }] of steps.entries()) {
        const shot = path.join(screenshotDir, `${String(i + 1).padStart(2, '0')}-${slug(title)}.png`);
        if (grep && !setup && !grep.test(title)) continue;
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
          const message = err.message ?? String(err);
          console.log(`  ✘ ${title} (${Date.now() - t0} ms)\n      ${message.split('\n')[0]}`);
          const waitingFor = message.split('\n').find((l) => /^\s*- waiting for /.test(l));
          if (waitingFor) console.log(`      ${waitingFor.trim()}`);
          // What VS Code told the user (an error notification is often the reason), also those no longer shown.
          const told = (await notificationTexts(page())).map((line) => `notification: ${line}`);
          for (const line of told) console.log(`      ${line}`);
          // What Switchboard logged in the window (its "Switchboard" output channel): the host's side of it.
          const logged = logTailsSince(logsDir, t0 - 2000, 15); // file times are coarser than Date.now()
          for (const { name, lines } of logged)
            console.log(`      ${name}, last lines:\n        ${lines.join('\n        ')}`);
          const hostErrors = logged
            .flatMap(({ lines }) => lines)
            .filter((line) => /\[(error|warning)\]|fail|unexpected|lost/i.test(line))
            .slice(-3);
          results.push({
            title,
            ok: false,
            error: [message, ...told, ...hostErrors.map((l) => `log: ${l}`)].join('\n'),
          });
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

/**
 * The last `count` lines of each of the window's Switchboard output channels (the host's log and one per agent,
 * under `logsDir`) written to since `since`: what the host saw during a failed step.
 */
function logTailsSince(logsDir, since, count) {
  if (!logsDir || !fs.existsSync(logsDir)) return [];
  return fs
    .readdirSync(logsDir, { recursive: true })
    .map((name) => path.join(logsDir, String(name)))
    .filter((file) => /Switchboard[^/]*\.log$/.test(path.basename(file)) && fs.statSync(file).mtimeMs >= since)
    .map((file) => ({
      name: path.basename(file, '.log'),
      lines: fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .slice(-count)
        .map((line) => line.slice(0, 400)),
    }));
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
