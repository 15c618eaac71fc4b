// Conformance of the ACP v1 details, end to end: a real ThreadController against the
// scripted agent (a real child process, scenario acp-v1), one case per detail. The agent records
// every line it received, so what the client sent is asserted on the wire.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentConfig } from '../../src/session/api';
import { AcpThreadController } from '../../src/session/threadController';
import type { Entry, ThreadState } from '../../src/shared/thread';
import { tempDir } from './tempDirs';
import { testHostEnv } from './hostEnv';
import { FileTexts } from '../../src/review/fileTexts';

/** The keeper of the fake writes' texts. */
const fileTexts = new FileTexts();

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const controllers: AcpThreadController[] = [];

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

async function start() {
  const cwd = tempDir('switchboard-acp-v1-');
  const record = join(cwd, 'received.jsonl');
  const env = testHostEnv(cwd);
  const agent: AgentConfig = {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args: [SCRIPTED_AGENT, '--scenario', 'acp-v1', '--record', record],
    env: {},
    isDemo: false,
  };
  const controller = new AcpThreadController({
    threadId: 't',
    agent,
    env,
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async ({ path, content }) => fileTexts.record(path, null, content),
    },
    stopGraceMs: 500,
  });
  controllers.push(controller);
  await controller.start();
  expect(controller.snapshot().state.connection.kind).toBe('ready');
  /** The JSON-RPC requests the agent received for `method`. */
  const received = (method: string): { params: Record<string, unknown> }[] =>
    (existsSync(record) ? readFileSync(record, 'utf8') : '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { method?: string; params: Record<string, unknown> })
      .filter((message) => message.method === method);
  return { controller, cwd, env, received, state: (): ThreadState => controller.snapshot().state };
}

function option(state: ThreadState, id: string) {
  return state.configOptions?.find((o) => o.id === id);
}

function textOf(entry: Entry | undefined): string {
  return entry && 'parts' in entry ? entry.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('') : '';
}

function reports(state: ThreadState): { method: string; answer: { error?: { code: number } }; ms?: number }[] {
  return state.entries
    .filter((e) => e.kind === 'agent')
    .map(textOf)
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('client-calls: '))
    .map((line) => JSON.parse(line.slice('client-calls: '.length)));
}

