// Subagent sessions through the real client core: the scripted agent's `subagents` scenario (a real child process,
// test/fixtures/scripted/subagents.mjs has the exact sequence) drives an AcpThreadController. The chat's state holds
// the tree (two children on the chat, a grandchild on its parent child), each child's transcript and card with the
// state the agent ended it in, the messages between sessions and the tool calls' links to them; the children's own
// requests (a permission, an fs read, a terminal) carry their ids and are answered through the controller; a
// request-scoped form goes to the chat. Stop reaches only the child whose card permits it; the chat's own Stop
// answers the children's waiting requests; switchboard.subagents off leaves them unadvertised (plain tool calls).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadState } from '../../src/shared/thread';
import { PROCESS_DEADLINE_MS, within } from '../within';
import { scriptedAgent } from './scriptedAgent';
import {
  answerForm,
  cardsIn,
  childOf,
  disposeChats,
  pendingPermission,
  sessionMessagesIn,
  startChat,
  textOf,
  toolIn,
} from './subagentChat';
import { tempDir } from './tempDirs';

const CHAT = 'scripted-session-1';
const READER = 'subagent-1-reader';
const PLANNER = 'subagent-1-planner';
const COUNTER = 'subagent-1-counter';
const README = '# Switchbord\n\nA chat for coding agents.\n';
const PLANNER_ERROR = 'The planner could not finish: the plan needs a decision from you.';

async function start(options: { subagents?: boolean; log?: (line: string) => void; extraArgs?: string[] } = {}) {
  const cwd = tempDir('switchboard-subagents-');
  writeFileSync(join(cwd, 'README.md'), README);
  const record = join(cwd, 'received.jsonl');
  const agent = scriptedAgent('subagents', { extraArgs: ['--record', record, ...(options.extraArgs ?? [])] });
  const chat = await startChat(agent, cwd, { ...options, record });
  return { ...chat, cwd, delegate: () => chat.controller.prompt('delegate to subagents') };
}
type Chat = Awaited<ReturnType<typeof start>>;
const ended = (turn: Promise<void>) => within(turn, 'the turn ending', PROCESS_DEADLINE_MS);

