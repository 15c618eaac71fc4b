// Figure 8: agent-sized work must not block the extension host (issue #9 item 10). For each case an
// agent can size, the longest time the event loop was blocked while Switchboard processed it, against
// an absolute target of 100 ms (there is no baseline to be a ratio of: before, these were 3.7 s to
// 57 s). Synchronous computations (diffs, merges) block for their whole duration, so that duration is
// the figure; asynchronous work (reads, a real agent's stderr) is measured with a 1 ms timer that
// records the longest gap between its ticks (perf_hooks.monitorEventLoopDelay as a cross-check). The
// figure is the CPU time of this thread within the block (see Block), the wall clock is in the note.
//   review hunks   recordAgentChange + summarize + fileHunks of 10k lines against 10k changed lines (the Changes view, CodeLens)
//   diff card      diffHunks of 10k / 40k changed lines (the chat's diff card; runs in the webview)
//   merge          mergeAgentWrite and rebaseUserEdit on 3,000 repetitive lines (node-diff3 took 6.5 s on 2,000)
//   locations      one tool call naming 2,000 files of 1 MiB (hard links of one file), read as review does
//   stderr         a real child process writing 256 MiB of empty lines to stderr, through spawnAgentProcess
import { linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import { readLocationTexts } from '../../src/review/locationReads';
import { mergeAgentWrite, rebaseUserEdit } from '../../src/review/merge';
import { emptyReview, fileHunks, recordAgentChange, summarize } from '../../src/review/reviewModel';
import { diffHunks } from '../../src/shared/diffHunks';
// The line cap the chat's card passes (webview/render/tools/diff.ts), without importing the DOM code.
const MAX_DIFF_LINES = 400;
import { isQuick, report, round, settle, type Figure } from '../lib/figure';

const TARGET_MS = 100;
const MIB = 1024 * 1024;

function figure(name: string, block: Block, note: string): Figure {
  const value = round(block.cpuMs, 1);
  return {
    name,
    value,
    unit: 'ms',
    baseline: null,
    ratio: round(value / TARGET_MS, 3),
    target: `<= ${TARGET_MS} ms longest block`,
    met: value <= TARGET_MS,
    note: `${note}; longest wall-clock block ${round(block.wallMs, 1)} ms on a machine with load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  };
}

/**
 * A block of the event loop: wall-clock length, and the CPU time this thread spent in it. The
 * figure is the CPU time: on a shared machine the wall clock also counts the time the OS gave the
 * core to other processes, which is not Switchboard blocking the extension host.
 */
interface Block {
  cpuMs: number;
  wallMs: number;
}

/** CPU time of this thread (process-wide where Node lacks threadCpuUsage: an over-estimate). */
function threadCpuMs(): number {
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The longest a synchronous piece of work blocks: its duration (max over repetitions). */
function longestSync(reps: number, work: () => unknown): Block {
  const longest: Block = { cpuMs: 0, wallMs: 0 };
  for (let i = 0; i < reps; i++) {
    const cpu0 = threadCpuMs();
    const t0 = performance.now();
    work();
    longest.wallMs = Math.max(longest.wallMs, performance.now() - t0);
    longest.cpuMs = Math.max(longest.cpuMs, threadCpuMs() - cpu0);
  }
  return longest;
}

/** Runs async work and reports the longest event-loop block seen meanwhile (a 1 ms timer's gaps; monitorEventLoopDelay's max as the wall-clock cross-check). */
async function longestBlock(work: () => Promise<void>): Promise<Block & { totalMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let lastCpu = threadCpuMs();
  const longest: Block = { cpuMs: 0, wallMs: 0 };
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    longest.wallMs = Math.max(longest.wallMs, now - last);
    longest.cpuMs = Math.max(longest.cpuMs, Math.min(now - last, cpu - lastCpu));
    last = now;
    lastCpu = cpu;
  }, 1);
  histogram.enable();
  const t0 = performance.now();
  await work();
  const totalMs = performance.now() - t0;
  await settle(5);
  histogram.disable();
  clearInterval(ticker);
  return { cpuMs: longest.cpuMs, wallMs: Math.max(longest.wallMs, histogram.max / 1e6), totalMs };
}

const unrelated = (n: number, tag: string): string =>
  Array.from({ length: n }, (_, i) => `${tag} line ${i} ${'x'.repeat(30)}\n`).join('');
const repetitive = (n: number, every: number, mod: number): string =>
  Array.from({ length: n }, (_, i) => (i % every ? '}\n' : `x${i % mod}\n`)).join('');

async function main(): Promise<void> {
  const quick = isQuick();
  const reps = quick ? 1 : 3;
  const figures: Figure[] = [];

  const old10k = unrelated(10_000, 'old');
  const new10k = unrelated(10_000, 'new');
  let round_ = 0;
  figures.push(
    figure(
      'hostile_review_hunks_10k',
      longestSync(reps, () => {
        // What one agent write costs review: the model update, then the Changes view summary and
        // the editor's hunks (cached per file state). A fresh text each time: no cache hit.
        const state = recordAgentChange(emptyReview(), {
          path: '/ws/big.txt',
          before: old10k,
          after: `${new10k}${round_++}\n`,
          turn: 1,
        });
        const file = state.files[0]!; // the change just recorded
        summarize(file);
        return fileHunks(file);
      }),
      '10,000 lines against 10,000 changed lines: the review model update, Changes view summary and editor hunks (39 s before)',
    ),
  );

  figures.push(
    figure(
      'hostile_diff_card_10k',
      longestSync(reps, () => diffHunks(old10k, new10k, 3, MAX_DIFF_LINES)),
      'the chat diff card of 10,000 against 10,000 changed lines (43 s before)',
    ),
  );
  const lines40k = 40_000;
  const old40k = unrelated(lines40k, 'old');
  const new40k = unrelated(lines40k, 'new');
  figures.push(
    figure(
      'hostile_diff_card_40k',
      longestSync(reps, () => diffHunks(old40k, new40k, 3, MAX_DIFF_LINES)),
      'the chat diff card of 40,000 against 40,000 changed lines (110 s before)',
    ),
  );

  const base = repetitive(3000, 3, 7);
  const agent = repetitive(3000, 4, 5);
  figures.push(
    figure(
      'hostile_merge_repetitive',
      longestSync(reps, () => {
        mergeAgentWrite(base, agent, `user\n${base}`);
        rebaseUserEdit(base, agent, `user\n${agent}`);
      }),
      'merge of an agent write with unsaved user edits, and the rebase of a user keystroke, on 3,000 repetitive lines (node-diff3: 6.5 s on 2,000)',
    ),
  );

  const dir = mkdtempSync(join(tmpdir(), 'sb-bench-hostile-'));
  try {
    const count = quick ? 500 : 2000;
    const original = join(dir, 'big-0.txt');
    writeFileSync(original, `${'y'.repeat(99)}\n`.repeat(MIB / 100).padEnd(MIB, 'z'));
    const paths = [original];
    for (let i = 1; i < count; i++) {
      const link = join(dir, `big-${i}.txt`);
      linkSync(original, link);
      paths.push(link);
    }
    let read = 0;
    const locations = await longestBlock(async () => {
      const result = await readLocationTexts(
        paths,
        () => undefined,
        () => undefined,
      );
      read = result.read;
    });
    figures.push(
      figure(
        'hostile_tool_call_locations',
        locations,
        `one tool call with ${count} locations of 1 MiB files: ${read} read (capped), ${round(locations.totalMs, 0)} ms in all (3.7 s of synchronous reads before)`,
      ),
    );

    const mebibytes = quick ? 32 : 256;
    const script = `const b = Buffer.alloc(${MIB}, 10); let n = ${mebibytes}; const w = () => { while (n > 0) { n--; if (!process.stderr.write(b)) return process.stderr.once('drain', w); } process.stderr.write('last words\\n', () => process.exit(3)); }; w();`;
    let logCalls = 0;
    let logChars = 0;
    let tail: string[] = [];
    const cpu0 = process.cpuUsage();
    const stderr = await longestBlock(async () => {
      const agentProcess = spawnAgentProcess(
        { id: 'noisy', displayName: 'noisy', command: process.execPath, args: ['-e', script], env: {}, isDemo: false },
        {
          cwd: dir,
          baseEnv: process.env,
          log: {
            append: (text) => {
              logCalls++;
              logChars += text.length;
            },
          },
        },
      );
      const exit = await agentProcess.exited;
      tail = exit.failure.stderrTail;
    });
    const cpu = process.cpuUsage(cpu0);
    if (tail.at(-1) !== 'last words')
      throw new Error(`the failure card's stderr tail lost the last line: ${JSON.stringify(tail.slice(-2))}`);
    figures.push(
      figure(
        'hostile_stderr_flood',
        stderr,
        `a real agent writing ${mebibytes} MiB of empty stderr lines: ${round((cpu.user + cpu.system) / 1000, 0)} ms CPU in this process over ${round(stderr.totalMs, 0)} ms, ${logCalls} log calls (${logChars} chars), tail kept (57 s of CPU for 256 MiB before)`,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  for (const f of figures) console.error(`[hostile] ${f.name}: ${f.value} ms (${f.note})`);
  report(figures);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
