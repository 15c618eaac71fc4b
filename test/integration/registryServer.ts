// A stand-in for the ACP Registry and the npm registry, on 127.0.0.1: serves an index (with an ETag, answering
// 304 to If-None-Match), archives built here (tar.gz and zip, the zip possibly with an escaping entry, written
// byte by byte since zip writers refuse such names), and an npm packument plus tarball so a real `npm install`
// runs against it.
import { createHash } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';

export interface Served {
  body: Buffer | string;
  type?: string;
  etag?: string;
}

export class FixtureServer {
  readonly routes = new Map<string, Served>();
  readonly hits: string[] = [];
  notModified = 0;
  /** Paths that never answer (for timeouts). */
  readonly stalls = new Set<string>();
  private server = http.createServer((req, res) => this.answer(req, res));
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    this.hits.push(path);
    if (this.stalls.has(path)) return;
    const served = this.routes.get(path);
    if (!served) {
      res.writeHead(404).end('not found');
      return;
    }
    if (served.etag && req.headers['if-none-match'] === served.etag) {
      this.notModified++;
      res.writeHead(304, { etag: served.etag }).end();
      return;
    }
    res.writeHead(200, {
      'content-type': served.type ?? 'application/octet-stream',
      ...(served.etag ? { etag: served.etag } : {}),
    });
    res.end(served.body);
  }
}

export interface FileSpec {
  name: string;
  content: string;
  mode?: number;
}

export async function tarGz(files: FileSpec[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const file of files) {
    const directory = file.name.endsWith('/');
    pack.entry(
      { name: file.name, mode: file.mode ?? (directory ? 0o755 : 0o644), type: directory ? 'directory' : 'file' },
      directory ? '' : file.content,
    );
  }
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

/** A stored (uncompressed) zip, names written as given: `../evil.txt` included. */
export function zip(files: FileSpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const data = Buffer.from(file.content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((0o100000 | (file.mode ?? 0o644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Serves `name@version` as an npm package (packument + tarball) whose bin prints `output`. */
export async function serveNpmPackage(
  server: FixtureServer,
  name: string,
  version: string,
  binName: string,
  script: string,
): Promise<void> {
  const tarball = await tarGz([
    { name: 'package/package.json', content: JSON.stringify({ name, version, bin: { [binName]: 'cli.js' } }) },
    { name: 'package/cli.js', content: script, mode: 0o755 },
  ]);
  const file = `/${name}/-/${name.split('/').pop()}-${version}.tgz`;
  server.routes.set(file, { body: tarball });
  const existing = server.routes.get(`/${name}`);
  const packument = existing
    ? (JSON.parse(String(existing.body)) as { versions: Record<string, unknown>; 'dist-tags': { latest: string } })
    : { name, versions: {} as Record<string, unknown>, 'dist-tags': { latest: version } };
  packument.versions[version] = {
    name,
    version,
    bin: { [binName]: 'cli.js' },
    dist: {
      tarball: server.url(file),
      integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
      shasum: createHash('sha1').update(tarball).digest('hex'),
    },
  };
  packument['dist-tags'].latest = version;
  server.routes.set(`/${name}`, { body: JSON.stringify(packument), type: 'application/json' });
}
