// The chat webview in Debian chromium at the width VS Code's default side bar gives it, with the
// extension's own stylesheets, so tests measure real layout (jsdom lays nothing out). The page gets the
// theme variables a real code-server gives its webviews (theme-light.css), so colours and fonts are real.
// Needs /usr/bin/chromium (`npm run provision`, which `npm test` runs first).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ThreadAction } from '../../src/shared/actions';
import type { AgentChoice, HostToWebview } from '../../src/shared/messages';
import type { ThreadState } from '../../src/shared/thread';

const CHROMIUM = '/usr/bin/chromium';
const repo = path.resolve(__dirname, '../..');
/** The Chat view's body in VS Code's default layout at 1400x900 (the side bar is about 300 px). */
export const SIDE_BAR_WIDTH = 300;

const bundles = new Map<string, Promise<string>>();

/** A page script (test/layout/page.ts, comparePageMain.ts) and the app it imports, bundled once per test process. */
export function pageScript(entry = 'page.ts'): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = esbuild
      .build({
        entryPoints: [path.join(__dirname, entry)],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'chrome120',
        logLevel: 'silent',
      })
      .then((result) => result.outputFiles[0]!.text);
    bundles.set(entry, bundle);
  }
  return bundle;
}

export interface ChatPage {
  page: Page;
  /** Shows a thread as the host's first snapshot does, and waits for it to be on screen. */
  snapshot(thread: ThreadState | null, agents?: AgentChoice[]): Promise<void>;
  /** One numbered batch after the snapshot, then two frames. */
  act(...actions: ThreadAction[]): Promise<void>;
  /** Two animation frames: what the app scheduled is rendered and laid out. */
  frames(): Promise<void>;
  close(): Promise<void>;
}

export async function launch(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run npm run provision (npm test does)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
}

export async function openChat(browser: Browser, width = SIDE_BAR_WIDTH, height = 800): Promise<ChatPage> {
  const page = await browser.newPage({ viewport: { width, height } });
  const css = fs.readFileSync(path.join(repo, 'media', 'chat.css'), 'utf8');
  const theme = fs.readFileSync(path.join(__dirname, 'theme-light.css'), 'utf8');
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Switchboard</title><style>${theme}</style><style>${css}</style></head>` +
      `<body class="vscode-light"><div id="root"></div></body></html>`,
  );
  await page.addScriptTag({ content: await pageScript() });
  let seq = 0;
  const receive = (msg: HostToWebview) =>
    page.evaluate((m) => (globalThis as any).switchboardLayout.receive(m), msg as unknown as object);
  const frames = () =>
    page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  return {
    page,
    async snapshot(thread, agents = []) {
      seq = 0;
      await receive({ type: 'snapshot', seq: 0, thread, agents, defaultAgentId: agents[0]?.id ?? '' });
      await frames();
    },
    async act(...actions) {
      await receive({ type: 'actions', firstSeq: seq + 1, actions });
      seq += actions.length;
      await frames();
    },
    frames,
    close: () => page.close(),
  };
}

/** One chromium for the test file: launched before its tests, closed after them. Call at the file's top level. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('chromium did not start (see beforeAll)');
    return browser;
  };
}
