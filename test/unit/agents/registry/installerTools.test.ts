// RegistryInstaller (src/agents/registry/installer.ts) with npx and uvx agents, npm and uv played by a RunTool
// that records the run and lays out what the real tool would (test/integration runs the real npm). What is
// asked of the tool, which program is then found and how it is started, and the fetched runtime's place.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RegistryInstaller, type InstallerOptions } from '../../../../src/agents/registry/installer';
import type { PackageDistribution, RegistryAgent } from '../../../../src/agents/registry/registryIndex';
import type { ToolRun } from '../../../../src/agents/registry/toolRunner';
import { errorOf } from './errorOf';
import { freshDir } from './unpackInto';

const messageOf = async (promise: Promise<unknown>) => (await errorOf(promise)).message;

type Manifest = { bin?: string | Record<string, string> };

function agent(kind: 'npx' | 'uvx', dist: Partial<PackageDistribution> = {}, binary = true): RegistryAgent {
  return {
    id: 'tool-agent',
    name: 'Tool Agent',
    version: '2.0.0',
    description: 'installed by a package manager',
    authors: [],
    distribution: {
      // A build for another platform only: the package is used.
      ...(binary ? { binary: { 'windows-aarch64': { archive: 'https://x/a.zip', cmd: 'a', args: [], env: {} } } } : {}),
      [kind]: { package: '@scope/agent@2.0.0', args: ['--acp'], env: { MODE: 'x', NODE_OPTIONS: '--evil' }, ...dist },
    },
  };
}

/** npm as the installer sees it: the package laid out under the prefix, with `manifest` and its scripts. */
function fakeNpm(manifest: Manifest, scripts: Record<string, string>, runs: ToolRun[]) {
  return async (run: ToolRun) => {
    runs.push(run);
    const packageDir = path.join(run.args[2]!, 'node_modules', '@scope', 'agent');
    fs.mkdirSync(packageDir, { recursive: true });
    fs.writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify(manifest));
    for (const [file, text] of Object.entries(scripts)) fs.writeFileSync(path.join(packageDir, file), text);
  };
}

/** uv as the installer sees it: the programs in UV_TOOL_BIN_DIR. */
function fakeUv(programs: string[], runs: ToolRun[]) {
  return async (run: ToolRun) => {
    runs.push(run);
    fs.mkdirSync(run.env.UV_TOOL_BIN_DIR!, { recursive: true });
    for (const name of programs) fs.writeFileSync(path.join(run.env.UV_TOOL_BIN_DIR!, name), '#!/bin/sh\n');
  };
}

function installer(runTool: InstallerOptions['runTool'], options: Partial<InstallerOptions> = {}) {
  const root = freshDir('sb-tools-');
  return {
    root,
    agents: new RegistryInstaller(root, {
      runTool,
      toolEnv: () => ({ PATH: '/usr/bin', npm_config_registry: 'http://127.0.0.1:1/' }),
      platform: 'linux-x86_64',
      ...options,
    }),
  };
}

const nodeScript = '#!/usr/bin/env node\nconsole.log("hi")\n';

