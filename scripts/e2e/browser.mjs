// playwright-core driving Debian's chromium (no browser download), confined to loopback.
import { chromium } from 'playwright-core';
import { chromiumPath } from './paths.mjs';

export async function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A page whose requests to anything but 127.0.0.1/localhost are aborted (telemetry, galleries, CDNs). */
export async function newLoopbackPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return context.newPage();
}

export function workbenchUrl(server, folder, payload) {
  // Slashes stay readable: the URL is also printed for people to open. A .code-workspace file opens
  // that (multi-root) workspace.
  const kind = folder.endsWith('.code-workspace') ? 'workspace' : 'folder';
  let url = `${server.url}/?${kind}=${encodeURIComponent(folder).replaceAll('%2F', '/')}`;
  if (payload) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return url;
}

/** Waits for the workbench and for the remote file system (the explorer lists the folder). */
export async function waitForWorkbench(page, timeout = 90_000) {
  await page.locator('.monaco-workbench').waitFor({ timeout });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout });
}

/**
 * Runs a command by its palette title. The palette snapshots the command list when it opens, and extension
 * contributions arrive seconds after the workbench renders, so close and reopen it until the command shows.
 */
export async function runCommand(page, title, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input[type="text"]').first();
    try {
      // Inside the retry: on a busy machine the palette can close again (focus moving to a view that is still
      // being restored) between showing and typing; press F1 again rather than wait out the whole timeout.
      await input.waitFor({ timeout: 10_000 });
      await input.fill('>' + title, { timeout: 5000 });
      await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 2000 });
      await page.keyboard.press('Enter');
      return;
    } catch {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw new Error(`command not found in the palette: ${title}`);
    }
  }
}

/**
 * Presses Enter in the open quick pick once its highlighted row is the one showing `label`: Enter accepts the
 * highlighted row, and right after the filter is typed that can still be the first row of the unfiltered list (a
 * fresh-clone journey once started another agent so, the row it waited for being on screen already).
 */
export async function acceptQuickPickRow(page, label, timeoutMs = 10_000) {
  await page
    .locator('.quick-input-list .monaco-list-row.focused', { hasText: label })
    .first()
    .waitFor({ timeout: timeoutMs });
  await page.keyboard.press('Enter');
}

/**
 * Clicks `button` on the notification that says `message`. VS Code shows it as a toast, or puts it straight into the
 * notification center without one when more than three notifications came within 800 ms (its spam protection; a
 * runtime download and an install finishing at once do that): after a few seconds without a toast, look there too,
 * opening the center again now and then in case the command was lost.
 */
export async function clickNotificationButton(page, message, button, timeoutMs = 60_000) {
  const toast = page.locator('.notification-toast', { hasText: message }).first();
  const listed = page.locator('.notifications-center .monaco-list-row', { hasText: message }).first();
  const start = Date.now();
  let centerShownAt = 0;
  for (;;) {
    for (const notice of [toast, listed]) {
      if (!(await notice.isVisible())) continue;
      const clicked = await notice
        .getByRole('button', { name: button })
        .click({ timeout: 5000 })
        .then(
          () => true,
          () => false,
        );
      if (clicked) return;
    }
    const now = Date.now();
    if (now - start > timeoutMs) throw new Error(`no notification "${message}" with a ${button} button`);
    if (now - start > 5000 && now - centerShownAt > 15_000) {
      await runCommand(page, 'Notifications: Show Notifications');
      centerShownAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The extension's webview content: iframe.webview (VS Code's host page) > #active-frame (our HTML). */
export function switchboardWebview(page) {
  return page.frameLocator('iframe.webview[src*="switchboard"]').frameLocator('#active-frame');
}
