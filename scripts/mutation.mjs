#!/usr/bin/env node
// `npm run mutation [-- --scope core|fs|terminals|session|session-core|protocol|registry] [-- stryker options]`: StrykerJS over one
// scope of the code (see stryker.config.mjs; `core` without --scope). Stryker needs Node >= 22, so it runs on
// the Node 24 that provisioning installs for code-server (.e2e/node24).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { provision } from './provision.mjs';
import { node24Bin, repoRoot } from './e2e/paths.mjs';

const args = process.argv.slice(2);
let scope = 'core';
const at = args.findIndex((arg) => arg === '--scope' || arg.startsWith('--scope='));
if (at >= 0) {
  const arg = args[at] ?? '';
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
  if (!value) {
    console.error('--scope needs a name (core, fs, terminals, session, session-core, protocol, registry)');
    process.exit(2);
  }
  scope = value;
  args.splice(at, arg.includes('=') ? 1 : 2);
}

await provision();
const stryker = path.join(repoRoot, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
const r = spawnSync(node24Bin, [stryker, 'run', ...args], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, SWITCHBOARD_MUTATION_SCOPE: scope },
});
process.exit(r.status ?? 1);
