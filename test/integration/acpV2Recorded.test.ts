// ACP v2 sessions recorded from the real agents (scripts/dev/recordAgentTranscript.mjs --v2: claude-agent-acp 0.101
// and codex-acp 2.6 with the scripted fake model), replayed by the scripted agent to a real ThreadController with
// switchboard.acpV2 on: each prompt is acknowledged and its turn follows as the agent sent it. Two turns each: a
// file written by the agent's own tool (a structured diff with a git_patch), and a shell command in a terminal the
// agent runs itself (terminal_update / terminal_output_chunk); claude-agent-acp asks permission for both (v2's
// request with its own title and a tool_call subject).
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AcpThreadController } from '../../src/session/threadController';
import type { ThreadState, ToolCallView } from '../../src/shared/thread';
import { tempDir } from './tempDirs';
import { testHostEnv } from './hostEnv';
import { agentText, scriptedAgent } from './scriptedAgent';
import { within } from '../within';

const TRANSCRIPTS = resolve(__dirname, '../fixtures/transcripts');
const controllers: AcpThreadController[] = [];

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

const tools = (state: ThreadState): ToolCallView[] =>
  state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []));

async function replay(file: string) {
  const cwd = tempDir('switchboard-acp-v2-recorded-');
  const controller = new AcpThreadController({
    threadId: 't',
    agent: scriptedAgent(resolve(TRANSCRIPTS, file)),
    env: testHostEnv(cwd, { acpV2: true }),
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async () => {
        throw new Error('v2 agents write files themselves');
      },
    },
    stopGraceMs: 500,
  });
  controllers.push(controller);
  // Every permission request is allowed once, as the recorder answered it.
  controller.onEvent(() => {
    for (const tool of tools(controller.snapshot().state))
      if (tool.permission?.state.kind === 'pending') {
        const allow = tool.permission.options.find((option) => option.kind === 'allow_once')!;
        controller.resolvePermission(tool.permission.permissionId, allow.optionId);
      }
  });
  await within(controller.start(), 'the recorded agent starting');
  await within(controller.prompt('Create hello.txt containing hi'), 'the first recorded turn');
  await within(controller.prompt('Run a shell command that writes acp-shell-ok to shell.txt'), 'the second turn');
  return controller.snapshot().state;
}

describe.each([
  [
    'claude-agent-acp-0.101-v2.wire.jsonl',
    { permissions: ['Write hello.txt', 'echo acp-shell-ok > shell.txt && cat shell.txt'] },
  ],
  ['codex-acp-2.6-v2.wire.jsonl', { permissions: [] as string[] }],
])('the recorded v2 session %s', (file, expected) => {
  it('two turns end on idle end_turn, each prompt shown once, with the diff, the terminal and the permissions', async () => {
    const state = await replay(file);
    expect(state.connection.kind).toBe('ready');
    expect(state.turn.kind).toBe('idle');
    expect(state.entries.filter((entry) => entry.kind === 'protocolError')).toEqual([]);
    // The agent's user_message is the echo of the prompt: each prompt shows once.
    expect(state.entries.filter((entry) => entry.kind === 'user')).toHaveLength(2);
    expect(state.entries.filter((entry) => entry.kind === 'turnEnd')).toEqual([
      expect.objectContaining({ stopReason: 'end_turn' }),
      expect.objectContaining({ stopReason: 'end_turn' }),
    ]);
    const edit = tools(state).find((tool) => tool.kind === 'edit')!;
    expect(edit.status).toBe('completed');
    expect(edit.content.find((item) => item.type === 'diff')).toMatchObject({
      path: '/workspace/hello.txt',
      created: true,
      diff: { added: 1, removed: 0 },
    });
    const shell = tools(state).find((tool) => tool.kind === 'execute')!;
    expect(shell.status).toBe('completed');
    expect(shell.agentTerminals?.[0]).toMatchObject({
      status: 'exited',
      output: expect.stringContaining('acp-shell-ok'),
    });
    expect(agentText(state)).toContain('acp-shell-ok');
    const asked = tools(state).filter((tool) => tool.permission);
    expect(asked.map((tool) => tool.permission!.prompt?.title)).toEqual(expected.permissions);
    expect(asked.every((tool) => tool.permission!.state.kind === 'selected')).toBe(true);
  });
});
