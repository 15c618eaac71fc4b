// "Found on this machine" (src/agents/registry/pathAgents.ts): which registry agents are installed here, from
// what the registry says about each, on real folders laid out as npm, uv, pipx and release archives lay them
// out. A binary agent is found by its cmd's name; a package agent only when the file found belongs to its
// package (a `copilot` that is not @github/copilot is not GitHub Copilot).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findAgentsOnPath, foundAgentConfig, foundAgentEntry } from '../../../../src/agents/registry/pathAgents';
import { createPathLookup } from '../../../../src/agents/registry/pathLookup';
import { parseRegistryIndex, type RegistryAgent } from '../../../../src/agents/registry/registryIndex';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A fresh folder with executable `files` and `links` (name → target relative to the folder). */
function machine(files: string[], links: Record<string, string> = {}, mode = 0o755): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-found-'));
  roots.push(root);
  for (const name of files) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), '#!/bin/sh\n', { mode });
  }
  for (const [name, target] of Object.entries(links)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.symlinkSync(path.join(root, target), path.join(root, name));
  }
  return root;
}

const archive = 'https://example.com/agent.tar.gz';

function index(...agents: unknown[]): RegistryAgent[] {
  const parsed = parseRegistryIndex({ agents });
  expect(parsed.problems).toEqual([]);
  return parsed.agents;
}

const opencode = {
  id: 'opencode',
  name: 'OpenCode',
  version: '1.0.0',
  description: 'The open source coding agent',
  distribution: {
    binary: {
      'linux-x86_64': { archive, cmd: './opencode', args: ['acp'], env: { OPENCODE_X: '1', PATH: '/evil' } },
      'windows-x86_64': { archive, cmd: './dist\\opencode.exe', args: ['acp', '--win'] },
    },
  },
};
const npxAgent = (id: string, pkg: string, args: string[] = [], extra: object = {}) => ({
  id,
  name: id.toUpperCase(),
  version: '1.0.0',
  description: `the ${id} agent`,
  distribution: { npx: { package: pkg, args, ...extra } },
});
const gemini = npxAgent('gemini', '@google/gemini-cli@0.37.1', ['--acp']);
const qwen = npxAgent('qwen-code', '@qwen-code/qwen-code@0.9.1', ['--acp', '--experimental-skills']);
const copilot = npxAgent('github-copilot-cli', '@github/copilot@1.0.80', ['--acp']);
const claude = npxAgent('claude-acp', '@agentclientprotocol/claude-agent-acp@0.85.1');
const fastAgent = {
  id: 'fast-agent',
  name: 'fast-agent',
  version: '0.10.1',
  description: 'multi-provider',
  distribution: { uvx: { package: 'fast-agent-acp==0.10.1', args: ['-x'], env: { FAST_AGENT_MODEL: 'm' } } },
};

const onLinux = (root: string, ...bins: string[]) =>
  createPathLookup({ path: bins.map((bin) => path.join(root, bin)).join(':'), platform: 'linux' });

