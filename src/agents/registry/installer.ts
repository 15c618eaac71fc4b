// Installs registry agents into Switchboard's own storage, one folder per agent:
//
//   <root>/<id>/state.json          which version folder is current, which one is kept for rollback
//   <root>/<id>/<version>-<nonce>/  one installed version (an unpacked archive, an npm prefix, a uv tool dir)
//
// A version is built in a fresh folder nobody points at yet, then state.json is replaced in one rename: an
// install that fails or is interrupted leaves the previous state untouched (its half-built folder is removed,
// or pruned on the next install). Folders are never moved after they are built, because npm and uv write
// absolute paths into them. The previous version stays on disk until the next update, for a one-click rollback.
// A first install that fails leaves no <root>/<id>/ at all.
import { t } from '../../shared/l10n';
import type { RuntimeName } from './managedRuntime';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { archiveKind, extractArchive } from './archive';
import { containedPath, isInside } from './archiveLayout';
import { downloadToFile, type HttpLimits } from './download';
import { platformKey, type PackageDistribution, type PlatformKey, type RegistryAgent } from './registryIndex';
import { sanitizeRegistryEnv } from './registryEnv';
import type { RunTool } from './toolRunner';

export type DistributionKind = 'binary' | 'npx' | 'uvx';

/** One installed version. Paths are relative to its folder. */
export interface InstalledVersion {
  version: string;
  dir: string;
  kind: DistributionKind;
  /** `node` runs `entry` with the user's node; `exec` runs `entry` itself. */
  runner: 'node' | 'exec';
  entry: string;
  args: string[];
  /** The registry's env, already sanitised. */
  env: Record<string, string>;
  /** Registry env keys that were left out, to name in the log. */
  droppedEnv: string[];
  installedAt: number;
}

export interface InstallState {
  id: string;
  name: string;
  current: InstalledVersion;
  previous?: InstalledVersion;
}

/** What to start for an installed agent. */
export interface RegistryLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  version: string;
  droppedEnv: string[];
}

export interface InstallerOptions {
  runTool: RunTool;
  /** The environment npm and uv run with (the user's: their registry, proxy and cache settings apply). */
  toolEnv: () => NodeJS.ProcessEnv;
  platform?: PlatformKey;
  downloadLimits?: HttpLimits;
  toolTimeoutMs?: number;
  log?: (line: string) => void;
  /**
   * The bin folder of a runtime Switchboard fetched (managedRuntime.ts), read at each install and launch;
   * undefined: the machine's own `npm`/`node`/`uv` on PATH.
   */
  runtimeBin?: (name: RuntimeName) => string | undefined;
}

const DOWNLOAD_LIMITS: HttpLimits = { timeoutMs: 30_000, idleMs: 60_000, maxBytes: 1024 ** 3 };
const TOOL_TIMEOUT_MS = 10 * 60_000;

