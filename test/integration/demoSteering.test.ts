// The Demo agent takes a message added to its running turn (it advertises steering): the bundled demo (a child
// process) driven by the real client core, so `npm start` shows Send now joining a turn without any account.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAcpConnection } from '../../src/protocol/connection';
import { AcpRpcError } from '../../src/protocol/errors';
import type { AcpThreadController } from '../../src/session/threadController';
import type { ThreadState } from '../../src/shared/thread';
import { eventually, PROCESS_DEADLINE_MS, within } from '../within';
import { buildDemoAgent, demoChat } from './demoAgentProcess';

const workDir = mkdtempSync(join(tmpdir(), 'switchboard-demo-steering-'));
let agentScript: string;
beforeAll(async () => {
  agentScript = await buildDemoAgent(workDir);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const controllers: AcpThreadController[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
  for (const child of children.splice(0)) child.kill();
});

function messages(state: ThreadState): string[] {
  return state.entries.flatMap((entry) => {
    if (entry.kind !== 'user' && entry.kind !== 'agent') return [];
    const text = entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
    return [`${entry.kind}${entry.kind === 'user' && entry.steered ? ' (steered)' : ''}: ${text}`];
  });
}

describe('the Demo agent and a message added to its running turn', () => {
  it("/slow takes it in: the chat shows it as the user's, the demo notes it and goes on, one turn", async () => {
    // /slow pauses 13 chunk delays a word: about 2 s in all at 2 ms.
    const controller = demoChat(agentScript, workDir, 2);
    controllers.push(controller);
    await within(controller.start(), 'the demo starting', PROCESS_DEADLINE_MS);
    const state = () => controller.snapshot().state;
    void controller.prompt('/slow');
    await eventually(() => messages(state()).length > 1, 'the slow answer starting', PROCESS_DEADLINE_MS);
    await controller.queuePrompt('use tabs, please');
    await within(controller.sendNow({ id: state().queue![0]!.id }), 'Send now');
    await eventually(() => state().turn.kind === 'idle', 'the slow answer ending', PROCESS_DEADLINE_MS);
    const shown = messages(state());
    expect(shown[0]).toBe('user: /slow');
    expect(shown[2]).toBe('user (steered): use tabs, please');
    expect(shown[3]).toBe('agent: \n\n> Noted: use tabs, please\n\n');
    expect(shown.at(-1)).toMatch(/One message was added to this turn while it ran\.$/);
    expect(state().entries.filter((entry) => entry.kind === 'turnEnd')).toMatchObject([{ stopReason: 'end_turn' }]);
  });

  it('answers promptRequired when no turn runs (and refuses to start one without that opt-in)', async () => {
    const child = spawn(process.execPath, [agentScript], { stdio: ['pipe', 'pipe', 'ignore'] });
    children.push(child);
    const connection = createAcpConnection(child.stdout!, child.stdin!, {});
    const init = await connection.request('initialize', { protocolVersion: 1 });
    expect(init._meta).toEqual({ steering: { supported: true } });
    const { sessionId } = await connection.request('session/new', { cwd: workDir, mcpServers: [] });
    const prompt = [{ type: 'text', text: 'hi' }];
    const steer = (params: object) => connection.request('_session/steering', { sessionId, prompt, ...params });
    expect(await steer({ _meta: { steering: { idleBehavior: 'promptRequired' } } })).toEqual({
      outcome: 'promptRequired',
      reason: 'noRunningTurn',
    });
    await expect(steer({})).rejects.toBeInstanceOf(AcpRpcError);
    await expect(steer({ prompt: [] })).rejects.toThrow(/non-empty prompt/);
    connection.dispose();
  });
});
