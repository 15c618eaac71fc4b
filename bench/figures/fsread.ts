// Figure 6: fs/read_text_file with line/limit near the end of a 100 MB file (the handler's disk
// path: fs.readFile utf8, then sliceLines from src/client/lineSlice.ts) against fs.readFile of the
// whole file. Whole-file copies per request: readFile's Buffer (freed at once) and the decoded
// string (decoded from one Buffer: readFile(path, 'utf8') returns a string built from pieces that
// the first indexOf flattens, a second copy); sliceLines allocates only its slice (checked below).
import { promises as fs, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sliceLines } from '../../src/client/lineSlice';
import { gc, isQuick, median, report, round, settle, type Figure } from '../lib/figure';

async function main(): Promise<void> {
  const quick = isQuick();
  const megabytes = quick ? 10 : 100;
  const reps = quick ? 3 : 7;
  const dir = mkdtempSync(join(tmpdir(), 'sb-bench-fs-'));
  try {
    const file = join(dir, 'big.txt');
    const line = (i: number) => `${String(i).padStart(8, '0')} ${'x'.repeat(70)}\n`;
    const lines = Math.floor((megabytes * 1024 * 1024) / line(0).length);
    const block = Array.from({ length: 10_000 }, (_, i) => line(i)).join('');
    writeFileSync(file, block.repeat(Math.ceil(lines / 10_000)));
    const totalLines = Math.ceil(lines / 10_000) * 10_000;
    const startLine = totalLines - 100;

    const ours: number[] = [];
    const whole: number[] = [];
    let sliceHeapBytes = 0;
    let content = '';
    for (let r = 0; r < reps; r++) {
      gc();
      await settle(20);
      let t0 = performance.now();
      const all = await fs.readFile(file, 'utf8');
      whole.push(performance.now() - t0);
      void all.length;
      gc();
      await settle(20);
      t0 = performance.now();
      // What src/client/fsHandlers.ts does on its disk path.
      const text = (await fs.readFile(file)).toString('utf8');
      const before = process.memoryUsage().heapUsed;
      content = sliceLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, startLine, 50);
      sliceHeapBytes = Math.max(0, process.memoryUsage().heapUsed - before);
      ours.push(performance.now() - t0);
    }
    // Line N holds the number N-1 (lines are numbered from 0 in the file, from 1 by ACP).
    const expectedFirst = String((startLine - 1) % 10_000).padStart(8, '0');
    if (content.split('\n').length !== 51 || !content.startsWith(expectedFirst)) throw new Error('sliceLines returned the wrong lines');
    const [o, w] = [median(ours), median(whole)];
    const figure: Figure = {
      name: 'fs_read_slice', value: round(o, 1), unit: 'ms', baseline: round(w, 1), ratio: round(o / w, 2),
      target: '<= 2x fs.readFile of the whole file; no whole-file copy beyond one', met: o / w <= 2 && sliceHeapBytes < (megabytes * 1024 * 1024) / 10,
      note: `${megabytes} MB, ${totalLines} lines, line ${startLine} limit 50, median of ${reps}; sliceLines allocated ~${Math.round(sliceHeapBytes / 1024)} KB ` +
        `(whole-file copies: the read Buffer + its decoded string, as in the baseline)`,
    };
    report([figure]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
