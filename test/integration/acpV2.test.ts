// ACP v2 beside v1, end to end: a real ThreadController against the scripted agent's `v2` scenario (a real child
// process that speaks only v2, written from the SDK's v2 schema) with switchboard.acpV2 on, and off. The agent
// records every line it received, so what the client sent is asserted on the wire.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AcpThreadController } from '../../src/session/threadController';
import type { Entry, ThreadState, ToolCallView } from '../../src/shared/thread';
import { tempDir } from './tempDirs';
import { testHostEnv } from './hostEnv';
import { scriptedAgent } from './scriptedAgent';
import { eventually, within } from '../within';
import { failureWords } from '../../src/shared/failureWords';

const controllers: AcpThreadController[] = [];

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

async function start({ acpV2 = true, scenario = 'v2' } = {}) {
  const cwd = tempDir('switchboard-acp-v2-');
  const record = join(cwd, 'received.jsonl');
  const log: string[] = [];
  const env = testHostEnv(cwd, { acpV2, log: (line) => log.push(line) });
  const controller = new AcpThreadController({
    threadId: 't',
    agent: scriptedAgent(scenario, { extraArgs: ['--record', record] }),
    env,
    handlers: {
      readTextFile: async () => ({ content: 'from the editor' }),
      writeTextFile: async () => {
        throw new Error('not in this test');
      },
    },
    stopGraceMs: 500,
  });
  controllers.push(controller);
  await within(controller.start(), 'the agent starting');
  const received = (method: string): { id?: unknown; params: Record<string, unknown> }[] =>
    (existsSync(record) ? readFileSync(record, 'utf8') : '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { method?: string; id?: unknown; params: Record<string, unknown> })
      .filter((message) => message.method === method);
  return { controller, cwd, log, received, state: (): ThreadState => controller.snapshot().state };
}

function textOf(entry: Entry | undefined): string {
  return entry && 'parts' in entry ? entry.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('') : '';
}

const kinds = (state: ThreadState) => state.entries.map((entry) => entry.kind);
const tools = (state: ThreadState): ToolCallView[] =>
  state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []));
const lastAgent = (state: ThreadState) => state.entries.filter((entry) => entry.kind === 'agent').at(-1);
const turnEnds = (state: ThreadState) => state.entries.filter((entry) => entry.kind === 'turnEnd');

