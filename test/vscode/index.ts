// The in-host test runner: code-server's extension host loads this bundle (out/test/vscode/index.js,
// built by `node esbuild.mjs --tests`) as extensionTestsPath and calls run(). It runs the mocha
// suites (tdd ui) with the real `vscode` API and writes {passed, failed, pending, failures} as JSON to
// the file named by SWITCHBOARD_TEST_RESULT, which the harness (scripts/e2e/runVscodeTests.mjs) reads.
// The suite files are every *.test.ts under test/vscode, found by pattern at build time: a new file
// cannot be left out. A file that registers no test, a pending (skipped) test and a run of zero tests
// are failures: each would otherwise look like a pass.
import * as fs from 'node:fs';
import Mocha from 'mocha';
import { suites } from 'virtual:vscode-suites';

interface Failure {
  title: string;
  error: string;
}

export function run(): Promise<void> {
  // SWITCHBOARD_TEST_GREP (npm run test:vscode -- --grep TEXT) runs only the matching tests, while working on them.
  const grep = process.env.SWITCHBOARD_TEST_GREP || undefined;
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, grep });
  const failures: Failure[] = [];
  let passed = 0;
  let pending = 0;

  try {
    // The tdd globals (suite, test, ...) must exist before a suite module runs. The suites are
    // bundled in and evaluated lazily by load().
    mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_PRE_REQUIRE, globalThis, 'switchboard-vscode-tests', mocha);
    for (const { file, load } of suitesOfThisLayout()) {
      const before = mocha.suite.total();
      load();
      if (mocha.suite.total() === before) failures.push({ title: file, error: 'this suite file registers no test' });
    }
  } catch (error) {
    failures.push({ title: 'loading the test suites', error: describe(error) });
    writeResult(0, 0, failures);
    return Promise.reject(error);
  }
  const loaded = suitesOfThisLayout();
  console.log(`[switchboard tests] ${loaded.length} suite files: ${loaded.map((s) => s.file).join(', ')}`);

  return new Promise((resolve, reject) => {
    const runner = mocha.run(() => {
      if (pending > 0)
        failures.push({
          title: `${pending} pending test(s)`,
          error: 'a skipped test cannot fail; run it or remove it',
        });
      // With --grep, the layout whose suites have no match runs nothing, and that is fine.
      if (passed + failures.length === 0 && !grep) failures.push({ title: 'the run', error: 'no test ran' });
      writeResult(passed, pending, failures);
      if (failures.length > 0) reject(new Error(`${failures.length} in-host failure(s)`));
      else resolve();
    });
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => passed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => pending++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test: Mocha.Runnable, error: unknown) => {
      failures.push({ title: test.fullTitle(), error: describe(error) });
    });
  });
}

/**
 * The harness runs twice (scripts/e2e/runVscodeTests.mjs): opened on one folder, every suite but those under
 * multiRoot/; opened on a multi-root workspace (SWITCHBOARD_TEST_LAYOUT=multi-root), only those.
 */
function suitesOfThisLayout(): typeof suites {
  const multiRoot = process.env.SWITCHBOARD_TEST_LAYOUT === 'multi-root';
  return suites.filter((suite) => suite.file.startsWith('multiRoot/') === multiRoot);
}

function writeResult(passed: number, pending: number, failures: Failure[]): void {
  const file = process.env.SWITCHBOARD_TEST_RESULT;
  const result = { passed, failed: failures.length, pending, failures };
  console.log(`[switchboard tests] ${passed} passed, ${failures.length} failed, ${pending} pending`);
  if (file) fs.writeFileSync(file, JSON.stringify(result, null, 2));
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
