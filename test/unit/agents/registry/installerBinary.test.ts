// RegistryInstaller (src/agents/registry/installer.ts) with binary agents: real archives served on 127.0.0.1,
// unpacked into a temporary root. What an install, an update, a rollback and an uninstall leave on disk,
// what a launch starts, and that a failure keeps what was installed (and leaves nothing of a first install).
// The end-to-end version, with the programs started and npm run for real, is
// test/integration/registryInstall.test.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryInstaller, type InstallerOptions } from '../../../../src/agents/registry/installer';
import type { BinaryTarget, PlatformKey, RegistryAgent } from '../../../../src/agents/registry/registryIndex';
import { tarGz, zip } from '../../../fixtures/archives';
import { FixtureServer, sha256 } from '../../../integration/registryServer';
import { errorOf } from './errorOf';
import { freshDir } from './unpackInto';

const messageOf = async (promise: Promise<unknown>) => (await errorOf(promise)).message;

const PLATFORM: PlatformKey = 'linux-x86_64';
const server = new FixtureServer();
const archives = new Map<string, Buffer>();

beforeAll(async () => {
  await server.start();
  for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
    const body = await tarGz([{ name: 'dist/agent', content: `agent ${version}`, mode: 0o644 }]);
    archives.set(version, body);
    server.routes.set(`/agent-${version}.tar.gz`, { body });
  }
});
afterAll(() => server.stop());

function binaryAgent(version: string, target: Partial<BinaryTarget> = {}): RegistryAgent {
  return {
    id: 'fixture',
    name: 'Fixture',
    version,
    description: 'a test agent',
    authors: [],
    distribution: {
      binary: {
        [PLATFORM]: {
          archive: server.url(`/agent-${version}.tar.gz`),
          sha256: archives.has(version) ? sha256(archives.get(version)!) : undefined,
          cmd: './dist/agent',
          args: ['--acp'],
          env: { FIXTURE_MODE: 'on', LD_PRELOAD: '/evil.so' },
          ...target,
        },
      },
    },
  };
}

function installer(root = freshDir('sb-agents-'), options: Partial<InstallerOptions> = {}) {
  const log: string[] = [];
  const made = new RegistryInstaller(root, {
    runTool: () => Promise.reject(new Error('no tool runs for a binary agent')),
    toolEnv: () => ({}),
    platform: PLATFORM,
    log: (line) => log.push(line),
    ...options,
  });
  return { installer: made, root, log };
}

describe('installing a binary agent', () => {
  it('unpacks it into a version folder, makes its cmd runnable, records it and says how to start it', async () => {
    const { installer: agents, root, log } = installer();
    const state = await agents.install(binaryAgent('1.0.0'));
    expect(state).toMatchObject({
      id: 'fixture',
      name: 'Fixture',
      current: { version: '1.0.0', kind: 'binary', runner: 'exec', entry: 'dist/agent' },
    });
    expect(state.previous).toBeUndefined();
    expect(state.current.dir).toMatch(/^1\.0\.0-[0-9a-f]{8}$/);
    expect(agents.state('fixture')).toEqual(state);
    expect(agents.installedIds()).toEqual(['fixture']);
    const program = path.join(root, 'fixture', state.current.dir, 'dist', 'agent');
    expect(fs.statSync(program).mode & 0o111).toBe(0o111);
    expect(agents.launch('fixture')).toEqual({
      command: program,
      args: ['--acp'],
      env: { FIXTURE_MODE: 'on' },
      version: '1.0.0',
      droppedEnv: ['LD_PRELOAD'],
    });
    const folder = path.join(root, 'fixture', state.current.dir);
    expect(log).toEqual([`[switchboard] installed fixture 1.0.0 (binary) in ${folder}`]);
    expect(fs.readdirSync(path.join(root, 'fixture')).sort()).toEqual([state.current.dir, 'state.json']);
  });

  it('names a version folder safely whatever the version says', async () => {
    const { installer: agents } = installer();
    const agent = binaryAgent('1.0.0');
    agent.version = '1.0.0/../../x y';
    const state = await agents.install(agent);
    expect(state.current.dir).toMatch(/^1\.0\.0_\.\._\.\._x_y-[0-9a-f]{8}$/);
  });

  it('logs the sha256 of an archive the registry gives none for', async () => {
    const { installer: agents, log } = installer();
    await agents.install(binaryAgent('1.0.0', { sha256: undefined }));
    expect(log[0]).toBe(
      `[switchboard] ${server.url('/agent-1.0.0.tar.gz')} has no sha256 in the registry; its sha256 is ${sha256(archives.get('1.0.0')!)}`,
    );
  });

  it('installs a zip and a raw download', async () => {
    server.routes.set('/agent.zip', { body: zip([{ name: 'agent', content: 'zip agent' }]) });
    server.routes.set('/agent-raw', { body: 'raw agent' });
    for (const [url, cmd] of [
      ['/agent.zip', 'agent'],
      ['/agent-raw', 'bin/agent'],
    ] as const) {
      const { installer: agents } = installer();
      await agents.install(binaryAgent('1.0.0', { archive: server.url(url), sha256: undefined, cmd }));
      expect(fs.readFileSync(agents.launch('fixture')!.command, 'utf8')).toMatch(/agent$/);
    }
  });
});

