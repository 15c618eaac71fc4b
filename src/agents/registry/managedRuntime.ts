// A runtime Switchboard fetches into its own storage when a registry agent needs one the machine lacks: Node.js
// (for `npx` agents: npm to install them, node to run them) or uv (for `uvx` agents). Only after the user said
// yes (src/vscode/agents/registryFeature.ts asks). The archive comes from the runtime's own release server,
// is checked against the SHA-256 that server publishes, is unpacked with the same containment checks as an
// agent's archive, and lands under its final name by one rename, so a half-done download is never used.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { t } from '../../shared/l10n';
import { settingDefault } from '../../shared/settingsTable';
import { archiveKind, extractArchive } from './archive';
import { downloadToFile, fetchText, type HttpLimits } from './download';

export type RuntimeName = 'node' | 'uv';

/** The Node.js line Switchboard fetches: an LTS release with prebuilt archives for every platform VS Code runs on. */
export const MANAGED_NODE_VERSION = 'v22.12.0';
/** Where Node.js comes from unless switchboard.registry.nodeDistUrl names a mirror. */
export const DEFAULT_NODE_DIST_URL = settingDefault('registry.nodeDistUrl');
export const MANAGED_UV_VERSION = '0.9.5';
/** Where uv comes from unless switchboard.registry.uvReleasesUrl names a mirror. */
export const DEFAULT_UV_RELEASES_URL = settingDefault('registry.uvReleasesUrl');
const NODE_PRODUCT = 'Node.js';
const UV_PRODUCT = 'uv';

export interface RuntimeSpec {
  name: RuntimeName;
  /** The product's own name ("Node.js", "uv"), not translated. */
  product: string;
  /** "Node.js v22.12.0": what the offer and the progress say. */
  label: string;
  version: string;
  archiveUrl: string;
  /** Where the expected SHA-256 is published: a SHASUMS256.txt listing (Node.js) or a `.sha256` file beside the archive (uv). */
  checksumUrl: string;
  /** The archive's file name, as the checksum listing names it. */
  archiveName: string;
  /** The folder holding the programs, relative to the unpacked archive. */
  binDir: string;
  /** The program that must be there once unpacked. */
  program: string;
}

const NODE_OS: Partial<Record<NodeJS.Platform, string>> = { linux: 'linux', darwin: 'darwin', win32: 'win' };
const NODE_ARCH: Record<string, string> = { x64: 'x64', arm64: 'arm64' };

/** Node.js for this platform from `distUrl` (nodejs.org's layout), or an Error naming the platform. */
export function nodeRuntime(
  distUrl = DEFAULT_NODE_DIST_URL,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): RuntimeSpec | Error {
  const os = NODE_OS[platform];
  const cpu = NODE_ARCH[arch];
  if (!os || !cpu) return new Error(t('Switchboard has no Node.js to fetch for {0}-{1}.', platform, arch));
  const v = MANAGED_NODE_VERSION;
  const top = `node-${v}-${os}-${cpu}`;
  const archiveName = `${top}.${platform === 'win32' ? 'zip' : 'tar.gz'}`;
  const base = `${distUrl.replace(/\/+$/, '')}/${v}`;
  return {
    name: 'node',
    product: NODE_PRODUCT,
    label: `${NODE_PRODUCT} ${v}`,
    version: v,
    archiveUrl: `${base}/${archiveName}`,
    checksumUrl: `${base}/SHASUMS256.txt`,
    archiveName,
    binDir: platform === 'win32' ? top : `${top}/bin`,
    program: platform === 'win32' ? 'node.exe' : 'node',
  };
}

const UV_TARGET: Record<string, string> = {
  'linux-x64': 'x86_64-unknown-linux-gnu',
  'linux-arm64': 'aarch64-unknown-linux-gnu',
  'darwin-x64': 'x86_64-apple-darwin',
  'darwin-arm64': 'aarch64-apple-darwin',
  'win32-x64': 'x86_64-pc-windows-msvc',
  'win32-arm64': 'aarch64-pc-windows-msvc',
};

