// A stand-in for the ACP Registry and the npm registry, on 127.0.0.1: serves an index (with an ETag, answering
// 304 to If-None-Match), archives (built by test/fixtures/archives.ts), and an npm packument plus tarball so a
// real `npm install` runs against it.
import { createHash } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tarGz } from '../fixtures/archives';

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
