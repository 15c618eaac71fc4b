#!/usr/bin/env node
// `npm run mutation [-- stryker options]`: StrykerJS over the core (see stryker.config.mjs). Stryker needs
// Node >= 22, so it runs on the Node 24 that provisioning installs for code-server (.e2e/node24).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { provision } from './provision.mjs';
import { node24Bin, repoRoot } from './e2e/paths.mjs';

await provision();
const stryker = path.join(repoRoot, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
const r = spawnSync(node24Bin, [stryker, 'run', ...process.argv.slice(2)], { cwd: repoRoot, stdio: 'inherit' });
process.exit(r.status ?? 1);