describe('a binary install that fails', () => {
  it.each([
    ['a wrong sha256', { sha256: 'ab'.repeat(32) }, /sha256 is [0-9a-f]{64}, not (ab){32} as the registry says/],
    ['a format it cannot unpack', { archive: 'http://127.0.0.1:1/agent.dmg' }, /format Switchboard cannot unpack/],
    ['a cmd outside its folder', { cmd: '../../bin/sh' }, /The agent's cmd "..\/..\/bin\/sh" is not inside its folder/],
    ['a cmd the archive lacks', { cmd: './dist/other' }, /The archive has no file "\.\/dist\/other" inside it to run/],
    ['a cmd that is a folder', { cmd: './dist' }, /The archive has no file "\.\/dist" inside it to run/],
  ] as [string, Partial<BinaryTarget>, RegExp][])(
    'with %s leaves no folder for the agent',
    async (_, target, error) => {
      const { installer: agents, root } = installer();
      expect(await messageOf(agents.install(binaryAgent('1.0.0', target)))).toMatch(error);
      expect(fs.readdirSync(root)).toEqual([]);
      expect(agents.state('fixture')).toBeUndefined();
    },
  );

  it('names the platforms an agent has when it has none for this one', async () => {
    const { installer: agents } = installer(undefined, { platform: 'darwin-aarch64' });
    const agent = binaryAgent('1.0.0');
    agent.distribution.binary!['windows-x86_64'] = agent.distribution.binary![PLATFORM];
    expect(await messageOf(agents.install(agent))).toBe(
      'Fixture has no build for this platform (darwin-aarch64); it has linux-x86_64, windows-x86_64',
    );
  });

  it("tells the server's answer when the download fails, and leaves no folder", async () => {
    const { installer: agents, root } = installer();
    const message = await messageOf(agents.install(binaryAgent('1.0.0', { archive: server.url('/missing.tar.gz') })));
    expect(message).toBe(`${server.url('/missing.tar.gz')} answered HTTP 404`);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('as an update keeps the installed version, its files and its state, and the download is gone', async () => {
    const { installer: agents, root } = installer();
    const installed = await agents.install(binaryAgent('1.0.0'));
    const before = fs.readdirSync(path.join(root, 'fixture')).sort();
    expect(await messageOf(agents.install(binaryAgent('1.1.0', { sha256: '00'.repeat(32) })))).toMatch(/sha256/);
    expect(fs.readdirSync(path.join(root, 'fixture')).sort()).toEqual(before);
    expect(agents.state('fixture')).toEqual(installed);
  });
});

describe('updates, rollback and uninstall', () => {
  it('keeps one earlier version for rollback, prunes the rest, and rolls back and forth', async () => {
    const { installer: agents, root, log } = installer();
    const first = await agents.install(binaryAgent('1.0.0'));
    const second = await agents.install(binaryAgent('1.1.0'));
    expect(second.previous).toEqual(first.current);
    // A state file being written (a .tmp) is left alone; anything else not kept goes.
    fs.writeFileSync(path.join(root, 'fixture', 'state.json.1234.tmp'), '{}');
    fs.mkdirSync(path.join(root, 'fixture', '0.9.0-deadbeef'));
    const third = await agents.install(binaryAgent('1.2.0'));
    expect(fs.readdirSync(path.join(root, 'fixture')).sort()).toEqual(
      [second.current.dir, third.current.dir, 'state.json', 'state.json.1234.tmp'].sort(),
    );

    const back = await agents.rollback('fixture');
    expect([back.current.version, back.previous?.version]).toEqual(['1.1.0', '1.2.0']);
    expect(agents.state('fixture')).toEqual(back);
    expect(fs.readFileSync(agents.launch('fixture')!.command, 'utf8')).toBe('agent 1.1.0');
    const forth = await agents.rollback('fixture');
    expect([forth.current.version, forth.previous?.version]).toEqual(['1.2.0', '1.1.0']);
    expect(log).toContain('[switchboard] fixture rolled back to 1.1.0');

    await agents.uninstall('fixture');
    expect(fs.readdirSync(root)).toEqual([]);
    expect(agents.launch('fixture')).toBeUndefined();
    expect(log.at(-1)).toBe('[switchboard] uninstalled fixture');
  });

  it('works without a log: an archive without a sha256, a rollback, an uninstall', async () => {
    const { installer: agents, root } = installer(undefined, { log: undefined });
    await agents.install(binaryAgent('1.0.0', { sha256: undefined }));
    await agents.install(binaryAgent('1.1.0'));
    expect((await agents.rollback('fixture')).current.version).toBe('1.0.0');
    await agents.uninstall('fixture');
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('uninstalls an agent that is not installed without complaint', async () => {
    const { installer: agents, log } = installer();
    await agents.uninstall('never-installed');
    expect(log).toEqual(['[switchboard] uninstalled never-installed']);
  });

  it('refuses a rollback with nothing to roll back to', async () => {
    const { installer: agents } = installer();
    expect(await messageOf(agents.rollback('fixture'))).toBe('fixture has no earlier version to roll back to');
    await agents.install(binaryAgent('1.0.0'));
    expect(await messageOf(agents.rollback('fixture'))).toBe('fixture has no earlier version to roll back to');
  });

  it('runs one operation per agent at a time, the second after the first, even when the first fails', async () => {
    const { installer: agents } = installer();
    const failing = agents.install(binaryAgent('1.0.0', { sha256: '00'.repeat(32) }));
    const installing = agents.install(binaryAgent('1.0.0'));
    const uninstalling = agents.uninstall('fixture');
    expect(await messageOf(failing)).toMatch(/sha256/);
    await installing;
    await uninstalling;
    expect(agents.state('fixture')).toBeUndefined();
  });
});

describe('reading what is installed', () => {
  it('ignores a state file that is unreadable, for another id, or without a current version', () => {
    const { installer: agents, root } = installer();
    const write = (id: string, text: string) => {
      fs.mkdirSync(path.join(root, id));
      fs.writeFileSync(path.join(root, id, 'state.json'), text);
    };
    write('garbled', '{');
    write('other', JSON.stringify({ id: 'someone-else', current: { version: '1' } }));
    write('empty', JSON.stringify({ id: 'empty' }));
    write('good', JSON.stringify({ id: 'good', name: 'Good', current: { version: '1' } }));
    fs.writeFileSync(path.join(root, 'a-file'), '');
    expect(agents.installedIds()).toEqual(['good']);
    expect(agents.state('garbled')).toBeUndefined();
    expect(agents.launch('other')).toBeUndefined();
  });

  it('lists nothing when its root does not exist yet', () => {
    const { installer: agents } = installer(path.join(freshDir(), 'not-yet'));
    expect(agents.installedIds()).toEqual([]);
  });
});
