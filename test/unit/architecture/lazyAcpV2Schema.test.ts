// The host bundle leaves the ACP v2 schema out and loads dist/acp-v2-schema.js when an agent's update is first
// checked against it (scripts/build/lazyModules.mjs). Built here as esbuild.mjs builds them, from the real
// src/session/updates/v2UpdateGate.ts: the schema is not in the host, nothing is loaded before a check, and a check
// through the built files gives the schema's verdict.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyModule } from '../../../scripts/build/lazyModules.mjs';

const { plugin, entry } = lazyModule('acp-v2-schema');

describe('the lazily loaded ACP v2 schema', () => {
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-lazy-v2-'));
    const node = { bundle: true, platform: 'node', format: 'cjs', outdir: dir, logLevel: 'silent' } as const;
    await esbuild.build({ ...node, entryPoints: { host: 'src/session/updates/v2UpdateGate.ts' }, plugins: [plugin] });
    await esbuild.build({ ...node, entryPoints: entry });
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is not in the host bundle, loads on the first check and gives the schema verdict', () => {
    const host = fs.readFileSync(path.join(dir, 'host.js'), 'utf8');
    expect(host).toContain('require("./acp-v2-schema.js")');
    // The schema's own definitions stay out of the host.
    expect(host).not.toContain('UpdateSessionNotification');

    const load = createRequire(path.join(dir, 'host.js'));
    const schemaFile = path.join(dir, 'acp-v2-schema.js');
    const { gateV2SessionUpdate } = load('./host.js') as typeof import('../../../src/session/updates/v2UpdateGate');
    expect(load.cache[schemaFile]).toBeUndefined();
    const verdict = gateV2SessionUpdate({
      sessionId: 's1',
      update: { sessionUpdate: 'state_update', state: { type: 'running' } },
    });
    expect(load.cache[schemaFile]).toBeDefined();
    expect(verdict.kind).not.toBe('unknownVariant');
    const bad = gateV2SessionUpdate({ sessionId: 's1', update: { sessionUpdate: 'plan_update', plan: 42 } });
    expect(bad.kind).toBe('reject');
  });
});
