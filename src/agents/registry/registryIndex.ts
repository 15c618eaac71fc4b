// The ACP Registry index (https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json): its shape
// mirrors the registry's agent.schema.json (id, name, version, description, license, icon, distribution with
// `binary` per platform, `npx`, `uvx`). The index comes from the network, so it is hostile input: every field is
// checked and bounded, and an entry that fails is left out with a reason instead of failing the whole list.
import { t } from '../../shared/l10n';

/** The platform keys of the registry's binary distributions. */
export type PlatformKey =
  'darwin-aarch64' | 'darwin-x86_64' | 'linux-aarch64' | 'linux-x86_64' | 'windows-aarch64' | 'windows-x86_64';

export interface BinaryTarget {
  archive: string;
  /** Lower-case hex, when the registry gives one. */
  sha256?: string;
  cmd: string;
  args: string[];
  env: Record<string, string>;
}

export interface PackageDistribution {
  /** Package name with an optional version (`@scope/name@1.2.3`). */
  package: string;
  /** The executable to run when the package has several. */
  cmd?: string;
  args: string[];
  env: Record<string, string>;
}

export interface RegistryAgent {
  id: string;
  name: string;
  version: string;
  description: string;
  license?: string;
  repository?: string;
  website?: string;
  authors: string[];
  icon?: string;
  distribution: {
    binary?: Partial<Record<PlatformKey, BinaryTarget>>;
    npx?: PackageDistribution;
    uvx?: PackageDistribution;
  };
}

export interface RegistryIndex {
  agents: RegistryAgent[];
  /** One sentence per entry left out. */
  problems: string[];
}

const MAX_AGENTS = 2000;
const MAX_TEXT = 2000;
const MAX_ARGS = 64;
const MAX_ENV = 64;
const PLATFORMS: readonly PlatformKey[] = [
  'darwin-aarch64',
  'darwin-x86_64',
  'linux-aarch64',
  'linux-x86_64',
  'windows-aarch64',
  'windows-x86_64',
];

/** This machine's registry platform key, or undefined when the registry has none for it. */
export function platformKey(platform: NodeJS.Platform = process.platform, arch: string = process.arch) {
  const os = platform === 'darwin' ? 'darwin' : platform === 'linux' ? 'linux' : platform === 'win32' ? 'windows' : '';
  const cpu = arch === 'arm64' ? 'aarch64' : arch === 'x64' ? 'x86_64' : '';
  return os && cpu ? (`${os}-${cpu}` as PlatformKey) : undefined;
}

export function parseRegistryIndex(raw: unknown): RegistryIndex {
  if (!isObject(raw) || !Array.isArray(raw.agents)) {
    throw new Error('The registry index is not an object with an "agents" list');
  }
  const agents: RegistryAgent[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of raw.agents.slice(0, MAX_AGENTS).entries()) {
    try {
      const agent = parseAgent(entry);
      if (seen.has(agent.id)) throw new Error(`the id "${agent.id}" appears twice`);
      seen.add(agent.id);
      agents.push(agent);
    } catch (error) {
      problems.push(t('Registry entry {0}: {1}', index, error instanceof Error ? error.message : String(error)));
    }
  }
  if (raw.agents.length > MAX_AGENTS)
    problems.push(t('The registry lists over {0} agents; the rest are left out', MAX_AGENTS));
  return { agents, problems };
}

function parseAgent(raw: unknown): RegistryAgent {
  if (!isObject(raw)) throw new Error('not an object');
  const id = text(raw.id, 'id');
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(id)) throw new Error(`the id ${JSON.stringify(id.slice(0, 80))} is not valid`);
  const version = text(raw.version, 'version');
  if (!/^\d+\.\d+\.\d+[0-9A-Za-z.+-]{0,64}$/.test(version)) throw new Error(`${id}: the version is not semantic`);
  if (!isObject(raw.distribution)) throw new Error(`${id}: no distribution`);
  const distribution: RegistryAgent['distribution'] = {};
  const binary = raw.distribution.binary;
  if (binary !== undefined) {
    if (!isObject(binary)) throw new Error(`${id}: distribution.binary is not an object`);
    distribution.binary = {};
    for (const platform of PLATFORMS) {
      if (binary[platform] !== undefined) distribution.binary[platform] = binaryTarget(binary[platform], id);
    }
  }
  if (raw.distribution.npx !== undefined) distribution.npx = packageDistribution(raw.distribution.npx, id, 'npx');
  if (raw.distribution.uvx !== undefined) distribution.uvx = packageDistribution(raw.distribution.uvx, id, 'uvx');
  if (!distribution.binary && !distribution.npx && !distribution.uvx) throw new Error(`${id}: no known distribution`);
  return {
    id,
    name: text(raw.name, 'name'),
    version,
    description: optionalText(raw.description) ?? '',
    license: optionalText(raw.license),
    repository: optionalUrl(raw.repository),
    website: optionalUrl(raw.website),
    authors: Array.isArray(raw.authors) ? raw.authors.filter((a) => typeof a === 'string').slice(0, 20) : [],
    icon: optionalUrl(raw.icon),
    distribution,
  };
}

