// Figures 4 and 7 (activation): the packaged extension in a real VS Code (code-server + Debian
// chromium, the e2e tooling under scripts/e2e). The flood agent streams 200 chunks/s for 10 s,
// each chunk carrying `⟦seq@Date.now()⟧`; a MutationObserver inside the chat webview records
// when each marker's text is in the DOM. Both clocks are this machine's wall clock (Date.now()).
// Then the burst: the agent writes 200 KB of markdown as 20,000 chunks in one go; inside
// the webview a requestAnimationFrame loop records every frame's gap until the burst's last text is
// on screen, and the extension host's CPU time (/proc) is read before and after.
// Activation: the extension logs "Switchboard activated in X ms" (performance.now() around
// activate()); the extension host's console reaches the page console.
import fs from 'node:fs';
import path from 'node:path';
import { provision } from '../../scripts/provision.mjs';
import {
  launchBrowser,
  newLoopbackPage,
  runCommand,
  switchboardWebview,
  waitForWorkbench,
  workbenchUrl,
} from '../../scripts/e2e/browser.mjs';
import {
  copyWorkspace,
  createRun,
  freePort,
  installCleanupHandlers,
  installVsix,
  startCodeServer,
  stopCodeServer,
} from '../../scripts/e2e/codeServer.mjs';
import { repoRoot, sampleWorkspace, testResultsDir, vsixPath } from '../../scripts/e2e/paths.mjs';
import { createRequire } from 'node:module';
import { FRAME_MS, percentile, report, round } from './stats.mjs';
import { observeMarkers } from './webviewProbes.mjs';
import { extensionHostCpuMs, FigureNotTaken, pickAgent, webviewFrame } from './codeServerChat.mjs';

/**
 * The extension's activation time, as it logs it in its log channel (the "Switchboard" output, a file in the run's
 * logs folder: the extension host's log lines do not reach the browser's console).
 */
function activationFromLog(run) {
  const logs = path.join(run.dir, 'ud', 'logs');
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name === 'Switchboard.log') files.push(file);
    }
  };
  if (fs.existsSync(logs)) walk(logs);
  const times = files
    .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/Switchboard activated in ([\d.]+) ms/g)])
    .map((match) => Number(match[1]));
  if (times.length === 0)
    throw new FigureNotTaken(`no "Switchboard activated in" line in the Switchboard log under ${logs}`);
  return times.at(-1);
}

// --quick (inside `npm test`): the same path end to end with a short stream, so that a figure that cannot
// be taken fails the smoke run instead of rotting unseen.
const QUICK = process.argv.includes('--quick');
const RATE = QUICK ? 100 : 200;
const SECONDS = QUICK ? 2 : 10;
const BURST_BYTES = QUICK ? 20_000 : 200_000;
const BURST_CHUNKS = QUICK ? 2_000 : 20_000;

