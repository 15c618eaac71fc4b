#!/usr/bin/env node
// `npm test`: every suite, in order, each in its own process, with its counts:
//   provision (not a test) -> build (esbuild --tests) -> check (lint, types) -> vitest (unit + integration)
//   -> in-host mocha suites in a real VS Code -> the user journey (packaged .vsix in a real VS Code)
//   -> `npm run bench -- --quick` (smoke mode of the benchmarks).
// Tests and checks are reported apart: the build, `npm run check` and the bench smoke run are checks (ok / not ok), not
// tests, so they do not inflate the test count. The last line is `N passed, N failed`: N passed counts tests;
// N failed counts failing tests plus failing checks, so a broken check is never hidden behind green tests.
// Exits non-zero on any failure. A suite that crashes, cannot run, runs no test, or skips a test counts as
// (at least) one failure, never as zero tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { provision } from './provision.mjs';
import { repoRoot } from './e2e/paths.mjs';
import { failureLine, seconds } from './e2e/summary.mjs';

const rows = [];

function banner(text) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(3, 70 - text.length))}`);
}

function record(name, passed, failed, t0, note, failures = []) {
  rows.push({ kind: 'tests', name, passed, failed, secs: seconds(t0), note, failures });
  console.log(`--- ${name}: ${passed} passing, ${failed} failing (${seconds(t0)} s)${note ? ` — ${note}` : ''}`);
}

/** A check that is not a test (build, type check, bench smoke run): ok or not, apart from the test counts. */
function recordCheck(name, ok, t0, note) {
  rows.push({ kind: 'check', name, ok, secs: seconds(t0), note });
  console.log(`--- ${name}: ${ok ? 'ok' : 'NOT OK'} (${seconds(t0)} s)${note ? ` — ${note}` : ''}`);
}

function exec(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-test-all-'));

/** Runs a suite script that reports through SWITCHBOARD_SUITE_SUMMARY (see scripts/e2e/summary.mjs). */
function runSuiteScript(name, script, args = [], { check = false } = {}) {
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
  const crashed = `crashed (exit ${r.status ?? r.signal}) before reporting counts`;
  if (check) return recordCheck(name, Boolean(s) && !s.failed && r.status === 0, t0, s ? s.note : crashed);
  if (!s) return record(name, 0, 1, t0, crashed);
  // A non-zero exit with no failing test still is a failure, and so is a suite that ran nothing.
  const failed = s.failed || (r.status === 0 && s.passed > 0 ? 0 : 1);
  record(name, s.passed, failed, t0, s.note, s.failures);
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
  // A skipped or todo test cannot fail: it counts as a failure until it runs or goes.
  const skipped = report.numPendingTests + report.numTodoTests;
  let failed = report.numFailedTests + brokenFiles + skipped;
  if (r.status !== 0 && failed === 0) failed = 1;
  if (report.numTotalTests === 0 && failed === 0) failed = 1; // "no tests found" is not a pass
  const notes = [brokenFiles && `${brokenFiles} file(s) failed to load`, skipped && `${skipped} skipped/todo`].filter(
    Boolean,
  );
  const failures = report.testResults.flatMap((f) =>
    f.assertionResults.length === 0 && f.status === 'failed'
      ? [failureLine(path.relative(process.cwd(), f.name), f.message)]
      : f.assertionResults
          .filter((a) => a.status === 'failed')
          .map((a) => failureLine(a.fullName, a.failureMessages?.[0])),
  );
  record('vitest', report.numPassedTests, failed, t0, notes.join('; ') || undefined, failures);
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
  recordCheck('build', built, t0);

  banner('check (npm run check: lint with the layer rules, type check of every tsconfig project)');
  t0 = Date.now();
  recordCheck('check', exec('npm', ['run', '--silent', 'check']).status === 0, t0);

  runVitest();

  if (!provisioned || !built) {
    const why = !provisioned ? 'provisioning failed' : 'build failed';
    record('vscode (in-host)', 0, 1, Date.now(), `not run: ${why}`);
    record('journey', 0, 1, Date.now(), `not run: ${why}`);
  } else {
    runSuiteScript('vscode (in-host)', 'scripts/e2e/runVscodeTests.mjs', ['--no-build']);
    runSuiteScript('journey', 'test/journey/chatJourney.mjs');
  }
  // The bench's smoke mode, so it cannot rot: passes when it completes with valid results
  // (bench/results.json); missed targets are reported in its output, not failed here.
  runSuiteScript('bench (quick)', 'scripts/bench.mjs', ['--quick'], { check: true });

  fs.rmSync(tmp, { recursive: true, force: true });
  const tests = rows.filter((r) => r.kind === 'tests');
  const checks = rows.filter((r) => r.kind === 'check');
  const passed = tests.reduce((n, r) => n + r.passed, 0);
  const failedChecks = checks.filter((r) => !r.ok).length;
  const failed = tests.reduce((n, r) => n + r.failed, 0) + failedChecks;
  banner('summary');
  console.log('  tests');
  for (const r of tests) {
    console.log(
      `    ${r.name.padEnd(20)} ${String(r.passed).padStart(4)} ok ${String(r.failed).padStart(4)} not ok  ${r.secs.padStart(6)} s${r.note ? `  (${r.note})` : ''}`,
    );
    // Named here again: CI keeps only the tail of the output, where the suites' own reports are long gone.
    // Steps a journey never reached say nothing new: one line for them all keeps the tail for the cause.
    const notReached = r.failures.filter((f) => f.endsWith(': not reached (an earlier step failed)'));
    for (const f of r.failures.filter((f) => !notReached.includes(f)).slice(0, 20)) console.log(`      FAILED ${f}`);
    if (notReached.length > 0)
      console.log(`      FAILED ${notReached.length} more step(s) not reached (an earlier step failed)`);
  }
  console.log('  checks (not counted as tests; a failing check counts as one failure)');
  for (const r of checks)
    console.log(
      `    ${r.name.padEnd(20)} ${r.ok ? '    ok' : 'NOT OK'}  ${r.secs.padStart(6)} s${r.note ? `  (${r.note})` : ''}`,
    );
  console.log(`  total time ${seconds(tAll)} s\n`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  console.log(`0 passed, 1 failed`);
  process.exit(1);
});
