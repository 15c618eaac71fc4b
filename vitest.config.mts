import { defineConfig } from 'vitest/config';

// Unit tests (test/unit) and protocol integration tests (test/integration) run here.
// Webview render tests opt into jsdom with a `// @vitest-environment jsdom` comment.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
