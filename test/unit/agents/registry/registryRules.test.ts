// The rules of registry installs that need no network: where archive entries may land, which registry env
// survives, how the index is read (hostile entries left out, not fatal), version order, setting entries.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveKind } from '../../../../src/agents/registry/archive';
import { containedPath } from '../../../../src/agents/registry/archiveLayout';
import { sanitizeRegistryEnv } from '../../../../src/agents/registry/registryEnv';
import { compareVersions, parseRegistryIndex, platformKey } from '../../../../src/agents/registry/registryIndex';
import { npmPackageName } from '../../../../src/agents/registry/installer';
import { parseAgentsSetting } from '../../../../src/agents/config';

const root = path.resolve('/tmp/install-root');

describe('containedPath', () => {
  it.each(['bin/agent', './agent', 'dir/'])('keeps %s inside', (name) => {
    const target = containedPath(root, name);
    expect(target).not.toBeInstanceOf(Error);
    expect(String(target).startsWith(root)).toBe(true);
  });
  it('keeps a name with a colon past its start, and says why a NUL is refused', () => {
    expect(containedPath(root, 'dir/a:b')).toBe(path.join(root, 'dir/a:b'));
    expect((containedPath(root, 'a\0b') as Error).message).toBe('the archive entry "a\\u0000b" has a NUL in its name');
  });
  it.each([
    '../x',
    'a/b/../c',
    'a/../../x',
    '/etc/passwd',
    'C:/Windows/x',
    'c:x',
    '..\\x',
    'a\\..\\..\\x',
    'nul\0byte',
  ])('refuses %s', (name) => {
    expect(containedPath(root, name)).toBeInstanceOf(Error);
  });
});

describe('archiveKind', () => {
  it('reads the format from the URL path, not the query', () => {
    expect(archiveKind('https://x/a.tar.gz?x=.zip')).toBe('tar.gz');
    expect(archiveKind('https://x/a.TGZ')).toBe('tar.gz');
    expect(archiveKind('https://x/a.zip')).toBe('zip');
    expect(archiveKind('https://x/agent')).toBe('raw');
    expect(archiveKind('https://x/a.dmg')).toBeUndefined();
    expect(archiveKind('https://x/a.tar.bz2')).toBeUndefined();
    // The format is the name's end: `.deb` inside a name is not a Debian package.
    expect(archiveKind('https://x/agent.debug')).toBe('raw');
  });
});

describe('sanitizeRegistryEnv', () => {
  it('keeps configuration and drops what redirects execution, whatever the case', () => {
    const { env, dropped } = sanitizeRegistryEnv({
      OPENAI_BASE_URL: 'http://x',
      path: '/evil',
      Home: '/tmp',
      NODE_OPTIONS: '--require x',
      LD_PRELOAD: 'x.so',
      DYLD_INSERT_LIBRARIES: 'x',
      'BAD-NAME': 'x',
      NUL: 'a\0b',
      PYTHONPATH: 'x',
    });
    expect(env).toEqual({ OPENAI_BASE_URL: 'http://x' });
    expect(dropped.sort()).toEqual(
      ['BAD-NAME', 'DYLD_INSERT_LIBRARIES', 'Home', 'LD_PRELOAD', 'NODE_OPTIONS', 'NUL', 'PYTHONPATH', 'path'].sort(),
    );
  });
});

describe('parseRegistryIndex', () => {
  const good = {
    id: 'ok',
    name: 'OK',
    version: '1.2.3',
    description: 'd',
    distribution: { npx: { package: '@s/ok@1.2.3' } },
  };
  it('leaves out bad entries with a reason and keeps the rest', () => {
    const index = parseRegistryIndex({
      agents: [
        good,
        { ...good, id: 'Bad Id' },
        { ...good, id: 'flag', distribution: { npx: { package: '--registry=http://evil' } } },
        { ...good, id: 'path', distribution: { npx: { package: '../x' } } },
        {
          ...good,
          id: 'sha',
          distribution: { binary: { 'linux-x86_64': { archive: 'https://x/a.zip', cmd: 'a', sha256: 'zz' } } },
        },
        {
          ...good,
          id: 'file',
          distribution: { binary: { 'linux-x86_64': { archive: 'file:///etc/passwd', cmd: 'a' } } },
        },
        good,
      ],
    });
    expect(index.agents.map((a) => a.id)).toEqual(['ok']);
    expect(index.problems).toHaveLength(6);
    expect(index.problems.join('\n')).toMatch(/appears twice/);
  });
  it('rejects an index without an agents list', () => {
    expect(() => parseRegistryIndex({ version: '1' })).toThrow(/agents/);
  });
  it('lower-cases sha256 and keeps only known platforms', () => {
    const sha = 'AB'.repeat(32);
    const [agent] = parseRegistryIndex({
      agents: [
        {
          ...good,
          distribution: {
            binary: { 'linux-x86_64': { archive: 'https://x/a.zip', cmd: 'a', sha256: sha }, 'plan9-mips': {} },
          },
        },
      ],
    }).agents;
    expect(agent?.distribution.binary?.['linux-x86_64']?.sha256).toBe(sha.toLowerCase());
    expect(Object.keys(agent?.distribution.binary ?? {})).toEqual(['linux-x86_64']);
  });
});

describe('versions and names', () => {
  it('orders versions numerically, a pre-release before its release', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.0-beta.1', '1.0.0')).toBe(-1);
    expect(compareVersions('0.9.0', '1.0.0-rc.1')).toBe(-1);
  });
  it('maps platforms to registry keys', () => {
    expect(platformKey('linux', 'x64')).toBe('linux-x86_64');
    expect(platformKey('darwin', 'arm64')).toBe('darwin-aarch64');
    expect(platformKey('win32', 'x64')).toBe('windows-x86_64');
    expect(platformKey('freebsd', 'x64')).toBeUndefined();
  });
  it('strips the version from npm specs', () => {
    expect(npmPackageName('@scope/name@1.2.3')).toBe('@scope/name');
    expect(npmPackageName('name@1')).toBe('name');
    expect(npmPackageName('@scope/name')).toBe('@scope/name');
  });
});

describe('registry entries in switchboard.agents', () => {
  const demo = { command: 'node', args: [] };
  const launch = {
    command: '/s/agent',
    args: ['--acp'],
    env: { A: 'registry', B: 'registry' },
    version: '1.0.0',
    name: 'Agent',
  };
  it('start the installed command, the user env over the registry env', () => {
    const parsed = parseAgentsSetting({ x: { type: 'registry', env: { B: 'mine' } } }, demo, () => launch);
    expect(parsed.errors).toEqual([]);
    expect(parsed.agents[1]).toMatchObject({
      id: 'x',
      displayName: 'Agent',
      command: '/s/agent',
      env: { A: 'registry', B: 'mine' },
    });
  });
  it('say how to install an entry that is not installed, and refuse a pin that differs', () => {
    expect(parseAgentsSetting({ x: { type: 'registry' } }, demo, () => undefined).errors[0]).toMatch(/Browse Agents/);
    expect(parseAgentsSetting({ x: { type: 'registry', version: '2.0.0' } }, demo, () => launch).errors[0]).toMatch(
      /pinned to version 2.0.0, but 1.0.0/,
    );
    expect(parseAgentsSetting({ x: { type: 'registry', command: 'sh' } }, demo, () => launch).errors[0]).toMatch(
      /not "command"/,
    );
  });
});