/** uv for this platform from `releasesUrl` (its GitHub releases' layout), or an Error naming the platform. */
export function uvRuntime(
  releasesUrl = DEFAULT_UV_RELEASES_URL,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): RuntimeSpec | Error {
  const target = UV_TARGET[`${platform}-${arch}`];
  if (!target) return new Error(t('Switchboard has no uv to fetch for {0}-{1}.', platform, arch));
  const archiveName = `uv-${target}.${platform === 'win32' ? 'zip' : 'tar.gz'}`;
  const archiveUrl = `${releasesUrl.replace(/\/+$/, '')}/${MANAGED_UV_VERSION}/${archiveName}`;
  return {
    name: 'uv',
    product: UV_PRODUCT,
    label: `${UV_PRODUCT} ${MANAGED_UV_VERSION}`,
    version: MANAGED_UV_VERSION,
    archiveUrl,
    checksumUrl: `${archiveUrl}.sha256`,
    archiveName,
    binDir: platform === 'win32' ? '.' : `uv-${target}`,
    program: platform === 'win32' ? 'uv.exe' : 'uv',
  };
}

/** The SHA-256 a checksum listing gives for `archiveName` ("<hex>  <name>" lines, or a lone hex), or undefined. */
export function expectedSha256(listing: string, archiveName: string): string | undefined {
  for (const line of listing.split('\n')) {
    const match = /^([0-9a-fA-F]{64})(?:\s+\*?(\S+))?\s*$/.exec(line.trim());
    if (match && (match[2] === undefined || match[2] === archiveName)) return match[1]!.toLowerCase();
  }
  return undefined;
}

const LIMITS: HttpLimits = { timeoutMs: 30_000, idleMs: 60_000, maxBytes: 512 * 1024 ** 2 };

/** The runtimes fetched into `root` (the extension's global storage). */
export class ManagedRuntimes {
  constructor(
    private readonly root: string,
    private readonly limits: HttpLimits = LIMITS,
  ) {}

  /** The folder holding the runtime's programs, when it was fetched; read synchronously (agents start with it). */
  binDir(spec: RuntimeSpec): string | undefined {
    const bin = path.join(this.folder(spec), spec.binDir);
    return fs.existsSync(path.join(bin, spec.program)) ? bin : undefined;
  }

  /** Fetches, checks and unpacks the runtime; resolves with its bin folder. A second call reuses the first. */
  async install(spec: RuntimeSpec): Promise<string> {
    const existing = this.binDir(spec);
    if (existing) return existing;
    const kind = archiveKind(spec.archiveUrl);
    if (kind !== 'tar.gz' && kind !== 'zip') throw new Error(`Cannot unpack ${spec.archiveUrl}`);
    await fs.promises.mkdir(this.root, { recursive: true });
    const listing = await fetchText(spec.checksumUrl, undefined, { ...this.limits, maxBytes: 1024 ** 2 });
    const expected = expectedSha256(listing.text ?? '', spec.archiveName);
    if (!expected)
      throw new Error(t('{0} publishes no SHA-256 for {1}: it was not fetched.', spec.checksumUrl, spec.archiveName));
    const staging = `${this.folder(spec)}.${randomBytes(4).toString('hex')}.tmp`;
    const download = `${staging}.download`;
    try {
      const actual = await downloadToFile(spec.archiveUrl, download, this.limits);
      if (actual !== expected)
        throw new Error(
          t('{0} has SHA-256 {1}, not {2} as published: it was not used.', spec.archiveName, actual, expected),
        );
      await extractArchive(download, kind, staging, spec.program);
      if (!fs.existsSync(path.join(staging, spec.binDir, spec.program)))
        throw new Error(t('{0} has no {1} in {2}.', spec.archiveName, spec.program, spec.binDir));
      await fs.promises.rm(this.folder(spec), { recursive: true, force: true });
      await fs.promises.rename(staging, this.folder(spec));
    } finally {
      await fs.promises.rm(download, { force: true });
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
    return path.join(this.folder(spec), spec.binDir);
  }

  private folder(spec: RuntimeSpec): string {
    return path.join(this.root, `${spec.name}-${spec.version}`);
  }
}
