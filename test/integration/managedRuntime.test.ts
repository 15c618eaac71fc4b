// A runtime fetched into Switchboard's storage when the machine lacks one (src/agents/registry/managedRuntime.ts),
// all on 127.0.0.1: a Node.js archive laid out as nodejs.org lays it out (its node and npm delegate to this
// machine's, so a real `npm install` runs) with its SHASUMS256.txt; then an npx agent installed and started with
// it while npm is nowhere on PATH. A wrong or missing checksum installs nothing.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryInstaller } from '../../src/agents/registry/installer';
import { ManagedRuntimes, nodeRuntime, type RuntimeSpec } from '../../src/agents/registry/managedRuntime';
import { parseRegistryIndex, platformKey } from '../../src/agents/registry/registryIndex';
import { MissingToolError, runTool } from '../../src/agents/registry/toolRunner';
import { tarGz } from '../fixtures/archives';
import { FixtureServer, serveNpmPackage, sha256 } from './registryServer';
import { tempDir } from './tempDirs';

const server = new FixtureServer();
let spec: RuntimeSpec;
let archiveSha: string;

/** This machine's npm, found the way a shell would (the fake Node.js hands its work to it). */
function realNpmCli(): string {
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return fs.realpathSync(npm);
}

beforeAll(async () => {
  await server.start();
  const made = nodeRuntime(server.url('/dist'));
  if (made instanceof Error) throw made;
  spec = made;
  const top = spec.binDir.split('/')[0]!;
  const archive = await tarGz([
    { name: `${top}/`, content: '' },
    { name: `${top}/bin/`, content: '' },
    { name: `${top}/bin/node`, content: `#!/bin/sh\nexec "${process.execPath}" "$@"\n`, mode: 0o755 },
    { name: `${top}/bin/npm`, content: `#!/bin/sh\nexec "${process.execPath}" "${realNpmCli()}" "$@"\n`, mode: 0o755 },
  ]);
  archiveSha = sha256(archive);
  server.routes.set(new URL(spec.archiveUrl).pathname, { body: archive });
  server.routes.set(new URL(spec.checksumUrl).pathname, {
    body: Buffer.from(`${'0'.repeat(64)}  node-other.tar.gz\n${archiveSha}  ${spec.archiveName}\n`),
  });
  await serveNpmPackage(
    server,
    'fixture-runtime-agent',
    '1.0.0',
    'fixture-runtime-agent',
    '#!/usr/bin/env node\nconsole.log("runtime agent", process.argv.slice(2).join(" "));\n',
  );
});

afterAll(() => server.stop());

const npxAgent = () =>
  parseRegistryIndex({
    agents: [
      {
        id: 'fixture-runtime',
        name: 'Fixture runtime',
        version: '1.0.0',
        description: 'npm',
        distribution: { npx: { package: 'fixture-runtime-agent@1.0.0', args: ['--acp'] } },
      },
    ],
  }).agents[0]!;

describe.skipIf(!platformKey() || process.platform === 'win32')('a fetched Node.js for npx agents', () => {
  it('without npm on PATH the install names it; with the fetched Node.js it installs and starts with it', async () => {
    const emptyPath = tempDir('sb-no-tools-');
    const npmCache = tempDir('sb-npm-cache-');
    const runtimes = new ManagedRuntimes(tempDir('sb-runtimes-'));
    let bin: string | undefined = undefined; // set once the runtime is fetched; read by the installer at each call
    const installer = new RegistryInstaller(tempDir('sb-agents-'), {
      runTool,
      toolEnv: () => ({
        PATH: emptyPath,
        HOME: process.env.HOME,
        npm_config_registry: server.url('/'),
        npm_config_cache: npmCache,
      }),
      toolTimeoutMs: 120_000,
      runtimeBin: (name) => (name === 'node' ? bin : undefined),
    });

    const refused = await installer.install(npxAgent()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MissingToolError);
    expect((refused as Error).message).toMatch(/npm \(part of Node\.js\) was not found on PATH/);

    expect(runtimes.binDir(spec)).toBeUndefined();
    bin = await runtimes.install(spec);
    expect(runtimes.binDir(spec)).toBe(bin);
    expect(server.hits).toContain(new URL(spec.checksumUrl).pathname);

    await installer.install(npxAgent());
    const launch = installer.launch('fixture-runtime')!;
    expect(launch.command).toBe(path.join(bin, 'node'));
    expect(launch.env.PATH?.split(path.delimiter)[0]).toBe(bin);
    const output = execFileSync(launch.command, launch.args, {
      encoding: 'utf8',
      env: { ...process.env, ...launch.env },
    });
    expect(output.trim()).toBe('runtime agent --acp');
  }, 120_000);

  it('an archive whose SHA-256 is not the published one, or one with none published, is not used', async () => {
    const root = tempDir('sb-runtimes-');
    const runtimes = new ManagedRuntimes(root);
    const listing = new URL(spec.checksumUrl).pathname;
    const good = server.routes.get(listing)!;
    try {
      server.routes.set(listing, { body: Buffer.from(`${'a'.repeat(64)}  ${spec.archiveName}\n`) });
      await expect(runtimes.install(spec)).rejects.toThrow(/has SHA-256 [0-9a-f]{64}, not a{64} as published/);
      server.routes.set(listing, { body: Buffer.from(`${archiveSha}  some-other-file.tar.gz\n`) });
      await expect(runtimes.install(spec)).rejects.toThrow(/publishes no SHA-256 for node-/);
    } finally {
      server.routes.set(listing, good);
    }
    expect(fs.readdirSync(root)).toEqual([]);
    expect(runtimes.binDir(spec)).toBeUndefined();
  });
});
