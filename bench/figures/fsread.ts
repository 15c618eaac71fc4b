// Figure 6: fs/read_text_file with line/limit near the end of a 100 MB file, through the code the
// extension's handler runs on its disk path (readFileSlice from src/fs/fileSlice.ts, with
// review's per-file cap, as src/vscode/fs/fsHandlers.ts calls it), against fs.readFile of the whole
// file as utf8. Whole-file copies per request: the read Buffer only (external memory, reported);
// the slice path scans its bytes and decodes just the slice, so the JS heap grows by about the
// slice, not the file. Checked on sliceLinesOfBytes (what readFileSlice runs on a big file's
// Buffer) over a Buffer read beforehand: the whole call's heap growth is reported too, but the
// 100 MB external allocation of the read triggers a GC inside it, which could hide a whole-file
// string allocated and dropped there; the scan alone runs without a GC (counted, and required).
import { mkdtempSync, promises as fs, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { readFileSlice, sliceLinesOfBytes } from '../../src/fs/fileSlice';
import { DEFAULT_TURN_LIMITS } from '../../src/review/budget';
import { gc, isQuick, median, report, round, settle, type Figure } from '../lib/figure';

const MIB = 1024 * 1024;

/** Start times of the GCs seen so far (delivered asynchronously by the observer). */
const gcStarts: number[] = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcStarts.push(entry.startTime);
});

interface Call {
  ms: number;
  heapGrowth: number;
  externalGrowth: number;
  startedAt: number;
  endedAt: number;
}

async function measuredCall(file: string, line: number, limit: number): Promise<{ call: Call; content: string }> {
  const before = process.memoryUsage();
  const startedAt = performance.now();
  const { content } = await readFileSlice(file, { line, limit }, DEFAULT_TURN_LIMITS.maxFileBytes);
  const endedAt = performance.now();
  const after = process.memoryUsage();
  const call = {
    ms: endedAt - startedAt,
    heapGrowth: Math.max(0, after.heapUsed - before.heapUsed),
    externalGrowth: Math.max(0, after.arrayBuffers - before.arrayBuffers),
    startedAt,
    endedAt,
  };
  return { call, content };
}

/** Heap growth of slicing an already read Buffer, and the GCs that ran meanwhile (none, for the number to hold). */
async function measuredScan(bytes: Buffer, line: number, limit: number): Promise<{ call: Call; content: string }> {
  gc();
  await settle(20);
  const before = process.memoryUsage().heapUsed;
  const startedAt = performance.now();
  const content = sliceLinesOfBytes(bytes, line, limit);
  const endedAt = performance.now();
  const heapGrowth = Math.max(0, process.memoryUsage().heapUsed - before);
  return { call: { ms: endedAt - startedAt, heapGrowth, externalGrowth: 0, startedAt, endedAt }, content };
}

async function main(): Promise<void> {
  const quick = isQuick();
  const megabytes = quick ? 10 : 100;
  const reps = quick ? 3 : 7;
  const dir = mkdtempSync(join(tmpdir(), 'sb-bench-fs-'));
  gcObserver.observe({ entryTypes: ['gc'] });
  try {
    const file = join(dir, 'big.txt');
    const line = (i: number) => `${String(i).padStart(8, '0')} ${'x'.repeat(70)}\n`;
    const lines = Math.floor((megabytes * MIB) / line(0).length);
    const block = Array.from({ length: 10_000 }, (_, i) => line(i)).join('');
    writeFileSync(file, block.repeat(Math.ceil(lines / 10_000)));
    const totalLines = Math.ceil(lines / 10_000) * 10_000;
    const fileBytes = totalLines * line(0).length;
    const startLine = totalLines - 100;

    const calls: Call[] = [];
    const whole: number[] = [];
    let content = '';
    for (let r = 0; r < reps; r++) {
      gc();
      await settle(20);
      const t0 = performance.now();
      const all = await fs.readFile(file, 'utf8');
      whole.push(performance.now() - t0);
      void all.length;
      gc();
      await settle(20);
      const measured = await measuredCall(file, startLine, 50);
      calls.push(measured.call);
      content = measured.content;
    }
    const scans: Call[] = [];
    const bytes = await fs.readFile(file);
    for (let r = 0; r < reps; r++) {
      const measured = await measuredScan(bytes, startLine, 50);
      if (measured.content !== content) throw new Error('sliceLinesOfBytes and readFileSlice disagree');
      scans.push(measured.call);
    }
    await settle(20); // lets the observer deliver the last GC entries
    gcObserver.disconnect();

    // Line N holds the number N-1 (lines are numbered from 0 in the file, from 1 by ACP).
    const expectedFirst = String((startLine - 1) % 10_000).padStart(8, '0');
    if (content.split('\n').length !== 51 || !content.startsWith(expectedFirst))
      throw new Error('readFileSlice returned the wrong lines');

    const gcsDuring = (call: Call) => gcStarts.filter((t) => t >= call.startedAt && t <= call.endedAt).length;
    const callsWithGc = calls.filter((call) => gcsDuring(call) > 0).length;
    const heapGrowth = Math.max(...calls.map((call) => call.heapGrowth));
    const externalGrowth = median(calls.map((call) => call.externalGrowth));
    const cleanScans = scans.filter((scan) => gcsDuring(scan) === 0);
    const scanHeapGrowth = Math.max(...scans.map((scan) => scan.heapGrowth));
    const [o, w] = [median(calls.map((call) => call.ms)), median(whole)];
    const sliceAllocatedLittle = cleanScans.length === scans.length && scanHeapGrowth < fileBytes / 10;
    const figure: Figure = {
      name: 'fs_read_slice',
      value: round(o, 1),
      unit: 'ms',
      baseline: round(w, 1),
      ratio: round(o / w, 2),
      target: '<= 2x fs.readFile of the whole file; no whole-file copy beyond one',
      met: o / w <= 2 && sliceAllocatedLittle,
      note:
        `${megabytes} MB, ${totalLines} lines, line ${startLine} limit 50, median of ${reps}; through readFileSlice (the handler's disk path); ` +
        `JS heap growth: scan+decode of the Buffer at most ~${Math.round(scanHeapGrowth / 1024)} KB (${scans.length - cleanScans.length}/${reps} scans had a GC inside), ` +
        `whole call at most ~${Math.round(heapGrowth / 1024)} KB (${callsWithGc}/${reps} calls had a GC inside); ` +
        `whole-file copies: the read Buffer only (external +${round(externalGrowth / MIB, 1)} MB per call), no whole-file string`,
    };
    report([figure]);
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
