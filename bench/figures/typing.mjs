// The typing figure (issue #37, "typing never waits"): the shown chat streams markdown at 200 chunks/s while
// playwright types into the composer with real key events; each key from its keydown to the frame that paints it
// (bench/render/typing.ts). Target: within one frame, as the same keys are painted with the page's frames running
// and no stream (the floor, measured in the same run).
import { launchChromium, loadChatPage } from './chromiumPage.mjs';
import { FRAME_MS, median, percentile, report, round } from './stats.mjs';

const quick = process.argv.includes('--quick');
const RATE = 200;
/** ms between keys: a fast typist (about 100 words a minute). */
const KEY_DELAY_MS = 60;
const KEYS = quick ? 40 : 150;
/**
 * How much later than with no stream a key may be painted, at p95. With frames back to back a key waits for the
 * next one, 0-16.7 ms, whatever the page does: the browser alone reads p95 15.6-19 ms here, so "within one frame"
 * is measured against that floor, with a tenth for the run-to-run noise of a p95 of 150 keys.
 */
const FLOOR_FACTOR = 1.1;
const WORDS = 'the quick brown fox jumps over the lazy dog while the agent streams its answer ';

/** Types KEYS keys into the composer of a fresh chat page while it streams at `rate` chunks/s (0: no stream). */
async function typeWhileStreaming(page, rate) {
  await loadChatPage(page);
  await page.evaluate((r) => globalThis.switchboardBench.startTyping(r), rate);
  // Half a second first: the answer is under way when the typing starts.
  await page.waitForTimeout(500);
  const text = WORDS.repeat(Math.ceil(KEYS / WORDS.length)).slice(0, KEYS);
  const t0 = Date.now();
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
  const seconds = (Date.now() - t0) / 1000 + 0.5;
  const run = await page.evaluate(() => globalThis.switchboardBench.stopTyping());
  if (run.typed !== text)
    throw new Error(`the composer holds ${JSON.stringify(run.typed.slice(0, 40))}…, not what was typed`);
  if (run.latencies.length !== KEYS) throw new Error(`${run.latencies.length} of ${KEYS} keys were measured`);
  const measured = run.chunks / seconds;
  if (rate > 0 && measured < rate * 0.8)
    throw new Error(`the stream ran at ${measured.toFixed(0)} chunks/s, not ${rate}`);
  if (rate === 0 && run.chunks > 0) throw new Error('the floor run streamed');
  return { ...run, rate: measured, p95: percentile(run.latencies, 95) };
}

async function main() {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 500, height: 900 } });
  const reps = quick ? 1 : 5;
  const runs = [];
  const floors = [];
  // Interleaved: the machine's load moves a run's p95 by a few ms.
  for (let r = 0; r < reps; r++) {
    floors.push(await typeWhileStreaming(page, 0));
    const run = await typeWhileStreaming(page, RATE);
    runs.push(run);
    process.stderr.write(
      `typing rep ${r + 1}/${reps}: p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms, max ${Math.max(...run.latencies).toFixed(1)} ms; ` +
        `${run.framesMissed} keys a frame late; ${run.chunks} chunks (${run.rate.toFixed(0)}/s), ${run.longTasks.length} long tasks; ` +
        `no stream: p95 ${floors.at(-1).p95.toFixed(1)} ms\n`,
    );
  }
  await browser.close();
  const p95s = runs.map((run) => run.p95);
  const p95 = median(p95s);
  const floorP95s = floors.map((run) => run.p95);
  const floor = median(floorP95s);
  const all = runs.flatMap((run) => run.latencies);
  const longTasks = runs.flatMap((run) => run.longTasks);
  const missed = runs.reduce((n, run) => n + run.framesMissed, 0);
  report([
    {
      name: 'typing_latency_p95',
      value: round(p95, 1),
      unit: 'ms',
      baseline: round(floor, 1),
      ratio: round(p95 / floor, 2),
      target: `<= ${FLOOR_FACTOR}x the same keys with no stream, keydown to the frame that paints the character, p95`,
      met: p95 <= floor * FLOOR_FACTOR,
      note:
        `${KEYS} keys typed ${KEY_DELAY_MS} ms apart (playwright keyboard.type, real key events) while the shown chat streams markdown at ${RATE} chunks/s ` +
        `(${round(median(runs.map((run) => run.rate)), 0)}/s measured); p95 per run ${p95s.map((v) => round(v, 1)).join(' / ')} ms (median of ${reps}); ` +
        `all keys: p50 ${round(percentile(all, 50), 1)}, max ${round(Math.max(...all), 1)} ms; ` +
        `${missed} of ${all.length} keys painted in a later frame than the first that began after their keydown; ${longTasks.length} long tasks over 50 ms` +
        (longTasks.length ? ` (longest ${round(Math.max(...longTasks), 0)} ms)` : '') +
        `; baseline: the same keys into the same page with its frames running back to back and no stream (the wait for the next frame, ` +
        `up to ${round(FRAME_MS, 1)} ms, and the composer's own handling), p95 per run ${floorP95s.map((v) => round(v, 1)).join(' / ')} ms; ` +
        `chromium, real requestAnimationFrame`,
    },
    {
      name: 'typing_next_frame',
      value: round(((all.length - missed) / all.length) * 100, 1),
      unit: '% of keys',
      baseline: null,
      ratio: round((all.length - missed) / all.length / 0.95, 3),
      target: '>= 95 % of keys painted in the first frame that begins after their keydown',
      met: (all.length - missed) / all.length >= 0.95,
      note:
        `the same keys: ${missed} of ${all.length} waited for a later frame (the rest were painted in the frame after their keydown, ` +
        `what the app controls; the milliseconds of typing_latency_p95 add the wait for that frame, up to 16.7 ms at 60 Hz); ratio = share / 95 %`,
    },
  ]);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.log(`BENCH_PROBLEM ${error.message}`);
    console.error(error);
    process.exit(1);
  },
);
