// The host bundle leaves the terminal emulator (@xterm/headless) out and loads dist/terminal-screen.js when the
// first terminal's screen is made (scripts/build/lazyModules.mjs). Built here as esbuild.mjs builds them, from the
// real src/terminals/screen.ts: the emulator is not in the host, nothing is loaded before a screen, and a screen
// made through the built files reads PTY bytes as a person would.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyModule } from '../../../scripts/build/lazyModules.mjs';

const { plugin, entry } = lazyModule('terminal-screen');

describe('the lazily loaded terminal emulator', () => {
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-lazy-screen-'));
    const node = { bundle: true, platform: 'node', format: 'cjs', outdir: dir, logLevel: 'silent' } as const;
    await esbuild.build({ ...node, entryPoints: { host: 'src/terminals/screen.ts' }, plugins: [plugin] });
    await esbuild.build({ ...node, entryPoints: entry });
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is not in the host bundle, loads with the first screen and renders its text', async () => {
    const host = fs.readFileSync(path.join(dir, 'host.js'), 'utf8');
    expect(host).toContain('require("./terminal-screen.js")');
    expect(host.length).toBeLessThan(40_000);

    const load = createRequire(path.join(dir, 'host.js'));
    const emulator = path.join(dir, 'terminal-screen.js');
    const { HeadlessScreen } = load('./host.js') as typeof import('../../../src/terminals/screen');
    expect(load.cache[emulator]).toBeUndefined();
    const screen = new HeadlessScreen({ byteLimit: 1 << 20, convertEol: true });
    expect(load.cache[emulator]).toBeDefined();
    screen.write('10%\r50%\r100% done\n');
    await screen.flush();
    expect(screen.text().text.trim()).toBe('100% done');
  });
});
