// Mutation testing (issue 16): `npm run mutation` (not part of `npm test`: it takes long on 2 cores).
// Stryker changes the code one small mutation at a time (a condition flipped, a call removed, a constant
// changed) and runs the vitest tests that cover it; a mutant no test notices is a promise nobody checks.
// Incremental: unchanged code and tests reuse the previous run's results (reports/stryker-incremental.json,
// git-ignored).

// What the README's score covers and `thresholds.break` guards: measured 2026-11-23 at 94.43 % (protocol
// core 92.34 %, review 95.20 %), so a plain `npm run mutation` fails below 94 %.
const GUARDED = [
  'src/protocol/errors.ts',
  'src/protocol/envelope.ts',
  'src/protocol/incomingGate.ts',
  'src/protocol/schema.ts',
  'src/review/**/*.ts',
];
const BREAK_AT = 94;
// Issue 16 also names the rest of src/protocol/, src/session/, src/terminals/ and the fs handlers: run
// them with `npm run mutation -- --mutate '<glob>'` for a score. A run given --mutate measures some other
// set of files, so the floor (which is about GUARDED) does not apply to it.
const narrowed = process.argv.some((arg) => arg === '--mutate' || arg === '-m' || arg.startsWith('--mutate='));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.mts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: GUARDED,
  // Only the unit tests judge the mutants: the integration tests spawn agent processes and wait on
  // their timers, so a mutant they cover took ~12 s instead of ~1 s (measured on 2 cores, 2026-11-23).
  testFiles: ['test/unit/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level constant: ErrorCodes, the chunk regex, default limits) runs every
  // test, since per-test coverage cannot tell which use it: about a minute each here. Left out of the
  // score (Stryker lists them as Ignored); the tests that read those constants still run.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  thresholds: { high: 80, low: 60, break: narrowed ? null : BREAK_AT },
  tempDirName: '.stryker-tmp',
  // The provisioned browser, Node and code-server (hundreds of MB, a symlink in a worktree): no
  // vitest test uses them, and Stryker cannot copy a symlinked folder into its sandbox.
  ignorePatterns: ['/.e2e'],
};
