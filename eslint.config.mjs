// Lint: typescript-eslint with type information, plus the layer rules of docs/ARCHITECTURE.md. The LAYERS table
// below is the one place the arrows are written down for the tools; the architecture page says the same in words.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Each layer of src/ and what it may import (besides itself). Lowest first. */
export const LAYERS = {
  shared: [],
  protocol: ['shared'],
  agents: ['protocol', 'shared'],
  fs: ['protocol', 'shared'],
  review: ['fs', 'protocol', 'shared'],
  terminals: ['protocol', 'shared'],
  worktrees: ['fs', 'shared'],
  session: ['agents', 'fs', 'review', 'terminals', 'worktrees', 'protocol', 'shared'],
  chat: ['session', 'shared'],
  vscode: ['chat', 'session', 'agents', 'fs', 'review', 'terminals', 'worktrees', 'protocol', 'shared'],
  'demo-agent': ['protocol'],
  'mcp-bridge': ['protocol', 'shared'],
  uninstall: ['worktrees', 'shared'],
};
const NODE_BUILTINS = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'util',
  'events',
  'stream',
  'net',
  'worker_threads',
];

/**
 * A relative import that climbs out of a layer's folder names the top-level folder it lands in; nested folders
 * (vscode/review, agents/quirks) climb one more level, which the `(\.\./)+` covers. Only vscode/ nests folders
 * named like layers, and it may import every layer, so the pattern has no false positives.
 */
function layerRules(layer, allowed) {
  const forbidden = Object.keys(LAYERS).filter((other) => other !== layer && !allowed.includes(other));
  const patterns = [];
  if (forbidden.length > 0) {
    patterns.push({
      regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
      message: `${layer}/ may import only ${allowed.join(', ') || 'nothing outside itself'} (docs/ARCHITECTURE.md).`,
    });
  }
  const paths =
    layer === 'vscode' ? [] : [{ name: 'vscode', message: 'Only src/vscode/ and src/extension.ts import `vscode`.' }];
  if (layer === 'shared')
    patterns.push({ group: NODE_BUILTINS, message: 'shared/ runs in the webview too: no Node modules.' });
  return {
    files: [`src/${layer}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '.e2e/**',
      'reports/**',
      'test-results/**',
      '.stryker-tmp/**',
      'test/fixtures/sample-workspace/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        globalThis: 'readonly',
        document: 'readonly',
        window: 'readonly',
        performance: 'readonly',
        structuredClone: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        AbortController: 'readonly',
        queueMicrotask: 'readonly',
        MutationObserver: 'readonly',
        requestAnimationFrame: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  {
    // Tests may poke at loosely typed data (fuzzed JSON, ANSI escapes in terminal output).
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  ...Object.entries(LAYERS).map(([layer, allowed]) => layerRules(layer, allowed)),
  {
    // The webview bundle: src/shared and its own libraries only; no Node, no vscode.
    files: ['webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The webview cannot import `vscode`.' }],
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!shared/)',
              message: 'webview/ imports only src/shared (docs/ARCHITECTURE.md).',
            },
            { group: NODE_BUILTINS, message: 'The webview runs in a browser: no Node modules.' },
          ],
        },
      ],
    },
  },
);
