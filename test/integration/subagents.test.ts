// Subagent sessions with a real agent process (test/fixtures/subagentAgent.mjs, which plays codex-acp 2.6's
// subagents): the capability is advertised unless switchboard.subagents is off; a child announced on the chat's
// session gets its card and transcript, its own traffic (streamed message, tool call, permission request, fs
// read) arrives with its id and reaches the chat, the user's answer reaches the agent, and the child goes idle.
// Stop on a child sends session/cancel with its id only where its card permits it; the chat's own Stop answers
// the children's waiting requests too.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import type { AgentConfig } from '../../src/session/api';
import { AcpThreadController } from '../../src/session/threadController';
import { FileTexts } from '../../src/review/fileTexts';
import type { SubagentCard } from '../../src/shared/subagentTypes';
import type { Entry, ThreadState, ToolCallView } from '../../src/shared/thread';
import { eventually, within } from '../within';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';

const AGENT = resolve(__dirname, '../fixtures/subagentAgent.mjs');
const controllers: AcpThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

async function start(subagents?: boolean, log?: (line: string) => void) {
  const cwd = tempDir('switchboard-subagents-');
  writeFileSync(join(cwd, 'hello.txt'), 'hi from disk');
  const record = join(cwd, 'received.jsonl');
  const agent: AgentConfig = {
    id: 'sub',
    displayName: 'Subagent agent',
    command: process.execPath,
    args: [AGENT, '--record', record],
    env: {},
    isDemo: false,
  };
  const fileTexts = new FileTexts();
  const controller = new AcpThreadController({
    threadId: 't',
    agent,
    env: testHostEnv(cwd, { subagents, log }),
    handlers: {
      readTextFile: async ({ path }) => ({ content: await readFile(path, 'utf8') }),
      writeTextFile: async ({ path, content }) => fileTexts.record(path, null, content),
    },
    spawn: spawnAgentProcess,
    stopGraceMs: 500,
  });
  controllers.push(controller);
  await within(controller.start(), 'the agent starting', 10_000);
  const received = (method: string) =>
    (existsSync(record) ? readFileSync(record, 'utf8') : '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { method?: string; params: Record<string, unknown> })
      .filter((message) => message.method === method);
  return { controller, cwd, received, state: (): ThreadState => controller.snapshot().state };
}

const child = (state: ThreadState, sessionId: string): ThreadState | undefined => state.subagents?.[sessionId]?.state;
const cardsIn = (state: ThreadState | undefined): SubagentCard[] =>
  (state?.entries ?? []).filter((entry): entry is SubagentCard => entry.kind === 'subagent');
const toolIn = (state: ThreadState | undefined, toolCallId: string): ToolCallView | undefined =>
  (state?.entries ?? [])
    .flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []))
    .find((tool) => tool.toolCallId === toolCallId);
const text = (state: ThreadState | undefined): string =>
  (state?.entries ?? [])
    .flatMap((entry: Entry) => (entry.kind === 'agent' ? entry.parts : []))
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join('|');

async function pendingPermission(read: () => ThreadState | undefined, toolCallId: string): Promise<string> {
  await eventually(
    () => toolIn(read(), toolCallId)?.permission?.state.kind === 'pending',
    `a permission card on ${toolCallId}`,
  );
  return toolIn(read(), toolCallId)!.permission!.permissionId;
}

