// Starting and stopping code-server (a real VS Code server + web workbench) for the e2e suites and `npm start`.
// Each run gets its own folder (user data, extensions, XDG dirs, config) and its own short TMPDIR under /tmp
// (VS Code puts unix sockets there, and their paths must stay under ~108 characters). code-server runs in its own
// process group so that stopping it also stops the extension host, file watchers and agents it spawned.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { codeServerEntry, e2eDir, node24Bin, repoRoot } from './paths.mjs';

// Quiet, deterministic workbench: no welcome page, no Copilot chat, no trust prompt, no telemetry or updates.
export const BASE_USER_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'remote.autoForwardPorts': false,
  'git.enabled': false,
  'typescript.disableAutomaticTypeAcquisition': true,
};

/** Resolves to `preferred` if it is free on 127.0.0.1, else to a port the OS picks. */
export async function freePort(preferred = 0) {
  const tryListen = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const { port: got } = /** @type {import('node:net').AddressInfo} */ (srv.address());
        srv.close(() => resolve(got));
      });
    });
  return (preferred && (await tryListen(preferred))) || (await tryListen(0));
}

/**
 * Creates (or, with `keep`, reuses) a run folder. `name` is a label; unless `keep` is set a unique suffix is
 * added so that concurrent or repeated runs never share state. `settings` may hold any setting: each goes to
 * the file VS Code reads it from (see splitSettingsByScope).
 */
export function createRun(name, { keep = false, settings = {} } = {}) {
  const root = runsRoot();
  const dir = keep ? path.join(root, name) : fs.mkdtempSync(path.join(mkdirp(root), `${name}-`));
  const tmp = fs.mkdtempSync(path.join('/tmp', 'sb-'));
  for (const sub of ['xdg-config', 'xdg-data', 'xdg-cache', 'ud/User', 'ud/Machine', 'ext'])
    mkdirp(path.join(dir, sub));
  const configFile = path.join(dir, 'config.yaml');
  fs.writeFileSync(configFile, '');
  const { user, machine } = splitSettingsByScope(settings);
  const settingsFile = path.join(dir, 'ud', 'User', 'settings.json');
  if (!keep || !fs.existsSync(settingsFile)) {
    fs.writeFileSync(settingsFile, JSON.stringify({ ...BASE_USER_SETTINGS, ...user }, null, 2) + '\n');
  }
  const machineFile = path.join(dir, 'ud', 'Machine', 'settings.json');
  if (Object.keys(machine).length > 0 || !fs.existsSync(machineFile)) {
    const kept = keep && fs.existsSync(machineFile) ? readJson(machineFile) : {};
    fs.writeFileSync(machineFile, JSON.stringify({ ...kept, ...machine }, null, 2) + '\n');
  }
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
    XDG_DATA_HOME: path.join(dir, 'xdg-data'),
    XDG_CACHE_HOME: path.join(dir, 'xdg-cache'),
    TMPDIR: tmp,
  };
  // Variables of an outer VS Code (e.g. when run from a VS Code terminal) would confuse the server, and an
  // outer npm's npm_* variables should not leak into the extension host and the agents it spawns.
  for (const key of Object.keys(env))
    if (key.startsWith('VSCODE_') || key.toLowerCase().startsWith('npm_')) delete env[key];
  const commonArgs = [
    '--config',
    configFile,
    '--user-data-dir',
    path.join(dir, 'ud'),
    '--extensions-dir',
    path.join(dir, 'ext'),
  ];
  return { name, dir, tmp, env, commonArgs, logFile: path.join(dir, 'code-server.log') };
}

/**
 * Splits settings into the User and the Machine (remote) settings files. code-server's extension host is a
 * remote one: it ignores `machine`-scoped settings (ours: `switchboard.agents`) in the User settings and reads
 * them only from <user-data-dir>/Machine/settings.json, which is the "Remote" tab of the Settings editor. The
 * scope of each of our settings is read from package.json, its one home.
 */
