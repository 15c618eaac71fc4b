// The PATH lookup behind "Found on this machine" (src/agents/registry/pathLookup.ts), on real folders of fake
// programs: what a shell would run (the first folder wins, only executable regular files, links followed) and,
// with Windows' rules injected, PATHEXT in its order and names in any case. Nothing found is ever run.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPathLookup, MAX_PATH_ENTRIES, pathFolders } from '../../../../src/agents/registry/pathLookup';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A fresh folder with `files` (name → mode; a string value is a link target) and the folders named. */
function folder(files: Record<string, number | string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-path-'));
  roots.push(dir);
  for (const [name, spec] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (typeof spec === 'string') fs.symlinkSync(spec, file);
    else if (spec === -1) fs.mkdirSync(file);
    else fs.writeFileSync(file, `#!/bin/sh\ntouch "${file}.ran"\n`, { mode: spec });
  }
  return dir;
}

const DIR = -1;
const posix = (...dirs: string[]) => createPathLookup({ path: dirs.join(':'), platform: 'linux' });

describe.skipIf(process.platform === 'win32')('the PATH lookup, POSIX rules', () => {
  it('finds an executable file in a PATH folder, and nothing for a name that is not there', async () => {
    const bin = folder({ gemini: 0o755 });
    const hit = await posix(bin).find('gemini');
    expect(hit).toEqual({
      name: 'gemini',
      path: path.join(bin, 'gemini'),
      realPath: fs.realpathSync(path.join(bin, 'gemini')),
    });
    expect(await posix(bin).find('claude-agent-acp')).toBeUndefined();
  });

  it('passes over files that are not executable and folders named like the program', async () => {
    const notExecutable = folder({ gemini: 0o644 });
    const aFolder = folder({ gemini: DIR });
    const real = folder({ gemini: 0o755 });
    expect((await posix(notExecutable, aFolder, real).find('gemini'))?.path).toBe(path.join(real, 'gemini'));
    expect(await posix(notExecutable, aFolder).find('gemini')).toBeUndefined();
  });

  it('takes the first folder that has the program, as a shell does', async () => {
    const first = folder({ opencode: 0o755 });
    const second = folder({ opencode: 0o755 });
    expect((await posix(first, second).find('opencode'))?.path).toBe(path.join(first, 'opencode'));
    expect((await posix(second, first).find('opencode'))?.path).toBe(path.join(second, 'opencode'));
  });

  it('follows links to the file they lead to; a broken link or a link to a folder is passed over', async () => {
    const target = folder({ 'lib/node_modules/@google/gemini-cli/dist/index.js': 0o755, 'lib/somedir': DIR });
    const script = path.join(target, 'lib/node_modules/@google/gemini-cli/dist/index.js');
    const broken = folder({ gemini: path.join(target, 'missing') });
    const toFolder = folder({ gemini: path.join(target, 'lib/somedir') });
    const linked = folder({ gemini: script });
    const hit = await posix(broken, toFolder, linked).find('gemini');
    expect(hit).toEqual({ name: 'gemini', path: path.join(linked, 'gemini'), realPath: fs.realpathSync(script) });
  });

  it('skips relative and empty PATH entries (they name the current folder) and entries seen before', async () => {
    const bin = folder({ agent: 0o755 });
    const relative = path.relative(process.cwd(), bin);
    expect(path.isAbsolute(relative)).toBe(false);
    expect(fs.existsSync(path.join(relative, 'agent'))).toBe(true);
    expect(await createPathLookup({ path: `${relative}::.`, platform: 'linux' }).find('agent')).toBeUndefined();
    expect(pathFolders(`${bin}:${relative}::${bin}/:${bin}`, false)).toEqual([bin]);
  });

  it('looks in at most MAX_PATH_ENTRIES folders', async () => {
    const empties = Array.from({ length: MAX_PATH_ENTRIES }, () => folder());
    const late = folder({ agent: 0o755 });
    expect(await posix(...empties, late).find('agent')).toBeUndefined();
    expect((await posix(...empties.slice(1), late).find('agent'))?.path).toBe(path.join(late, 'agent'));
  });

  it('asks a folder with too many names to list name by name, and still finds the program', async () => {
    const crowded = folder({ a: 0o644, b: 0o644, c: 0o644, agent: 0o755 });
    const lookup = createPathLookup({ path: crowded, platform: 'linux', maxNamesPerFolder: 2 });
    expect((await lookup.find('agent'))?.path).toBe(path.join(crowded, 'agent'));
    expect(await lookup.find('missing')).toBeUndefined();
  });

  it('takes only plain names; resolve() also takes an absolute path, never a relative one', async () => {
    const bin = folder({ agent: 0o755, 'sub/agent': 0o755 });
    const lookup = posix(bin);
    for (const name of ['', '.', '..', 'sub/agent', `${bin}/agent`, 'a\0b'])
      expect(await lookup.find(name)).toBeUndefined();
    expect(await lookup.resolve('agent')).toBe(fs.realpathSync(path.join(bin, 'agent')));
    expect(await lookup.resolve(path.join(bin, 'sub/agent'))).toBe(fs.realpathSync(path.join(bin, 'sub/agent')));
    expect(await lookup.resolve('sub/agent')).toBeUndefined();
  });

  it('never runs what it finds', async () => {
    const bin = folder({ agent: 0o755 });
    const lookup = posix(bin);
    await lookup.find('agent');
    await lookup.head(path.join(bin, 'agent'));
    expect(fs.existsSync(path.join(bin, 'agent.ran'))).toBe(false);
  });

  it('reads the first 4 KiB of a file, and gives up at once on a FIFO', async () => {
    const bin = folder();
    fs.writeFileSync(path.join(bin, 'shim'), `#!/bin/sh\n${'x'.repeat(10_000)}`);
    const head = await posix(bin).head(path.join(bin, 'shim'));
    expect(head.startsWith('#!/bin/sh\n')).toBe(true);
    expect(head.length).toBe(4096);
    execFileSync('mkfifo', [path.join(bin, 'fifo')]);
    expect(await posix(bin).head(path.join(bin, 'fifo'))).toBe('');
    expect(await posix(bin).head(path.join(bin, 'missing'))).toBe('');
  });
});

