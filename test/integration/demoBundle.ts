// The built-in Demo agent bundled from source (as dist/demo-agent.js is built), for the tests that run it as a
// real child process.
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/** Bundles src/demo-agent/main.ts into `dir` and returns the script's path. */
export async function bundleDemoAgent(dir: string): Promise<string> {
  const outfile = join(dir, 'demo-agent.js');
  await esbuild.build({
    entryPoints: [join(__dirname, '../../src/demo-agent/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}
