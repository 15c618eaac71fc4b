// How the extension host's bundle is built: one home for esbuild.mjs (dist/extension.js) and the bench's size
// figure (bench/figures/footprint.mjs), which builds it the same way into a folder of its own.
import { lazyPlugins } from './lazyModules.mjs';
import { acpSchemaWithoutAnnotations } from './schemaAnnotations.mjs';

/** @type {import('esbuild').BuildOptions} */
export const hostBundle = {
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode', 'node-pty'],
  plugins: [...lazyPlugins, acpSchemaWithoutAnnotations],
};
