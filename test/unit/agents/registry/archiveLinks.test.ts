// Links in a tar.gz (src/agents/registry/archive.ts): the ones that stay inside the install folder are made and
// work; any that leads outside, alone or through another link, fails the whole unpacking with nothing written
// outside; no entry is ever written through a link, and no two entries share a name.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hardlink, symlink, tarGz, type FileSpec } from '../../../fixtures/archives';
import { MAX_LINK_BYTES } from '../../../../src/agents/registry/archiveLayout';
import { errorOf } from './errorOf';
import { refused as refusedIn, unpack, unpackBytes } from './unpackInto';

const agentFile: FileSpec = { name: 'lib/agent.js', content: 'console.log("agent")', mode: 0o755 };

const refused = (files: FileSpec[], reason: RegExp) => refusedIn('tar.gz', files, reason);

describe('tar.gz links that stay inside', () => {
  it('makes relative links to a file and to a folder, read through as the archive meant', async () => {
    const { root, done } = await unpack('tar.gz', [
      symlink('bin/agent', '../lib/agent.js'),
      agentFile,
      symlink('current', 'lib'),
      symlink('./same', './current/./agent.js'),
    ]);
    await done;
    expect(fs.readlinkSync(path.join(root, 'bin/agent'))).toBe('../lib/agent.js');
    expect(fs.readFileSync(path.join(root, 'bin/agent'), 'utf8')).toBe('console.log("agent")');
    expect(fs.readFileSync(path.join(root, 'current/agent.js'), 'utf8')).toBe('console.log("agent")');
    expect(fs.readFileSync(path.join(root, 'same'), 'utf8')).toBe('console.log("agent")');
    expect(fs.lstatSync(path.join(root, 'lib')).isDirectory()).toBe(true);
  });

  it('makes a hard link to a file before it as a second name of the same file', async () => {
    const { root, done } = await unpack('tar.gz', [agentFile, hardlink('bin/agent', 'lib/agent.js')]);
    await done;
    const [first, second] = [path.join(root, 'lib/agent.js'), path.join(root, 'bin/agent')].map((f) => fs.statSync(f));
    expect(second!.ino).toBe(first!.ino);
    expect(fs.readFileSync(path.join(root, 'bin/agent'), 'utf8')).toBe('console.log("agent")');
  });

  it('makes a link to a name that starts with two dots, which is inside', async () => {
    const { root, done } = await unpack('tar.gz', [
      { name: '..agent', content: 'dots' },
      symlink('bin/agent', '../..agent'),
    ]);
    await done;
    expect(fs.readFileSync(path.join(root, 'bin/agent'), 'utf8')).toBe('dots');
  });

  it(`takes a link target of ${MAX_LINK_BYTES} bytes; one more is refused in words`, async () => {
    // `./` repeated, then the file: a long target that still leads to it.
    const target = (bytes: number) => './'.repeat((bytes - 'lib//agent.js'.length) / 2) + 'lib//agent.js';
    const { root, done } = await unpack('tar.gz', [agentFile, symlink('at-limit', target(MAX_LINK_BYTES))]);
    await done;
    expect(fs.readFileSync(path.join(root, 'at-limit'), 'utf8')).toBe('console.log("agent")');
    await refused([agentFile, symlink('over', `${target(MAX_LINK_BYTES)}/`)], /link "over" is longer than 4095 bytes/);
  });

  it('unpacks a contiguous file as a file, and reads past data a link entry carries (without hanging)', async () => {
    const { root, done } = await unpack('tar.gz', [
      { ...symlink('docs/latest', 'README'), carries: 'x'.repeat(100_000) },
      { name: 'docs/README', content: 'read me', kind: 'contiguous-file' },
    ]);
    const hang = new Promise((_, reject) => setTimeout(() => reject(new Error('the unpacking hung')), 3_000));
    await Promise.race([done, hang]);
    expect(fs.readFileSync(path.join(root, 'docs/latest'), 'utf8')).toBe('read me');
  });

  it('unpacks into the empty folder the installer made for it', async () => {
    const unpacked = await unpack('tar.gz', [agentFile], undefined, { rootExists: true });
    await unpacked.done;
    expect(fs.readdirSync(unpacked.root)).toEqual(['lib']);
  });

  it('accepts the same folder twice, and a folder entry after its files', async () => {
    const { root, done } = await unpack('tar.gz', [
      { name: 'a/', content: '' },
      agentFile,
      { name: 'lib/', content: '' },
    ]);
    await done;
    expect(fs.readdirSync(root).sort()).toEqual(['a', 'lib']);
  });
});