describe('a whole delegation: the Reader allowed to edit, the form declined', () => {
  let t: Chat;
  let whileAsking: ThreadState;
  let permissionId: string;
  beforeAll(async () => {
    t = await start();
    const turn = t.delegate();
    permissionId = await pendingPermission(() => childOf(t.state(), READER), 'reader-edit-1');
    whileAsking = t.state();
    t.controller.resolvePermission(permissionId, 'allow');
    await answerForm(t, 'decline');
    await ended(turn);
    // The hook's own timeout (10 s) must not cut the deadlines above short: they name what never came.
  }, 30_000);
  afterAll(disposeChats);

  it('advertises subagents; the tree: two children on the chat, the grandchild on the Planner', () => {
    expect(t.received('initialize')[0]?.params.clientCapabilities).toMatchObject({ subagents: {} });
    const state = t.state();
    expect(Object.entries(state.subagents ?? {}).map(([id, child]) => [id, child.parentSessionId])).toEqual([
      [READER, null],
      [PLANNER, null],
      [COUNTER, PLANNER],
    ]);
    expect(cardsIn(state).map((card) => [card.sessionId, card.title, card.cancellable])).toEqual([
      [READER, 'Reader', true],
      [PLANNER, 'Planner', false],
    ]);
    expect(cardsIn(childOf(state, PLANNER)).map((card) => [card.sessionId, card.title])).toEqual([
      [COUNTER, 'Counter'],
    ]);
    expect(cardsIn(childOf(state, READER))).toEqual([]);
    expect(childOf(state, PLANNER)?.plan?.map((entry) => entry.content)).toEqual(['Fix the title', 'Count the lines']);
    expect(state.entries.filter((entry) => entry.kind === 'protocolError')).toEqual([]);
  });

  it('each card holds the state its child ended in: end_turn, or error with its message', () => {
    const state = t.state();
    expect(cardsIn(state).map((card) => card.work)).toEqual([
      { state: 'idle', stopReason: 'end_turn', error: null },
      { state: 'idle', stopReason: 'error', error: PLANNER_ERROR },
    ]);
    expect(cardsIn(childOf(state, PLANNER))[0]?.work).toEqual({ state: 'idle', stopReason: 'end_turn', error: null });
    expect(toolIn(state, 'delegate-1-reader')?.status).toBe('completed');
    expect(toolIn(state, 'delegate-1-planner')?.status).toBe('failed');
  });

  it('the tool calls link their child; the messages between sessions sit in both transcripts', () => {
    const state = t.state();
    expect(toolIn(state, 'delegate-1-reader')?.content).toEqual([{ type: 'session', sessionId: READER }]);
    expect(toolIn(state, 'delegate-1-planner')?.content).toEqual([{ type: 'session', sessionId: PLANNER }]);
    const task = `${CHAT}->${READER}: Read README.md and fix its title.`;
    const report = `${READER}->${CHAT}: README.md is done.`;
    expect(sessionMessagesIn(state)).toEqual([`to-reader-1 ${task}`, `from-reader-1 ${report}`]);
    expect(sessionMessagesIn(childOf(state, READER))).toEqual([`from-parent-1 ${task}`, `to-parent-1 ${report}`]);
  });

  it("the Reader's permission waits in its own transcript, and the answer through the controller reaches the agent", () => {
    expect(permissionId).toMatch(/^subagent\d+-permission-/);
    expect(cardsIn(whileAsking)[0]).toMatchObject({ work: { state: 'requires_action' }, activity: { waiting: 1 } });
    expect(toolIn(whileAsking, 'reader-edit-1')).toBeUndefined();
    const reader = childOf(t.state(), READER);
    expect(toolIn(reader, 'reader-edit-1')).toMatchObject({
      status: 'completed',
      permission: { state: { kind: 'selected' } },
    });
    expect(textOf(reader)).toBe('Reading README.md.Fixed the title.');
    expect(cardsIn(t.state())[0]?.activity).toMatchObject({ waiting: 0, toolCalls: 2 });
  });

  it('the Reader reads README.md from disk on its own id', () => {
    // Not the scenario's canned text: the client read the file for the Reader's own request.
    expect(toolIn(childOf(t.state(), READER), 'reader-read-1')).toMatchObject({
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: README } }],
    });
  });

  it("the Counter (the Planner's child) runs a terminal on its own id: in its transcript, with ids of its own", () => {
    const counter = childOf(t.state(), COUNTER);
    const [terminalId] = Object.keys(counter?.terminals ?? {});
    expect(terminalId).toMatch(/^subagent\d+-terminal-1$/);
    expect(counter?.terminals?.[terminalId!]).toMatchObject({ status: 'exited', released: true });
    expect(toolIn(counter, 'counter-count-1')).toMatchObject({ status: 'completed' });
    expect(textOf(counter)).toBe('Counting lines.Counted: 3 README.md');
    expect(t.controller.terminalReplay(terminalId!)).toContain('3 README.md');
    expect(t.state().terminals).toBeUndefined();
  });

  it('the request-scoped form went to the chat (its only chat) while the children were routed', () => {
    expect(t.state().entries.find((entry) => entry.kind === 'elicitation')).toMatchObject({ answer: 'decline' });
    expect(textOf(t.state())).toBe(
      "I'll split this between two subagents." +
        ' Your decision: {"action":"decline"}. The reader is done; the planner failed.',
    );
  });
});

