// Figure 7 (sizes): the production bundles, built exactly as `esbuild.mjs --production` builds
// dist/extension.js (with dist/shell-parser.js beside it) and dist/webview.js (into out/bench/footprint, so dist/ is left alone), and
// the .vsix that `npm run package` made. Activation time is measured in code-server (vscode.mjs).
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { round } from './stats.mjs';
import { lazyEntries } from '../../scripts/build/lazyModules.mjs';
import { hostBundle } from '../../scripts/build/hostBundle.mjs';

const MB = 1024 * 1024;

export async function footprintFigures({ outDir, vsix }) {
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    bundle: true,
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    outdir: outDir,
  };
  await esbuild.build({ ...common, ...hostBundle, entryPoints: { extension: 'src/extension.ts' } });
  await esbuild.build({ ...common, entryPoints: lazyEntries, platform: 'node', format: 'cjs', target: 'node20' });
  await esbuild.build({
    ...common,
    entryPoints: { webview: 'webview/main.ts' },
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  });
  const size = (file) => fs.statSync(path.join(outDir, file)).size;
  const bundle = (name, file) => {
    const bytes = size(file);
    return {
      name,
      value: round(bytes / 1024, 1),
      unit: 'KiB',
      baseline: null,
      ratio: round(bytes / MB, 3),
      target: '< 1 MiB minified',
      met: bytes < MB,
      note: `${file} minified (esbuild --production settings); ratio = size / 1 MiB`,
    };
  };
  const host = bundle('host_bundle_size', 'extension.js');
  host.note += `; the shell parser of permission rules is loaded on first use, not at activation: shell-parser.js ${round(size('shell-parser.js') / 1024, 1)} KiB; the MCP SDK of the editor's MCP server likewise, on its first request: mcp-server.js ${round(size('mcp-server.js') / 1024, 1)} KiB; the ACP v2 schema when an agent speaks v2: acp-v2-schema.js ${round(size('acp-v2-schema.js') / 1024, 1)} KiB`;
  const figures = [host, bundle('webview_bundle_size', 'webview.js')];
  if (fs.existsSync(vsix)) {
    const bytes = fs.statSync(vsix).size;
    figures.push({
      name: 'vsix_size',
      value: round(bytes / MB, 2),
      unit: 'MiB',
      baseline: null,
      ratio: round(bytes / MB, 2),
      target: 'reported (no target)',
      met: null,
      note: path.basename(vsix),
    });
  }
  return figures;
}
