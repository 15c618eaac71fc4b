// Conformance of the capability-driven behaviour, end to end with the scripted agent (a real
// child process): each case is played with the capability on and off, and what the client sent is
// asserted on the wire (the agent's record of every line it received).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnadvertisedRequestError } from '../../src/session/agent/capabilityGuard';
import { noteWords } from '../../src/shared/entryWords';
import { startConnection, startThread, stopAll } from './conformanceHarness';
import { tempDir } from './tempDirs';

afterEach(stopAll);

describe('multi-root workspaces: additionalDirectories', () => {
  it('on: session/new carries the other folders as additionalDirectories, and the chat says nothing', async () => {
    const others = [tempDir('switchboard-root-b-'), tempDir('switchboard-root-c-')];
    const t = await startThread(
      { capabilities: { sessionCapabilities: { additionalDirectories: {} } } },
      { otherFolders: others },
    );
    expect(t.state().connection.kind).toBe('ready');
    const [sessionNew] = t.received('session/new');
    expect(sessionNew?.params).toEqual({ cwd: t.cwd, mcpServers: [], additionalDirectories: others });
    expect(t.state().entries.filter((entry) => entry.kind === 'notice')).toEqual([]);
  });

  it('off: session/new carries only the cwd, and the chat says which folder the agent works in', async () => {
    const others = [tempDir('switchboard-root-b-')];
    const t = await startThread({}, { otherFolders: others });
    const [sessionNew] = t.received('session/new');
    expect(sessionNew?.params).toEqual({ cwd: t.cwd, mcpServers: [] });
    const notices = t.state().entries.filter((entry) => entry.kind === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      note: { kind: 'outsideWorkspace', agent: 'Scripted', cwd: t.cwd, outside: others },
    });
    const words = notices[0]?.kind === 'notice' ? noteWords(notices[0].note) : '';
    expect(words).toContain(`Scripted works in ${t.cwd}.`);
    expect(words).toContain(`${others[0]} is outside its workspace`);
  });

  it('one folder: no additionalDirectories and no notice, whatever the agent advertises', async () => {
    for (const capabilities of [{}, { sessionCapabilities: { additionalDirectories: {} } }]) {
      const t = await startThread({ capabilities });
      expect(t.received('session/new')[0]?.params).toEqual({ cwd: t.cwd, mcpServers: [] });
      expect(t.state().entries).toEqual([]);
    }
  });

  it('a restart (a new session on a new process) sends them again and does not repeat the notice', async () => {
    const t = await startThread({}, { otherFolders: [tempDir('switchboard-root-b-')] });
    await t.controller.restart();
    expect(t.state().connection.kind).toBe('ready');
    expect(t.state().entries.filter((entry) => entry.kind === 'notice')).toHaveLength(1);
  });
});

describe('the capability guard on a real connection', () => {
  const LOAD = { sessionId: 'scripted-session-1', cwd: '/', mcpServers: [] };

  it.each([
    ['session/load', { loadSession: true }, LOAD],
    ['session/resume', { sessionCapabilities: { resume: {} } }, LOAD],
    ['session/close', { sessionCapabilities: { close: {} } }, { sessionId: 'scripted-session-1' }],
    ['session/delete', { sessionCapabilities: { delete: {} } }, { sessionId: 'scripted-session-1' }],
    ['logout', { auth: { logout: {} } }, {}],
  ] as const)('%s: refused unsent when not advertised, sent and answered when it is', async (method, on, params) => {
    const off = await startConnection();
    await expect(off.connection.rpc.request(method, params)).rejects.toBeInstanceOf(UnadvertisedRequestError);
    expect(off.received(method)).toEqual([]);

    const advertised = await startConnection({ capabilities: on });
    await expect(advertised.connection.rpc.request(method, params)).resolves.toEqual({});
    expect(advertised.received(method)).toHaveLength(1);
  });

  it('session/new with an MCP server over http: refused unless mcpCapabilities.http', async () => {
    const params = {
      cwd: '/',
      mcpServers: [{ type: 'http' as const, name: 'h', url: 'http://127.0.0.1:9/mcp', headers: [] }],
    };
    const off = await startConnection();
    await expect(off.connection.rpc.request('session/new', params)).rejects.toThrow('mcpCapabilities.http');
    expect(off.received('session/new')).toEqual([]);
    const on = await startConnection({ capabilities: { mcpCapabilities: { http: true, sse: false } } });
    await expect(on.connection.rpc.request('session/new', params)).resolves.toMatchObject({
      sessionId: expect.any(String),
    });
  });

  it('session/prompt with audio: refused unless promptCapabilities.audio (the scripted agent takes images)', async () => {
    const t = await startConnection();
    const sessionId = (await t.connection.rpc.request('session/new', { cwd: t.cwd, mcpServers: [] })).sessionId;
    const audio = { type: 'audio' as const, data: 'UklGRg==', mimeType: 'audio/wav' };
    const image = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    await expect(t.connection.rpc.request('session/prompt', { sessionId, prompt: [audio] })).rejects.toThrow(
      'promptCapabilities.audio',
    );
    t.connection.attach(sessionId, {
      update: () => undefined,
      requestPermission: () => Promise.reject(new Error('unused')),
      readTextFile: () => Promise.reject(new Error('unused')),
      writeTextFile: () => Promise.reject(new Error('unused')),
    });
    await expect(t.connection.rpc.request('session/prompt', { sessionId, prompt: [image] })).resolves.toMatchObject({
      stopReason: 'end_turn',
    });
    expect(t.received('session/prompt').map((message) => message.params.prompt)).toEqual([[image]]);
  });
});

describe('session/set_mode and session/set_config_option time out', () => {
  it("an agent that never answers set_mode: the selector stays on the agent's mode and says why; the agent is told to stop", async () => {
    const t = await startThread(
      { scenario: 'modes', neverAnswer: ['session/set_mode', 'session/set_config_option'] },
      { settingTimeoutMs: 300 },
    );
    await expect(t.controller.setMode('code')).resolves.toBeUndefined();
    expect(t.state().modes?.currentModeId).toBe('ask');
    expect(t.state().settingError).toEqual({
      target: { kind: 'mode', modeId: 'code' },
      error: expect.stringContaining('did not answer "session/set_mode"'),
    });
    const [setMode] = t.received('session/set_mode');
    await vi.waitFor(() =>
      expect(t.received('$/cancel_request').map((message) => message.params.requestId)).toContain(setMode?.id),
    );

    await expect(t.controller.setConfigOption('model', 'smart')).resolves.toBeUndefined();
    expect(t.state().configOptions?.find((option) => option.id === 'model')).toMatchObject({ currentValue: 'fast' });
    expect(t.state().settingError).toEqual({
      target: { kind: 'config', configId: 'model' },
      error: expect.stringContaining('did not answer "session/set_config_option"'),
    });
  });

  it('an agent that answers in time is not affected by the timeout', async () => {
    const t = await startThread({ scenario: 'modes' }, { settingTimeoutMs: 5000 });
    await t.controller.setMode('code');
    await vi.waitFor(() => expect(t.state().modes?.currentModeId).toBe('code'));
    await t.controller.setConfigOption('model', 'smart');
    expect(t.state().configOptions?.find((option) => option.id === 'model')).toMatchObject({ currentValue: 'smart' });
    expect(t.state().settingError).toBeNull();
  });
});
