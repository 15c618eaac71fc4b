// Which ACP Registry agents are already installed on this machine, by what the registry says about each, and
// the command line to run each: nothing is run to find out, and nothing is written.
//
// - A `binary` distribution (this platform's target): its `cmd`'s file name found on PATH (`opencode`,
//   `goose`, `codex-acp`), with the target's args and env; never a shell, an interpreter or a launcher.
// - An `npx` distribution: the package's program found on PATH, with the distribution's args and env. The
//   registry does not name the program, so the names tried are the distribution's `cmd` when it has one, the
//   package's name without its scope (npm's own default: `@github/copilot` → `copilot`), the registry id
//   (`gemini`), and, a documented quirk, the package name without a trailing `-cli` or `-code` (Gemini CLI's
//   `@google/gemini-cli` installs `gemini`, Qwen Code's `@qwen-code/qwen-code` installs `qwen`, CodeBuddy Code's
//   `@tencent-ai/codebuddy-code` installs `codebuddy`). A name alone is not enough here: AWS's Copilot CLI is
//   also `copilot`, and running it with `--acp` helps nobody. So the program found must belong to the package:
//   its real path (links followed) lies in `node_modules/<package>/`, as npm, yarn, bun and Homebrew install
//   it, or it is a shim whose first bytes name that folder (npm's `.cmd`/`.ps1` shims on Windows, pnpm's).
// - A `uvx` distribution likewise: `cmd`, the package name, the id; the program's real path or shim lies in
//   `tools/<package>/` (uv) or `venvs/<package>/` (pipx).
//
// An agent Switchboard installed, or one the user's switchboard.agents already has (by id, or by a command that
// is the same file), is left out: it is offered once, as configured. Two registry agents found as one file:
// the one the package proves is kept, else the first.
import type { AgentConfig } from '../config';
import { npmPackageName, uvPackageName, type DistributionKind } from './installer';
import { platformKey, type PackageDistribution, type PlatformKey, type RegistryAgent } from './registryIndex';
import { sanitizeRegistryEnv } from './registryEnv';
import type { PathHit, PathLookup } from './pathLookup';

export interface FoundAgent {
  id: string;
  name: string;
  /** The registry's version of the agent (what is installed here may differ; nothing is run to ask). */
  version: string;
  description: string;
  kind: DistributionKind;
  /** The plain name that was looked up on PATH (what a switchboard.agents entry's `command` says). */
  program: string;
  /** Where it was found on PATH: what runs. */
  path: string;
  /** The file it is, links followed. */
  realPath: string;
  args: string[];
  /** The registry's env, sanitised (registryEnv.ts). */
  env: Record<string, string>;
  droppedEnv: string[];
}

export interface FindAgentsOptions {
  /** The registry platform key whose binary targets apply (default: this machine's). */
  platform?: PlatformKey;
  /** Ids offered elsewhere: installed by Switchboard, or in switchboard.agents. */
  skipIds?: Iterable<string>;
  /** The commands of switchboard.agents entries: an agent that is one of these files is already configured. */
  skipCommands?: readonly string[];
}

/** At most this many configured commands are resolved to tell which found agents they already are. */
const MAX_SKIP_COMMANDS = 256;

/**
 * Programs that run whatever their arguments say: shells, interpreters, launchers. The index comes from the
 * network; an entry whose binary cmd is `bash` with args `-c ...` must not become an "agent found on this
 * machine". (A package agent is safe from this: its program must lie inside its package.)
 */
const GENERAL_RUNNERS = new Set([
  ...['sh', 'bash', 'zsh', 'dash', 'ksh', 'csh', 'tcsh', 'fish', 'nu', 'pwsh', 'powershell', 'cmd', 'wsl'],
  ...['node', 'nodejs', 'deno', 'bun', 'python', 'python3', 'py', 'pythonw', 'perl', 'ruby', 'php', 'lua'],
  ...['java', 'osascript', 'wscript', 'cscript', 'mshta', 'rundll32', 'regsvr32'],
  ...['env', 'sudo', 'doas', 'su', 'xargs', 'nohup', 'exec', 'time', 'timeout', 'nice', 'ionice', 'chroot'],
  ...['npx', 'npm', 'pnpm', 'yarn', 'uv', 'uvx', 'pip', 'pipx', 'curl', 'wget', 'ssh', 'git', 'docker'],
]);

/** Whether a binary cmd's file name is a general runner (case, a version and a Windows extension aside). */
function isGeneralRunner(name: string): boolean {
  const base = name.toLowerCase().replace(/\.(exe|com|bat|cmd|ps1)$/, '');
  return GENERAL_RUNNERS.has(base) || /^(python|pythonw|pypy|node|ruby|perl|php|lua|java)[\d.]+$/.test(base);
}

interface Candidate {
  kind: DistributionKind;
  names: string[];
  args: string[];
  env: Record<string, string>;
  /** Whether a file found under one of `names` is this distribution's: undefined when its name is enough. */
  belongs?: (hit: PathHit, lookup: PathLookup) => Promise<boolean>;
}

