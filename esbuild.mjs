// Builds the bundles Switchboard ships:
//   dist/extension.js   the extension host (node, cjs; `vscode` and native node-pty stay external)
//   dist/demo-agent.js  the built-in offline Demo agent, run as a child process by the host
//   dist/webview.js     the chat UI (browser, iife)
// plus, with --tests, the in-host mocha suites under out/test (never packaged).
// Flags: --watch (rebuild on change), --production (minify, no sourcemaps).
import * as esbuild from 'esbuild';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
const withTests = args.has('--tests');

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'info',
  legalComments: 'none',
};

const builds = [
  {
    ...common,
    entryPoints: { extension: 'src/extension.ts', 'demo-agent': 'src/demo/main.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'node-pty'],
  },
  {
    ...common,
    entryPoints: { webview: 'webview/main.ts' },
    outdir: 'dist',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
];

if (withTests) {
  builds.push({
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
