// codex-acp 2.6's shell commands end to end: the exact updates the real agent sent (recorded on the wire,
// test/fixtures/transcripts/codex-acp-2.6-*.jsonl) played by the scripted agent, a real child process,
// through the connection, the gate and the reducer into the thread a ThreadController holds.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import type { ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import type { AgentTerminalView, ThreadState } from '../../src/shared/thread';
import { recordedStopReason, TRANSCRIPTS } from '../fixtures/recordedTraffic';
import { testHostEnv } from './hostEnv';
import { agentText, scriptedAgent } from './scriptedAgent';
import { tempDir } from './tempDirs';

const controllers: ThreadController[] = [];

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

/** One prompt answered by the recorded turn; the thread as the chat holds it afterwards. */
async function replayTurn(name: string): Promise<{ state: ThreadState; controller: ThreadController }> {
  const cwd = tempDir('switchboard-agent-terminals-');
  const controller = createThreadController({
    threadId: 't',
    agent: scriptedAgent(join(TRANSCRIPTS, `${name}.jsonl`)),
    env: testHostEnv(cwd),
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async () => {
        throw new Error('the recorded turn writes no file through the client');
      },
    },
    spawn: spawnAgentProcess,
    stopGraceMs: 500,
  });
  controllers.push(controller);
  await controller.start();
  await controller.prompt('Run a shell command that writes acp-shell-ok to shell.txt');
  return { state: controller.snapshot().state, controller };
}

function agentTerminal(state: ThreadState): AgentTerminalView {
  const tools = state.entries.filter((entry) => entry.kind === 'tool');
  expect(tools).toHaveLength(1);
  const terminals = tools[0]!.kind === 'tool' ? tools[0]!.tool.agentTerminals : undefined;
  expect(terminals).toHaveLength(1);
  return terminals![0]!;
}

describe('codex-acp 2.6 shell commands, replayed', () => {
  it('the command that writes shell.txt: its output and exit code 0, no terminal of ours', async () => {
    const { state, controller } = await replayTurn('codex-acp-2.6-shell');
    const terminal = agentTerminal(state);
    expect(terminal).toMatchObject({ output: 'acp-shell-ok\n', status: 'exited', exitStatus: { exitCode: 0 } });
    expect(state.terminals).toBeUndefined();
    expect(controller.terminalHandle(terminal.terminalId)).toBeUndefined();
    expect(agentText(state)).toBe('The command ran and shell.txt now contains acp-shell-ok.');
    expect(state.entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'end_turn' });
  });

  it('a streamed command in colours that fails: every delta in order, exit code 3', async () => {
    const { state } = await replayTurn('codex-acp-2.6-colours');
    expect(agentTerminal(state)).toMatchObject({
      output: 'second line\n\x1b[31mlast\x1b[0m\n',
      status: 'exited',
      exitStatus: { exitCode: 3, signal: null },
    });
  });

  it('a cancelled turn whose command never reported an exit: ended, status unknown', async () => {
    const name = 'codex-acp-2.6-cancel';
    const { state } = await replayTurn(name);
    expect(state.entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: recordedStopReason(name) });
    expect(agentTerminal(state)).toMatchObject({ output: 'still waiting\n', status: 'unknown', exitStatus: null });
  });
});
