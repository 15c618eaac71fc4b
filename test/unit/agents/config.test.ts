import { describe, expect, it } from 'vitest';
import { createDemoAgent, parseAgentsSetting, resolveDefaultAgent } from '../../../src/agents/config';

const demoLaunch = { command: '/opt/electron', args: ['/ext/dist/demo-agent.js'] };

describe('parseAgentsSetting', () => {
  it('always includes the built-in Demo agent first', () => {
    const { agents, errors } = parseAgentsSetting(undefined, demoLaunch);
    expect(errors).toEqual([]);
    expect(agents).toEqual([
      {
        id: 'demo',
        displayName: 'Demo agent',
        command: '/opt/electron',
        args: ['/ext/dist/demo-agent.js'],
        env: { ELECTRON_RUN_AS_NODE: '1' },
        isDemo: true,
      },
    ]);
  });

  it('parses good entries in order, defaulting args, env and displayName', () => {
    const { agents, errors } = parseAgentsSetting(
      {
        gemini: { command: 'gemini', args: ['--experimental-acp'], displayName: 'Gemini CLI' },
        custom: { command: '/usr/local/bin/my-agent', env: { API_KEY: 'x' } },
      },
      demoLaunch,
    );
    expect(errors).toEqual([]);
    expect(agents.slice(1)).toEqual([
      {
        id: 'gemini',
        displayName: 'Gemini CLI',
        namedByUser: true,
        command: 'gemini',
        args: ['--experimental-acp'],
        env: {},
        isDemo: false,
      },
      {
        id: 'custom',
        displayName: 'custom',
        command: '/usr/local/bin/my-agent',
        args: [],
        env: { API_KEY: 'x' },
        isDemo: false,
      },
    ]);
  });

  it('skips only the bad entries, with one message each naming the entry and field', () => {
    const { agents, errors } = parseAgentsSetting(
      {
        noCommand: { args: ['x'] },
        numberCommand: { command: 42 },
        badArgs: { command: 'a', args: 'not-an-array' },
        badArgItem: { command: 'a', args: ['ok', 3] },
        badEnv: { command: 'a', env: { N: 1 } },
        badName: { command: 'a', displayName: 5 },
        notObject: 'gemini',
        good: { command: 'goose', args: ['acp'] },
      },
      demoLaunch,
    );
    expect(agents.map((agent) => agent.id)).toEqual(['demo', 'good']);
    expect(errors).toHaveLength(7);
    expect(errors[0]).toMatch(/switchboard\.agents\["noCommand"\] is missing "command"/);
    expect(errors[1]).toMatch(/\["numberCommand"\]\.command must be a non-empty string/);
    expect(errors[2]).toMatch(/\["badArgs"\]\.args must be an array of strings/);
    expect(errors[3]).toMatch(/\["badArgItem"\]\.args must be an array of strings/);
    expect(errors[4]).toMatch(/\["badEnv"\]\.env must be an object of string values/);
    expect(errors[5]).toMatch(/\["badName"\]\.displayName must be a string/);
    expect(errors[6]).toMatch(/\["notObject"\] must be an object/);
  });

  it('keeps the built-in demo when a user entry claims the id "demo", and reports it', () => {
    const { agents, errors } = parseAgentsSetting({ demo: { command: 'evil' } }, demoLaunch);
    expect(agents).toHaveLength(1);
    expect(agents[0]).toMatchObject({ id: 'demo', isDemo: true, command: '/opt/electron' });
    expect(errors).toEqual([expect.stringMatching(/"demo" is reserved/)]);
  });

  it('"processPerChat": true gives each chat its own process; anything but a boolean is refused, named', () => {
    const { agents, errors } = parseAgentsSetting(
      {
        alone: { command: 'a', processPerChat: true },
        shared: { command: 'b', processPerChat: false },
        wrong: { command: 'c', processPerChat: 'yes' },
      },
      demoLaunch,
    );
    expect(agents.slice(1).map((agent) => [agent.id, agent.processPerChat])).toEqual([
      ['alone', true],
      ['shared', undefined],
    ]);
    expect(errors).toEqual([expect.stringMatching(/\["wrong"\]\.processPerChat must be true or false/)]);
  });

  it('runs an entry with a field it does not read (a typo, say), and names that field', () => {
    const { agents, errors } = parseAgentsSetting({ gemini: { command: 'gemini', arg: ['--acp'] } }, demoLaunch);
    expect(agents[1]).toMatchObject({ id: 'gemini', command: 'gemini', args: [] });
    expect(errors).toEqual([
      expect.stringMatching(/^switchboard\.agents\["gemini"\] has "arg", which Switchboard does not read/),
    ]);
  });

  it("reads an entry's editorTools: the listed tools (duplicates once), [] for none, and names the tools on a typo", () => {
    const { agents, errors } = parseAgentsSetting(
      {
        some: { command: 'a', editorTools: ['read_file', 'diagnostics', 'read_file'] },
        none: { command: 'b', editorTools: [] },
        all: { command: 'c' },
        typo: { command: 'd', editorTools: ['read_files'] },
      },
      demoLaunch,
    );
    expect(agents.find((agent) => agent.id === 'some')?.editorTools).toEqual(['read_file', 'diagnostics']);
    expect(agents.find((agent) => agent.id === 'none')?.editorTools).toEqual([]);
    expect(agents.find((agent) => agent.id === 'all')?.editorTools).toBeUndefined();
    expect(agents.some((agent) => agent.id === 'typo')).toBe(false);
    expect(errors).toEqual([
      expect.stringMatching(/editorTools must be a list of these tool names: read_file, write_file/),
    ]);
  });

  it('rejects a setting that is not an object', () => {
    const { agents, errors } = parseAgentsSetting(['gemini'], demoLaunch);
    expect(agents.map((agent) => agent.id)).toEqual(['demo']);
    expect(errors).toEqual([expect.stringMatching(/must be an object keyed by agent id/)]);
  });
});

describe('resolveDefaultAgent', () => {
  const { agents } = parseAgentsSetting({ gemini: { command: 'gemini' } }, demoLaunch);

  it('returns the configured default when it exists', () => {
    expect(resolveDefaultAgent(agents, 'gemini').id).toBe('gemini');
  });

  it('falls back to the demo when the default is unset or unknown', () => {
    expect(resolveDefaultAgent(agents, undefined).id).toBe('demo');
    expect(resolveDefaultAgent(agents, '').id).toBe('demo');
    expect(resolveDefaultAgent(agents, 'codex').id).toBe('demo');
  });

  it('demo env additions merge with ELECTRON_RUN_AS_NODE', () => {
    expect(createDemoAgent({ ...demoLaunch, env: { DEMO_SPEED: 'fast' } }).env).toEqual({
      ELECTRON_RUN_AS_NODE: '1',
      DEMO_SPEED: 'fast',
    });
  });
});
