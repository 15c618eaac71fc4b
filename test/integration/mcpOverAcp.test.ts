// Switchboard's editor MCP server over ACP (UNSTABLE: mcp/connect, mcp/message, mcp/disconnect): the scripted agent
// (scenario mcp-over-acp, test/fixtures/scripted/mcpOverAcp.mjs) advertises mcpCapabilities.acp, is given
// `{type: "acp"}` in session/new, and calls the tools as an MCP client through the ACP connection. The server is the
// real one (the MCP SDK over src/chat/mcp/mcpAcpConnection.ts), acting in the chat's session through the real fs
// handlers over real files: a read sees the editor's unsaved text, a write asks in the chat's card first.
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acpEditorServer } from '../../src/chat/mcp/mcpAcpConnection';
import type { LanguageFeatures } from '../../src/chat/mcp/languageTools';
import type { AgentConfig, EditorToolsOffer, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { EDITOR_TOOL_NAMES } from '../../src/shared/editorToolNames';
import { createFsRequestHandlers } from '../../src/vscode/fs/fsRequests';
import { DiskEditor } from '../unit/vscode/fs/diskEditor';
import { testHostEnv } from './hostEnv';
import { agentText } from './scriptedAgent';
import { tempDir } from './tempDirs';

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

const language: LanguageFeatures = {
  diagnostics: async () => [],
  workspaceSymbols: async () => [],
  definition: async () => [],
  references: async () => [],
  openEditors: () => [],
  selection: () => null,
};

interface Report {
  servers: Array<{ type: string; name: string; serverId: string }>;
  connectionId: string | null;
  tools: string[] | null;
  results: Array<{ content: Array<{ text: string }>; isError?: boolean } | undefined>;
  errors: Array<{ step: string; code: number; message: string }>;
  fromServer: unknown[];
}

function setup(answer: 'allow' | 'reject' = 'allow') {
  const cwd = realpathSync(tempDir('switchboard-mcp-acp-'));
  const agent: AgentConfig = {
    id: 'mcp-acp',
    displayName: 'MCP over ACP',
    command: process.execPath,
    args: [SCRIPTED_AGENT, '--scenario', 'mcp-over-acp'],
    env: {},
    isDemo: false,
  };
  const env = testHostEnv(cwd);
  const offers: EditorToolsOffer[] = [];
  let serverIds = 0;
  env.editorTools = async (request) => {
    const offer: EditorToolsOffer = {
      server: { type: 'acp', name: 'switchboard', serverId: `switchboard-test-${++serverIds}` },
      acp: acpEditorServer({ session: request.session, language }, EDITOR_TOOL_NAMES, '0.0.0-test'),
      tools: EDITOR_TOOL_NAMES,
      note: { kind: 'editorTools', agent: agent.displayName, server: 'switchboard', tools: [...EDITOR_TOOL_NAMES] },
      close: () => undefined,
    };
    offers.push(offer);
    return offer;
  };
  const editor = new DiskEditor();
  editor.folders = [cwd];
  const handlers = createFsRequestHandlers(
    {
      agentName: agent.displayName,
      readOutsideWorkspace: () => 'deny',
      maxReadBytes: () => 50 * 1024 * 1024,
      confirmOutsideWorkspace: async () => 'deny',
      log: () => undefined,
    },
    editor,
  );
  const controller = createThreadController({ threadId: 't', agent, env, handlers, stopGraceMs: 500 });
  controllers.push(controller);
  const asked: string[] = [];
  controller.onEvent(({ action }) => {
    if (action.type !== 'permissionRequested') return;
    asked.push(action.permissionId);
    controller.resolvePermission(action.permissionId, answer);
  });
  /** Sends a plan as the prompt; the agent's report of it. */
  const play = async (plan: Record<string, unknown>): Promise<Report> => {
    const before = agentText(controller.snapshot().state).length;
    await controller.prompt(JSON.stringify(plan));
    const said = agentText(controller.snapshot().state).slice(before);
    const match = /mcp: (\{.*\})/s.exec(said);
    if (!match) throw new Error(`no report from the agent: ${said}`);
    return JSON.parse(match[1]!) as Report;
  };
  return { controller, cwd, editor, play, asked, offers };
}

const text = (result: Report['results'][number]) => result?.content.map((part) => part.text).join('');

describe('the editor MCP server over ACP', () => {
  it('is offered as an acp server; the agent connects, reads unsaved text, writes after the chat asked, disconnects', async () => {
    const t = setup();
    await t.controller.start();
    expect(t.controller.snapshot().state.connection.kind).toBe('ready');
    const notes = join(t.cwd, 'notes.txt');
    writeFileSync(notes, 'on disk\n');
    t.editor.open(notes, 'unsaved in the editor\n', true);

    const report = await t.play({
      calls: [
        { name: 'read_file', arguments: { path: 'notes.txt' } },
        { name: 'write_file', arguments: { path: 'out.txt', content: 'written over ACP\n' } },
      ],
    });
    expect(report.servers).toEqual([{ type: 'acp', name: 'switchboard', serverId: 'switchboard-test-1' }]);
    expect(report.errors).toEqual([]);
    expect(report.connectionId).toMatch(/^mcp-[0-9a-f]{24}$/);
    expect(report.tools).toEqual([...EDITOR_TOOL_NAMES]);
    expect(text(report.results[0])).toBe('unsaved in the editor\n');
    expect(text(report.results[1])).toMatch(/Wrote out\.txt; it is pending the user's review/);
    expect(readFileSync(join(t.cwd, 'out.txt'), 'utf8')).toBe('written over ACP\n');
    expect(t.asked).toHaveLength(1);
    const card = t.controller
      .snapshot()
      .state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []))
      .find((tool) => tool.toolCallId.startsWith('switchboard-'));
    expect(card?.status).toBe('completed');
    expect(card?.writes).toHaveLength(1);
  });

  it('a refused write writes nothing, and the agent reads why', async () => {
    const t = setup('reject');
    await t.controller.start();
    const report = await t.play({ calls: [{ name: 'write_file', arguments: { path: 'no.txt', content: 'x' } }] });
    expect(report.results[0]?.isError).toBe(true);
    expect(text(report.results[0])).toMatch(/did not allow writing no\.txt/);
    expect(() => readFileSync(join(t.cwd, 'no.txt'))).toThrow();
  });

  it('a connection lasts until mcp/disconnect; then, or for an unknown server, the agent gets an error', async () => {
    const t = setup();
    await t.controller.start();
    writeFileSync(join(t.cwd, 'a.txt'), 'a\n');
    const first = await t.play({ keepOpen: true });
    expect(first.errors).toEqual([]);
    const again = await t.play({
      connectionId: first.connectionId,
      calls: [{ name: 'read_file', arguments: { path: 'a.txt' } }],
    });
    expect(text(again.results[0])).toBe('a\n');
    expect(again.errors).toEqual([]);
    const after = await t.play({
      connectionId: first.connectionId,
      calls: [{ name: 'read_file', arguments: { path: 'a.txt' } }],
    });
    expect(after.errors.map((error) => [error.step, error.code])).toEqual([
      ['read_file', -32602],
      ['disconnect', -32602],
    ]);
    const unknown = await t.play({ serverId: 'not-ours' });
    expect(unknown.errors).toEqual([{ step: 'connect', code: -32602, message: 'Unknown MCP server: not-ours' }]);
  });

  it('its connections end with the agent process: a restarted agent is given a new server, the old id is gone', async () => {
    const t = setup();
    await t.controller.start();
    const first = await t.play({ keepOpen: true });
    expect(first.errors).toEqual([]);
    await t.controller.restart();
    const next = await t.play({ serverId: 'switchboard-test-1' });
    expect(next.servers.map((server) => server.serverId)).toEqual(['switchboard-test-2']);
    expect(next.errors[0]).toMatchObject({ step: 'connect', code: -32602 });
  });
});
