// The host bundle leaves the MCP SDK out and loads dist/mcp-server.js on the editor MCP server's first request
// (scripts/build/lazyModules.mjs). Built here as esbuild.mjs builds them, from the real
// src/chat/mcp/mcpHttpServer.ts: nothing of the SDK is in the host, nothing is loaded before a request, and a
// request through the built files is answered by the SDK.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyModule } from '../../../scripts/build/lazyModules.mjs';

const { plugin: lazyMcpServer, entry: mcpServerEntry } = lazyModule('mcp-server');
import { within } from '../../within';

describe('the lazily loaded MCP SDK', () => {
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-lazy-mcp-'));
    const node = { bundle: true, platform: 'node', format: 'cjs', outdir: dir, logLevel: 'silent' } as const;
    await esbuild.build({ ...node, entryPoints: { host: 'src/chat/mcp/mcpHttpServer.ts' }, plugins: [lazyMcpServer] });
    await esbuild.build({ ...node, entryPoints: mcpServerEntry });
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is not in the host bundle, loads on the first request and answers it', async () => {
    const host = fs.readFileSync(path.join(dir, 'host.js'), 'utf8');
    expect(host.length).toBeLessThan(60_000);
    expect(host).toContain('require("./mcp-server.js")');
    expect(host).not.toContain('McpServer');

    const load = createRequire(path.join(dir, 'host.js'));
    const sdkFile = path.join(dir, 'mcp-server.js');
    const { EditorMcpHttpServer } = load('./host.js') as typeof import('../../../src/chat/mcp/mcpHttpServer');
    const server = new EditorMcpHttpServer('1.0.0');
    try {
      const route = await server.addRoute({ session: () => null, language: {} as never }, ['read_file']);
      expect(load.cache[sdkFile]).toBeUndefined();
      const response = await within(
        fetch(route.url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${route.secret}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
          }),
        }),
        'the initialize answer',
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: 1, result: { serverInfo: { name: 'switchboard' } } });
      expect(load.cache[sdkFile]).toBeDefined();
    } finally {
      await server.dispose();
    }
  });
});
