#!/usr/bin/env node
// `npm run package`: a platform-specific switchboard.vsix for the platform this runs on (or
// --target TARGET). node-pty is native: its build for one platform ships inside the package
// (.vscodeignore allow-lists only its runtime files), so each platform gets its own vsix.
import { spawnSync } from 'node:child_process';
import util from 'node:util';

const TARGETS = {
  'linux-x64': 'linux-x64',
  'linux-arm64': 'linux-arm64',
  'linux-arm': 'linux-armhf',
  'darwin-x64': 'darwin-x64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'win32-x64',
  'win32-arm64': 'win32-arm64',
};
const { values } = util.parseArgs({ options: { target: { type: 'string' } } });
const target = values.target ?? TARGETS[`${process.platform}-${process.arch}`];
if (!target) {
  console.error(`No VS Code target for ${process.platform}-${process.arch}; pass --target`);
  process.exit(1);
}
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(process.execPath, ['esbuild.mjs', '--production']);
run('npx', ['vsce', 'package', '--target', target, '--out', 'switchboard.vsix']);
console.log(`switchboard.vsix built for ${target}`);
