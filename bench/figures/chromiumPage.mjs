// Headless Debian chromium with a page holding the extension's stylesheet and the bench's bundle of the webview app
// (out/bench/render-page.js), for the figures taken in chromium alone.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

export async function launchChromium() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run npm run provision`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--js-flags=--expose-gc',
      '--enable-precise-memory-info',
    ],
  });
}

/** Loads the chat page into `page`, in a window of its own (see render.mjs: a reused one keeps the last run alive). */
export async function loadChatPage(page, repo = process.cwd()) {
  const css = fs.readFileSync(path.join(repo, 'media', 'chat.css'), 'utf8');
  const script = fs.readFileSync(path.join(repo, 'out', 'bench', 'render-page.js'), 'utf8');
  await page.goto('about:blank');
  await page.setContent(
    `<!doctype html><html><head><style>${css}</style></head><body><div id="root"></div></body></html>`,
  );
  await page.addScriptTag({ content: script });
}
