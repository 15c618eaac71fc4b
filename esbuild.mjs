// Builds the bundles Switchboard ships:
//   dist/extension.js   the extension host (node, cjs; `vscode` and native node-pty stay external)
//   dist/demo-agent.js  the built-in offline Demo agent, run as a child process by the host
//   dist/webview.js     the chat UI (browser, iife)
//   dist/uninstall.js   the vscode:uninstall hook: deletes the chats' worktrees (src/uninstall/main.ts)
//   dist/mcp-bridge.js  the editor's MCP server over stdio, for agents that take MCP servers only so (scripts/build/mcpBridge.mjs)
//   dist/shell-parser.js, mcp-server.js, acp-v2-schema.js  parts of the host loaded on first use (scripts/build/lazyModules.mjs)
// plus, with --tests, the in-host mocha suites under out/test (never packaged).
// Flags: --watch (rebuild on change), --production (minify, no sourcemaps).
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { lazyEntries } from './scripts/build/lazyModules.mjs';
import { acpSchemaWithoutAnnotations } from './scripts/build/schemaAnnotations.mjs';
import { hostBundle } from './scripts/build/hostBundle.mjs';
import { mcpBridgeBundle } from './scripts/build/mcpBridge.mjs';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
const withTests = args.has('--tests');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'info',
  legalComments: 'none',
};

/** @type {import('esbuild').BuildOptions[]} */
const builds = [
  {
    ...common,
    ...hostBundle,
    entryPoints: {
      extension: 'src/extension.ts',
      'demo-agent': 'src/demo-agent/main.ts',
      uninstall: 'src/uninstall/main.ts',
    },
    outdir: 'dist',
  },
  {
    ...common,
    entryPoints: lazyEntries,
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  { ...common, ...mcpBridgeBundle, outdir: 'dist' },
  {
    ...common,
    entryPoints: { webview: 'webview/main.ts' },
    outdir: 'dist',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
];

/**
 * `virtual:vscode-suites`: every *.test.ts under test/vscode, found by pattern at build time, so a new suite file
 * cannot be silently left out of the in-host run. Each entry loads its file lazily (the tdd globals must
 * exist first) and names it, so the runner can fail a file that registers no test.
 */
const vscodeSuites = {
  name: 'vscode-suites',
  setup(build) {
    build.onResolve({ filter: /^virtual:vscode-suites$/ }, (a) => ({ path: a.path, namespace: 'vscode-suites' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-suites' }, () => {
      const dir = path.resolve('test/vscode');
      const files = fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.test.ts'))
        .sort();
      const entries = files.map(
        (f) => `{ file: ${JSON.stringify(f)}, load: () => require(${JSON.stringify(path.join(dir, f))}) }`,
      );
      return {
        contents: `export const suites = [${entries.join(',\n')}];`,
        resolveDir: dir,
        loader: 'js',
        watchDirs: [dir],
      };
    });
  },
};

if (withTests) {
  builds.push({
    plugins: [vscodeSuites, acpSchemaWithoutAnnotations],
    ...common,
    sourcemap: 'inline',
    minify: false,
    entryPoints: ['test/vscode/index.ts'],
    outdir: 'out/test/vscode',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'node-pty', 'mocha'],
  });
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