describe('subagent sessions', () => {
  it('a child streams, asks permission and reads a file on its own id; the answer reaches the agent; it goes idle', async () => {
    const t = await start();
    expect(t.received('initialize')[0]?.params.clientCapabilities).toMatchObject({ subagents: {} });
    const turn = t.controller.prompt('work');
    const permissionId = await pendingPermission(() => child(t.state(), 'child-1'), 'c-read');
    // Minted by the child's own requests: the webview's answer names it.
    expect(permissionId).toMatch(/^subagent\d+-permission-/);
    const [card] = cardsIn(t.state());
    expect(card).toMatchObject({
      sessionId: 'child-1',
      title: 'Explorer',
      description: 'Reads the code',
      cancellable: true,
      work: { state: 'running' },
      activity: { messages: 1, toolCalls: 1, waiting: 1, latest: 'Read hello.txt' },
    });
    expect(text(child(t.state(), 'child-1'))).toBe('Looking at the code.');
    expect(toolIn(t.state(), 'spawn')?.content).toEqual([{ type: 'session', sessionId: 'child-1' }]);
    expect(t.state().entries.filter((entry) => entry.kind === 'protocolError')).toEqual([]);

    t.controller.resolvePermission(permissionId, 'allow');
    await within(turn, 'the turn ending');
    const transcript = child(t.state(), 'child-1');
    expect(text(transcript)).toContain('answer: {"result":{"outcome":{"outcome":"selected","optionId":"allow"}}}');
    expect(text(transcript)).toContain('answer: {"result":{"content":"hi from disk"}}');
    expect(toolIn(transcript, 'c-read')).toMatchObject({
      status: 'completed',
      permission: { state: { kind: 'selected' } },
    });
    expect(cardsIn(t.state())[0]).toMatchObject({
      work: { state: 'idle', stopReason: 'end_turn', error: null },
      activity: { messages: 2, toolCalls: 1, waiting: 0 },
    });
    expect(t.state().entries.find((entry) => entry.kind === 'sessionMessage')).toMatchObject({
      senderSessionId: 'child-1',
      recipientSessionId: 'chat-1',
      parts: [{ kind: 'text', text: 'The code is fine.' }],
    });
  });

  it("a grandchild announced on its parent's id: its card in the child's transcript, its request answered", async () => {
    const t = await start();
    const turn = t.controller.prompt('nested');
    const permissionId = await pendingPermission(() => child(t.state(), 'g-1'), 'g-edit');
    expect(cardsIn(child(t.state(), 'child-1')).map((card) => card.title)).toEqual(['Helper']);
    expect(t.state().subagents?.['g-1']?.parentSessionId).toBe('child-1');
    t.controller.resolvePermission(permissionId, 'reject');
    await within(turn, 'the turn ending');
    expect(text(t.state())).toContain('"optionId":"reject"');
  });

  it("a child's terminal/* run on its own id, in its transcript, with ids of its own", async () => {
    const t = await start();
    await within(t.controller.prompt('terminal'), 'the turn ending', 10_000);
    const transcript = child(t.state(), 'child-1');
    const [terminalId] = Object.keys(transcript?.terminals ?? {});
    expect(terminalId).toMatch(/^subagent\d+-terminal-1$/);
    expect(transcript?.terminals?.[terminalId!]).toMatchObject({ status: 'exited', released: true });
    expect(text(transcript)).toContain('"exitStatus":{"exitCode":0');
    expect(text(transcript)).toContain('from the child');
    expect(t.controller.terminalReplay(terminalId!)).toContain('from the child');
    expect(t.state().terminals).toBeUndefined();
  });

  it('a request-scoped form goes to the chat, its only chat, also while a child is routed', async () => {
    const t = await start();
    const turn = t.controller.prompt('ask');
    await eventually(() => t.state().entries.some((entry) => entry.kind === 'elicitation'), 'the form');
    const form = t.state().entries.find((entry) => entry.kind === 'elicitation');
    t.controller.resolveElicitation(form!.kind === 'elicitation' ? form!.elicitationId : '', 'decline');
    await within(turn, 'the turn ending');
    expect(text(t.state())).toContain('answer: {"result":{"action":"decline"}}');
  });

  it('Stop on a child that permits it: session/cancel with its id, its waiting request answered cancelled', async () => {
    const t = await start();
    const turn = t.controller.prompt('cancel');
    await pendingPermission(() => child(t.state(), 'child-2'), 'c-run');
    await t.controller.cancelSubagent('child-2');
    await within(turn, 'the turn ending');
    expect(t.received('session/cancel').map((message) => message.params)).toEqual([{ sessionId: 'child-2' }]);
    expect(text(t.state())).toContain('answer: {"result":{"outcome":{"outcome":"cancelled"}}}');
    expect(toolIn(child(t.state(), 'child-2'), 'c-run')).toMatchObject({ status: 'cancelled' });
    expect(cardsIn(t.state())[0]?.work).toEqual({ state: 'idle', stopReason: 'cancelled', error: null });
  });

  it('Stop on a child whose card does not permit it is refused with the reason, and nothing is sent', async () => {
    const t = await start();
    await within(t.controller.prompt('locked'), 'the turn ending');
    expect(cardsIn(t.state())[0]).toMatchObject({ sessionId: 'child-3', cancellable: false });
    await expect(t.controller.cancelSubagent('child-3')).rejects.toThrow('does not let this subagent be cancelled');
    await expect(t.controller.cancelSubagent('nobody')).rejects.toThrow('no such subagent');
    expect(t.received('session/cancel')).toEqual([]);
  });

  it("the chat's own Stop answers its children's waiting requests too", async () => {
    const t = await start();
    const turn = t.controller.prompt('cancel');
    await pendingPermission(() => child(t.state(), 'child-2'), 'c-run');
    await t.controller.cancel();
    await within(turn, 'the turn ending');
    expect(t.received('session/cancel').map((message) => message.params)).toEqual([{ sessionId: 'chat-1' }]);
    expect(text(t.state())).toContain('answer: {"result":{"outcome":{"outcome":"cancelled"}}}');
    expect(toolIn(child(t.state(), 'child-2'), 'c-run')?.permission?.state).toEqual({ kind: 'cancelled' });
  });

  it('advertised by default; switchboard.subagents off: not advertised, the agent falls back, and any it sends anyway are ignored', async () => {
    const on = await start();
    expect(on.received('initialize')[0]?.params.clientCapabilities).toMatchObject({ subagents: {} });
    const logs: string[] = [];
    const t = await start(false, (line) => logs.push(line));
    expect(t.received('initialize')[0]?.params.clientCapabilities).not.toHaveProperty('subagents');
    await within(t.controller.prompt('work'), 'the turn ending');
    expect(toolIn(t.state(), 'spawn')?.title).toBe('Spawn agent (no subagent sessions)');
    await within(t.controller.prompt('anyway'), 'the turn ending');
    expect(t.state().subagents).toBeUndefined();
    expect(cardsIn(t.state())).toEqual([]);
    expect(logs).toContain(
      '[switchboard] ignoring subagent session updates: switchboard.subagents is off (not advertised)',
    );
  });
});
