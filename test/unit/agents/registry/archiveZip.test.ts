// Zips (src/agents/registry/archive.ts) under the same rules as tar.gz, decided by Switchboard and not left to
// the zip library: names with `..`, absolute names, drive letters and backslash tricks are refused; a symlink
// (a Unix zip's external attributes say so) is made when it stays inside. Then the limits of every archive kind.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { symlink, zip, type FileSpec } from '../../../fixtures/archives';
import { MAX_LINK_BYTES } from '../../../../src/agents/registry/archiveLayout';
import { errorOf } from './errorOf';
import { freshDir, refused as refusedIn, unpack, unpackBytes } from './unpackInto';

const agentFile: FileSpec = { name: 'lib/agent.js', content: 'console.log("agent")', mode: 0o755 };
const outsideName = /entry "[^"]*" would land outside the install folder/;

const refused = (files: FileSpec[], reason: RegExp) => refusedIn('zip', files, reason);

function hasZip(): boolean {
  try {
    execFileSync('zip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('zip entries', () => {
  it('unpacks files with their modes and folders, backslashes read as separators', async () => {
    const { root, done } = await unpack('zip', [
      { name: 'docs/', content: '' },
      agentFile,
      { name: 'docs\\README', content: 'read me' },
    ]);
    await done;
    expect(fs.readFileSync(path.join(root, 'docs/README'), 'utf8')).toBe('read me');
    expect(fs.statSync(path.join(root, 'lib/agent.js')).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(root, 'docs/README')).mode & 0o777).toBe(0o644);
  });

  it.each(['../escaped.txt', 'a/../../escaped.txt', '..\\escaped.txt', '/tmp/escaped.txt', 'C:\\escaped.txt'])(
    'refuses the name %s, in its own words',
    async (name) => {
      await refused([agentFile, { name, content: 'outside' }], outsideName);
    },
  );

  it('makes a symlink that stays inside, and it works', async () => {
    const { root, done } = await unpack('zip', [symlink('bin/agent', '../lib/agent.js'), agentFile]);
    await done;
    expect(fs.lstatSync(path.join(root, 'bin/agent')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(root, 'bin/agent'), 'utf8')).toBe('console.log("agent")');
  });

  it.each([
    ['up', [symlink('up', '..')]],
    ['absolute', [symlink('etc', '/etc')]],
    ['with a NUL', [symlink('x', 'lib\0/agent.js')]],
    ['to nothing', [symlink('x', '')]],
    ['through another link', [symlink('a/b/up', '../..'), symlink('x', 'a/b/up/..')]],
  ] as [string, FileSpec[]][])('refuses a symlink %s', async (_, links) => {
    await refused([agentFile, ...links], /link "[^"]+" .*does not lead to a file or folder inside/);
  });

  it(`refuses a symlink whose target is over ${MAX_LINK_BYTES} bytes before reading it, and takes one of that size`, async () => {
    await refused([symlink('x', 'a'.repeat(MAX_LINK_BYTES + 1))], /link "x" is longer than 4095 bytes/);
    const target = './'.repeat((MAX_LINK_BYTES - 'lib//agent.js'.length) / 2) + 'lib//agent.js';
    const { root, done } = await unpack('zip', [agentFile, symlink('x', target)]);
    await done;
    expect(fs.readFileSync(path.join(root, 'x'), 'utf8')).toBe('console.log("agent")');
  });

  it('refuses a damaged zip (a central directory record without its signature)', async () => {
    const bytes = zip([agentFile, { name: 'second', content: 'x' }]);
    const second = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(0xdeadbeef, second);
    const unpacked = unpackBytes('zip', bytes);
    expect((await errorOf(unpacked.done)).message).toMatch(/signature/i);
  });

  it.skipIf(!fs.existsSync('/proc/self/fd'))('leaves the zip file closed after refusing an entry', async () => {
    const openFiles = () =>
      fs.readdirSync('/proc/self/fd').map((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return ''; // closed meanwhile
        }
      });
    const unpacked = await unpack('zip', [agentFile, { name: '../escaped.txt', content: 'x' }]);
    expect((await errorOf(unpacked.done)).message).toMatch(outsideName);
    // yauzl closes its file a moment later (fs.close is asynchronous): wait for it, two seconds at most.
    for (let waited = 0; openFiles().includes(unpacked.archive) && waited < 2_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(openFiles()).not.toContain(unpacked.archive);
  });

  it.skipIf(!hasZip())('unpacks a zip made by the zip program, its symlink kept (zip -y)', async () => {
    const tree = freshDir('sb-zip-tree-');
    fs.mkdirSync(path.join(tree, 'lib'));
    fs.writeFileSync(path.join(tree, 'lib/agent.js'), 'made by zip');
    fs.mkdirSync(path.join(tree, 'bin'));
    fs.symlinkSync('../lib/agent.js', path.join(tree, 'bin/agent'));
    const archive = path.join(freshDir('sb-zip-out-'), 'agent.zip');
    execFileSync('zip', ['-qry', archive, 'lib', 'bin'], { cwd: tree });
    const { root, done } = unpackBytes('zip', fs.readFileSync(archive));
    await done;
    expect(fs.readlinkSync(path.join(root, 'bin/agent'))).toBe('../lib/agent.js');
    expect(fs.readFileSync(path.join(root, 'bin/agent'), 'utf8')).toBe('made by zip');
  });
});

describe('archive limits', () => {
  const MiB = 1024 ** 2;
  const limits = { maxBytes: 2 * MiB, maxEntries: 3 };
  const files = (count: number, size: number): FileSpec[] =>
    Array.from({ length: count }, (_, i) => ({ name: `f${i}`, content: 'x'.repeat(size) }));

  it.each(['tar.gz', 'zip'] as const)('unpacks a %s of exactly the limits', async (kind) => {
    const { root, done } = await unpack(kind, [...files(2, MiB), symlink('link', 'f0')], limits);
    await done;
    expect(fs.readdirSync(root).sort()).toEqual(['f0', 'f1', 'link']);
  });

  it.each(['tar.gz', 'zip'] as const)('refuses a %s with one entry too many', async (kind) => {
    const { done } = await unpack(kind, [...files(3, 1), symlink('link', 'f0')], limits);
    expect((await errorOf(done)).message).toContain('the archive has more than 3 entries');
  });

  it.each(['tar.gz', 'zip'] as const)('refuses a %s one byte too big', async (kind) => {
    const { done } = await unpack(kind, [...files(1, MiB), { name: 'big', content: 'x'.repeat(MiB + 1) }], limits);
    expect((await errorOf(done)).message).toContain('the archive unpacks to more than 2 MiB');
  });

  it('copies a raw download under its name, runnable', async () => {
    const { root, done } = unpackBytes('raw', Buffer.from('#!/bin/sh\n'), { rawName: 'bin/agent' });
    await done;
    expect(fs.readFileSync(path.join(root, 'bin/agent'), 'utf8')).toBe('#!/bin/sh\n');
    expect(fs.statSync(path.join(root, 'bin/agent')).mode & 0o777).toBe(0o755);
  });

  it('refuses a raw download whose name climbs out', async () => {
    const unpacked = unpackBytes('raw', Buffer.from('x'), { rawName: '../agent' });
    expect((await errorOf(unpacked.done)).message).toMatch(outsideName);
    expect(unpacked.outside()).toEqual([]);
  });
});
