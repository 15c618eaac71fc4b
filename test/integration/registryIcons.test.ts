// The agents' icons in Browse Agents (src/agents/registry/registryIcons.ts), fetched from 127.0.0.1: kept only
// when they are images, bounded in size, and the picker never waits longer than it said for a slow one.
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageExtension, RegistryIcons } from '../../src/agents/registry/registryIcons';
import { FixtureServer } from './registryServer';
import { tempDir } from './tempDirs';

const server = new FixtureServer();
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle r="8"/></svg>';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  await server.start();
  server.routes.set('/icon.svg', { body: SVG });
  server.routes.set('/icon.png', { body: PNG });
  server.routes.set('/page.svg', { body: '<html><script>alert(1)</script></html>' });
  server.routes.set('/huge.svg', { body: `<svg>${'x'.repeat(300 * 1024)}</svg>` });
  server.stalls.add('/slow.svg');
});

afterAll(() => server.stop());

describe('registry icons', () => {
  it('keeps the SVG and PNG icons, not a page or an oversized file; a slow one does not hold the picker', async () => {
    const icons = new RegistryIcons(tempDir('sb-icons-'), { timeoutMs: 5_000, idleMs: 5_000, maxBytes: 256 * 1024 });
    const urls = ['/icon.svg', '/icon.png', '/page.svg', '/huge.svg', '/slow.svg', '/missing.svg'].map((p) =>
      server.url(p),
    );
    const started = Date.now();
    await icons.fetchMissing(urls, 1_000);
    expect(Date.now() - started).toBeLessThan(4_000); // the deadline, not the slow icon's 5 s timeout
    // The quick ones are there once the deadline passed.
    const svg = icons.cached(urls[0]!);
    const png = icons.cached(urls[1]!);
    expect(svg).toMatch(/\.svg$/);
    expect(png).toMatch(/\.png$/);
    expect(fs.readFileSync(svg!, 'utf8')).toBe(SVG);
    for (const url of urls.slice(2)) expect(icons.cached(url)).toBeUndefined();

    // Cached icons are not fetched again.
    const hits = server.hits.filter((hit) => hit === '/icon.svg').length;
    await icons.fetchMissing([urls[0]!], 1_000);
    expect(server.hits.filter((hit) => hit === '/icon.svg').length).toBe(hits);
  });

  it('tells images from everything else by their bytes', () => {
    expect(imageExtension(PNG)).toBe('.png');
    expect(imageExtension(Buffer.from(SVG))).toBe('.svg');
    expect(imageExtension(Buffer.from('\uFEFF<!-- logo --><svg width="1"></svg>'))).toBe('.svg');
    expect(imageExtension(Buffer.from('<html><svg></svg></html>'))).toBeUndefined();
    expect(imageExtension(Buffer.from('GIF89a'))).toBeUndefined();
    expect(imageExtension(Buffer.from('<svgx>'))).toBeUndefined();
  });
});