export async function findAgentsOnPath(
  agents: readonly RegistryAgent[],
  lookup: PathLookup,
  options: FindAgentsOptions = {},
): Promise<FoundAgent[]> {
  const platform = options.platform ?? platformKey();
  const skipIds = new Set(options.skipIds ?? []);
  const configured = new Set<string>();
  for (const command of (options.skipCommands ?? []).slice(0, MAX_SKIP_COMMANDS)) {
    const real = await lookup.resolve(command);
    if (real) configured.add(real);
  }
  const found: Array<FoundAgent & { proven: boolean }> = [];
  for (const agent of agents) {
    if (skipIds.has(agent.id)) continue;
    const hit = await findAgent(agent, lookup, platform);
    if (hit && !configured.has(hit.realPath)) found.push(hit);
  }
  // One file, one offer: the agent its package proves first, else the earlier one in the index.
  const kept = new Map<string, FoundAgent & { proven: boolean }>();
  for (const agent of found) {
    const earlier = kept.get(agent.realPath);
    if (!earlier || (agent.proven && !earlier.proven)) kept.set(agent.realPath, agent);
  }
  return found.filter((agent) => kept.get(agent.realPath) === agent).map(({ proven: _proven, ...agent }) => agent);
}

async function findAgent(
  agent: RegistryAgent,
  lookup: PathLookup,
  platform: PlatformKey | undefined,
): Promise<(FoundAgent & { proven: boolean }) | undefined> {
  for (const candidate of candidates(agent, platform)) {
    for (const name of candidate.names) {
      const hit = await lookup.find(name);
      if (!hit || (candidate.belongs && !(await candidate.belongs(hit, lookup)))) continue;
      const { env, dropped } = sanitizeRegistryEnv(candidate.env);
      return {
        id: agent.id,
        name: agent.name,
        version: agent.version,
        description: agent.description,
        kind: candidate.kind,
        program: name,
        path: hit.path,
        realPath: hit.realPath,
        args: [...candidate.args],
        env,
        droppedEnv: dropped,
        proven: candidate.belongs !== undefined,
      };
    }
  }
  return undefined;
}

/** The distributions of an agent in the installer's order (binary, npx, uvx), each with the names to look for. */
function candidates(agent: RegistryAgent, platform: PlatformKey | undefined): Candidate[] {
  const list: Candidate[] = [];
  const binary = platform ? agent.distribution.binary?.[platform] : undefined;
  if (binary) {
    const name = binary.cmd.split(/[\\/]/).pop() ?? '';
    if (!isGeneralRunner(name)) list.push({ kind: 'binary', names: [name], args: binary.args, env: binary.env });
  }
  const npx = agent.distribution.npx;
  if (npx) {
    const pkg = npmPackageName(npx.package);
    const bare = pkg.split('/').pop() ?? pkg;
    const names = [npx.cmd, bare, agent.id, bare.replace(/-(cli|code)$/, '')];
    const folder = ['node_modules', ...pkg.split('/')];
    list.push(packageCandidate('npx', npx, names, (file) => hasFolder(file, [folder])));
  }
  const uvx = agent.distribution.uvx;
  if (uvx) {
    const pkg = pythonName(uvPackageName(uvx.package));
    const names = [uvx.cmd, uvPackageName(uvx.package), agent.id];
    list.push(
      packageCandidate('uvx', uvx, names, (file) =>
        hasFolder(
          file,
          [
            ['tools', pkg],
            ['venvs', pkg],
          ],
          true,
        ),
      ),
    );
  }
  return list;
}

function packageCandidate(
  kind: DistributionKind,
  dist: PackageDistribution,
  names: Array<string | undefined>,
  inPackage: (file: string) => boolean,
): Candidate {
  return {
    kind,
    names: [...new Set(names.filter((name): name is string => !!name))],
    args: dist.args,
    env: dist.env,
    belongs: async (hit, lookup) => inPackage(hit.realPath) || inPackage(await lookup.head(hit.realPath)),
  };
}

/**
 * Whether `text` (a path, or a shim's first bytes) has one of `folders` as consecutive path segments followed
 * by one more separator. Python names compare as PyPI does (case, and `-`, `_`, `.` alike).
 */
function hasFolder(text: string, folders: string[][], python = false): boolean {
  const segment = (part: string) =>
    python
      ? part
          .split(/[-_.]+/)
          .map(escapeRegExp)
          .join('[-_.]+')
      : escapeRegExp(part);
  return folders.some((folder) =>
    new RegExp(`(^|[\\\\/])${folder.map(segment).join('[\\\\/]+')}[\\\\/]`, python ? 'i' : '').test(text),
  );
}

/** PyPI's normalised name: lower case, runs of `-`, `_`, `.` as one `-`. */
function pythonName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A found agent as the catalog runs it: the registry's description, the command found on PATH. */
export function foundAgentConfig(found: FoundAgent): AgentConfig {
  return {
    id: found.id,
    displayName: found.name,
    command: found.path,
    args: [...found.args],
    env: { ...found.env },
    isDemo: false,
    foundAt: found.path,
  };
}

/** The switchboard.agents entry that pins a found agent: the program by name (found on PATH at each start). */
export function foundAgentEntry(found: FoundAgent): Record<string, unknown> {
  return {
    displayName: found.name,
    command: found.program,
    ...(found.args.length > 0 ? { args: [...found.args] } : {}),
    ...(Object.keys(found.env).length > 0 ? { env: { ...found.env } } : {}),
  };
}