export function splitSettingsByScope(settings) {
  const declared = readJson(path.join(repoRoot, 'package.json')).contributes?.configuration?.properties ?? {};
  const user = {};
  const machine = {};
  for (const [key, value] of Object.entries(settings)) {
    const scope = declared[key]?.scope;
    (scope === 'machine' || scope === 'machine-overridable' ? machine : user)[key] = value;
  }
  return { user, machine };
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// code-server listens on <user-data-dir>/code-server-ipc.sock; a unix socket path must stay under 108 bytes.
// In a deeply nested checkout the run folders move to /tmp (still one folder per run).
function runsRoot() {
  const inRepo = path.join(e2eDir, 'runs');
  const longest = path.join(inRepo, 'vscode-tests-XXXXXX', 'ud', 'code-server-ipc.sock');
  return Buffer.byteLength(longest) < 100 ? inRepo : path.join('/tmp', 'switchboard-e2e-runs');
}

function mkdirp(dir) {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** `code-server --install-extension <vsix> --force` into the run's own extensions dir (about 2-3 s). */
export function installVsix(run, vsix) {
  const r = spawnSync(node24Bin, [codeServerEntry, ...run.commonArgs, '--install-extension', vsix, '--force'], {
    env: run.env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`installing ${vsix} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout.trim();
}

const running = new Set();

/**
 * Starts code-server on 127.0.0.1:`port` in its own process group and waits until /healthz answers.
 * `stdio: 'inherit'` shows its log in the terminal (npm start); otherwise it goes to run.logFile.
 */
export async function startCodeServer(run, { port = 0, extraArgs = [], stdio = 'file', timeoutMs = 60_000 } = {}) {
  const args = [
    codeServerEntry,
    ...run.commonArgs,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--disable-proxy',
    '--ignore-last-opened',
    '--reconnection-grace-time',
    '5',
    ...extraArgs,
  ];
  const out = stdio === 'inherit' ? 'inherit' : fs.openSync(run.logFile, 'a');
  const proc = spawn(node24Bin, args, { env: run.env, detached: true, stdio: ['ignore', out, out] });
  if (typeof out === 'number') fs.closeSync(out);
  const server = { proc, pgid: proc.pid, port, url: `http://127.0.0.1:${port}`, run, exited: false };
  proc.once('exit', () => (server.exited = true));
  running.add(server);
  const deadline = Date.now() + timeoutMs;
  while (!(await healthy(server.url))) {
    if (server.exited) throw new Error(`code-server exited during startup; see ${run.logFile}`);
    if (Date.now() > deadline) throw new Error(`code-server not healthy after ${timeoutMs} ms; see ${run.logFile}`);
    await sleep(150);
  }
  return server;
}

async function healthy(url) {
  try {
    const res = await fetch(`${url}/healthz`);
    return res.ok;
  } catch {
    return false;
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // the group is already gone
  }
}

function groupAlive(pgid) {
  return killGroup(pgid, 0);
}

/** Stops the whole process group: SIGTERM, then SIGKILL after `graceMs`. Also removes the run's TMPDIR. */
export async function stopCodeServer(server, graceMs = 3000) {
  if (!running.delete(server)) return;
  killGroup(server.pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(server.pgid) && Date.now() < deadline) await sleep(100);
  killGroup(server.pgid, 'SIGKILL');
  fs.rmSync(server.run.tmp, { recursive: true, force: true });
}

/** Synchronous last resort for process exit paths (signal handlers, 'exit'). */
export function killAllNow() {
  for (const server of running) {
    killGroup(server.pgid, 'SIGKILL');
    fs.rmSync(server.run.tmp, { recursive: true, force: true });
  }
  running.clear();
}

let handlersInstalled = false;

/** On Ctrl+C / SIGTERM / exit, kill every code-server group this process started, then exit. */
export function installCleanupHandlers(extraCleanup = () => {}) {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const onSignal = (sig) => {
    try {
      extraCleanup();
    } finally {
      killAllNow();
      process.exit(sig === 'SIGINT' ? 130 : 143);
    }
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  process.once('exit', () => killAllNow());
}

/** Makes a fresh copy of a folder (used for the sample workspace, so demo edits never dirty the repo). */
export function copyWorkspace(from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
  return to;
}

export function tmpDirFor(label) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
}
