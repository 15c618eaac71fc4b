#!/usr/bin/env node
// Runs the in-host mocha suites (test/vscode, bundled to out/test/vscode/index.js) inside a real VS Code:
// code-server with the smoke-test driver enabled, opened by headless chromium with a URL payload naming the
// extension development path, the tests path, and SWITCHBOARD_TEST_RESULT (where the runner writes its counts).
// The workbench calls window.codeAutomationExit(code) when mocha is done.
//
// Usage: node scripts/e2e/runVscodeTests.mjs [--no-build] [--extension-dir DIR] [--tests-path FILE] [--grep TEXT]
// Env:   SWITCHBOARD_VSCODE_TEST_TIMEOUT (ms, default 300000), SWITCHBOARD_SUITE_SUMMARY (see summary.mjs)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import { provision } from '../provision.mjs';
import { launchBrowser, newLoopbackPage, workbenchUrl } from './browser.mjs';
import {
  copyWorkspace,
  createRun,
  freePort,
  installCleanupHandlers,
  startCodeServer,
  stopCodeServer,
} from './codeServer.mjs';
import { repoRoot, sampleWorkspace } from './paths.mjs';
import { failureLine, seconds, writeSummary } from './summary.mjs';

const { values: opts } = util.parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'extension-dir': { type: 'string', default: repoRoot },
    'tests-path': { type: 'string' },
    grep: { type: 'string' },
  },
});
const extensionDir = path.resolve(opts['extension-dir']);
const testsPath = path.resolve(opts['tests-path'] ?? path.join(extensionDir, 'out', 'test', 'vscode', 'index.js'));
const timeoutMs = Number(process.env.SWITCHBOARD_VSCODE_TEST_TIMEOUT ?? 300_000);