describe('the PATH lookup, Windows rules (injected)', () => {
  const windows = (pathext: string, ...dirs: string[]) =>
    createPathLookup({ path: dirs.join(';'), platform: 'win32', pathext });

  it('tries each PATHEXT extension in PATHEXT order, folder by folder', async () => {
    const bin = folder({ 'gemini.cmd': 0o644, 'gemini.exe': 0o644 });
    expect((await windows('.EXE;.CMD', bin).find('gemini'))?.name).toBe('gemini.exe');
    expect((await windows('.CMD;.EXE', bin).find('gemini'))?.name).toBe('gemini.cmd');
    const first = folder({ 'gemini.cmd': 0o644 });
    expect((await windows('.EXE;.CMD', first, bin).find('gemini'))?.path).toBe(path.join(first, 'gemini.cmd'));
  });

  it('matches names in any case; a file without a PATHEXT extension is not a program', async () => {
    const bin = folder({ 'GEMINI.CMD': 0o644, opencode: 0o755, 'goose.ps1': 0o755 });
    expect((await windows('.COM;.EXE;.BAT;.CMD', bin).find('gemini'))?.name).toBe('GEMINI.CMD');
    expect(await windows('.COM;.EXE;.BAT;.CMD', bin).find('opencode')).toBeUndefined();
    expect(await windows('.COM;.EXE;.BAT;.CMD', bin).find('goose')).toBeUndefined();
    expect((await windows('.COM;.EXE;.BAT;.CMD;.PS1', bin).find('goose'))?.name).toBe('goose.ps1');
  });

  it('takes a name that already has a PATHEXT extension as it is', async () => {
    const bin = folder({ 'codex-acp.exe': 0o644, 'codex-acp.exe.cmd': 0o644 });
    expect((await windows('.EXE;.CMD', bin).find('codex-acp.exe'))?.name).toBe('codex-acp.exe');
  });

  it('reads `;`-separated, quoted entries and ignores folders named like the program', async () => {
    const aFolder = folder({ 'gemini.cmd': DIR });
    const bin = folder({ 'gemini.cmd': 0o644 });
    const lookup = createPathLookup({ path: `"${aFolder}";;"${bin}"`, platform: 'win32' });
    expect((await lookup.find('gemini'))?.path).toBe(path.join(bin, 'gemini.cmd'));
    expect(pathFolders('\\\\server\\share\\bin;//server/share;C:\\Tools;c:\\tools\\', true)).toEqual(['C:\\Tools']);
  });
});
