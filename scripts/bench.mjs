#!/usr/bin/env node
// `npm run bench [-- --quick]`: measures Switchboard against baselines measured in the same run.
// Each figure script runs in its own process (clean heap, one at a time: 2 cores) and
// prints `BENCH_FIGURES [...]`; this script prints one line per figure and writes
// bench/results.json as {"machine": {...}, "figures": [{name, value, unit, baseline, ratio, target, met}]}.
//   --quick   smoke mode for `npm test`: small sizes, one repetition, a 2-second stream in code-server,
//             results in out/bench/results-quick.json. Missed targets are reported, never a failure; a
//             figure script that crashes or cannot take its figure, or invalid results, are.
//   --only <word>  runs only the figure groups whose label contains the word (e.g. `--only worktree`); their
//             figures replace those of the same name in the results file, the others are kept.
// A figure script that cannot take a figure says why on a `BENCH_PROBLEM <reason>` line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { node24Bin, repoRoot, vsixPath } from './e2e/paths.mjs';
import { writeSummary } from './e2e/summary.mjs';
import { footprintFigures } from '../bench/figures/footprint.mjs';

const quick = process.argv.includes('--quick');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
const outDir = path.join(repoRoot, 'out', 'bench');
// A smoke run must not overwrite the real figures: it writes the same form under out/.
const resultsFile = quick ? path.join(outDir, 'results-quick.json') : path.join(repoRoot, 'bench', 'results.json');
const started = Date.now();
const figures = [];
const problems = [];

function log(message) {
  console.error(`[bench] ${message}`);
}

async function buildBenchBundles() {
  /** @type {import('esbuild').BuildOptions} */
  const node = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    external: ['vscode', 'node-pty'],
  };
  await esbuild.build({
    ...node,
    entryPoints: {
      ingest: 'bench/figures/ingest.ts',
      fsread: 'bench/figures/fsread.ts',
      terminal: 'bench/figures/terminal.ts',
      hostile: 'bench/figures/hostile.ts',
      worktrees: 'bench/figures/worktrees.ts',
      hostMemory: 'bench/figures/hostMemory.ts',
      manyAgents: 'bench/figures/manyAgents.ts',
    },
    outdir: outDir,
  });
  await esbuild.build({
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
    entryPoints: { 'render-page': 'bench/render/page.ts' },
    outdir: outDir,
  });
  // The render figures' markdown, for the burst the flood agent writes in code-server (bench/figures/vscode.mjs).
  await esbuild.build({ ...node, entryPoints: { content: 'bench/render/content.ts' }, outdir: outDir });
}