// Workbench console lines that are expected offline and say nothing about our tests.
const NOISE = [
  /ENOTFOUND/,
  /vsda/,
  /open-vsx/,
  /Failed to load resource/,
  /\[Extension Host\] Debugger/,
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket/,
  /reconnection-grace-time/,
  /^Updating additional builtin/,
  /^\[Service Worker\]/,
  /^\[AgentHost/,
  /^\[AccountPolicyGate\]/,
  /authentication provider 'github'/,
];

function log(msg) {
  console.log(`[vscode-tests] ${msg}`);
}

/**
 * The layouts the suites run in, one code-server session each: a single folder (a copy of the sample
 * workspace) for every suite, then a multi-root workspace (that copy and a second folder, in a
 * .code-workspace file) for the suites under test/vscode/multiRoot/ (test/vscode/index.ts picks them).
 */
const LAYOUTS = ['folder', 'multi-root'];

async function main() {
  const t0 = Date.now();
  await provision();
  if (!opts['no-build']) {
    log('building with --tests');
    const r = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { cwd: repoRoot, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('esbuild --tests failed');
  }
  if (!fs.existsSync(testsPath)) throw new Error(`no in-host test runner at ${testsPath} (build with --tests)`);
  installCleanupHandlers();
  const totals = { passed: 0, failed: 0, pending: 0, failures: [] };
  for (const layout of LAYOUTS) {
    const result = await runLayout(layout, t0);
    totals.passed += result.passed;
    totals.failed += result.failed;
    totals.pending += result.pending;
    totals.failures.push(...result.failures.map((f) => `[${layout}] ${f}`));
  }
  writeSummary({
    passed: totals.passed,
    failed: totals.failed,
    note: totals.pending ? `${totals.pending} pending` : undefined,
    failures: totals.failures,
  });
  return totals.failed === 0;
}

/** One code-server session with the extension under test, opened on `layout`; its counts. */
async function runLayout(layout, t0) {
  // Tests never reach beyond 127.0.0.1: at activation the agents found on PATH load the registry index when
  // none is cached, so it is asked of a port where nothing listens (the suites that need one serve their own).
  const run = createRun(`vscode-tests-${layout}`, {
    settings: { 'switchboard.registry.url': 'http://127.0.0.1:9/registry.json' },
  });
  const resultFile = path.join(run.dir, 'result.json');
  const workspace = copyWorkspace(sampleWorkspace, path.join(run.dir, 'workspace'));
  let opened = workspace;
  if (layout === 'multi-root') {
    const second = path.join(run.dir, 'second-root');
    fs.mkdirSync(second, { recursive: true });
    fs.writeFileSync(path.join(second, 'notes.txt'), 'in the second folder\n');
    opened = path.join(run.dir, 'two-folders.code-workspace');
    fs.writeFileSync(opened, JSON.stringify({ folders: [{ path: workspace }, { path: second }] }, null, 2));
  }
  let server;
  let browser;
  let keepRunDir = true; // kept for its logs unless the run passed
  try {
    const port = await freePort();
    server = await startCodeServer(run, { port, extraArgs: ['--vscode-option', 'enable-smoke-test-driver'] });
    log(`[${layout}] code-server up on ${server.url} (${seconds(t0)} s); run dir ${run.dir}`);
    const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(extensionDir)],
      ['extensionTestsPath', remote(testsPath)],
      [
        'extensionEnvironment',
        JSON.stringify({
          SWITCHBOARD_TEST_RESULT: resultFile,
          SWITCHBOARD_TEST_GREP: opts.grep ?? '',
          SWITCHBOARD_TEST_LAYOUT: layout,
        }),
      ],
    ];
    browser = await launchBrowser();
    const page = await newLoopbackPage(browser);
    let finish;
    const exited = new Promise((resolve) => (finish = resolve));
    // The same hooks @vscode/test-web uses; they must exist before the page loads.
    await page.exposeFunction('codeAutomationLog', (level, args) => {
      if (level === 'trace' || level === 'debug') return;
      const line = util.format(...args);
      if (!NOISE.some((re) => re.test(line))) console.log(line);
    });
    await page.exposeFunction('codeAutomationExit', (code) => finish(code));
    await page.goto(workbenchUrl(server, opened, payload));
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    if (code === 'timeout') throw new Error(`[${layout}] tests did not finish within ${timeoutMs} ms`);
    const result = readResult(resultFile);
    log(
      `[${layout}] exit code ${code}; ${result ? `${result.passed} passed, ${result.failed} failed, ${result.pending ?? 0} pending` : 'no result file'} (${seconds(t0)} s)`,
    );
    for (const f of result?.failures ?? []) log(`FAILED: ${f.title}\n    ${f.error}`);
    if (!result) throw new Error(`[${layout}] the runner wrote no result to ${resultFile} (exit code ${code})`);
    // A non-zero exit with no failing test means mocha itself broke (e.g. a suite failed to load); a run
    // of zero tests is not a pass.
    const nothingMatched = Boolean(opts.grep) && code === 0 && result.passed === 0 && result.failed === 0;
    const failed = result.failed || (code === 0 && (result.passed > 0 || nothingMatched) ? 0 : 1);
    keepRunDir = failed > 0 || code !== 0;
    const failures = (result.failures ?? []).map((f) => failureLine(f.title, f.error));
    if (failed > failures.length) failures.push(`exit code ${code} with no failing test named`);
    return { passed: result.passed, failed, pending: result.pending ?? 0, failures };
  } finally {
    await browser?.close().catch(() => {});
    if (server) await stopCodeServer(server);
    if (keepRunDir) log(`[${layout}] logs kept in ${run.dir}`);
    else fs.rmSync(run.dir, { recursive: true, force: true });
    log(`[${layout}] code-server stopped; total ${seconds(t0)} s`);
  }
}

function readResult(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(`[vscode-tests] ERROR: ${err.stack ?? err}`);
    writeSummary({ passed: 0, failed: 1, note: String(err.message ?? err) });
    process.exit(1);
  },
);