describe('ACP v2 with the scripted v2 agent (switchboard.acpV2 on)', () => {
  it('negotiates v2: initialize asks for 2 with v2 capabilities (no fs or terminal), and the chat is ready', async () => {
    const t = await start();
    const [initialize] = t.received('initialize');
    expect(initialize!.params).toMatchObject({ protocolVersion: 2, info: { name: 'switchboard-test' } });
    // v1's clientCapabilities travel beside, for an agent that answers 1; v2's own name no fs or terminal.
    expect(initialize!.params.capabilities).not.toHaveProperty('fs');
    expect(initialize!.params.capabilities).not.toHaveProperty('terminal');
    expect(t.state().connection.kind).toBe('ready');
    expect(t.state().agentInfo).toMatchObject({ name: 'scripted-v2' });
    // The baseline (session present) as v1's view: list, resume, close, and load as resume from the start.
    expect(t.state().agentCapabilities).toMatchObject({
      loadSession: true,
      sessionCapabilities: { list: {}, resume: {}, close: {} },
      promptCapabilities: { image: true, audio: false, embeddedContext: true },
      auth: { logout: {} },
    });
    expect(t.state().configOptions).toEqual([expect.objectContaining({ id: 'model', currentValue: 'fast' })]);
  });

  it('a turn: the prompt is acknowledged, the turn runs until idle end_turn; message, tool call, terminal, diff, plan', async () => {
    const t = await start();
    await within(t.controller.prompt('hello'), 'the turn ending');
    const state = t.state();
    expect(state.turn.kind).toBe('idle');
    // The user's message once (the agent's user_message is its echo), then the agent's, the tool, the turn's end.
    expect(state.entries.filter((entry) => entry.kind === 'protocolError')).toEqual([]);
    expect(kinds(state)).toEqual(['user', 'agent', 'tool', 'turnEnd']);
    expect(textOf(state.entries[0])).toBe('hello');
    expect(textOf(state.entries[1])).toBe('Hello from ACP v2.');
    const [tool] = tools(state);
    expect(tool).toMatchObject({ toolCallId: 'tool-1', title: 'Run the tests', kind: 'execute', status: 'completed' });
    expect(tool!.agentTerminals).toEqual([
      expect.objectContaining({
        terminalId: 'term-1',
        command: 'npm test',
        output: 'ok 1 - passes\n',
        status: 'exited',
      }),
    ]);
    const diff = tool!.content.find((item) => item.type === 'diff');
    expect(diff).toMatchObject({ type: 'diff', path: join(t.cwd, 'notes.txt'), diff: { added: 1, removed: 1 } });
    expect(state.plan?.[0]).toMatchObject({ content: 'Run the tests', status: 'completed' });
    expect(turnEnds(state)).toEqual([expect.objectContaining({ stopReason: 'end_turn' })]);
    // A second turn on the same session works the same.
    await within(t.controller.prompt('again'), 'the second turn ending');
    expect(turnEnds(t.state())).toHaveLength(2);
  });

  it('a turn whose idle comes before the acknowledgment still ends once, with its stop reason', async () => {
    const t = await start();
    await within(t.controller.prompt('idle first'), 'the turn ending');
    expect(t.state().turn.kind).toBe('idle');
    expect(turnEnds(t.state())).toEqual([expect.objectContaining({ stopReason: 'end_turn' })]);
  });

  it('a permission request shows its title and description on the tool call, and the answer reaches the agent', async () => {
    const t = await start();
    const turn = t.controller.prompt('permission');
    await eventually(() => tools(t.state())[0]?.permission?.state.kind === 'pending', 'the permission card');
    const [tool] = tools(t.state());
    expect(tool!.permission!.prompt).toEqual({
      title: 'Write notes.txt?',
      description: 'The scripted v2 agent wants to change your files.',
    });
    expect(tool!.title).toBe('Write notes.txt');
    t.controller.resolvePermission(tool!.permission!.permissionId, 'yes');
    await within(turn, 'the turn ending');
    expect(textOf(lastAgent(t.state()))).toBe('v2-permission: {"outcome":{"outcome":"selected","optionId":"yes"}}');
  });

  it('a command permission without a tool call gets a card of its own with the command', async () => {
    const t = await start();
    const turn = t.controller.prompt('command permission');
    await eventually(() => tools(t.state())[0]?.permission?.state.kind === 'pending', 'the permission card');
    const [tool] = tools(t.state());
    expect(tool).toMatchObject({ title: 'rm -rf build', kind: 'execute' });
    expect(tool!.permission!.prompt?.title).toBe('Run rm -rf build?');
    t.controller.resolvePermission(tool!.permission!.permissionId, 'no');
    await within(turn, 'the turn ending');
    expect(t.state().turn.kind).toBe('idle');
  });

  it('cancel: the turn waits for the agent idle with stopReason cancelled; updates after the cancel still apply', async () => {
    const t = await start();
    const turn = t.controller.prompt('wait');
    await eventually(() => tools(t.state()).length === 1, 'the tool call');
    await t.controller.cancel();
    expect(t.state().turn.kind).toBe('cancelling');
    await within(turn, 'the cancelled turn ending');
    expect(t.state().turn.kind).toBe('idle');
    expect(turnEnds(t.state())).toEqual([expect.objectContaining({ stopReason: 'cancelled' })]);
    expect(tools(t.state())[0]!.status).toBe('cancelled');
    expect(t.received('session/cancel')).toHaveLength(1);
  });

  it('a prompt error fails the turn; an idle with stopReason error fails it with its message', async () => {
    const t = await start();
    await within(t.controller.prompt('fail'), 'the failed turn');
    expect(turnEnds(t.state()).at(-1)).toMatchObject({
      stopReason: 'error',
      message: expect.stringContaining('fails this prompt'),
    });
    expect(t.state().turn.kind).toBe('idle');
    await within(t.controller.prompt('error idle'), 'the failed turn');
    expect(turnEnds(t.state()).at(-1)).toMatchObject({ stopReason: 'error', message: 'the model went away' });
  });

  it('fs/* and terminal/* are not served on a v2 connection (-32601)', async () => {
    const t = await start();
    await within(t.controller.prompt('try fs'), 'the turn ending');
    const said = textOf(lastAgent(t.state()));
    expect(said).toContain('v2-fs: fs/read_text_file {"code":-32601');
    expect(said).toContain('v2-fs: terminal/create {"code":-32601');
  });

  it('a select config option is set with type "id" and the answer (configId) is read', async () => {
    const t = await start();
    await t.controller.setConfigOption('model', 'smart');
    expect(t.received('session/set_config_option').at(-1)?.params).toMatchObject({
      configId: 'model',
      type: 'id',
      value: 'smart',
    });
    expect(t.state().configOptions?.[0]).toMatchObject({ id: 'model', currentValue: 'smart' });
    expect(t.state().settingError).toBeNull();
  });
});

describe('ACP v2 negotiation when switchboard.acpV2 is off', () => {
  it('a v2-only agent stops with a failure that says to turn on switchboard.acpV2', async () => {
    const t = await start({ acpV2: false });
    const connection = t.state().connection;
    expect(connection.kind).toBe('failed');
    if (connection.kind !== 'failed') throw new Error(`the chat is ${connection.kind}`);
    expect(connection.failure.reason).toEqual({ kind: 'needsV2' });
    const words = failureWords(connection.failure);
    expect(words.title).toContain('ACP protocol version 2');
    expect(words.hint).toContain('switchboard.acpV2');
    expect(t.received('initialize')[0]!.params).toMatchObject({ protocolVersion: 1 });
  });

  it('with the setting on, an agent that answers 1 goes on with v1 (fs served, the turn ends on the response)', async () => {
    const t = await start({ scenario: 'basic-turn' });
    expect(t.received('initialize')[0]!.params).toMatchObject({ protocolVersion: 2 });
    expect(t.state().connection.kind).toBe('ready');
    await within(t.controller.prompt('hi'), 'the v1 turn');
    expect(t.state().turn.kind).toBe('idle');
    expect(turnEnds(t.state())).toEqual([expect.objectContaining({ stopReason: 'end_turn' })]);
  });

  it("an agent that answers 1 has read the client's file system and terminals in v1's terms from the one request", async () => {
    // v2's capabilities name no fs or terminal: with them alone the Demo agent, Gemini or any v1 agent would not
    // edit through the editor once the setting is on.
    const t = await start({ scenario: 'basic-turn' });
    const [asked, ...more] = t.received('initialize');
    expect(asked!.params).toMatchObject({
      protocolVersion: 2,
      info: { name: 'switchboard-test' },
      clientInfo: { name: 'switchboard-test' },
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
    });
    expect(more).toEqual([]);
    expect(t.state().connection.kind).toBe('ready');
    expect(t.state().agentInfo).toMatchObject({ name: 'scripted-agent' });
  });
});
