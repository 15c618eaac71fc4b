import { defineConfig } from 'vitest/config';

// Unit tests (test/unit) and protocol integration tests (test/integration) run here.
// Webview render tests opt into jsdom with a `// @vitest-environment jsdom` comment.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/layout/**/*.test.ts'],
    // Under mutation testing (scripts/mutation.mjs sets the variable) a mutant that drops an answer hangs a
    // liveness test into this timeout, so it is short there: with 30 s such mutants left both Stryker workers
    // idle and the protocol scope fell from ~50 to ~9 mutants a minute (2026-11-23). No unit test the
    // mutants run takes 10 s, and Stryker's dry run would fail if one did.
    testTimeout: process.env.SWITCHBOARD_MUTATION_SCOPE ? 10_000 : 30_000,
    pool: 'forks',
  },
});