/** Runs one figure script; its figures are collected, a crash is recorded as a problem. */
function runFigure(label, command, args, timeoutMs) {
  if (only && !label.includes(only)) return;
  const t0 = Date.now();
  log(`${label}...`);
  const r = spawnSync(command, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: timeoutMs,
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (r.stdout ?? '').split('\n');
  const line = lines.find((l) => l.startsWith('BENCH_FIGURES '));
  const reasons = lines.filter((l) => l.startsWith('BENCH_PROBLEM ')).map((l) => l.slice('BENCH_PROBLEM '.length));
  if (r.status !== 0 || !line) {
    const why = reasons.join('; ') || r.error?.message || `exit ${r.status ?? r.signal}`;
    problems.push(`${label}: ${why}`);
    log(`${label} failed: ${why}`);
    return;
  }
  figures.push(...JSON.parse(line.slice('BENCH_FIGURES '.length)));
  log(`${label} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function machine() {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    hostNode: fs.existsSync(node24Bin) ? spawnSync(node24Bin, ['--version'], { encoding: 'utf8' }).stdout.trim() : null,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    quick,
    date: new Date().toISOString(),
  };
}

function print(figure) {
  const ratio = `${figure.ratio}x`.padStart(8);
  const against = figure.baseline === null ? '' : ` vs ${figure.baseline} ${figure.unit}`;
  const verdict = figure.met === null ? 'report' : figure.met ? 'met   ' : 'MISSED';
  console.log(
    `${verdict} ${figure.name.padEnd(28)} ${ratio}  (${figure.value} ${figure.unit}${against}; target ${figure.target})`,
  );
  if (figure.note) console.log(`       ${figure.note}`);
}

function isValidFigure(f) {
  return (
    typeof f.name === 'string' &&
    typeof f.value === 'number' &&
    Number.isFinite(f.value) &&
    typeof f.unit === 'string' &&
    (f.baseline === null || typeof f.baseline === 'number') &&
    typeof f.ratio === 'number' &&
    Number.isFinite(f.ratio) &&
    typeof f.target === 'string' &&
    // A figure without a target is reported with met: null, never a met that cannot fail.
    (typeof f.met === 'boolean' || (f.met === null && f.target.startsWith('reported')))
  );
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  await buildBenchBundles();
  // The ingest path runs where the extension host runs: code-server's Node 24 when provisioned.
  const hostNode = fs.existsSync(node24Bin) ? node24Bin : process.execPath;
  const q = quick ? ['--quick'] : [];
  runFigure('1 ingest', hostNode, ['--expose-gc', path.join(outDir, 'ingest.js'), ...q], 240_000);
  runFigure('2-3 render', process.execPath, ['bench/figures/render.mjs', ...q], 240_000);
  runFigure(
    '3 long chat: longchat_dom longchat_scroll longchat_stream',
    process.execPath,
    ['bench/figures/longchat.mjs', ...q],
    600_000,
  );
  runFigure(
    '3 typing: typing_latency_p95 typing_next_frame',
    process.execPath,
    ['bench/figures/typing.mjs', ...q],
    180_000,
  );
  // Many chats streaming at once: the extension host's side, on its Node.
  runFigure(
    '4 many agents: many_agents_hidden_posts many_agents_host_cpu many_agents_shown_latency_p95',
    hostNode,
    ['--expose-gc', path.join(outDir, 'manyAgents.js'), ...q],
    300_000,
  );
  // A chat's memory is the extension host's: its Node.
  runFigure(
    '9 host memory: host_memory_vs_journal',
    hostNode,
    ['--expose-gc', path.join(outDir, 'hostMemory.js'), ...q],
    120_000,
  );
  // Terminals run in the extension host too (node-pty is built for its Node).
  runFigure('5 terminal', hostNode, ['--expose-gc', path.join(outDir, 'terminal.js'), ...q], 180_000);
  runFigure('6 fs read', process.execPath, ['--expose-gc', path.join(outDir, 'fsread.js'), ...q], 120_000);
  // Agent-sized work (issue #9 item 10) runs in the extension host: its Node.
  runFigure('8 hostile input', hostNode, [path.join(outDir, 'hostile.js'), ...q], 300_000);
  // Worktrees are made and brought back in the extension host: its Node.
  runFigure('10 worktrees', hostNode, [path.join(outDir, 'worktrees.js'), ...q], 300_000);
  // The code-server figure installs the package this makes.
  const manyInCodeServer =
    '4 many agents in code-server: many_agents_chunk_to_dom_p95 many_agents_webview_hidden_posts';
  if (
    !only ||
    ['7 footprint', '4+7 code-server', manyInCodeServer, '11 idle startup'].some((label) => label.includes(only))
  )
    await footprint();
  runFigure('4+7 code-server', process.execPath, ['bench/figures/vscode.mjs', ...q], 300_000);
  runFigure(manyInCodeServer, process.execPath, ['bench/figures/vscodeAgents.mjs', ...q], 300_000);
  // Idle, the frames after a stream, and a new chat's start-up, in code-server; on Node 24 (its WebSocket profiles
  // the extension host).
  runFigure('11 idle startup', hostNode, ['bench/figures/idle.mjs', ...q], 420_000);
  writeResults();
}

/** 7: the package and the bundles' sizes. */
async function footprint() {
  try {
    // Always packaged (about 12 s), also in quick mode: the code-server figure installs this vsix, and a
    // stale one from an earlier build would measure other code.
    log('7 packaging (npm run package)...');
    const r = spawnSync('npm', ['run', '--silent', 'package'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error('npm run package failed');
    figures.push(...(await footprintFigures({ outDir: path.join(outDir, 'footprint'), vsix: vsixPath })));
  } catch (error) {
    problems.push(`7 footprint: ${error.message}`);
  }
}

function writeResults() {
  const clean = figures.filter(isValidFigure).map(({ name, value, unit, baseline, ratio, target, met }) => ({
    name,
    value,
    unit,
    baseline,
    ratio,
    target,
    met,
  }));
  if (clean.length !== figures.length) problems.push(`${figures.length - clean.length} figure(s) with invalid fields`);
  // With --only, the figures not taken this time are kept from the last run.
  const kept = only && fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')).figures : [];
  const taken = new Set(clean.map((f) => f.name));
  const all = [...kept.filter((f) => !taken.has(f.name)), ...clean];
  fs.writeFileSync(resultsFile, JSON.stringify({ machine: machine(), figures: all }, null, 2) + '\n');

  console.log(
    `\nSwitchboard bench${quick ? ' (quick smoke run: small sizes, 1 repetition)' : ''}: ratio against a baseline measured in this run`,
  );
  for (const figure of figures.filter(isValidFigure)) print(figure);
  const targets = clean.filter((f) => f.met !== null);
  const met = targets.filter((f) => f.met).length;
  console.log(
    `\n${met} of ${targets.length} targets met (${clean.length - targets.length} figures reported without a target); ${problems.length} problem(s)${problems.length ? `: ${problems.join('; ')}` : ''}`,
  );
  console.log(`results: ${path.relative(repoRoot, resultsFile)} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  // A smoke run passes when every figure script ran and the results are valid; missed targets are reported only.
  const ok = problems.length === 0 && clean.length > 0;
  writeSummary({
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    note: `${met}/${targets.length} targets met${quick ? ' (quick)' : ''}`,
  });
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  writeSummary({ passed: 0, failed: 1, note: `bench crashed: ${error.message}` });
  process.exit(1);
});
