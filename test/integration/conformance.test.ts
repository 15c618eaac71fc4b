// Conformance of the capability-driven behaviour, end to end with the scripted agent (a real
// child process): each case is played with the capability on and off, and what the client sent is
// asserted on the wire (the agent's record of every line it received). Every case runs on ACP v1 and v2
// (conformanceVersions.ts), but those that need what v2 dropped.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnadvertisedRequestError } from '../../src/session/agent/capabilityGuard';
import { reported, stopAll } from './conformanceHarness';
import type { Entry, ThreadState } from '../../src/shared/thread';
import { eventually, within } from '../within';
import { ACP_VERSIONS, excludedOnV2, onVersion, V2_DROPS } from './conformanceVersions';
import { tempDir } from './tempDirs';
import { noteWords } from '../../src/shared/entryWords';

afterEach(stopAll);

describe.each(ACP_VERSIONS)('ACP v%i', (version) => {
  const v = onVersion(version);

  describe('multi-root workspaces: additionalDirectories', () => {
    v.it('on: session/new carries the other folders as additionalDirectories, and the chat says nothing', async () => {
      const others = [tempDir('switchboard-root-b-'), tempDir('switchboard-root-c-')];
      const t = await v.startThread(
        { capabilities: { sessionCapabilities: { additionalDirectories: {} } } },
        { otherFolders: others },
      );
      expect(t.state().connection.kind).toBe('ready');
      const [sessionNew] = t.received('session/new');
      expect(sessionNew?.params).toEqual({ cwd: t.cwd, mcpServers: [], additionalDirectories: others });
      expect(t.state().entries.filter((entry) => entry.kind === 'notice')).toEqual([]);
    });

    v.it('off: session/new carries only the cwd, and the chat says which folder the agent works in', async () => {
      const others = [tempDir('switchboard-root-b-')];
      const t = await v.startThread({}, { otherFolders: others });
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

    v.it('one folder: no additionalDirectories and no notice, whatever the agent advertises', async () => {
      for (const capabilities of [{}, { sessionCapabilities: { additionalDirectories: {} } }]) {
        const t = await v.startThread({ capabilities });
        expect(t.received('session/new')[0]?.params).toEqual({ cwd: t.cwd, mcpServers: [] });
        expect(t.state().entries).toEqual([]);
      }
    });

    v.it('a restart (a new session on a new process) sends them again and does not repeat the notice', async () => {
      const t = await v.startThread({}, { otherFolders: [tempDir('switchboard-root-b-')] });
      await t.controller.restart();
      expect(t.state().connection.kind).toBe('ready');
      expect(t.state().entries.filter((entry) => entry.kind === 'notice')).toHaveLength(1);
    });
  });

  describe('the capability guard on a real connection', () => {
    const LOAD = { sessionId: 'scripted-session-1', cwd: '/', mcpServers: [] };

    const ROWS = [
      ['session/load', { loadSession: true }, LOAD, 'baseline'],
      ['session/resume', { sessionCapabilities: { resume: {} } }, LOAD, 'baseline'],
      ['session/close', { sessionCapabilities: { close: {} } }, { sessionId: 'scripted-session-1' }, 'baseline'],
      ['session/delete', { sessionCapabilities: { delete: {} } }, { sessionId: 'scripted-session-1' }, undefined],
      ['logout', { auth: { logout: {} } }, {}, undefined],
    ] as const;
    for (const [method, on, params, offDrop] of ROWS) {
      v.it(
        `${method}: refused unsent when not advertised`,
        async () => {
          const off = await v.startConnection();
          await expect(off.connection.rpc.request(method, params)).rejects.toBeInstanceOf(UnadvertisedRequestError);
          expect(off.received(v.wireMethod(method))).toEqual([]);
        },
        offDrop,
      );
      v.it(
        `${method}: sent and answered when advertised`,
        async () => {
          const advertised = await v.startConnection({ capabilities: on });
          await expect(advertised.connection.rpc.request(method, params)).resolves.toEqual({});
          expect(advertised.received(v.wireMethod(method))).toHaveLength(1);
        },
        method === 'logout' ? 'logoutCapability' : undefined,
      );
    }

    v.it('session/new with an MCP server over http: refused unless mcpCapabilities.http', async () => {
      const params = {
        cwd: '/',
        mcpServers: [{ type: 'http' as const, name: 'h', url: 'http://127.0.0.1:9/mcp', headers: [] }],
      };
      const off = await v.startConnection();
      await expect(off.connection.rpc.request('session/new', params)).rejects.toThrow('mcpCapabilities.http');
      expect(off.received('session/new')).toEqual([]);
      const on = await v.startConnection({ capabilities: { mcpCapabilities: { http: true, sse: false } } });
      await expect(on.connection.rpc.request('session/new', params)).resolves.toMatchObject({
        sessionId: expect.any(String),
      });
    });

    v.it(
      'session/prompt with audio: refused unless promptCapabilities.audio (the scripted agent takes images)',
      async () => {
        const t = await v.startConnection();
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
        // v1: the answer ends the turn; v2: it acknowledges the prompt (the turn ends on the agent's idle).
        const answered = version === 1 ? { stopReason: 'end_turn' } : { messageId: expect.any(String) };
        await expect(t.connection.rpc.request('session/prompt', { sessionId, prompt: [image] })).resolves.toMatchObject(
          answered,
        );
        expect(t.received('session/prompt').map((message) => message.params.prompt)).toEqual([[image]]);
      },
    );
  });

  describe('session/set_mode and session/set_config_option time out', () => {
    const neverAnswers = () =>
      v.startThread(
        { scenario: 'modes', neverAnswer: ['session/set_mode', 'session/set_config_option'] },
        { settingTimeoutMs: 300 },
      );

    v.it(
      "an agent that never answers set_mode: the selector stays on the agent's mode and says why; the agent is told to stop",
      async () => {
        const t = await neverAnswers();
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
      },
      'setMode',
    );

    v.it('an agent that never answers set_config_option: the option keeps its value and says why', async () => {
      const t = await neverAnswers();
      await expect(t.controller.setConfigOption('model', 'smart')).resolves.toBeUndefined();
      expect(t.state().configOptions?.find((option) => option.id === 'model')).toMatchObject({ currentValue: 'fast' });
      expect(t.state().settingError).toEqual({
        target: { kind: 'config', configId: 'model' },
        error: expect.stringContaining('did not answer "session/set_config_option"'),
      });
      const [setOption] = t.received('session/set_config_option');
      await vi.waitFor(() =>
        expect(t.received('$/cancel_request').map((message) => message.params.requestId)).toContain(setOption?.id),
      );
    });

    v.it(
      'an agent that answers set_mode in time is not affected by the timeout',
      async () => {
        const t = await v.startThread({ scenario: 'modes' }, { settingTimeoutMs: 5000 });
        await t.controller.setMode('code');
        await vi.waitFor(() => expect(t.state().modes?.currentModeId).toBe('code'));
        expect(t.state().settingError).toBeNull();
      },
      'setMode',
    );

    v.it('an agent that answers set_config_option in time is not affected by the timeout', async () => {
      const t = await v.startThread({ scenario: 'modes' }, { settingTimeoutMs: 5000 });
      await t.controller.setConfigOption('model', 'smart');
      expect(t.state().configOptions?.find((option) => option.id === 'model')).toMatchObject({ currentValue: 'smart' });
      expect(t.state().settingError).toBeNull();
    });
  });

  describe('permission requests and the client file system', () => {
    const pendingTool = (state: ThreadState) =>
      state.entries.find(
        (entry): entry is Extract<Entry, { kind: 'tool' }> =>
          entry.kind === 'tool' && entry.tool.permission?.state.kind === 'pending',
      );

    v.it('a permission request shows on its tool call; Allow reaches the agent and the tool completes', async () => {
      const t = await v.startThread({ scenario: 'client-calls' });
      const turn = t.controller.prompt('go');
      let asking: Extract<Entry, { kind: 'tool' }> | undefined;
      await eventually(() => (asking = pendingTool(t.state())) !== undefined, 'the permission card');
      expect(asking!.tool).toMatchObject({ toolCallId: 'tc-write', title: 'Edit scripted-output.txt', kind: 'edit' });
      t.controller.resolvePermission(asking!.tool.permission!.permissionId, 'allow');
      await within(turn, 'the turn ending');
      const answer = reported(t.state()).find((call) => call.method === 'session/request_permission')?.answer;
      expect(answer).toEqual({ result: { outcome: { outcome: 'selected', optionId: 'allow' } } });
      const tool = t.state().entries.find((entry) => entry.kind === 'tool');
      expect(tool?.kind === 'tool' && tool.tool.status).toBe('completed');
      expect(t.state().turn.kind).toBe('idle');
    });

    v.it(
      'the agent withdraws its permission request ($/cancel_request): answered cancelled, the card closes',
      async () => {
        const t = await v.startThread({ scenario: 'cancel-own-request' });
        await within(t.controller.prompt('go'), 'the turn ending');
        const answer = reported(t.state())[0]?.answer;
        expect(answer).toEqual({ result: { outcome: { outcome: 'cancelled' } } });
        const tool = t.state().entries.find((entry) => entry.kind === 'tool');
        expect(tool?.kind === 'tool' && tool.tool.permission?.state.kind).not.toBe('pending');
      },
    );

    v.it(
      "fs/read_text_file and fs/write_text_file reach the editor's handlers",
      async () => {
        const t = await v.startThread({ scenario: 'client-calls' });
        const turn = t.controller.prompt('go');
        let asking: Extract<Entry, { kind: 'tool' }> | undefined;
        await eventually(() => (asking = pendingTool(t.state())) !== undefined, 'the permission card');
        t.controller.resolvePermission(asking!.tool.permission!.permissionId, 'allow');
        await within(turn, 'the turn ending');
        const calls = reported(t.state());
        expect(calls.find((call) => call.method === 'fs/read_text_file')?.answer).toEqual({ result: { content: '' } });
        expect(calls.find((call) => call.method === 'fs/write_text_file')?.answer).toEqual({ result: {} });
      },
      'fs',
    );
  });
});

describe('what ACP v2 dropped, as the conformance suites leave it out', () => {
  it('this suite leaves out of v2 exactly the cases that need a drop, each named', () => {
    expect(excludedOnV2()).toEqual([
      { name: 'session/load: refused unsent when not advertised', drop: 'baseline' },
      { name: 'session/resume: refused unsent when not advertised', drop: 'baseline' },
      { name: 'session/close: refused unsent when not advertised', drop: 'baseline' },
      { name: 'logout: sent and answered when advertised', drop: 'logoutCapability' },
      {
        name: "an agent that never answers set_mode: the selector stays on the agent's mode and says why; the agent is told to stop",
        drop: 'setMode',
      },
      { name: 'an agent that answers set_mode in time is not affected by the timeout', drop: 'setMode' },
      { name: "fs/read_text_file and fs/write_text_file reach the editor's handlers", drop: 'fs' },
    ]);
  });

  it("each drop is one the SDK's schemas show: v1 has it, v2 has not", () => {
    const schema = (version: string) =>
      JSON.parse(readFileSync(require.resolve(`@agentclientprotocol/sdk/schema/${version}/schema.json`), 'utf8')) as {
        $defs: Record<string, { 'x-method'?: string; properties?: Record<string, unknown> }>;
      };
    const [v1, v2] = [schema('v1'), schema('v2')];
    const methods = (defs: typeof v1.$defs) => new Set(Object.values(defs).map((definition) => definition['x-method']));
    const v2Methods = methods(v2.$defs);
    for (const drop of Object.values(V2_DROPS)) {
      if ('gone' in drop) for (const method of drop.gone) expect(v2Methods.has(method), drop.reason).toBe(false);
      if ('baseline' in drop)
        for (const method of drop.baseline) {
          const capability = method.slice('session/'.length);
          expect(v2Methods.has(method), drop.reason).toBe(true);
          expect(Object.keys(v2.$defs.SessionCapabilities!.properties!), drop.reason).not.toContain(capability);
          expect(Object.keys(v1.$defs.SessionCapabilities!.properties!), drop.reason).toContain(capability);
        }
      if ('capability' in drop) {
        const [definition, field] = drop.capability.split('.') as [string, string];
        expect(Object.keys(v1.$defs[definition]!.properties!), drop.reason).toContain(field);
        expect(Object.keys(v2.$defs[definition]!.properties!), drop.reason).not.toContain(field);
      }
    }
    // session/set_mode and session/load are v1 methods (session/fork is not in v1's stable schema either).
    expect([...methods(v1.$defs)]).toEqual(
      expect.arrayContaining(['session/set_mode', 'session/load', 'fs/read_text_file', 'fs/write_text_file']),
    );
  });
});