/** Runs in the webview frame: frame gaps (rAF) from now until the burst's end marker is on screen. */
function monitorBurst() {
  const state = { gaps: [], start: null, endAt: null, framesOnScreen: null, colouredAt: null };
  let last = null;
  const tick = (t) => {
    if (last !== null) state.gaps.push(t - last);
    last = t;
    if (state.colouredAt === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Cheap checks (the first and the last block of the newest answer), off the frame loop.
  const timer = setInterval(() => {
    const entries = document.querySelectorAll('.entry.agent');
    const markdown = entries[entries.length - 1]?.querySelector('.markdown');
    if (!markdown) return;
    if (state.start === null) {
      const m = /⟦burst@(\d+)⟧/.exec(markdown.querySelector('p')?.textContent ?? '');
      if (m) state.start = Number(m[1]);
    }
    // On screen as markdown: text still queued as plain text (webview/render/markdown/markdown.ts) does not count.
    if (markdown.querySelector('.md-pending')) return;
    let block = markdown.lastElementChild;
    while (block?.lastElementChild && !/^(P|PRE|TABLE|UL|OL)$/.test(block.tagName)) block = block.lastElementChild;
    if (state.endAt === null && state.start !== null && (block?.textContent ?? '').includes('⟦burst-end⟧')) {
      state.endAt = Date.now();
      state.framesOnScreen = state.gaps.length;
    }
    // Code blocks the burst left plain are coloured in the frames after it (webview/render/markdown/codeColour.ts):
    // those frames count too.
    if (state.endAt !== null && !markdown.querySelector('code.colour-pending')) {
      state.colouredAt = Date.now();
      clearInterval(timer);
    }
  }, 20);
  globalThis.__benchBurst = () => state;
}

async function main() {
  const started = Date.now();
  await provision();
  if (!fs.existsSync(vsixPath) || process.argv.includes('--package'))
    throw new Error(`${vsixPath} is missing (npm run package)`);
  // The burst's markdown: the render figures' answer (bench/render/content.ts, bundled by scripts/bench.mjs).
  const burstFile = path.join(repoRoot, 'out', 'bench', 'burst.md');
  const { markdownAnswer } = createRequire(import.meta.url)(path.join(repoRoot, 'out', 'bench', 'content.js'));
  fs.writeFileSync(burstFile, markdownAnswer(BURST_BYTES));
  const agentArgs = [
    path.join(repoRoot, 'bench', 'agents', 'floodAgent.mjs'),
    '--rate',
    String(RATE),
    '--seconds',
    String(SECONDS),
    '--burst-file',
    burstFile,
    '--burst-chunks',
    String(BURST_CHUNKS),
  ];
  const run = createRun('bench', {
    settings: {
      'switchboard.agents': { flood: { displayName: 'Flood', command: process.execPath, args: agentArgs } },
      'switchboard.defaultAgent': 'flood',
    },
  });
  installVsix(run, vsixPath);
  const workspace = copyWorkspace(sampleWorkspace, path.join(run.dir, 'workspace'));
  installCleanupHandlers();
  let server;
  let browser;
  try {
    server = await startCodeServer(run, { port: await freePort() });
    browser = await launchBrowser();
    const page = await newLoopbackPage(browser);
    page.setDefaultTimeout(60_000);
    await page.goto(workbenchUrl(server, workspace));
    await waitForWorkbench(page);
    await runCommand(page, 'Switchboard: Focus Chat');
    const chat = switchboardWebview(page);
    await chat.locator('#composer').waitFor();
    await pickAgent(chat, 'flood');
    await chat.locator('button.new-chat:visible').first().click();
    // The composer is enabled before the chat exists too (typing there starts another chat): wait
    // for the new chat itself, then for its agent to be ready.
    await chat.locator('header.header:not(.no-thread)').waitFor();
    await chat.locator('#composer:enabled').waitFor();
    const frame = await webviewFrame(page);
    await frame.evaluate(observeMarkers);
    await chat.locator('#composer').fill('stream');
    await chat.locator('#composer').press('Enter');
    const expected = RATE * SECONDS;
    const deadline = Date.now() + (SECONDS + 30) * 1000;
    let latencies = [];
    while (Date.now() < deadline) {
      latencies = await frame.evaluate(() => globalThis.__benchLatencies());
      if (latencies.length >= expected) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (latencies.length === 0) {
      // Say why instead of reporting an invalid figure: what the chat shows, and a screenshot.
      const shown = await frame
        .evaluate(() =>
          [...document.querySelectorAll('.entry')]
            .slice(-4)
            .map((e) => `${e.className}: ${(e.textContent ?? '').slice(0, 160)}`),
        )
        .catch((error) => [String(error)]);
      fs.mkdirSync(testResultsDir, { recursive: true });
      const shot = path.join(testResultsDir, 'bench-latency-no-markers.png');
      await page.screenshot({ path: shot }).catch(() => {});
      throw new FigureNotTaken(
        `no latency marker reached the webview DOM (screenshot ${path.relative(repoRoot, shot)}); last entries: ${shown.join(' | ')}`,
      );
    }
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const received = await frame.evaluate(() => globalThis.__benchReceived());
    const hostP95 = percentile(received, 95);

    // The burst, once the stream's turn has ended.
    await chat.locator('#composer:enabled').waitFor();
    await chat.locator('.entry.turn-end').last().waitFor({ timeout: 30_000 });
    await frame.evaluate(() => globalThis.__benchStopMarkers());
    await frame.evaluate(monitorBurst);
    const cpuBefore = extensionHostCpuMs(server.pgid);
    await chat.locator('#composer').fill('burst');
    await chat.locator('#composer').press('Enter');
    let burst = null;
    const burstDeadline = Date.now() + 60_000;
    while (Date.now() < burstDeadline) {
      burst = await frame.evaluate(() => globalThis.__benchBurst());
      if (burst.colouredAt !== null) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const cpuAfter = extensionHostCpuMs(server.pgid);
    if (!burst || burst.endAt === null || burst.start === null)
      throw new FigureNotTaken(`the burst's last text did not reach the webview DOM within 60 s`);
    if (burst.colouredAt === null) throw new FigureNotTaken(`the burst's code blocks were not coloured within 60 s`);
    const activationMs = activationFromLog(server.run);
    const figures = [
      {
        name: 'chunk_to_dom_latency_p95',
        value: round(p95, 1),
        unit: 'ms',
        baseline: round(hostP95, 1),
        ratio: round(p95 / (hostP95 + FRAME_MS), 2),
        target: '<= the host-and-transport p95 of the same run + 16.7 ms (one frame)',
        met: latencies.length >= expected * 0.99 && p95 <= hostP95 + FRAME_MS,
        note:
          `p50 ${round(p50, 1)} ms, p95 ${round(p95, 1)} ms, max ${round(Math.max(...latencies), 1)} ms; ${latencies.length}/${expected} chunks seen; ` +
          `${RATE} chunks/s for ${SECONDS} s from agent write (Date.now()) to text in the webview DOM (MutationObserver); code-server + chromium; ` +
          `of which agent write to the message in the webview (host, code-server, postMessage): p50 ${round(percentile(received, 50), 1)} ms, p95 ${round(hostP95, 1)} ms; ratio = p95 / (host p95 + 16.7 ms)`,
      },
      {
        name: 'burst_longest_frame',
        value: round(Math.max(...burst.gaps), 1),
        unit: 'ms',
        baseline: null,
        ratio: round(Math.max(...burst.gaps) / 100, 2),
        target: '<= 100 ms, at most one frame > 50 ms, burst on screen within 2 s',
        met:
          Math.max(...burst.gaps) <= 100 &&
          burst.gaps.filter((g) => g > 50).length <= 1 &&
          burst.endAt - burst.start <= 2000,
        note:
          `${BURST_BYTES / 1000} KB markdown in ${BURST_CHUNKS} chunks written at once; frames (rAF gaps inside the webview, code-server + chromium, layout included) from the prompt until its last text was on screen and its code coloured: ` +
          `${burst.gaps.length} frames (${burst.framesOnScreen} until the text was on screen), ${burst.gaps.filter((g) => g > 50).length} over 50 ms, ${burst.gaps.filter((g) => g > 100).length} over 100 ms, longest ${round(Math.max(...burst.gaps), 1)} ms; ` +
          `on screen ${burst.endAt - burst.start} ms after the agent wrote it, code coloured after ${burst.colouredAt - burst.start} ms; ratio = longest / 100 ms`,
      },
      {
        name: 'burst_on_screen',
        value: burst.endAt - burst.start,
        unit: 'ms',
        baseline: null,
        ratio: round((burst.endAt - burst.start) / 2000, 2),
        target: '<= 2 s',
        met: burst.endAt - burst.start <= 2000,
        note: `from the agent writing the burst (Date.now() in its first chunk) to its last text in the webview DOM, as markdown (code blocks the burst left plain are coloured in the frames after: ${burst.colouredAt - burst.start} ms); ratio = value / 2 s`,
      },
      ...(cpuBefore !== null && cpuAfter !== null
        ? [
            {
              name: 'burst_extension_host_cpu',
              value: round(cpuAfter - cpuBefore, 0),
              unit: 'ms',
              baseline: null,
              ratio: round((cpuAfter - cpuBefore) / 1000, 2),
              target: 'reported (must not grow; about 200-400 ms)',
              met: null,
              note: "utime + stime of code-server's extension host process (/proc) across the burst and the wait for it; ratio = value / 1 s",
            },
          ]
        : []),
    ];
    figures.push({
      name: 'activation_time',
      value: round(activationMs, 1),
      unit: 'ms',
      baseline: null,
      ratio: round(activationMs / 100, 2),
      target: '< 100 ms',
      met: activationMs < 100,
      note: "performance.now() around activate() in code-server's extension host (Node 24), from the Switchboard log; ratio = value / 100 ms",
    });
    report(figures);
    process.stderr.write(`vscode figures in ${Math.round((Date.now() - started) / 1000)} s\n`);
  } finally {
    await browser?.close().catch(() => {});
    if (server) await stopCodeServer(server);
    fs.rmSync(run.dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof FigureNotTaken)
      process.stdout.write(`BENCH_PROBLEM chunk-to-DOM latency could not be taken: ${error.message}\n`);
    else console.error(error);
    process.exit(1);
  },
);
