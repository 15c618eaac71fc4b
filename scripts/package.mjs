#!/usr/bin/env node
// `npm run package`: a platform-specific switchboard.vsix for the platform this runs on (or
// --target TARGET, or --target all). node-pty is native: its build for one platform ships inside the
// package, so each platform gets its own vsix (what a Remote/WSL/SSH/container window installs next to
// the code, since the extension is `extensionKind: ["workspace"]`).
// - This machine's own target ships node-pty's build/Release/pty.node (built here by npm install).
// - darwin-x64/arm64 and win32-x64/arm64 ship node-pty's own prebuilds (prebuilds/<target>, no .pdb), and
//   not this machine's build (node-pty tries build/Release first).
// - Another Linux target has no prebuilt node-pty: it must be packaged on that platform (refused here).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
/** VS Code targets whose node-pty binary ships inside node-pty itself. */
const PREBUILT = ['darwin-x64', 'darwin-arm64', 'win32-x64', 'win32-arm64'];
const here = TARGETS[`${process.platform}-${process.arch}`];
const { values } = util.parseArgs({ options: { target: { type: 'string' } } });
const wanted = values.target === 'all' ? [...new Set([here, ...PREBUILT].filter(Boolean))] : [values.target ?? here];
if (!wanted[0]) {
  console.error(`No VS Code target for ${process.platform}-${process.arch}; pass --target`);
  process.exit(1);
}
for (const target of wanted) {
  if (target !== here && !PREBUILT.includes(target)) {
    console.error(
      `node-pty has no prebuilt binary for ${target}: package it on a ${target} machine (npm ci && npm run package).`,
    );
    process.exit(1);
  }
}
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(process.execPath, ['esbuild.mjs', '--production']);
const scratch = mkdtempSync(join(tmpdir(), 'switchboard-package-'));
try {
  for (const target of wanted) {
    const out = wanted.length === 1 ? 'switchboard.vsix' : `switchboard-${target}.vsix`;
    const args = ['vsce', 'package', '--target', target, '--out', out];
    if (target !== here) {
      const prebuilds = `node_modules/node-pty/prebuilds/${target}`;
      if (!existsSync(prebuilds)) {
        console.error(`${prebuilds} is missing: reinstall node-pty (npm ci).`);
        process.exit(1);
      }
      // The base allow-list, minus this machine's binary, plus the target's prebuilds (vsce applies every
      // `!` line after the others, so the binary's line is dropped rather than overridden).
      const ignore = join(scratch, `${target}.vscodeignore`);
      const base = readFileSync('.vscodeignore', 'utf8')
        .split('\n')
        .filter((line) => !line.startsWith('!node_modules/node-pty/build/'));
      writeFileSync(ignore, [...base, `!${prebuilds}/**/!(*.pdb)`, ''].join('\n'));
      args.push('--ignoreFile', ignore);
    }
    run('npx', args);
    console.log(`${out} built for ${target}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
