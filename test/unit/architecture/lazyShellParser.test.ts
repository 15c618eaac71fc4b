// The host bundle leaves the shell parser out and loads dist/shell-parser.js on first use
// (scripts/build/lazyModules.mjs). Built here exactly as esbuild.mjs builds it, from the real
// src/chat/shellCommands.ts: nothing is loaded at require time, and the first call parses for real.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyModule } from '../../../scripts/build/lazyModules.mjs';

const { plugin: lazyShellParser, entry: shellParserEntry } = lazyModule('shell-parser');

describe('the lazily loaded shell parser', () => {
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-lazy-sh-'));
    const node = { bundle: true, platform: 'node', format: 'cjs', outdir: dir, logLevel: 'silent' } as const;
    await esbuild.build({ ...node, entryPoints: { host: 'src/chat/shellCommands.ts' }, plugins: [lazyShellParser] });
    await esbuild.build({ ...node, entryPoints: shellParserEntry });
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is not in the host bundle, loads on the first command and parses it', () => {
    const host = fs.readFileSync(path.join(dir, 'host.js'), 'utf8');
    expect(host.length).toBeLessThan(100_000);
    expect(host).toContain('require("./shell-parser.js")');

    const load = createRequire(path.join(dir, 'host.js'));
    const parserFile = path.join(dir, 'shell-parser.js');
    const shell = load('./host.js') as typeof import('../../../src/chat/shellCommands');
    expect(load.cache[parserFile]).toBeUndefined();
    expect(shell.simpleCommands('git status && ls -la | wc -l')).toEqual([
      ['git', 'status'],
      ['ls', '-la'],
      ['wc', '-l'],
    ]);
    expect(load.cache[parserFile]).toBeDefined();
    expect(shell.simpleCommands('echo $(rm -rf ~)')).toBeUndefined();
  });
});