describe('tar.gz links that lead outside', () => {
  const outward = /link "[^"]+" .*does not lead to a file or folder inside the install folder/;

  it.each([
    ['up out of the root', '../..'],
    ['up and over', '../root-sibling'],
    ['absolute', '/etc'],
    ['absolute root', '/'],
    ['nowhere', 'missing-file'],
    ['empty', ''],
  ])('refuses a link %s', async (_, target) => {
    await refused([agentFile, symlink('bin/agent', target)], outward);
  });

  it.each(['tar.gz', 'zip'] as const)(
    'refuses the chain where a second link is made through the first (%s)',
    async (kind) => {
      // The finding: each link passes a check of its name alone, but the second is made through the first, and
      // leads to the folder around the root (where the finding's six steps up lead from an install folder).
      const { root } = await refusedIn(
        kind,
        [
          symlink('p/q/r/up', '../../..'),
          symlink('p/q/r/up/p/q/r/esc', '../../../../..'),
          { name: 'p/q/r/up/p/q/r/esc/escaped.txt', content: 'outside' },
        ],
        /collides with another entry/,
      );
      expect(fs.existsSync(path.join(root, '..', 'escaped.txt'))).toBe(false);
    },
  );

  it('refuses a link that leads out through another link, where the names alone stay inside', async () => {
    await refused([symlink('a/b/c/up', '../../..'), symlink('x', 'a/b/c/up/..'), agentFile], outward);
  });

  it('refuses a download damaged at its end (the gzip check fails after the last entry)', async () => {
    const bytes = await tarGz([agentFile]);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 8) ^ 1, bytes.length - 8); // the CRC-32 of the data
    const unpacked = unpackBytes('tar.gz', bytes);
    expect((await errorOf(unpacked.done)).message).toMatch(/incorrect data check/);
  });

  it('refuses a fifo (and any device)', async () => {
    await refused([agentFile, { name: 'pipe', content: '', kind: 'fifo' }], /entry "pipe" is a fifo, which is refused/);
  });

  it('refuses a link loop', async () => {
    await refused([symlink('a', 'b'), symlink('b', 'a')], outward);
  });

  it.each([
    ['climbing out', '../outside.txt'],
    ['absolute', '/etc/hostname'],
    ['to a name not before it', 'lib/later.js'],
    ['to a folder', 'lib'],
    ['to a link', 'bin/link'],
  ])('refuses a hard link %s', async (_, target) => {
    await refused(
      [agentFile, symlink('bin/link', '../lib/agent.js'), hardlink('bin/agent', target)],
      /hard link|outside/,
    );
  });
});

describe('tar.gz entries never written through a link, nor over another entry', () => {
  it('refuses a file under a link, even one pointing inside, and writes nothing where the link points', async () => {
    const { root } = await refused(
      [{ name: 'real/', content: '' }, symlink('inner', 'real'), { name: 'inner/x', content: 'x' }],
      /collides with another entry/,
    );
    expect(fs.existsSync(path.join(root, 'real/x'))).toBe(false);
  });

  const file = (name: string): FileSpec => ({ name, content: name.endsWith('/') ? '' : name });
  it.each([
    ['a link, then a file of its name', [symlink('x', 'lib'), file('x')]],
    ['a file, then a link of its name', [file('x'), symlink('x', 'lib')]],
    ['a file twice', [file('x'), file('x')]],
    ['a file, then a folder of its name', [file('x'), file('x/')]],
    ['a file, then a file under it', [file('x'), file('x/y')]],
    ['a file, then a file deeper under it', [file('x'), file('x/y/z')]],
    ['a file, then a link under it', [file('x'), symlink('x/y', '..')]],
    ['a folder, then a file of its name', [file('x/'), file('x')]],
    ['a hard link over a file', [file('x'), hardlink('x', 'lib/agent.js')]],
  ] as [string, FileSpec[]][])('refuses %s', async (_, files) => {
    await refused([agentFile, ...files], /collides with another entry/);
  });
});
