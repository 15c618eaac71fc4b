// The Demo agent's /subagents (src/demo-agent/subagentSteps.ts) through the real client core: the bundled demo as a
// child process under an AcpThreadController, its files on disk. With subagent sessions the chat holds a Reader and
// a Planner as cards with their own transcripts; the Reader's read, permission and write go through the client on
// its own id and its edit lands on disk once allowed; Stop reaches the Reader only. With switchboard.subagents off
// the same work is plain tool calls of the chat.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_DEADLINE_MS, within } from '../within';
import { buildDemoAgent, demoAgent } from './demoAgentProcess';
import {
  cardsIn,
  childOf,
  disposeChats,
  pendingPermission,
  sessionMessagesIn,
  startChat,
  textOf,
  toolIn,
} from './subagentChat';

let workDir: string;
let agentScript: string;
beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'switchboard-demo-subagents-chat-'));
  agentScript = await buildDemoAgent(workDir);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
afterEach(disposeChats);

const FILE_TEXT = '# Notes\n\nOne line.\n';

/** A chat on the Demo agent in a fresh workspace holding switchboard-demo.md, its /subagents turn started. */
async function subagentsTurn(subagents?: boolean) {
  const cwd = mkdtempSync(join(workDir, 'cwd-'));
  writeFileSync(join(cwd, 'switchboard-demo.md'), FILE_TEXT);
  const chat = await startChat(demoAgent(agentScript), cwd, { subagents });
  const turn = chat.controller.prompt('/subagents');
  const fileText = () => readFileSync(join(cwd, 'switchboard-demo.md'), 'utf8');
  return { ...chat, fileText, ended: () => within(turn, 'the /subagents turn ending', PROCESS_DEADLINE_MS) };
}
type Turn = Awaited<ReturnType<typeof subagentsTurn>>;
const idle = (stopReason: string) => ({ state: 'idle', stopReason, error: null });

/** The Reader's child session id, once announced, and its permission card's id once it asks. */
async function readerAsking(t: Turn): Promise<{ reader: string; permissionId: string }> {
  const reader = () => cardsIn(t.state()).find((card) => card.title === 'Reader')?.sessionId ?? '';
  const permissionId = await pendingPermission(() => childOf(t.state(), reader()), 'demo-turn1-edit');
  return { reader: reader(), permissionId };
}

describe('Demo agent /subagents through the client core, with subagent sessions', () => {
  it("a Reader and a Planner as cards; the Reader's read, permission and write on its own id; the edit on disk", async () => {
    const t = await subagentsTurn();
    const { reader, permissionId } = await readerAsking(t);
    expect(cardsIn(t.state())[0]).toMatchObject({ work: { state: 'requires_action' }, activity: { waiting: 1 } });
    t.controller.resolvePermission(permissionId, 'allow_once');
    await t.ended();
    const state = t.state();
    const planner = cardsIn(state)[1]!.sessionId;
    expect(cardsIn(state).map((card) => [card.title, card.cancellable, card.work])).toEqual([
      ['Reader', true, idle('end_turn')],
      ['Planner', false, idle('end_turn')],
    ]);
    expect(Object.values(state.subagents ?? {}).map((thread) => thread.parentSessionId)).toEqual([null, null]);
    expect(toolIn(childOf(state, reader), 'demo-turn1-edit')).toMatchObject({
      status: 'completed',
      permission: { state: { kind: 'selected' } },
    });
    expect(t.fileText()).toBe(`${FILE_TEXT}- Demo edit #1 at turn 1\n`);
    expect(toolIn(state, 'demo-turn1-reader')?.content).toEqual([{ type: 'session', sessionId: reader }]);
    expect(sessionMessagesIn(childOf(state, planner))[0]).toMatch(/: Draft a plan for the follow-up\.$/);
    expect(childOf(state, planner)?.plan?.map((entry) => entry.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect(textOf(state)).toContain('Each subagent ran in its own child session');
    expect(state.entries.filter((entry) => entry.kind === 'protocolError')).toEqual([]);
  });

  it('Stop on the Reader while it asks: it alone stops, nothing is written; Stop on the Planner is refused', async () => {
    const t = await subagentsTurn();
    const { reader } = await readerAsking(t);
    const planner = cardsIn(t.state())[1]!.sessionId;
    await expect(t.controller.cancelSubagent(planner)).rejects.toThrow('does not let this subagent be cancelled');
    await within(t.controller.cancelSubagent(reader), 'Stop on the Reader');
    await t.ended();
    expect(cardsIn(t.state()).map((card) => card.work)).toEqual([idle('cancelled'), idle('end_turn')]);
    expect(toolIn(childOf(t.state(), reader), 'demo-turn1-edit')?.permission?.state).toEqual({ kind: 'cancelled' });
    expect(t.fileText()).toBe(FILE_TEXT);
  });
});

describe('Demo agent /subagents through the client core, switchboard.subagents off', () => {
  it("the same work as plain tool calls of the chat, its permission the chat's own (with it on: cards)", async () => {
    const on = await subagentsTurn();
    on.controller.resolvePermission((await readerAsking(on)).permissionId, 'allow_once');
    await on.ended();
    expect(cardsIn(on.state())).toHaveLength(2);

    const t = await subagentsTurn(false);
    t.controller.resolvePermission(await pendingPermission(t.state, 'demo-turn1-edit'), 'allow_once');
    await t.ended();
    const state = t.state();
    expect(state.subagents).toBeUndefined();
    expect(cardsIn(state)).toEqual([]);
    expect(['demo-turn1-reader', 'demo-turn1-planner'].map((id) => toolIn(state, id)?.title)).toEqual([
      'Reader',
      'Planner',
    ]);
    expect(t.fileText()).toBe(`${FILE_TEXT}- Demo edit #1 at turn 1\n`);
    expect(textOf(state)).toContain('so their work appears as tool calls in this chat');
  });
});
