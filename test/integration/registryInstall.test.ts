// The ACP Registry install path end to end, all on 127.0.0.1: an index served here, real archives (tar.gz with a
// good and a wrong sha256, a zip with an escaping entry, a tar.gz whose links chain out), a real `npm install`
// against a minimal npm registry, and the installed programs actually started. A failed install leaves nothing. Then update, rollback, uninstall, the index's ETag and offline copy.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryInstaller } from '../../src/agents/registry/installer';
import { RegistryCache } from '../../src/agents/registry/registryCache';
import { parseRegistryIndex, platformKey, type RegistryAgent } from '../../src/agents/registry/registryIndex';
import { runTool } from '../../src/agents/registry/toolRunner';
import { parseAgentsSetting } from '../../src/agents/config';
import { symlink, tarGz, zip } from '../fixtures/archives';
import { FixtureServer, serveNpmPackage, sha256 } from './registryServer';
import { tempDir } from './tempDirs';

const platform = platformKey();
const server = new FixtureServer();
let root: string;
let npmCache: string;

function agentScript(text: string): string {
  return `#!/bin/sh\necho "${text} $*"\n`;
}

beforeAll(async () => {
  await server.start();
  root = tempDir('sb-registry-');
  npmCache = tempDir('sb-npm-cache-');
  for (const version of ['1.0.0', '1.1.0']) {
    const archive = await tarGz([
      { name: 'dist/', content: '' },
      { name: 'dist/fixture-agent', content: agentScript(`fixture ${version}`), mode: 0o755 },
      { name: 'dist/README', content: 'readme' },
    ]);
    server.routes.set(`/fixture-${version}.tar.gz`, { body: archive });
  }
  server.routes.set('/escape.zip', {
    body: zip([
      { name: 'agent', content: agentScript('zip'), mode: 0o755 },
      { name: '../escaped.txt', content: 'outside' },
    ]),
  });
  await serveNpmPackage(
    server,
    'fixture-npx-agent',
    '2.0.0',
    'fixture-npx-agent',
    '#!/usr/bin/env node\nconsole.log("npx agent", process.argv.slice(2).join(" "));\n',
  );
});

afterAll(() => server.stop());

function binaryAgent(version: string, sha: string | undefined, archive = `/fixture-${version}.tar.gz`): RegistryAgent {
  return parseRegistryIndex({
    agents: [
      {
        id: 'fixture-binary',
        name: 'Fixture Binary',
        version,
        description: 'a test agent',
        license: 'MIT',
        distribution: {
          binary: {
            [platform!]: {
              archive: server.url(archive),
              ...(sha ? { sha256: sha } : {}),
              cmd: './dist/fixture-agent',
              args: ['--acp'],
              env: { FIXTURE_MODE: 'on', PATH: '/evil', LD_PRELOAD: '/evil.so', NODE_OPTIONS: '--require=/evil' },
            },
          },
        },
      },
    ],
  }).agents[0]!;
}

function installer(into = root): RegistryInstaller {
  return new RegistryInstaller(into, {
    runTool,
    toolEnv: () => ({ ...process.env, npm_config_registry: server.url('/'), npm_config_cache: npmCache }),
    platform,
    toolTimeoutMs: 120_000,
  });
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8' }).trim();
}