export class RegistryInstaller {
  /** One operation per agent at a time: a second click waits for the first. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    readonly root: string,
    private readonly options: InstallerOptions,
  ) {}

  /** The installed state of an agent, read synchronously (the agent catalog resolves entries with it). */
  state(id: string): InstallState | undefined {
    try {
      const parsed = JSON.parse(fs.readFileSync(this.stateFile(id), 'utf8')) as InstallState;
      return parsed.id === id && parsed.current ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  installedIds(): string[] {
    try {
      return fs
        .readdirSync(this.root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && this.state(entry.name))
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  }

  launch(id: string): RegistryLaunch | undefined {
    const state = this.state(id);
    if (!state) return undefined;
    const { current } = state;
    const entry = path.join(this.root, id, current.dir, current.entry);
    return {
      command: current.runner === 'node' ? this.program('node', 'node') : entry,
      args: current.runner === 'node' ? [entry, ...current.args] : [...current.args],
      // The agent may start `node` itself (its own tools): the fetched Node.js first on its PATH too.
      env: current.runner === 'node' ? { ...this.runtimePath('node'), ...current.env } : { ...current.env },
      version: current.version,
      droppedEnv: [...current.droppedEnv],
    };
  }

  /** Installs the registry's version (an install when absent, an update otherwise); resolves with the new state. */
  install(agent: RegistryAgent): Promise<InstallState> {
    return this.locked(agent.id, async () => {
      const agentDir = path.join(this.root, agent.id);
      await fs.promises.mkdir(agentDir, { recursive: true });
      const dir = `${agent.version.replace(/[^\w.+-]/g, '_')}-${randomBytes(4).toString('hex')}`;
      const folder = path.join(agentDir, dir);
      await fs.promises.mkdir(folder);
      let installed: Omit<InstalledVersion, 'version' | 'dir' | 'installedAt'>;
      try {
        installed = await this.build(agent, folder);
      } catch (error) {
        // A failed update keeps the installed version; a failed first install leaves no folder for the agent.
        await fs.promises.rm(this.state(agent.id) ? folder : agentDir, { recursive: true, force: true });
        throw error;
      }
      const before = this.state(agent.id);
      const state: InstallState = {
        id: agent.id,
        name: agent.name,
        current: { ...installed, version: agent.version, dir, installedAt: Date.now() },
        previous: before?.current,
      };
      await this.writeState(state);
      await this.prune(state);
      this.options.log?.(`[switchboard] installed ${agent.id} ${agent.version} (${installed.kind}) in ${folder}`);
      return state;
    });
  }

  /** Switches current and previous; the one rolled back from stays, so a second rollback undoes the first. */
  rollback(id: string): Promise<InstallState> {
    return this.locked(id, async () => {
      const state = this.state(id);
      if (!state?.previous) throw new Error(`${id} has no earlier version to roll back to`);
      const next: InstallState = { ...state, current: state.previous, previous: state.current };
      await this.writeState(next);
      this.options.log?.(`[switchboard] ${id} rolled back to ${next.current.version}`);
      return next;
    });
  }

  uninstall(id: string): Promise<void> {
    return this.locked(id, async () => {
      await fs.promises.rm(path.join(this.root, id), { recursive: true, force: true });
      this.options.log?.(`[switchboard] uninstalled ${id}`);
    });
  }

  private async build(
    agent: RegistryAgent,
    folder: string,
  ): Promise<Omit<InstalledVersion, 'version' | 'dir' | 'installedAt'>> {
    const platform = this.options.platform ?? platformKey();
    const binary = platform ? agent.distribution.binary?.[platform] : undefined;
    if (binary) {
      const entry = await this.installBinary(binary.archive, binary.sha256, binary.cmd, folder);
      return { kind: 'binary', runner: 'exec', entry, args: binary.args, ...env(binary.env) };
    }
    if (agent.distribution.npx) {
      const entry = await this.installNpm(agent.distribution.npx, folder);
      return { kind: 'npx', ...entry, args: agent.distribution.npx.args, ...env(agent.distribution.npx.env) };
    }
    if (agent.distribution.uvx) {
      const entry = await this.installUv(agent.distribution.uvx, folder);
      return {
        kind: 'uvx',
        runner: 'exec',
        entry,
        args: agent.distribution.uvx.args,
        ...env(agent.distribution.uvx.env),
      };
    }
    const platforms = Object.keys(agent.distribution.binary ?? {}).join(', ');
    throw new Error(
      `${agent.name} has no build for this platform (${platform ?? process.platform}); it has ${platforms}`,
    );
  }

  private async installBinary(url: string, sha256: string | undefined, cmd: string, folder: string): Promise<string> {
    const kind = archiveKind(url);
    if (!kind) throw new Error(`The archive ${url} is in a format Switchboard cannot unpack`);
    // The command must be a relative path inside the folder; checked before anything is downloaded.
    const command = containedPath(folder, cmd.replace(/^\.\//, ''));
    if (command instanceof Error) throw new Error(`The agent's cmd ${JSON.stringify(cmd)} is not inside its folder`);
    const download = `${folder}.download`;
    await fs.promises.rm(download, { force: true });
    try {
      const actual = await downloadToFile(url, download, this.options.downloadLimits ?? DOWNLOAD_LIMITS);
      if (sha256 && actual !== sha256) {
        throw new Error(`The archive's sha256 is ${actual}, not ${sha256} as the registry says: it was not installed`);
      }
      if (!sha256) this.options.log?.(`[switchboard] ${url} has no sha256 in the registry; its sha256 is ${actual}`);
      await extractArchive(download, kind, folder, cmd.replace(/^\.\//, ''));
    } finally {
      await fs.promises.rm(download, { force: true });
    }
    const real = await fs.promises.realpath(command).catch(() => undefined);
    const stat = real ? await fs.promises.stat(real) : undefined;
    if (!real || !isInside(await fs.promises.realpath(folder), real) || !stat?.isFile()) {
      throw new Error(`The archive has no file ${JSON.stringify(cmd)} inside it to run`);
    }
    if (process.platform !== 'win32') await fs.promises.chmod(real, stat.mode | 0o111);
    return path.relative(folder, command);
  }

  private async installNpm(
    dist: PackageDistribution,
    folder: string,
  ): Promise<{ runner: 'node' | 'exec'; entry: string }> {
    // Its own package.json, so npm installs here and not into a package.json it finds further up.
    await fs.promises.writeFile(path.join(folder, 'package.json'), JSON.stringify({ private: true }) + '\n');
    await this.options.runTool({
      command: this.program('node', 'npm'),
      args: ['install', '--prefix', folder, '--no-audit', '--no-fund', '--omit=dev', '--', dist.package],
      cwd: folder,
      env: this.toolEnv('node'),
      timeoutMs: this.options.toolTimeoutMs ?? TOOL_TIMEOUT_MS,
      what: t('npm (part of Node.js)'),
      getIt: t('Install Node.js from https://nodejs.org (it includes npm), then try again.'),
    });
    const name = npmPackageName(dist.package);
    const packageDir = path.join(folder, 'node_modules', ...name.split('/'));
    const manifest = JSON.parse(await fs.promises.readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
      bin?: string | Record<string, string>;
    };
    const bins = typeof manifest.bin === 'string' ? { [name.split('/').pop() ?? name]: manifest.bin } : manifest.bin;
    const entries = Object.entries(bins ?? {});
    const wanted = dist.cmd ?? name.split('/').pop();
    const bin = entries.find(([key]) => key === wanted) ?? (entries.length === 1 ? entries[0] : undefined);
    if (!bin)
      throw new Error(
        dist.cmd
          ? t('The npm package {0} has no program named {1} to run', name, dist.cmd)
          : t('The npm package {0} has no program to run', name),
      );
    const script = path.resolve(packageDir, bin[1]);
    if (!isInside(packageDir, script)) throw new Error(t('The npm package {0} names a program outside itself', name));
    // Started with node directly: no npx resolution on each launch, and no .cmd shim on Windows.
    const head = (await fs.promises.readFile(script, 'utf8').catch(() => '')).slice(0, 200);
    const runner = !head.startsWith('#!') || /node/.test(head.split('\n')[0] ?? '') ? 'node' : 'exec';
    return { runner, entry: path.relative(folder, script) };
  }

  private async installUv(dist: PackageDistribution, folder: string): Promise<string> {
    const bin = path.join(folder, 'bin');
    const env = { ...this.toolEnv('uv'), UV_TOOL_DIR: path.join(folder, 'tools'), UV_TOOL_BIN_DIR: bin };
    await this.options.runTool({
      command: this.program('uv', 'uv'),
      args: ['tool', 'install', '--', dist.package],
      cwd: folder,
      env,
      timeoutMs: this.options.toolTimeoutMs ?? TOOL_TIMEOUT_MS,
      what: t('uv (the Python package manager)'),
      getIt: t('Install uv from https://docs.astral.sh/uv/ , then try again.'),
    });
    const name = dist.cmd ?? uvPackageName(dist.package);
    const program = path.join(bin, process.platform === 'win32' ? `${name}.exe` : name);
    if (!fs.existsSync(program))
      throw new Error(t('uv installed {0} but it has no program named {1}', dist.package, name));
    return path.relative(folder, program);
  }

  /** `program` from the fetched runtime's bin folder when there is one, else the name, found on PATH. */
  private program(runtime: RuntimeName, program: 'node' | 'npm' | 'uv'): string {
    const bin = this.options.runtimeBin?.(runtime);
    if (!bin) return program;
    const windowsName = { node: 'node.exe', npm: 'npm.cmd', uv: 'uv.exe' }[program];
    return path.join(bin, process.platform === 'win32' ? windowsName : program);
  }

  /** PATH with the fetched runtime's bin folder first, when there is one (nothing otherwise). */
  private runtimePath(runtime: RuntimeName): Record<string, string> {
    const bin = this.options.runtimeBin?.(runtime);
    return bin ? { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } : {};
  }

  /** The tools' environment, with the fetched runtime's bin folder first on PATH (npm's own scripts run `node`). */
  private toolEnv(runtime: RuntimeName): NodeJS.ProcessEnv {
    const env = { ...this.options.toolEnv() };
    const bin = this.options.runtimeBin?.(runtime);
    if (!bin) return env;
    const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH';
    env[key] = env[key] ? `${bin}${path.delimiter}${env[key]}` : bin;
    return env;
  }

  private stateFile(id: string): string {
    return path.join(this.root, id, 'state.json');
  }

  private async writeState(state: InstallState): Promise<void> {
    const file = this.stateFile(state.id);
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(temp, JSON.stringify(state, null, 2));
    await fs.promises.rename(temp, file);
  }

  /** Removes version folders neither current nor kept for rollback (older versions, interrupted installs). */
  private async prune(state: InstallState): Promise<void> {
    const keep = new Set(['state.json', state.current.dir, state.previous?.dir]);
    const agentDir = path.join(this.root, state.id);
    for (const entry of await fs.promises.readdir(agentDir)) {
      if (!keep.has(entry) && !entry.endsWith('.tmp')) {
        await fs.promises.rm(path.join(agentDir, entry), { recursive: true, force: true });
      }
    }
  }

  private locked<T>(id: string, run: () => Promise<T>): Promise<T> {
    const before = this.locks.get(id) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(run);
    this.locks.set(id, next);
    return next;
  }
}

/** `@scope/name@1.2.3` → `@scope/name`. */
export function npmPackageName(spec: string): string {
  const at = spec.indexOf('@', 1);
  return at === -1 ? spec : spec.slice(0, at);
}

/** `fast-agent-acp==0.10.1`, `pyagent@latest`, `tool[extra]` → the package's name. */
export function uvPackageName(spec: string): string {
  return spec.split(/[@=<>~![]/)[0] || spec;
}

function env(raw: Record<string, string>): { env: Record<string, string>; droppedEnv: string[] } {
  const { env: clean, dropped } = sanitizeRegistryEnv(raw);
  return { env: clean, droppedEnv: dropped };
}
