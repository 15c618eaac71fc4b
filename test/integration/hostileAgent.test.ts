// A misbehaving agent (the scripted agent's `hostile` scenario, a real child process): malformed
// and extreme updates, JSON-RPC edge cases, unanswerable permission requests, a terminal flood.
// Each time the chat must keep rendering, every request must get one answer, and what went wrong
// must be visible (an entry in the thread, a log line).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import type { AgentConfig, ClientHandlers, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { WebviewMirror } from '../../src/chat/webviewMirror';
import { timerSchedule } from '../../src/chat/schedule';
import type { HostToWebview } from '../../src/shared/messages';
import { problemWords } from '../../src/shared/entryWords';
import { reduceAll } from '../../src/shared/reduce';
import type { Entry, ThreadState } from '../../src/shared/thread';
import { DEPTH_MARKER } from '../../src/protocol/boundJson';
import { tempDir } from './tempDirs';
import { testHostEnv } from './hostEnv';
import { FileTexts } from '../../src/review/fileTexts';
import { agentText } from './scriptedAgent';
import { PROCESS_DEADLINE_MS, within } from '../within';

/** The keeper of the fake writes' texts. */
const fileTexts = new FileTexts();

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

const hostile: AgentConfig = {
  id: 'hostile',
  displayName: 'Hostile',
  command: process.execPath,
  args: [SCRIPTED_AGENT, '--scenario', 'hostile'],
  env: {},
  isDemo: false,
};

function setup() {
  const cwd = tempDir('switchboard-hostile-');
  writeFileSync(join(cwd, 'hello.txt'), 'hello\n');
  const log: string[] = [];
  const env = testHostEnv(cwd, { log: (line) => log.push(line) });
  const handlers: ClientHandlers = {
    readTextFile: async ({ path }) => ({ content: `editor copy of ${path}` }),
    writeTextFile: async ({ path, content }) => fileTexts.record(path, null, content),
  };
  const controller = createThreadController({
    threadId: 't',
    agent: hostile,
    env,
    handlers,
    spawn: spawnAgentProcess,
    stopGraceMs: 500,
  });
  controllers.push(controller);
  // The webview's side: every post must serialise; the replayed copy must equal the host's.
  const posted: string[] = [];
  const postFailures: string[] = [];
  // The mirror's own timers; the webview takes each batch as it arrives.
  const mirror: WebviewMirror = new WebviewMirror(
    (message: HostToWebview) => {
      posted.push(JSON.stringify(message));
      if (message.type === 'actions') queueMicrotask(() => mirror.taken(message.firstSeq + message.actions.length - 1));
    },
    () => ({ agents: [], defaultAgentId: '' }),
    timerSchedule,
    (line) => postFailures.push(line),
  );
  mirror.setThread(controller);
  mirror.sendSnapshot();
  const webviewState = (): ThreadState | null => {
    let state: ThreadState | null = null;
    for (const text of posted) {
      const message = JSON.parse(text) as HostToWebview;
      if (message.type === 'snapshot') state = message.thread;
      else if (message.type === 'actions' && state) state = reduceAll(state, message.actions);
    }
    return state;
  };
  return { controller, log, posted, postFailures, webviewState, state: () => controller.snapshot().state };
}

function reports(state: ThreadState): any[] {
  return agentText(state)
    .split('\n')
    .filter((line) => line.startsWith('client-calls: '))
    .map((line) => JSON.parse(line.slice('client-calls: '.length)));
}

/** The protocolError entries as the chat words them. */
const errorsOf = (state: ThreadState) =>
  state.entries
    .filter((e): e is Extract<Entry, { kind: 'protocolError' }> => e.kind === 'protocolError')
    .map((e) => ({ ...problemWords(e.problem), raw: e.raw }));
const toolOf = (state: ThreadState, id: string) =>
  state.entries.find((e): e is Extract<Entry, { kind: 'tool' }> => e.kind === 'tool' && e.tool.toolCallId === id)?.tool;

