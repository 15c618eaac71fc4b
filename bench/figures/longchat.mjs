// The long-chat figures: an hours-long live chat of 50,000 entries against one of 1,000, in headless Debian
// chromium with the extension's stylesheet and real requestAnimationFrame (bench/render/longChat.ts). Each run
// shows the chat, lets turns arrive live, scrolls from the end to the start and back a fast drag's step a frame,
// then counts the document's elements and the JS heap after GC. Then the agent streams a new answer at the end
// of such a chat while the reader stays there (bench/render/longChatStream.ts): its frames against the same
// stream at the end of the short chat. Interleaved repetitions; the spread is reported.
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromiumPage.mjs';
import { median, percentile, report, round } from './stats.mjs';

const quick = process.argv.includes('--quick');
const repo = process.cwd();
const LONG = quick ? 5_000 : 50_000;
const SHORT = 1_000;
/** px per frame: a fast drag of the scrollbar (a wheel moves about 100 px a notch). */
const STEP = 4_000;
/** The stream at the end of the chat (longchat_stream): chunks/s, for this long. */
const RATE = 200;
// The longest chat that still takes a new answer: past MAX_AGENT_ENTRIES (20,000, src/shared/threadEntries.ts) a
// chat is full and the agent's text gets no entry (the live turns of a 50,000-entry chat add prompts only).
const STREAM_LONG = quick ? LONG : 19_000;
const STREAM_SECONDS = quick ? 2 : 10;

async function main() {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 500, height: 900 } });
  const css = fs.readFileSync(path.join(repo, 'media', 'chat.css'), 'utf8');
  const script = fs.readFileSync(path.join(repo, 'out', 'bench', 'render-page.js'), 'utf8');
  const fresh = async () => {
    // A window of its own for each run (see render.mjs: a reused one keeps the last run's chat alive).
    await page.goto('about:blank');
    await page.setContent(
      `<!doctype html><html><head><style>${css}</style></head><body><div id="root"></div></body></html>`,
    );
    await page.addScriptTag({ content: script });
  };
  const run = async (entries) => {
    await fresh();
    return page.evaluate(([n, step]) => globalThis.switchboardBench.longChat(n, step), [entries, STEP]);
  };
  const stream = async (entries) => {
    await fresh();
    const result = await page.evaluate(
      ([n, rate, seconds]) => globalThis.switchboardBench.longChatStream(n, rate, seconds),
      [entries, RATE, STREAM_SECONDS],
    );
    if (result.rate < RATE * 0.8) throw new Error(`the stream ran at ${result.rate.toFixed(0)} chunks/s, not ${RATE}`);
    return result;
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
  const streamLong = [],
    streamShort = [];
  for (let r = 0; r < reps; r++) {
    streamShort.push(await stream(SHORT));
    streamLong.push(await stream(STREAM_LONG));
    const [l, s] = [streamLong.at(-1), streamShort.at(-1)];
    process.stderr.write(
      `longchat stream rep ${r + 1}/${reps}: ${STREAM_LONG} entries p95 ${percentile(l.gaps, 95).toFixed(1)} ms, longest ${Math.max(...l.gaps).toFixed(0)} ms of ${l.gaps.length} frames, ` +
        `${l.mounted} mounted ${l.unmounted} recycled ${l.removed} removed, ${l.rate.toFixed(0)} chunks/s; ` +
        `${SHORT} entries p95 ${percentile(s.gaps, 95).toFixed(1)} ms, longest ${Math.max(...s.gaps).toFixed(0)} ms\n`,
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
    streamFigure(streamLong, streamShort, reps, spread),
  ];
  report(figures);
}

/** longchat_stream: the frames of a stream at the end of the long chat against the same at the end of the short one. */
function streamFigure(long, short, reps, spread) {
  const p95 = (runs) => runs.map((run) => percentile(run.gaps, 95));
  const ratios = p95(long).map((value, i) => value / p95(short)[i]);
  const longest = long.map((run) => Math.max(...run.gaps));
  const [ratio, worst] = [median(ratios), median(longest)];
  const churn = long.map((run) => run.mounted + run.unmounted + run.removed);
  return {
    name: 'longchat_stream',
    value: round(median(p95(long)), 1),
    unit: 'ms',
    baseline: round(median(p95(short)), 1),
    ratio: round(ratio, 2),
    target: `p95 frame <= 1.2x a ${SHORT}-entry chat's, longest frame <= 50 ms`,
    met: ratio <= 1.2 && worst <= 50,
    note:
      `the agent streams markdown into a new answer at the end of a live chat of ${STREAM_LONG} entries (a chat is full at 20,000), the reader at the end, ${RATE} chunks/s for ${STREAM_SECONDS} s ` +
      `(${round(median(long.map((run) => run.rate)), 0)}/s measured), real requestAnimationFrame: p95 frame ${spread(p95(long), 1)} ms vs ${spread(p95(short), 1)} ms for ${SHORT} entries ` +
      `(${spread(ratios)}x over ${reps} runs); longest frame ${spread(longest, 1)} ms vs ${spread(
        short.map((run) => Math.max(...run.gaps)),
        1,
      )} ms; ` +
      `entries mounted/recycled/removed meanwhile ${long.map((run) => `${run.mounted}/${run.unmounted}/${run.removed}`).join(', ')} (${spread(churn, 0)}); chromium`,
  };
}

main().then(
  () => process.exit(0),
  (error) => {
    console.log(`BENCH_PROBLEM ${error.message}`);
    console.error(error);
    process.exit(1);
  },
);
