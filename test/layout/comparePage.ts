// The comparison view in Debian chromium at an editor tab's width beside the default side bar (1400x900 window:
// the tab is about 1000 px wide), with the extension's stylesheets (media/chat.css, then media/compare.css, as the
// host links them) and the theme variables a real code-server gives its webviews.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { CompareFromWebview, CompareView } from '../../src/shared/compare';
import { pageScript } from './chatPage';

const repo = path.resolve(__dirname, '../..');
/** An editor tab beside the 300 px side bar in a 1400x900 window (activity bar and borders take the rest). */
export const EDITOR_TAB_WIDTH = 1000;

export interface ComparePage {
  page: Page;
  show(view: CompareView): Promise<void>;
  posted(): Promise<CompareFromWebview[]>;
  close(): Promise<void>;
}

export async function openCompare(browser: Browser, width = EDITOR_TAB_WIDTH, height = 860): Promise<ComparePage> {
  const page = await browser.newPage({ viewport: { width, height } });
  const css = ['chat.css', 'compare.css'].map((name) => fs.readFileSync(path.join(repo, 'media', name), 'utf8'));
  const theme = fs.readFileSync(path.join(__dirname, 'theme-light.css'), 'utf8');
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Switchboard</title><style>${theme}</style>` +
      css.map((text) => `<style>${text}</style>`).join('') +
      `</head><body class="vscode-light" data-page="compare"><div id="root"></div></body></html>`,
  );
  await page.addScriptTag({ content: await pageScript('comparePageMain.ts') });
  const frames = () =>
    page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  return {
    page,
    async show(view) {
      await page.evaluate(
        (v) => (globalThis as any).switchboardCompare.receive({ type: 'compareView', view: v }),
        view as unknown as object,
      );
      await frames();
    },
    posted: () => page.evaluate(() => (globalThis as any).switchboardCompare.posted()),
    close: () => page.close(),
  };
}