describe('a hostile agent', () => {
  it('malformed and extreme updates: the chat keeps rendering, valid parts are kept, the rest is shown as errors', async () => {
    const t = setup();
    await t.controller.start();
    await within(t.controller.prompt('updates'), 'the end of the updates turn', PROCESS_DEADLINE_MS);
    const state = t.state();
    // Every valid update after each bad one was applied.
    for (let n = 1; n <= 8; n++) expect(agentText(state)).toContain(`alive ${n} `);
    // locations [{path:42}, {path:'/ok/path.ts'}]: the bad item dropped, the good one kept.
    expect(toolOf(state, 'tc-loc-number')?.locations).toEqual([{ path: '/ok/path.ts' }]);
    // The diff with path null / newText 5 dropped, the text content kept.
    expect(toolOf(state, 'tc-loc-number')?.content).toEqual([
      { type: 'content', content: { type: 'text', text: 'kept' } },
    ]);
    // locations "abc": the field dropped, the card kept.
    expect(toolOf(state, 'tc-loc-string')).toMatchObject({ title: 'Locations "abc"', locations: [] });
    // rawInput 5,000 deep: bounded to a marker.
    expect(JSON.stringify(toolOf(state, 'tc-deep')?.rawInput)).toContain(DEPTH_MARKER);
    // 3 KB of '>' is text like any other.
    expect(agentText(state)).toContain('>'.repeat(3000));
    const errors = errorsOf(state);
    expect(errors.map((e) => e.title)).toEqual([
      'Showed part of an invalid tool_call update from the agent',
      'Showed part of an invalid tool_call update from the agent',
      'Showed part of an invalid tool_call_update update from the agent',
      'Ignored an invalid agent_message_chunk update from the agent',
      'Ignored an invalid tool_call update from the agent',
    ]);
    expect(errors[0]!.detail).toContain('update.locations[0].path must be string');
    expect(errors[3]!.detail).toContain('update.content.uri must be string');
    expect(errors[3]!.raw).toContain('"uri":5');
    expect(errors[4]!.detail).toContain("must have required property 'toolCallId'");
    expect(t.log.join('\n')).toContain('ignoring session/update variant "future_variant"');
    // The webview got everything, every post serialised, and its copy equals the host's.
    await vi.waitFor(() => expect(t.webviewState()?.entries).toEqual(t.state().entries));
    expect(t.postFailures).toEqual([]);
    expect(Math.max(...t.posted.map((text) => text.length))).toBeLessThan(64 * 1024);
  });

  it('JSON-RPC edge cases: unreadable ids and batches get -32600 with id null, one answer each; a request as notification gets -32601', async () => {
    const t = setup();
    await t.controller.start();
    await within(t.controller.prompt('wire'), 'the end of the wire turn', PROCESS_DEADLINE_MS);
    const [report] = reports(t.state());
    const stray = report.stray as Array<{ id: unknown; error?: { code: number; message: string }; result?: unknown }>;
    const byId = (id: unknown) => stray.filter((answer) => JSON.stringify(answer.id) === JSON.stringify(id));
    // id {} / null / true / [1], and the empty batch: five -32600 answers with id null.
    expect(byId(null)).toHaveLength(5);
    for (const answer of byId(null)) expect(answer.error?.code).toBe(-32600);
    expect(byId(null)[0]!.error?.message).toMatch(/request id an object is not a string or a number/);
    expect(byId(null).at(-1)?.error?.message).toMatch(/batches are not supported/);
    // The batch's request answered by its own id.
    expect(byId('batch-1')).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: -32600 }) })]);
    expect(byId('no-jsonrpc')).toEqual([
      expect.objectContaining({
        error: expect.objectContaining({ code: -32600, message: expect.stringMatching(/"jsonrpc" is missing/) }),
      }),
    ]);
    expect(byId('update-as-request')).toEqual([
      expect.objectContaining({ error: expect.objectContaining({ code: -32601 }) }),
    ]);
    expect(stray).toHaveLength(5 + 3);
    // The response to an id we never sent was logged, not acted on; the turn ended normally.
    expect(t.state().entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'end_turn' });
    expect(t.log.join('\n')).toMatch(/Rejected a JSON-RPC batch/);
    expect(t.log.join('\n')).toMatch(/Ignored a response to request "never-sent": no request with that id is waiting/);
  });

  it('two answers to one prompt in one read: the first (end_turn) stands, the second is logged', async () => {
    const t = setup();
    await t.controller.start();
    await within(t.controller.prompt('double-response'), 'the end of the double-response turn', PROCESS_DEADLINE_MS);
    expect(t.state().entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'end_turn' });
    expect(t.log.join('\n')).toMatch(
      /Ignored a response to request \d+: no request with that id is waiting .*the first answer stands/,
    );
  });

  it('unanswerable permission requests are answered -32602 at once; none is left pending', async () => {
    const t = setup();
    await t.controller.start();
    await within(t.controller.prompt('permissions'), 'the end of the permissions turn', PROCESS_DEADLINE_MS);
    const answers = reports(t.state()).map((r) => r.answer.error);
    expect(answers.map((e) => e.code)).toEqual([-32602, -32602, -32602]);
    expect(answers[0].message).toBe('Invalid params for session/request_permission: options must be array');
    expect(answers[1].message).toBe(
      "Invalid params for session/request_permission: params must have required property 'toolCall'",
    );
    expect(answers[2].message).toMatch(/offers no options/);
    expect(errorsOf(t.state()).map((e) => e.title)).toContain('The agent asked for permission without any options');
    const pending = t.state().entries.filter((e) => e.kind === 'tool' && e.tool.permission?.state.kind === 'pending');
    expect(pending).toEqual([]);
  });

  it('a permission request outside a turn is shown and can be answered', async () => {
    const t = setup();
    await t.controller.start();
    await within(
      t.controller.prompt('after-turn-permission'),
      'the end of the after-turn-permission turn',
      PROCESS_DEADLINE_MS,
    );
    const state = await vi.waitFor(() => {
      const tool = toolOf(t.state(), 'tc-late');
      if (tool?.permission?.state.kind !== 'pending') throw new Error('not shown yet');
      return t.state();
    });
    expect(state.turn).toEqual({ kind: 'idle' });
    t.controller.resolvePermission(toolOf(state, 'tc-late')!.permission!.permissionId, 'allow');
    await vi.waitFor(() =>
      expect(reports(t.state())).toEqual([
        expect.objectContaining({ answer: { result: { outcome: { outcome: 'selected', optionId: 'allow' } } } }),
      ]),
    );
  });

  it('at most 32 live terminals per session; the 33rd gets a clear error; releasing makes room', async () => {
    const t = setup();
    await t.controller.start();
    await within(t.controller.prompt('terminals-cap'), 'the end of the terminals-cap turn', PROCESS_DEADLINE_MS);
    const [capped, after] = reports(t.state()).filter((r) => r.created !== undefined || r.afterRelease !== undefined);
    expect(capped.created).toBe(32);
    expect(capped.firstError).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/Too many terminals: this session already has 32 live terminals/),
    });
    expect(after.afterRelease).toBe('created');
  }, 30_000);
});