describe.skipIf(process.platform === 'win32')('findAgentsOnPath', () => {
  it("finds a binary agent by its cmd's name, with the target's args and its env sanitised", async () => {
    const root = machine(['bin/opencode']);
    const [found, ...rest] = await findAgentsOnPath(index(opencode), onLinux(root, 'bin'), {
      platform: 'linux-x86_64',
    });
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      id: 'opencode',
      name: 'OpenCode',
      kind: 'binary',
      program: 'opencode',
      path: path.join(root, 'bin/opencode'),
      args: ['acp'],
      env: { OPENCODE_X: '1' },
      droppedEnv: ['PATH'],
    });
    // Another platform's target is not this machine's.
    expect(await findAgentsOnPath(index(opencode), onLinux(root, 'bin'), { platform: 'darwin-aarch64' })).toEqual([]);
  });

  it('never takes a shell, an interpreter or a launcher for a binary agent, whatever the index says', async () => {
    const root = machine(['bin/bash', 'bin/python3', 'bin/python3.12', 'bin/env', 'bin/opencode']);
    const runner = (id: string, cmd: string) => ({
      ...opencode,
      id,
      distribution: { binary: { 'linux-x86_64': { archive, cmd, args: ['-c', 'echo owned'] } } },
    });
    const agents = index(
      runner('shell', './bash'),
      runner('py', 'bin/Python3'),
      runner('py312', './python3.12'),
      runner('env', './env'),
      opencode,
    );
    const found = await findAgentsOnPath(agents, onLinux(root, 'bin'), { platform: 'linux-x86_64' });
    expect(found.map((agent) => agent.id)).toEqual(['opencode']);
    const windows = index({
      ...runner('cmd', './CMD.EXE'),
      distribution: { binary: { 'windows-x86_64': { archive, cmd: './CMD.EXE' } } },
    });
    fs.writeFileSync(path.join(root, 'bin/cmd.exe'), 'MZ');
    const lookup = createPathLookup({ path: path.join(root, 'bin'), platform: 'win32' });
    expect(await findAgentsOnPath(windows, lookup, { platform: 'windows-x86_64' })).toEqual([]);
  });

  it('finds npm packages by the programs they install, linked into node_modules as npm installs them', async () => {
    const lib = 'lib/node_modules';
    const root = machine(
      [
        `${lib}/@google/gemini-cli/dist/index.js`,
        `${lib}/@qwen-code/qwen-code/cli.js`,
        `${lib}/@agentclientprotocol/claude-agent-acp/dist/index.js`,
      ],
      {
        'bin/gemini': `${lib}/@google/gemini-cli/dist/index.js`,
        'bin/qwen': `${lib}/@qwen-code/qwen-code/cli.js`,
        'bin/claude-agent-acp': `${lib}/@agentclientprotocol/claude-agent-acp/dist/index.js`,
      },
    );
    const found = await findAgentsOnPath(index(gemini, qwen, claude), onLinux(root, 'bin'), {
      platform: 'linux-x86_64',
    });
    expect(found.map((agent) => [agent.id, agent.program, agent.args])).toEqual([
      ['gemini', 'gemini', ['--acp']],
      ['qwen-code', 'qwen', ['--acp', '--experimental-skills']],
      ['claude-acp', 'claude-agent-acp', []],
    ]);
    expect(found[0]?.realPath).toBe(fs.realpathSync(path.join(root, lib, '@google/gemini-cli/dist/index.js')));
  });

  it("does not take another program of the same name for an npm agent (AWS's copilot is not GitHub Copilot)", async () => {
    const root = machine(['bin/copilot', 'bin/gemini', 'other/node_modules/@github/copilot-x/cli.js'], {
      'bin2/copilot': 'other/node_modules/@github/copilot-x/cli.js',
    });
    expect(await findAgentsOnPath(index(copilot, gemini), onLinux(root, 'bin', 'bin2'))).toEqual([]);
  });

  it('the first program of a name on PATH decides, as a shell would run it', async () => {
    const root = machine(['bin/copilot', 'lib/node_modules/@github/copilot/index.js'], {
      'later/copilot': 'lib/node_modules/@github/copilot/index.js',
    });
    expect(await findAgentsOnPath(index(copilot), onLinux(root, 'bin', 'later'))).toEqual([]);
    const [found] = await findAgentsOnPath(index(copilot), onLinux(root, 'later', 'bin'));
    expect(found).toMatchObject({
      id: 'github-copilot-cli',
      program: 'copilot',
      path: path.join(root, 'later/copilot'),
    });
  });

  it('takes a shim that names the package folder (pnpm, npm on Windows)', async () => {
    const root = machine([]);
    fs.mkdirSync(path.join(root, 'pnpm'));
    const shim = `#!/bin/sh\nbasedir=$(dirname "$0")\nexec node "$basedir/global/5/node_modules/@google/gemini-cli/dist/index.js" "$@"\n`;
    fs.writeFileSync(path.join(root, 'pnpm/gemini'), shim, { mode: 0o755 });
    fs.writeFileSync(path.join(root, 'pnpm/copilot'), '#!/bin/sh\nexec node copilot.js\n', { mode: 0o755 });
    const found = await findAgentsOnPath(index(gemini, copilot), onLinux(root, 'pnpm'));
    expect(found.map((agent) => agent.id)).toEqual(['gemini']);
  });

  it('with Windows rules: an npm .cmd shim, and a binary target whose cmd is in a subfolder', async () => {
    const root = machine([]);
    fs.mkdirSync(path.join(root, 'npm'));
    fs.writeFileSync(
      path.join(root, 'npm/gemini.cmd'),
      '@ECHO off\r\n"%_prog%"  "%dp0%\\node_modules\\@google\\gemini-cli\\dist\\index.js" %*\r\n',
    );
    fs.writeFileSync(path.join(root, 'npm/OpenCode.EXE'), 'MZ');
    const lookup = createPathLookup({ path: path.join(root, 'npm'), platform: 'win32' });
    const found = await findAgentsOnPath(index(gemini, opencode), lookup, { platform: 'windows-x86_64' });
    expect(found.map((agent) => [agent.id, agent.path, agent.args])).toEqual([
      ['gemini', path.join(root, 'npm/gemini.cmd'), ['--acp']],
      ['opencode', path.join(root, 'npm/OpenCode.EXE'), ['acp', '--win']],
    ]);
  });

  it('finds uv and pipx tools by their tool folder, names compared as PyPI compares them', async () => {
    const uv = machine(['share/uv/tools/fast-agent-acp/bin/fast-agent-acp'], {
      'bin/fast-agent-acp': 'share/uv/tools/fast-agent-acp/bin/fast-agent-acp',
    });
    const [found] = await findAgentsOnPath(index(fastAgent), onLinux(uv, 'bin'));
    expect(found).toMatchObject({
      id: 'fast-agent',
      kind: 'uvx',
      program: 'fast-agent-acp',
      args: ['-x'],
      env: { FAST_AGENT_MODEL: 'm' },
    });
    const pipx = machine(['share/pipx/venvs/Fast_Agent.ACP/bin/fast-agent-acp'], {
      'bin/fast-agent-acp': 'share/pipx/venvs/Fast_Agent.ACP/bin/fast-agent-acp',
    });
    expect((await findAgentsOnPath(index(fastAgent), onLinux(pipx, 'bin')))[0]?.id).toBe('fast-agent');
    const stray = machine(['bin/fast-agent-acp', 'share/uv/tools/other/bin/x']);
    expect(await findAgentsOnPath(index(fastAgent), onLinux(stray, 'bin'))).toEqual([]);
  });

  it('leaves out agents Switchboard installed or the settings have, by id or by a command that is the same file', async () => {
    const root = machine(['bin/opencode', 'tools/goose'], { 'bin/goose': 'tools/goose' });
    const goose = {
      ...opencode,
      id: 'goose',
      name: 'goose',
      distribution: { binary: { 'linux-x86_64': { archive, cmd: './goose' } } },
    };
    const lookup = () => onLinux(root, 'bin');
    const all = await findAgentsOnPath(index(opencode, goose), lookup(), { platform: 'linux-x86_64' });
    expect(all.map((agent) => agent.id)).toEqual(['opencode', 'goose']);
    const options = (skip: object) => ({ platform: 'linux-x86_64' as const, ...skip });
    expect(
      (await findAgentsOnPath(index(opencode, goose), lookup(), options({ skipIds: ['opencode'] }))).map((a) => a.id),
    ).toEqual(['goose']);
    for (const command of ['goose', path.join(root, 'tools/goose'), path.join(root, 'bin/goose')]) {
      const found = await findAgentsOnPath(index(opencode, goose), lookup(), options({ skipCommands: [command] }));
      expect(
        found.map((agent) => agent.id),
        command,
      ).toEqual(['opencode']);
    }
  });

  it('offers one file once: the agent its package proves, else the first in the index', async () => {
    const root = machine(['lib/node_modules/codex-acp/bin/codex-acp'], {
      'bin/codex-acp': 'lib/node_modules/codex-acp/bin/codex-acp',
    });
    const binary = {
      ...opencode,
      id: 'codex-binary',
      distribution: { binary: { 'linux-x86_64': { archive, cmd: './codex-acp' } } },
    };
    const twin = { ...binary, id: 'codex-twin' };
    const npm = npxAgent('codex-npm', 'codex-acp@1.0.0');
    const found = await findAgentsOnPath(index(binary, twin, npm), onLinux(root, 'bin'), { platform: 'linux-x86_64' });
    expect(found.map((agent) => agent.id)).toEqual(['codex-npm']);
    const first = await findAgentsOnPath(index(binary, twin), onLinux(root, 'bin'), { platform: 'linux-x86_64' });
    expect(first.map((agent) => agent.id)).toEqual(['codex-binary']);
  });

  it('runs as found and pins by name', async () => {
    const root = machine(['bin/opencode']);
    const [found] = await findAgentsOnPath(index(opencode), onLinux(root, 'bin'), { platform: 'linux-x86_64' });
    expect(foundAgentConfig(found!)).toEqual({
      id: 'opencode',
      displayName: 'OpenCode',
      command: path.join(root, 'bin/opencode'),
      args: ['acp'],
      env: { OPENCODE_X: '1' },
      isDemo: false,
      foundAt: path.join(root, 'bin/opencode'),
    });
    expect(foundAgentEntry(found!)).toEqual({
      displayName: 'OpenCode',
      command: 'opencode',
      args: ['acp'],
      env: { OPENCODE_X: '1' },
    });
  });
});
