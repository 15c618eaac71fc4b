#!/usr/bin/env node
// `npm test`: every suite, in order, each in its own process, with its counts:
//   provision (not a test) -> build (esbuild --tests) -> typecheck (1 test) -> vitest (unit + integration)
//   -> in-host mocha suites in a real VS Code -> the user journey (packaged .vsix in a real VS Code)
//   -> `npm run bench -- --quick` (smoke mode of the benchmarks).
// Ends with the line `N passed, N failed` (all suites) and exits non-zero on any failure. A suite that crashes
// or cannot run counts as (at least) one failure, never as zero tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { provision } from './provision.mjs';
import { repoRoot } from './e2e/paths.mjs';
import { seconds } from './e2e/summary.mjs';

const rows = [];

function banner(text) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(3, 70 - text.length))}`);
}

function record(name, passed, failed, t0, note) {
  rows.push({ name, passed, failed, secs: seconds(t0), note });
  console.log(`--- ${name}: ${passed} passing, ${failed} failing (${seconds(t0)} s)${note ? ` — ${note}` : ''}`);
}

function exec(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-test-all-'));

/** Runs a suite script that reports through SWITCHBOARD_SUITE_SUMMARY (see scripts/e2e/summary.mjs). */
function runSuiteScript(name, script, args = []) {
  banner(name);
  const t0 = Date.now();
  const summaryFile = path.join(tmp, `${name}.json`);
  const r = exec(process.execPath, [script, ...args], { SWITCHBOARD_SUITE_SUMMARY: summaryFile });
  let s = null;
  try {
    s = JSON.parse(fs.readFileSync(summaryFile, 'utf8'));
  } catch {
    /* no summary: the suite crashed */
  }
  if (!s) return record(name, 0, 1, t0, `crashed (exit ${r.status ?? r.signal}) before reporting counts`);
  // A non-zero exit with no failing test still is a failure.
  const failed = s.failed || (r.status === 0 ? 0 : 1);
  record(name, s.passed, failed, t0, s.note);
}

function runVitest() {
  banner('vitest (unit + integration)');
  const t0 = Date.now();
  const jsonFile = path.join(tmp, 'vitest.json');
  const r = exec('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`]);
  let report = null;
  try {
    report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  } catch {
    /* vitest crashed before writing */
  }
  if (!report) return record('vitest', 0, 1, t0, `crashed (exit ${r.status ?? r.signal}) without a report`);
  // A test file that fails to load (syntax error, bad import) has no test results but is a failure.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  let failed = report.numFailedTests + brokenFiles;
  if (r.status !== 0 && failed === 0) failed = 1;
  if (report.numTotalTests === 0 && failed === 0) failed = 1; // "no tests found" is not a pass
  record('vitest', report.numPassedTests, failed, t0, brokenFiles ? `${brokenFiles} file(s) failed to load` : undefined);
}

async function main() {
  const tAll = Date.now();
  banner('provision');
  let provisioned = true;
  try {
    await provision();
  } catch (err) {
    provisioned = false;
    console.error(`provisioning failed: ${err.message}`);
  }

  banner('build (node esbuild.mjs --tests)');
  let t0 = Date.now();
  const built = exec(process.execPath, ['esbuild.mjs', '--tests']).status === 0;
  if (!built) record('build', 0, 1, t0, 'esbuild failed');
  else console.log(`--- build ok (${seconds(t0)} s)`);

  banner('typecheck (tsc --noEmit)');
  t0 = Date.now();
  const typed = exec('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']).status === 0;
  record('typecheck', typed ? 1 : 0, typed ? 0 : 1, t0);

  runVitest();

  if (!provisioned || !built) {
    const why = !provisioned ? 'provisioning failed' : 'build failed';
    record('vscode (in-host)', 0, 1, Date.now(), `not run: ${why}`);
    record('journey', 0, 1, Date.now(), `not run: ${why}`);
  } else {
    runSuiteScript('vscode (in-host)', 'scripts/e2e/run-vscode-tests.mjs', ['--no-build']);
    runSuiteScript('journey', 'test/journey/chat-journey.mjs');
  }
  // The bench's smoke mode, so it cannot rot: passes when it completes with valid results
  // (bench/results.json); missed targets are reported in its output, not failed here.
  runSuiteScript('bench (quick)', 'scripts/bench.mjs', ['--quick']);

  fs.rmSync(tmp, { recursive: true, force: true });
  const passed = rows.reduce((n, r) => n + r.passed, 0);
  const failed = rows.reduce((n, r) => n + r.failed, 0);
  banner('summary');
  for (const r of rows) {
    console.log(`  ${r.name.padEnd(20)} ${String(r.passed).padStart(4)} ok ${String(r.failed).padStart(4)} not ok  ${r.secs.padStart(6)} s${r.note ? `  (${r.note})` : ''}`);
  }
  console.log(`  total time ${seconds(tAll)} s\n`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  console.log(`0 passed, 1 failed`);
  process.exit(1);
});