describe.skipIf(!platform || process.platform === 'win32')('registry install', () => {
  it('installs a tar.gz binary whose sha256 matches, and starts it with the registry args', async () => {
    const body = server.routes.get('/fixture-1.0.0.tar.gz')!.body as Buffer;
    const state = await installer().install(binaryAgent('1.0.0', sha256(body)));
    expect(state.current.version).toBe('1.0.0');
    const launch = installer().launch('fixture-binary')!;
    expect(launch.command.startsWith(path.join(root, 'fixture-binary'))).toBe(true);
    expect(run(launch.command, launch.args)).toBe('fixture 1.0.0 --acp');
    // The registry's env is sanitised: only what configures the agent survives.
    expect(launch.env).toEqual({ FIXTURE_MODE: 'on' });
    expect(launch.droppedEnv.sort()).toEqual(['LD_PRELOAD', 'NODE_OPTIONS', 'PATH']);
  });

  it('refuses an archive whose sha256 differs, and leaves the installed version as it was', async () => {
    const before = fs.readdirSync(path.join(root, 'fixture-binary')).sort();
    await expect(installer().install(binaryAgent('1.1.0', 'ab'.repeat(32)))).rejects.toThrow(
      /sha256 is [0-9a-f]{64}, not abab/,
    );
    expect(installer().state('fixture-binary')!.current.version).toBe('1.0.0');
    expect(fs.readdirSync(path.join(root, 'fixture-binary')).sort()).toEqual(before);
  });

  it('updates, rolls back (and forward again), and uninstalls', async () => {
    const body = server.routes.get('/fixture-1.1.0.tar.gz')!.body as Buffer;
    const updated = await installer().install(binaryAgent('1.1.0', sha256(body)));
    expect([updated.current.version, updated.previous?.version]).toEqual(['1.1.0', '1.0.0']);
    let launch = installer().launch('fixture-binary')!;
    expect(run(launch.command, launch.args)).toBe('fixture 1.1.0 --acp');

    const rolledBack = await installer().rollback('fixture-binary');
    expect([rolledBack.current.version, rolledBack.previous?.version]).toEqual(['1.0.0', '1.1.0']);
    launch = installer().launch('fixture-binary')!;
    expect(run(launch.command, launch.args)).toBe('fixture 1.0.0 --acp');
    // Only the two versions are on disk, and the setting entry resolves to the rolled-back one.
    expect(fs.readdirSync(path.join(root, 'fixture-binary')).filter((name) => name !== 'state.json')).toHaveLength(2);
    const parsed = parseAgentsSetting(
      { 'fixture-binary': { type: 'registry', env: { FIXTURE_MODE: 'mine' } } },
      { command: 'node', args: [] },
      (id) => installer().launch(id),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.agents[1]).toMatchObject({ registryVersion: '1.0.0', env: { FIXTURE_MODE: 'mine' } });

    await installer().uninstall('fixture-binary');
    expect(fs.existsSync(path.join(root, 'fixture-binary'))).toBe(false);
    expect(installer().launch('fixture-binary')).toBeUndefined();
  });

  it('refuses a zip with an entry outside the install folder, writing nothing outside', async () => {
    const agent = binaryAgent('1.0.0', undefined, '/escape.zip');
    agent.distribution.binary![platform!]!.cmd = 'agent';
    await expect(installer().install(agent)).rejects.toThrow(/outside the install folder/);
    expect(fs.existsSync(path.join(root, 'fixture-binary', 'escaped.txt'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'escaped.txt'))).toBe(false);
    expect(installer().state('fixture-binary')).toBeUndefined();
    // A failed first install leaves no folder for the agent.
    expect(fs.existsSync(path.join(root, 'fixture-binary'))).toBe(false);
  });

  it('refuses an archive (its sha256 matching) whose links chain out, writing nothing outside, keeping nothing', async () => {
    // The finding: `up` leads to the version folder, and `esc`, made through `up`, six folders up from there: to
    // the folder around the agents root. Each link's text alone stays inside.
    const outer = tempDir('sb-chain-');
    const agentsRoot = path.join(outer, 'agents');
    const archive = await tarGz([
      { name: 'dist/fixture-agent', content: agentScript('chain'), mode: 0o755 },
      symlink('p/q/r/up', '../../..'),
      symlink('p/q/r/up/p/q/r/esc', '../../../../../..'),
      { name: 'p/q/r/up/p/q/r/esc/escaped.sh', content: agentScript('escaped'), mode: 0o755 },
    ]);
    server.routes.set('/chain.tar.gz', { body: archive });
    const agent = binaryAgent('1.0.0', sha256(archive), '/chain.tar.gz');
    await expect(installer(agentsRoot).install(agent)).rejects.toThrow(/collides with another entry/);
    expect(fs.readdirSync(outer)).toEqual(['agents']);
    expect(fs.readdirSync(agentsRoot)).toEqual([]);
    expect(installer(agentsRoot).launch('fixture-binary')).toBeUndefined();
  });

  it('a failed update keeps the installed version, and leaves nothing of the new one', async () => {
    const agentsRoot = path.join(tempDir('sb-update-'), 'agents');
    const body = server.routes.get('/fixture-1.0.0.tar.gz')!.body as Buffer;
    const installed = await installer(agentsRoot).install(binaryAgent('1.0.0', sha256(body)));
    const before = fs.readdirSync(path.join(agentsRoot, 'fixture-binary')).sort();
    await expect(installer(agentsRoot).install(binaryAgent('1.1.0', 'ab'.repeat(32)))).rejects.toThrow(/sha256/);
    expect(fs.readdirSync(path.join(agentsRoot, 'fixture-binary')).sort()).toEqual(before);
    expect(installer(agentsRoot).state('fixture-binary')).toEqual(installed);
    const launch = installer(agentsRoot).launch('fixture-binary')!;
    expect(run(launch.command, launch.args)).toBe('fixture 1.0.0 --acp');
  });

  it('a first install refused for its sha256 leaves no folder for the agent', async () => {
    const agentsRoot = path.join(tempDir('sb-first-'), 'agents');
    await expect(installer(agentsRoot).install(binaryAgent('1.0.0', 'ab'.repeat(32)))).rejects.toThrow(/sha256/);
    expect(fs.readdirSync(agentsRoot)).toEqual([]);
  });

  it('refuses a cmd outside the install folder before downloading', async () => {
    const agent = binaryAgent('1.0.0', undefined);
    agent.distribution.binary![platform!]!.cmd = '../../bin/sh';
    const hits = server.hits.length;
    await expect(installer().install(agent)).rejects.toThrow(/not inside its folder/);
    expect(server.hits.length).toBe(hits);
  });

  it('installs an npx agent with a real npm install from the local registry, started with node', async () => {
    const [agent] = parseRegistryIndex({
      agents: [
        {
          id: 'fixture-npx',
          name: 'Fixture npx',
          version: '2.0.0',
          description: 'npm',
          distribution: { npx: { package: 'fixture-npx-agent@2.0.0', args: ['--acp'] } },
        },
      ],
    }).agents;
    await installer().install(agent!);
    const launch = installer().launch('fixture-npx')!;
    expect(launch.command).toBe('node');
    expect(launch.args[0]).toMatch(/node_modules[\\/]fixture-npx-agent[\\/]cli\.js$/);
    expect(run(launch.command, launch.args)).toBe('npx agent --acp');
    expect(server.hits).toContain('/fixture-npx-agent/-/fixture-npx-agent-2.0.0.tgz');
  }, 120_000);

  it('names npm when it fails, with its own words', async () => {
    const [agent] = parseRegistryIndex({
      agents: [
        {
          id: 'missing',
          name: 'Missing',
          version: '1.0.0',
          description: 'x',
          distribution: { npx: { package: 'no-such-package-here' } },
        },
      ],
    }).agents;
    await expect(installer().install(agent!)).rejects.toThrow(/npm install .*failed[\s\S]*(404|E404|Not Found)/i);
    expect(fs.existsSync(path.join(root, 'missing'))).toBe(false);
  }, 120_000);
});