describe('ACP v1 details with the scripted agent', () => {
  it('advertises boolean config options, gets one, and sets it with type "boolean" and a boolean value', async () => {
    const t = await start();
    const [initialize] = t.received('initialize');
    expect(initialize!.params.clientCapabilities).toMatchObject({ session: { configOptions: { boolean: {} } } });
    expect(option(t.state(), 'thinking')).toMatchObject({ type: 'boolean', currentValue: false });
    await t.controller.setConfigOption('thinking', true);
    expect(option(t.state(), 'thinking')).toMatchObject({ currentValue: true });
    expect(t.received('session/set_config_option').at(-1)?.params).toMatchObject({
      configId: 'thinking',
      type: 'boolean',
      value: true,
    });
    // A select option still goes without `type` (the id form).
    await t.controller.setConfigOption('model', 'smart');
    const select = t.received('session/set_config_option').at(-1)?.params;
    expect(select).toMatchObject({ configId: 'model', value: 'smart' });
    expect(select).not.toHaveProperty('type');
    expect(t.state().settingError).toBeNull();
  });

  it("a refused config change leaves the agent's value and says why beside the option; the next good change clears it", async () => {
    const t = await start();
    await expect(t.controller.setConfigOption('model', 'locked')).resolves.toBeUndefined();
    expect(option(t.state(), 'model')).toMatchObject({ currentValue: 'fast' });
    expect(t.state().settingError).toEqual({
      target: { kind: 'config', configId: 'model' },
      error: expect.stringContaining('The Locked model needs a paid plan'),
    });
    await t.controller.setConfigOption('model', 'smart');
    expect(t.state().settingError).toBeNull();
    expect(option(t.state(), 'model')).toMatchObject({ currentValue: 'smart' });
  });

  it('a refused mode change keeps the current mode and says why beside the mode selector', async () => {
    const t = await start();
    await expect(t.controller.setMode('plan')).resolves.toBeUndefined();
    expect(t.state().modes?.currentModeId).toBe('ask');
    expect(t.state().settingError).toEqual({
      target: { kind: 'mode', modeId: 'plan' },
      error: expect.stringContaining('Plan mode is not available'),
    });
    await t.controller.setMode('code');
    await vi.waitFor(() => expect(t.state().modes?.currentModeId).toBe('code'));
    expect(t.state().settingError).toBeNull();
  });

  it('a cancelled terminal/wait_for_exit is answered -32800 at once, while the command still runs', async () => {
    const t = await start();
    await t.controller.prompt('wait-cancel');
    const wait = reports(t.state()).find((r) => r.method === 'terminal/wait_for_exit');
    expect(wait?.answer.error?.code).toBe(-32800);
    // Order, not time: the command never exits on its own, and the agent kills it only after the wait was
    // answered, so the answer came while it still ran; the card says the agent stopped it.
    const kill = reports(t.state()).find((r) => r.method === 'terminal/kill');
    expect(kill?.answer.error).toBeUndefined();
    // The kill's answer comes before the process's exit event: the card shows `exited` once that arrives.
    await vi.waitFor(() =>
      expect(t.state().terminals?.['terminal-1']).toMatchObject({ stoppedBy: 'agent', status: 'exited' }),
    );
  });

  it('a live turn whose agent echoes the prompt as user_message_chunk shows the user message once', async () => {
    const t = await start();
    await t.controller.prompt('echo');
    const state = t.state();
    expect(state.entries.map((e) => e.kind)).toEqual(['user', 'agent', 'turnEnd']);
    expect(textOf(state.entries[0])).toBe('echo');
    expect(textOf(state.entries[1])).toBe('Heard you.');
    expect(state.promptEcho).toBeUndefined();
  });

  it('keeps PromptResponse.usage and _meta', async () => {
    const t = await start();
    await t.controller.prompt('usage');
    const state = t.state();
    expect(state.turnUsage).toEqual({ totalTokens: 1500, inputTokens: 1200, outputTokens: 300, thoughtTokens: 40 });
    expect(state.entries.at(-1)).toMatchObject({
      kind: 'turnEnd',
      stopReason: 'end_turn',
      meta: { 'scripted.dev/turn': 7 },
    });
  });

  it('a diff with deleted: true reaches the thread with the flag; its texts stay with the keeper', async () => {
    const t = await start();
    const events: unknown[] = [];
    t.controller.onEvent((event) => events.push(event));
    await t.controller.prompt('deleted');
    const tool = t.state().entries.find((e) => e.kind === 'tool');
    const diff = tool?.kind === 'tool' ? tool.tool.content[0] : undefined;
    expect(diff).toMatchObject({ type: 'diff', created: false, deleted: true, diff: { added: 0, removed: 1 } });
    if (diff?.type !== 'diff') throw new Error('no diff');
    expect(t.env.fileTexts.texts({ path: diff.path, revision: diff.revision })).toEqual({
      before: 'obsolete\n',
      after: '',
    });
    // Neither the thread nor any action the webview is sent carries the agent's texts.
    expect(JSON.stringify([t.state(), events])).not.toMatch(/oldText|newText/);
  });

  it('keeps updatedAt and the _meta of tool calls, session info and usage', async () => {
    const t = await start();
    await t.controller.prompt('meta');
    const state = t.state();
    const tool = state.entries.find((e) => e.kind === 'tool');
    expect(tool?.kind === 'tool' && tool.tool.meta).toEqual({ 'scripted.dev/tool': { origin: 'mcp' } });
    expect(state.title).toBe('Meta session');
    expect(state.updatedAt).toBe('2026-11-23T15:00:00Z');
    expect(state.sessionMeta).toEqual({ messageCount: 3 });
    expect(state.usage).toEqual({ used: 100, size: 1000, cost: null, meta: { 'scripted.dev/usage': 'exact' } });
  });
});