describe('npx agents', () => {
  it('asks npm to install the package into the version folder, and starts its bin with node', async () => {
    const runs: ToolRun[] = [];
    const { agents, root } = installer(fakeNpm({ bin: { agent: 'cli.js' } }, { 'cli.js': nodeScript }, runs));
    const state = await agents.install(agent('npx'));
    const folder = path.join(root, 'tool-agent', state.current.dir);
    expect(runs).toEqual([
      {
        command: 'npm',
        args: ['install', '--prefix', folder, '--no-audit', '--no-fund', '--omit=dev', '--', '@scope/agent@2.0.0'],
        cwd: folder,
        env: { PATH: '/usr/bin', npm_config_registry: 'http://127.0.0.1:1/' },
        timeoutMs: 600_000,
        what: 'npm (part of Node.js)',
        getIt: 'Install Node.js from https://nodejs.org (it includes npm), then try again.',
      },
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'))).toEqual({ private: true });
    expect(state.current).toMatchObject({ kind: 'npx', runner: 'node', entry: 'node_modules/@scope/agent/cli.js' });
    expect(agents.launch('tool-agent')).toEqual({
      command: 'node',
      args: [path.join(folder, 'node_modules/@scope/agent/cli.js'), '--acp'],
      env: { MODE: 'x' },
      version: '2.0.0',
      droppedEnv: ['NODE_OPTIONS'],
    });
  });

  it.each([
    ['a bin given as a string, named after the package', { bin: 'cli.js' }, {}, 'cli.js'],
    ['the bin named after the package among several', { bin: { other: 'other.js', agent: 'cli.js' } }, {}, 'cli.js'],
    ['the one bin, whatever its name', { bin: { whatever: 'cli.js' } }, {}, 'cli.js'],
    ['the bin the registry names', { bin: { agent: 'cli.js', acp: 'acp.js' } }, { cmd: 'acp' }, 'acp.js'],
  ] as [string, Manifest, Partial<PackageDistribution>, string][])('runs %s', async (_, manifest, dist, file) => {
    const scripts = { 'cli.js': nodeScript, 'acp.js': nodeScript, 'other.js': nodeScript };
    const { agents } = installer(fakeNpm(manifest, scripts, []));
    const state = await agents.install(agent('npx', dist));
    expect(state.current.entry).toBe(`node_modules/@scope/agent/${file}`);
  });

  it('starts a bin with another interpreter itself, and one it cannot read with node', async () => {
    const shell = installer(fakeNpm({ bin: 'cli.sh' }, { 'cli.sh': '#!/bin/sh\necho hi\n' }, []));
    const shellState = await shell.agents.install(agent('npx'));
    expect(shellState.current.runner).toBe('exec');
    const launch = shell.agents.launch('tool-agent')!;
    expect([launch.command.endsWith('/node_modules/@scope/agent/cli.sh'), launch.args]).toEqual([true, ['--acp']]);
    const plain = installer(fakeNpm({ bin: 'cli.js' }, { 'cli.js': 'console.log("no shebang")' }, []));
    expect((await plain.agents.install(agent('npx'))).current.runner).toBe('node');
    const missing = installer(fakeNpm({ bin: 'gone.js' }, {}, []));
    expect((await missing.agents.install(agent('npx'))).current.runner).toBe('node');
  });

  it.each([
    ['no bin', {}, {}, 'The npm package @scope/agent has no program to run'],
    [
      'several bins, none chosen',
      { bin: { a: 'a.js', b: 'b.js' } },
      {},
      'The npm package @scope/agent has no program to run',
    ],
    ['none the registry names', { bin: { a: 'a.js', b: 'b.js' } }, { cmd: 'acp' }, 'has no program named acp to run'],
    [
      'a bin outside the package',
      { bin: '../../../evil.js' },
      {},
      'The npm package @scope/agent names a program outside itself',
    ],
  ] as [string, Manifest, Partial<PackageDistribution>, string][])(
    'refuses a package with %s, and leaves no folder',
    async (_, manifest, dist, error) => {
      const { agents, root } = installer(fakeNpm(manifest, {}, []));
      expect(await messageOf(agents.install(agent('npx', dist)))).toContain(error);
      expect(fs.readdirSync(root)).toEqual([]);
    },
  );

  it('runs npm and node from a fetched Node.js, first on PATH, whatever the case of PATH', async () => {
    const runs: ToolRun[] = [];
    const { agents } = installer(fakeNpm({ bin: 'cli.js' }, { 'cli.js': nodeScript }, runs), {
      runtimeBin: (name) => (name === 'node' ? '/rt/node/bin' : undefined),
      toolEnv: () => ({ Path: '/usr/bin', HOME: '/home/me' }),
      toolTimeoutMs: 5_000,
    });
    await agents.install(agent('npx'));
    expect(runs[0]).toMatchObject({
      command: '/rt/node/bin/npm',
      env: { Path: `/rt/node/bin${path.delimiter}/usr/bin`, HOME: '/home/me' },
      timeoutMs: 5_000,
    });
    expect(runs[0]!.env.PATH).toBeUndefined();
    const launch = agents.launch('tool-agent')!;
    expect(launch.command).toBe('/rt/node/bin/node');
    expect(launch.env).toEqual({ PATH: `/rt/node/bin${path.delimiter}${process.env.PATH ?? ''}`, MODE: 'x' });
  });

  it('puts a fetched runtime alone on a PATH the environment lacks', async () => {
    const runs: ToolRun[] = [];
    const { agents } = installer(fakeNpm({ bin: 'cli.js' }, { 'cli.js': nodeScript }, runs), {
      runtimeBin: () => '/rt/bin',
      toolEnv: () => ({ HOME: '/home/me' }),
    });
    await agents.install(agent('npx'));
    expect(runs[0]!.env).toEqual({ HOME: '/home/me', PATH: '/rt/bin' });
  });

  it('installs a package agent that has no binary builds at all', async () => {
    const { agents } = installer(fakeNpm({ bin: 'cli.js' }, { 'cli.js': nodeScript }, []));
    expect((await agents.install(agent('npx', {}, false))).current.kind).toBe('npx');
  });

  it('leaves no folder when npm fails, and says npm failed', async () => {
    const { agents, root } = installer(() => Promise.reject(new Error('npm install failed: E404')));
    expect(await messageOf(agents.install(agent('npx')))).toBe('npm install failed: E404');
    expect(fs.readdirSync(root)).toEqual([]);
  });
});

describe('uvx agents', () => {
  it('asks uv to install the tool into the version folder, and starts its program', async () => {
    const runs: ToolRun[] = [];
    const { agents, root } = installer(fakeUv(['agent-cli'], runs), {
      runtimeBin: (name) => (name === 'uv' ? '/rt/uv' : '/rt/node'),
    });
    const state = await agents.install(agent('uvx', { package: 'agent-cli==2.0.0' }));
    const folder = path.join(root, 'tool-agent', state.current.dir);
    expect(runs).toEqual([
      {
        command: '/rt/uv/uv',
        args: ['tool', 'install', '--', 'agent-cli==2.0.0'],
        cwd: folder,
        env: {
          PATH: `/rt/uv${path.delimiter}/usr/bin`,
          npm_config_registry: 'http://127.0.0.1:1/',
          UV_TOOL_DIR: path.join(folder, 'tools'),
          UV_TOOL_BIN_DIR: path.join(folder, 'bin'),
        },
        timeoutMs: 600_000,
        what: 'uv (the Python package manager)',
        getIt: 'Install uv from https://docs.astral.sh/uv/ , then try again.',
      },
    ]);
    expect(state.current).toMatchObject({ kind: 'uvx', runner: 'exec', entry: 'bin/agent-cli', args: ['--acp'] });
    // Started itself, with the registry's env alone (no runtime put first on its PATH).
    expect(agents.launch('tool-agent')).toEqual({
      command: path.join(folder, 'bin/agent-cli'),
      args: ['--acp'],
      env: { MODE: 'x' },
      version: '2.0.0',
      droppedEnv: ['NODE_OPTIONS'],
    });
  });

  it('finds the program the registry names, and says so when uv made none of that name', async () => {
    const named = installer(fakeUv(['acp'], []));
    expect((await named.agents.install(agent('uvx', { package: 'agent-cli', cmd: 'acp' }))).current.entry).toBe(
      'bin/acp',
    );
    const { agents, root } = installer(fakeUv(['other'], []));
    expect(await messageOf(agents.install(agent('uvx', { package: 'agent-cli>=2' })))).toBe(
      'uv installed agent-cli>=2 but it has no program named agent-cli',
    );
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
