// Issue #9 item 2: Gemini CLI could not create a file. The scripted agent plays the exact request
// sequence Gemini CLI 0.61.0 makes (recorded with the real agent): read the missing file, ask
// permission, read it again, write it. Our real read handler answers; with Gemini CLI's agentInfo
// the read of a missing file answers '' (src/agents/quirks/gemini.ts) and the file is written;
// any other agent still gets the protocol's -32002, and the same sequence then fails exactly as
// Gemini CLI failed ("Error checking existing file: Resource not found: ...").
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { createFsRequestHandlers } from '../../src/vscode/fs/fsRequests';
import { DiskEditor } from '../unit/vscode/fs/diskEditor';
import type { AgentConfig, ClientHandlers, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import type { ThreadState } from '../../src/shared/thread';
import { tempDir } from './tempDirs';
import { testHostEnv } from './hostEnv';
import { agentText } from './scriptedAgent';

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

function setup(extraArgs: string[] = []) {
  const cwd = realpathSync(tempDir('switchboard-gemini-'));
  const record = join(cwd, '..', `${cwd.split('/').pop()}-stdin.jsonl`);
  const agent: AgentConfig = {
    id: 'gemini',
    displayName: 'Gemini CLI',
    command: process.execPath,
    args: [SCRIPTED_AGENT, '--scenario', 'gemini-new-file', '--record', record, ...extraArgs],
    env: {},
    isDemo: false,
  };
  const env = testHostEnv(cwd);
  let controller: ThreadController | undefined = undefined;
  // The real handlers; the editor step of a write goes straight to disk (the read is what decides here).
  const editor = new DiskEditor();
  editor.folders = [cwd];
  const handlers: ClientHandlers = createFsRequestHandlers(
    {
      agentName: agent.displayName,
      readOutsideWorkspace: () => 'deny',
      maxReadBytes: () => 50 * 1024 * 1024,
      confirmOutsideWorkspace: async () => 'deny',
      log: () => undefined,
      // As src/extension.ts wires it: the quirks key on the agent's own initialize answer.
      agent: () => ({
        agentInfo: controller?.snapshot().state.agentInfo ?? null,
        command: agent.command,
        args: agent.args,
      }),
    },
    editor,
  );
  controller = createThreadController({ threadId: 't', agent, env, handlers, stopGraceMs: 500 });
  controllers.push(controller);
  controller.onEvent(({ action }) => {
    if (action.type === 'permissionRequested') controller?.resolvePermission(action.permissionId, 'proceed_once');
  });
  const sent = () =>
    readFileSync(record, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id?: unknown; method?: string; result?: unknown; error?: unknown });
  return { controller, cwd, sent };
}

function toolStatus(state: ThreadState): string | undefined {
  for (const entry of state.entries) if (entry.kind === 'tool') return entry.tool.status;
  return undefined;
}

describe('Gemini CLI creating a new file (scripted: its exact request sequence)', () => {
  it('creates hello.txt: both reads of the missing file answer empty text, then the write lands', async () => {
    const t = setup();
    await t.controller.start();
    expect(t.controller.snapshot().state.agentInfo?.name).toBe('gemini-cli');
    await t.controller.prompt('hello.txt');
    const file = join(t.cwd, 'hello.txt');
    expect(existsSync(file) && readFileSync(file, 'utf8')).toBe('hi\n');
    const state = t.controller.snapshot().state;
    expect(agentText(state)).not.toContain('Error checking existing file');
    expect(toolStatus(state)).toBe('completed');
    // What we answered, in order: read '', permission, read '', write.
    const answers = t.sent().filter((message) => message.method === undefined && typeof message.id === 'string');
    expect(answers.map((message) => message.error ?? message.result)).toEqual([
      { content: '' },
      { outcome: { outcome: 'selected', optionId: 'proceed_once' } },
      { content: '' },
      {},
    ]);
  });

  it("another agent making the same requests gets -32002, and Gemini CLI's logic would fail on it", async () => {
    const t = setup(['--agent-name', 'not-gemini']);
    await t.controller.start();
    await t.controller.prompt('hello.txt');
    const file = join(t.cwd, 'hello.txt');
    expect(existsSync(file)).toBe(false);
    const state = t.controller.snapshot().state;
    expect(agentText(state)).toContain(`Error checking existing file: Resource not found: ${file}`);
    expect(toolStatus(state)).toBe('failed');
    const [firstAnswer] = t.sent().filter((message) => message.method === undefined && typeof message.id === 'string');
    expect(firstAnswer!.error).toMatchObject({ code: -32002 });
  });
});
