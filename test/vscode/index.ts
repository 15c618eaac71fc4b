// The in-host test runner: code-server's extension host loads this bundle (out/test/vscode/index.js,
// built by `node esbuild.mjs --tests`) as extensionTestsPath and calls run(). It runs the mocha
// suites (tdd ui) with the real `vscode` API and writes {passed, failed, failures} as JSON to the
// file named by SWITCHBOARD_TEST_RESULT, which the harness (scripts/e2e/run-vscode-tests.mjs) reads.
import * as fs from 'node:fs';
import Mocha from 'mocha';

interface Failure {
  title: string;
  error: string;
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false });
  const failures: Failure[] = [];
  let passed = 0;

  try {
    // The tdd globals (suite, test, ...) must exist before a suite module runs. The suites are
    // bundled in (static require paths) and evaluated lazily by these require calls.
    mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_PRE_REQUIRE, globalThis, 'switchboard-vscode-tests', mocha);
    require('./extension.test');
    require('./fsHandlers.test');
    require('./editorActions.test');
    require('./demoTurn.test');
    require('./terminals.test');
    require('./review.test');
    require('./reviewSession.test');
    require('./reviewRestorePick.test');
  } catch (error) {
    failures.push({ title: 'loading the test suites', error: describe(error) });
    writeResult(0, failures);
    return Promise.reject(error);
  }

  return new Promise((resolve, reject) => {
    const runner = mocha.run((failedCount) => {
      writeResult(passed, failures);
      if (failedCount > 0) reject(new Error(`${failedCount} in-host test(s) failed`));
      else resolve();
    });
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => passed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test: Mocha.Runnable, error: unknown) => {
      failures.push({ title: test.fullTitle(), error: describe(error) });
    });
  });
}

function writeResult(passed: number, failures: Failure[]): void {
  const file = process.env.SWITCHBOARD_TEST_RESULT;
  const result = { passed, failed: failures.length, failures };
  console.log(`[switchboard tests] ${passed} passed, ${failures.length} failed`);
  if (file) fs.writeFileSync(file, JSON.stringify(result, null, 2));
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