describe('Stop on a subagent', () => {
  afterEach(disposeChats);

  it('on the Reader: session/cancel with its id only, its waiting permission answered cancelled, the turn goes on', async () => {
    const t = await start();
    const turn = t.delegate();
    await pendingPermission(() => childOf(t.state(), READER), 'reader-edit-1');
    await within(t.controller.cancelSubagent(READER), 'Stop on the Reader');
    await answerForm(t, 'cancel');
    await ended(turn);
    expect(t.received('session/cancel').map((message) => message.params)).toEqual([{ sessionId: READER }]);
    expect(toolIn(childOf(t.state(), READER), 'reader-edit-1')?.permission?.state).toEqual({ kind: 'cancelled' });
    expect(cardsIn(t.state()).map((card) => card.work)).toEqual([
      { state: 'idle', stopReason: 'cancelled', error: null },
      { state: 'idle', stopReason: 'error', error: PLANNER_ERROR },
    ]);
    expect(t.state().entries.filter((entry) => entry.kind === 'turnEnd')).toMatchObject([{ stopReason: 'end_turn' }]);
  });

  it('on the Planner and the Counter (no cancel capability): refused with the reason, nothing sent', async () => {
    const t = await start();
    const turn = t.delegate();
    await pendingPermission(() => childOf(t.state(), READER), 'reader-edit-1');
    expect(cardsIn(t.state())[1]).toMatchObject({ sessionId: PLANNER, cancellable: false });
    await expect(t.controller.cancelSubagent(PLANNER)).rejects.toThrow('does not let this subagent be cancelled');
    await expect(t.controller.cancelSubagent(COUNTER)).rejects.toThrow('does not let this subagent be cancelled');
    await expect(t.controller.cancelSubagent('nobody')).rejects.toThrow('no such subagent');
    expect(t.received('session/cancel')).toEqual([]);
    expect(cardsIn(t.state())[0]?.work).toEqual({ state: 'requires_action' });
    t.controller.resolvePermission(
      toolIn(childOf(t.state(), READER), 'reader-edit-1')!.permission!.permissionId,
      'reject',
    );
    await answerForm(t, 'decline');
    await ended(turn);
    expect(textOf(childOf(t.state(), READER))).toContain('Left README.md as it was.');
  });

  it("the chat's own Stop: session/cancel of the chat, the children stopped, the Reader's request answered", async () => {
    const t = await start();
    const turn = t.delegate();
    await pendingPermission(() => childOf(t.state(), READER), 'reader-edit-1');
    await within(t.controller.cancel(), 'Stop');
    await ended(turn);
    expect(t.received('session/cancel').map((message) => message.params)).toEqual([{ sessionId: CHAT }]);
    expect(toolIn(childOf(t.state(), READER), 'reader-edit-1')?.permission?.state).toEqual({ kind: 'cancelled' });
    expect(cardsIn(t.state())[0]?.work).toEqual({ state: 'idle', stopReason: 'cancelled', error: null });
    expect(t.state().entries.filter((entry) => entry.kind === 'turnEnd')).toMatchObject([{ stopReason: 'cancelled' }]);
  });
});

describe('switchboard.subagents', () => {
  afterEach(disposeChats);

  it('decides: on (the default), the children as cards; off, unadvertised: the same work as plain tool calls', async () => {
    const on = await start();
    const onTurn = on.delegate();
    on.controller.resolvePermission(
      await pendingPermission(() => childOf(on.state(), READER), 'reader-edit-1'),
      'allow',
    );
    await answerForm(on, 'decline');
    await ended(onTurn);
    expect(Object.keys(on.state().subagents ?? {})).toEqual([READER, PLANNER, COUNTER]);

    const off = await start({ subagents: false });
    expect(off.received('initialize')[0]?.params.clientCapabilities).not.toHaveProperty('subagents');
    const turn = off.delegate();
    // The Reader's permission is the chat's own now.
    off.controller.resolvePermission(await pendingPermission(off.state, 'reader-edit-1'), 'allow');
    await ended(turn);
    const state = off.state();
    expect(state.subagents).toBeUndefined();
    expect(cardsIn(state)).toEqual([]);
    expect(['delegate-1-reader', 'delegate-1-planner', 'reader-edit-1'].map((id) => toolIn(state, id)?.status)).toEqual(
      ['completed', 'failed', 'completed'],
    );
    expect(toolIn(state, 'delegate-1-reader')).toMatchObject({ title: 'Reader', kind: 'other' });
    expect(state.entries.some((entry) => entry.kind === 'sessionMessage')).toBe(false);
  });

  it('off: what an agent sends of subagents anyway is ignored and said once in the log', async () => {
    const on = await start();
    const onTurn = on.delegate();
    await pendingPermission(() => childOf(on.state(), READER), 'reader-edit-1');
    await within(on.controller.cancel(), 'Stop');
    await ended(onTurn);
    expect(cardsIn(on.state())).toHaveLength(2);

    const logs: string[] = [];
    const off = await start({ subagents: false, extraArgs: ['--subagents-anyway'], log: (line) => logs.push(line) });
    const turn = off.delegate();
    await answerForm(off, 'decline');
    await ended(turn);
    expect(off.state().subagents).toBeUndefined();
    expect(cardsIn(off.state())).toEqual([]);
    const said = '[switchboard] ignoring subagent session updates: switchboard.subagents is off (not advertised)';
    expect(logs.filter((line) => line === said)).toHaveLength(1);
  });
});