function binaryTarget(raw: unknown, id: string): BinaryTarget {
  if (!isObject(raw)) throw new Error(`${id}: a binary target is not an object`);
  const archive = httpUrl(raw.archive, t('{0}: binary archive', id));
  const cmd = text(raw.cmd, 'cmd');
  let sha256: string | undefined;
  if (raw.sha256 !== undefined) {
    if (typeof raw.sha256 !== 'string' || !/^[a-fA-F0-9]{64}$/.test(raw.sha256)) {
      throw new Error(`${id}: sha256 is not 64 hex digits`);
    }
    sha256 = raw.sha256.toLowerCase();
  }
  return { archive, sha256, cmd, args: stringList(raw.args, id), env: stringMap(raw.env, id) };
}

function packageDistribution(raw: unknown, id: string, kind: string): PackageDistribution {
  if (!isObject(raw)) throw new Error(`${id}: distribution.${kind} is not an object`);
  const pkg = text(raw.package, 'package');
  // A package spec that npm or uv would read as a path, a URL or an option is not a registry package.
  if (!/^(@[a-z0-9][\w.-]*\/)?[A-Za-z0-9][\w.-]*(@[\w.+-]+)?(\[[\w,-]+\])?([=<>~!]=?[\w.*+-]+)?$/.test(pkg)) {
    throw new Error(`${id}: the ${kind} package ${JSON.stringify(pkg.slice(0, 80))} is not a plain package name`);
  }
  const cmd = optionalText(raw.cmd);
  if (cmd !== undefined && !/^[\w.@-]+$/.test(cmd)) throw new Error(`${id}: the ${kind} cmd is not a plain name`);
  return { package: pkg, cmd, args: stringList(raw.args, id), env: stringMap(raw.env, id) };
}

/** Compares two semantic versions by their numeric parts (a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.split(/-(.*)/s, 2);
    return { parts: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const left = parse(a);
  const right = parse(b);
  for (let i = 0; i < 3; i++) {
    const diff = (left.parts[i] ?? 0) - (right.parts[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (left.pre === right.pre) return 0;
  if (left.pre === undefined) return 1;
  if (right.pre === undefined) return -1;
  return left.pre < right.pre ? -1 : 1;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`"${field}" is missing`);
  return value.slice(0, MAX_TEXT);
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, MAX_TEXT) : undefined;
}

function optionalUrl(value: unknown): string | undefined {
  try {
    return typeof value === 'string' ? httpUrl(value, '') : undefined;
  } catch {
    return undefined;
  }
}

function httpUrl(value: unknown, what: string): string {
  if (typeof value === 'string' && value.length <= MAX_TEXT) {
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
    } catch {
      // Reported below.
    }
  }
  throw new Error(`${what} is not an http(s) URL`);
}

function stringList(value: unknown, id: string): string[] {
  if (value === undefined) return [];
  if (
    !Array.isArray(value) ||
    value.length > MAX_ARGS ||
    !value.every((v) => typeof v === 'string' && v.length < 4096)
  ) {
    throw new Error(`${id}: args is not a short list of strings`);
  }
  return [...(value as string[])];
}

function stringMap(value: unknown, id: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value) || Object.keys(value).length > MAX_ENV) throw new Error(`${id}: env is not a small object`);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string' || v.length > 4096) throw new Error(`${id}: env.${key.slice(0, 40)} is not a string`);
    out[key] = v;
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
