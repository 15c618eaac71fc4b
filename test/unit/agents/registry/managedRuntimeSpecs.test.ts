// Which Node.js and uv archives Switchboard fetches (src/agents/registry/managedRuntime.ts), named as their
// release servers name them, and the SHA-256 read from what those servers publish. Fetching and unpacking
// one, end to end, is test/integration/managedRuntime.test.ts.
import { describe, expect, it } from 'vitest';
import {
  expectedSha256,
  nodeRuntime,
  uvRuntime,
  type RuntimeSpec,
} from '../../../../src/agents/registry/managedRuntime';

describe('runtime descriptions', () => {
  it('Node.js and uv archives for each platform, named as their release servers name them', () => {
    const node = nodeRuntime('https://mirror.example/dist/', 'linux', 'x64') as RuntimeSpec;
    expect(node.archiveUrl).toBe('https://mirror.example/dist/v22.12.0/node-v22.12.0-linux-x64.tar.gz');
    expect(node.checksumUrl).toBe('https://mirror.example/dist/v22.12.0/SHASUMS256.txt');
    expect(node.binDir).toBe('node-v22.12.0-linux-x64/bin');
    const win = nodeRuntime(undefined, 'win32', 'arm64') as RuntimeSpec;
    expect(win.archiveUrl).toBe('https://nodejs.org/dist/v22.12.0/node-v22.12.0-win-arm64.zip');
    expect([win.binDir, win.program]).toEqual(['node-v22.12.0-win-arm64', 'node.exe']);
    expect(nodeRuntime(undefined, 'aix', 'ppc64')).toBeInstanceOf(Error);

    const uv = uvRuntime(undefined, 'darwin', 'arm64') as RuntimeSpec;
    expect(uv.archiveUrl).toMatch(
      /^https:\/\/github\.com\/astral-sh\/uv\/releases\/download\/[\d.]+\/uv-aarch64-apple-darwin\.tar\.gz$/,
    );
    expect(uv.checksumUrl).toBe(`${uv.archiveUrl}.sha256`);
    expect([uv.binDir, uv.program]).toEqual(['uv-aarch64-apple-darwin', 'uv']);
    expect(uvRuntime(undefined, 'linux', 'ia32')).toBeInstanceOf(Error);
  });

  it('reads the expected SHA-256 from a listing or a lone checksum file', () => {
    const a = 'a'.repeat(64);
    const b = 'B'.repeat(64);
    expect(expectedSha256(`${a}  x.tar.gz\n${b}  y.tar.gz\n`, 'y.tar.gz')).toBe('b'.repeat(64));
    expect(expectedSha256(`${a} *x.zip\n`, 'x.zip')).toBe(a);
    expect(expectedSha256(`${a}\n`, 'anything')).toBe(a);
    expect(expectedSha256('not a checksum  x.tar.gz\n', 'x.tar.gz')).toBeUndefined();
    expect(expectedSha256(`${a}  x.tar.gz`, 'y.tar.gz')).toBeUndefined();
  });
});
