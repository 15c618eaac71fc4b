// A chat in its own worktree, end to end through the real client core with the scripted agent (a real child
// process): the agent's process and session start in the worktree, its fs/read_text_file and fs/write_text_file reach
// the worktree's files on disk (never the workspace's), a read of the user's workspace is outside (asked, refused),
// and its terminals start in the worktree and nowhere outside it.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutsideRequest } from '../../src/fs/outsideAccess';
import type { AgentConfig, ThreadController } from '../../src/session/api';
import { confinedEnvironment } from '../../src/session/chatRoots';
import { createThreadController } from '../../src/session/threadController';
import type { ThreadState } from '../../src/shared/thread';
import { foldersInside } from '../../src/shared/workspaceRoots';
import { createFsRequestHandlers } from '../../src/vscode/fs/fsRequests';
import { worktreeFiles } from '../../src/vscode/worktrees/worktreeFiles';
import { PROCESS_DEADLINE_MS, eventually, within } from '../within';
import { testHostEnv } from './hostEnv';
import { agentText, scriptedAgent } from './scriptedAgent';
import { tempDir } from './tempDirs';

const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

function worktreeChat(agent: AgentConfig) {
  const workspace = tempDir('switchboard-wt-workspace-');
  writeFileSync(join(workspace, 'hello.txt'), 'hello from the workspace\n');
  const worktree = join(tempDir('switchboard-wt-storage-'), 'wt-1');
  cpSync(workspace, worktree, { recursive: true });
  writeFileSync(join(worktree, 'hello.txt'), 'hello from the worktree\n');
  const asked: OutsideRequest[] = [];
  const env = confinedEnvironment(testHostEnv(workspace), [worktree]);
  const handlers = createFsRequestHandlers(
    {
      agentName: agent.displayName,
      readOutsideWorkspace: () => 'ask',
      maxReadBytes: () => 1024 * 1024,
      confirmOutsideWorkspace: async (request) => (asked.push(request), 'deny'),
      log: () => undefined,
      workspaceFolders: () => foldersInside(controller.snapshot().state.agentCapabilities, [worktree]),
    },
    worktreeFiles(() => [worktree]),
  );
  const controller = createThreadController({
    threadId: 't',
    agent,
    env,
    handlers,
    stopGraceMs: 500,
    worktree: { id: 'wt-1', folders: [worktree] },
  });
  controllers.push(controller);
  return { controller, workspace, worktree, asked, state: (): ThreadState => controller.snapshot().state };
}

interface Report {
  method: string;
  answer: { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

function reports(state: ThreadState): Report[] {
  return agentText(state)
    .split('\n')
    .filter((line) => line.startsWith('client-calls: '))
    .map((line) => JSON.parse(line.slice('client-calls: '.length)) as Report);
}

describe('a chat in its own worktree, with the scripted agent', () => {
  it("starts the agent's process and session in the worktree, and keeps the worktree in the chat's state", async () => {
    const t = worktreeChat(scriptedAgent('probe'));
    await within(t.controller.start(), 'the probe agent to start', PROCESS_DEADLINE_MS);
    await within(t.controller.prompt('info'), 'the probe to answer', PROCESS_DEADLINE_MS);
    const probe = JSON.parse(/probe: (.*)/.exec(agentText(t.state()))![1]!) as { cwd: string; sessionCwd: string };
    expect(probe).toMatchObject({ cwd: t.worktree, sessionCwd: t.worktree });
    expect(t.state().worktree).toEqual({ id: 'wt-1', folders: [t.worktree] });
  });

  it("reads and writes the worktree's files, never the workspace's", async () => {
    const t = worktreeChat(scriptedAgent('client-calls'));
    await within(t.controller.start(), 'the scripted agent to start', PROCESS_DEADLINE_MS);
    const turn = t.controller.prompt('go');
    const pending = () =>
      t.state().entries.find((entry) => entry.kind === 'tool' && entry.tool.permission?.state.kind === 'pending');
    await eventually(() => pending() !== undefined, 'the permission request');
    const asking = pending();
    if (asking?.kind !== 'tool') throw new Error('no tool entry');
    t.controller.resolvePermission(asking.tool.permission!.permissionId, 'allow');
    await within(turn, 'the turn to end', PROCESS_DEADLINE_MS);
    const [readReport, , writeReport] = reports(t.state());
    expect(readReport?.answer.result).toEqual({ content: 'hello from the worktree\n' });
    expect(writeReport?.answer.error).toBeUndefined();
    expect(readFileSync(join(t.worktree, 'scripted-output.txt'), 'utf8')).toBe('written by scripted-agent\n');
    expect(existsSync(join(t.workspace, 'scripted-output.txt'))).toBe(false);
    expect(t.asked).toEqual([]);
  });

  it("treats a read of the user's workspace as outside: asked, and refused when denied", async () => {
    const t = worktreeChat(scriptedAgent('read-path'));
    await within(t.controller.start(), 'the scripted agent to start', PROCESS_DEADLINE_MS);
    await within(t.controller.prompt(join(t.workspace, 'hello.txt')), 'the read to be answered', PROCESS_DEADLINE_MS);
    expect(reports(t.state())[0]?.answer.error?.message).toMatch(/refused: it is outside the workspace folders/);
    expect(t.asked).toMatchObject([{ kind: 'read', realPath: join(t.workspace, 'hello.txt') }]);
  });

  it('starts terminals in the worktree, and refuses a cwd in the workspace', async () => {
    const t = worktreeChat(scriptedAgent('terminals'));
    await within(t.controller.start(), 'the scripted agent to start', PROCESS_DEADLINE_MS);
    await within(t.controller.prompt('pwd:{"command":"pwd"}'), 'the pwd flow', PROCESS_DEADLINE_MS);
    const output = reports(t.state()).find((report) => report.method === 'terminal/output');
    expect(output?.answer.result).toMatchObject({ output: `${t.worktree}\n` });
    const before = reports(t.state()).length;
    const outside = JSON.stringify({ command: 'pwd', cwd: t.workspace });
    await within(t.controller.prompt(`out:${outside}`), 'the refused flow', PROCESS_DEADLINE_MS);
    expect(reports(t.state())[before]?.answer.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining("outside this chat's worktree"),
    });
  });
});