describe('registry index cache', () => {
  it('fetches, revalidates with the ETag, and shows the cached copy with its age offline', async () => {
    const index = {
      version: '1.0.0',
      agents: [{ id: 'a', name: 'A', version: '1.0.0', description: 'd', distribution: { npx: { package: 'a' } } }],
    };
    const own = new FixtureServer();
    await own.start();
    own.routes.set('/registry.json', { body: JSON.stringify(index), etag: '"v1"', type: 'application/json' });
    let now = 1_000_000;
    const cache = new RegistryCache(
      tempDir('sb-cache-'),
      { timeoutMs: 2000, idleMs: 2000, maxBytes: 1 << 20 },
      () => now,
    );
    const url = own.url('/registry.json');
    const first = await cache.load(url);
    expect(first.agents.map((a) => a.id)).toEqual(['a']);
    expect(first.offline).toBeUndefined();
    now += 60_000;
    const second = await cache.load(url);
    expect(own.notModified).toBe(1);
    expect(second.fetchedAt).toBe(now);
    await own.stop();
    now += 3 * 3600_000;
    const offline = await cache.load(url);
    expect(offline.offline).toMatch(/could not be reached/);
    expect(offline.agents.map((a) => a.id)).toEqual(['a']);
    expect(now - offline.fetchedAt).toBe(3 * 3600_000);
  });

  it('gives up on a server that never answers, with a clear error', async () => {
    server.stalls.add('/slow.json');
    const cache = new RegistryCache(tempDir('sb-cache-'), { timeoutMs: 300, idleMs: 300, maxBytes: 1 << 20 });
    await expect(cache.load(server.url('/slow.json'))).rejects.toThrow(/could not be loaded: .*no answer within 0.3 s/);
  });
});
