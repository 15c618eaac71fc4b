// The long-chat figures: an hours-long live chat of 50,000 entries against one of 1,000, in headless Debian
// chromium with the extension's stylesheet and real requestAnimationFrame (bench/render/longChat.ts). Each run
// shows the chat, lets turns arrive live, scrolls from the end to the start and back a fast drag's step a frame,
// then counts the document's elements and the JS heap after GC. Interleaved repetitions; the spread is reported.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median, report, round } from './stats.mjs';

const quick = process.argv.includes('--quick');
const repo = process.cwd();
const CHROMIUM = '/usr/bin/chromium';
const LONG = quick ? 5_000 : 50_000;
const SHORT = 1_000;
/** px per frame: a fast drag of the scrollbar (a wheel moves about 100 px a notch). */
const STEP = 4_000;

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run npm run provision`);
  const browser = await chromium.launch({
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
  const page = await browser.newPage({ viewport: { width: 500, height: 900 } });
  const css = fs.readFileSync(path.join(repo, 'media', 'chat.css'), 'utf8');
  const script = fs.readFileSync(path.join(repo, 'out', 'bench', 'render-page.js'), 'utf8');
  const run = async (entries) => {
    // A window of its own for each run (see render.mjs: a reused one keeps the last run's chat alive).
    await page.goto('about:blank');
    await page.setContent(
      `<!doctype html><html><head><style>${css}</style></head><body><div id="root"></div></body></html>`,
    );
    await page.addScriptTag({ content: script });
    return page.evaluate(([n, step]) => globalThis.switchboardBench.longChat(n, step), [entries, STEP]);
  };
  const reps = quick ? 1 : 3;
  const long = [],
    short = [];
  for (let r = 0; r < reps; r++) {
    short.push(await run(SHORT));
    long.push(await run(LONG));
    const l = long.at(-1),
      s = short.at(-1);
    const worst = l.gaps.indexOf(Math.max(...l.gaps));
    const where =
      worst < l.upFrames
        ? `up, frame ${worst} of ${l.upFrames}`
        : `down, frame ${worst - l.upFrames} of ${l.gaps.length - l.upFrames}`;
    process.stderr.write(
      `longchat rep ${r + 1}/${reps}: ${LONG} entries ${l.nodes} elements, ${(l.heap / 1e6).toFixed(1)} MB, longest frame ${Math.max(...l.gaps).toFixed(0)} ms (${where}) of ${l.gaps.length}; ` +
        `${SHORT} entries ${s.nodes} elements, ${(s.heap / 1e6).toFixed(1)} MB, longest frame ${Math.max(...s.gaps).toFixed(0)} ms\n`,
    );
  }
  await browser.close();

  const spread = (values, digits = 2) => `${round(Math.min(...values), digits)}-${round(Math.max(...values), digits)}`;
  const nodeRatios = long.map((l, i) => l.nodes / short[i].nodes);
  const heapRatios = long.map((l, i) => l.heap / Math.max(1, short[i].heap));
  const longest = long.map((l) => Math.max(...l.gaps));
  const shortLongest = short.map((s) => Math.max(...s.gaps));
  const over = long.map((l) => l.gaps.filter((g) => g > 50).length);
  const [nodeRatio, heapRatio] = [median(nodeRatios), median(heapRatios)];
  const figures = [
    {
      name: 'longchat_dom',
      value: median(long.map((l) => l.nodes)),
      unit: 'elements',
      baseline: median(short.map((s) => s.nodes)),
      ratio: round(nodeRatio, 2),
      target: `<= 2x the elements and <= 1.5x the JS heap of a ${SHORT}-entry chat`,
      met: nodeRatio <= 2 && heapRatio <= 1.5,
      note:
        `a live chat of ${LONG} entries against ${SHORT}, after turns arrived live and a scroll from the end to the start and back, GC'd: ` +
        `elements ${spread(nodeRatios)}x over ${reps} runs; JS heap ${(median(long.map((l) => l.heap)) / 1e6).toFixed(1)} MB vs ${(median(short.map((s) => s.heap)) / 1e6).toFixed(1)} MB, ${round(heapRatio, 2)}x (${spread(heapRatios)}x); chromium`,
    },
    {
      name: 'longchat_scroll',
      value: round(median(longest), 1),
      unit: 'ms',
      baseline: round(median(shortLongest), 1),
      ratio: round(median(longest) / 50, 2),
      target: '<= 50 ms, the longest frame scrolling from the end to the start and back',
      met: median(longest) <= 50,
      note:
        `${LONG} entries, ${STEP} px a frame (a fast scrollbar drag), real requestAnimationFrame: the longest frame gap ${spread(longest, 1)} ms over ${reps} runs, ` +
        `${spread(over, 0)} frames over 50 ms of ${median(long.map((l) => l.gaps.length))} (${round(median(long.map((l) => l.distance)) / 1e6, 2)} Mpx); baseline: the same for ${SHORT} entries`,
    },
  ];
  report(figures);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.log(`BENCH_PROBLEM ${error.message}`);
    console.error(error);
    process.exit(1);
  },
);
