// Figure 5: terminal output. 100 MB through a client terminal (src/terminals: a real PTY when
// node-pty loads, with the headless screen and the output limit) with outputByteLimit 1 MB, against
// `cat` of the same file to /dev/null. Also the memory the exited (not yet released) terminal keeps,
// after a GC, against the limit: what an agent that never calls release costs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TerminalManager } from '../../src/session/requests/terminalManager';
import { gc, isQuick, median, report, round, settle, type Figure } from '../lib/figure';
import { LiveProcessGroups } from '../../src/terminals/liveProcessGroups';

const LIMIT = 1024 * 1024;

/** `bytes` of log-like ASCII lines. */
function writeOutputFile(path: string, bytes: number): void {
  const line = (i: number) =>
    `${String(i).padStart(8, '0')} build step finished: compiled module_${i % 977}.ts in ${i % 91} ms, cache ${i % 2 ? 'hit' : 'miss'}\n`;
  const block = Array.from({ length: 4096 }, (_, i) => line(i)).join('');
  const repeat = Math.ceil(bytes / block.length);
  writeFileSync(path, block.repeat(repeat).slice(0, bytes));
}

function catToDevNull(path: string): number {
  const t0 = performance.now();
  const r = spawnSync('sh', ['-c', `cat "${path}" > /dev/null`]);
  if (r.status !== 0) throw new Error('cat failed');
  return performance.now() - t0;
}

/** Live JS memory after full GCs (one GC can leave garbage that a pending callback still held). */
async function retainedBytes(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await settle(20);
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

async function throughTerminal(
  path: string,
  cwd: string,
): Promise<{ ms: number; bytes: number; retained: number; mode: string; outputBytes: number }> {
  let received = 0;
  const manager = new TerminalManager(
    { sessionCwd: () => cwd, baseEnv: () => process.env, liveGroups: new LiveProcessGroups(), log: () => undefined },
    // The session forwards data to the webview; here it is only counted.
    {
      created: () => undefined,
      data: (_id, data) => (received += data.length),
      exited: () => undefined,
      killRequested: () => undefined,
      released: () => undefined,
    },
  );
  const before = await retainedBytes();
  const t0 = performance.now();
  const { terminalId } = await manager.create({
    sessionId: 'bench',
    command: 'cat',
    args: [path],
    outputByteLimit: LIMIT,
  });
  await manager.waitForExit({ sessionId: 'bench', terminalId });
  const ms = performance.now() - t0;
  await settle();
  // What the agent would get; measured, then let go (the answer is the agent's, not the terminal's memory).
  const outputBytes = Buffer.byteLength(manager.output({ sessionId: 'bench', terminalId }).output);
  const retained = (await retainedBytes()) - before;
  const mode = manager.handle(terminalId) ? 'pty' : 'pipes';
  manager.release({ sessionId: 'bench', terminalId });
  manager.disposeAll();
  return { ms, bytes: received, retained, mode, outputBytes };
}

async function main(): Promise<void> {
  const quick = isQuick();
  const bytes = quick ? 10 * 1024 * 1024 : 100 * 1024 * 1024;
  const reps = quick ? 1 : 3;
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-terminal-'));
  const file = join(dir, 'output.log');
  try {
    writeOutputFile(file, bytes);
    const ours: number[] = [];
    const cat: number[] = [];
    const retained: number[] = [];
    let last: Awaited<ReturnType<typeof throughTerminal>> | undefined;
    for (let rep = 0; rep < reps; rep++) {
      cat.push(catToDevNull(file));
      last = await throughTerminal(file, dir);
      ours.push(last.ms);
      retained.push(last.retained);
      process.stderr.write(
        `terminal rep ${rep + 1}/${reps}: cat ${cat.at(-1)!.toFixed(0)} ms, terminal ${last.ms.toFixed(0)} ms (${(last.bytes / 1e6).toFixed(1)} M chars seen, ${last.mode}), retained ${(last.retained / 1e6).toFixed(2)} MB\n`,
      );
    }
    const mbps = (ms: number) => round(bytes / 1e6 / (ms / 1000), 1);
    const [oursRate, catRate] = [mbps(median(ours)), mbps(median(cat))];
    const kept = median(retained);
    const note =
      `${bytes / 1024 / 1024} MiB of log lines through \`cat\` in a client terminal (${last?.mode}, headless screen, outputByteLimit 1 MiB), median of ${reps}; ` +
      `terminal/output returned ${((last?.outputBytes ?? 0) / 1024).toFixed(0)} KiB`;
    const figures: Figure[] = [
      {
        name: 'terminal_throughput',
        value: oursRate,
        unit: 'MB/s',
        baseline: catRate,
        ratio: round(oursRate / catRate),
        target: 'reported (against cat > /dev/null)',
        met: null,
        note,
      },
      {
        name: 'terminal_retained_memory',
        value: round(kept / 1024 / 1024, 2),
        unit: 'MiB',
        baseline: LIMIT / 1024 / 1024,
        ratio: round(kept / LIMIT, 2),
        target: '<= 4x the 1 MiB outputByteLimit',
        met: kept <= 4 * LIMIT,
        note: `JS heap + array buffers kept by the exited, unreleased terminal after a GC; ${note}`,
      },
    ];
    report(figures);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
