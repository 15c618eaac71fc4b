// Switchboard's editor MCP server over Streamable HTTP on loopback (the real EditorMcpHttpServer), called by the
// scripted agent's `editor-mcp` scenario (test/fixtures/scripted/editorMcp.mjs, a real child process that advertises
// mcpCapabilities.http and is its own minimal MCP client), on ACP v1 and on v2 (switchboard.acpV2 on, the agent
// started with --acp 2): the server is given in session/new, a read returns the editor's unsaved text, an edit asks
// in the chat's card first and is written after Allow. On v2 every message the agent sent is checked against the
// SDK's v2 schema, and a case that fell back to v1 fails. The journey plays the same scenario in the real editor.
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LanguageFeatures } from '../../src/chat/mcp/languageTools';
import { bearerHeader, EditorMcpHttpServer } from '../../src/chat/mcp/mcpHttpServer';
import type { EditorToolsOffer, ThreadController } from '../../src/session/api';
import type { ToolCallView } from '../../src/shared/thread';
import { createThreadController } from '../../src/session/threadController';
import { EDITOR_SERVER_NAME, EDITOR_TOOL_NAMES } from '../../src/shared/editorToolNames';
import { createFsRequestHandlers } from '../../src/vscode/fs/fsRequests';
import { DiskEditor } from '../unit/vscode/fs/diskEditor';
import { testHostEnv } from './hostEnv';
import { agentText, scriptedAgent } from './scriptedAgent';
import { tempDir } from './tempDirs';
import { v2WireProblems } from './v2WireSchema';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

const language: LanguageFeatures = {
  diagnostics: async () => [],
  workspaceSymbols: async () => [],
  definition: async () => [],
  references: async () => [],
  openEditors: () => [],
  selection: () => null,
};

const lines = (file: string): Record<string, unknown>[] =>
  (existsSync(file) ? readFileSync(file, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

function setup(version: 1 | 2, answer: 'allow' | 'reject' = 'allow') {
  const cwd = realpathSync(tempDir('switchboard-mcp-http-'));
  const received = join(cwd, 'received.jsonl');
  const sent = join(cwd, 'sent.jsonl');
  const extraArgs = ['--record', received, '--record-sent', sent, ...(version === 2 ? ['--acp', '2'] : [])];
  const agent = scriptedAgent('editor-mcp', { extraArgs, displayName: 'Editor MCP' });
  const env = testHostEnv(cwd, { acpV2: version === 2 });
  const server = new EditorMcpHttpServer('0.0.0-test');
  stops.push(() => server.dispose());
  const offered: (boolean | undefined)[] = [];
  // As the window's EditorMcpFeature offers it to an agent that takes MCP over HTTP.
  env.editorTools = async (request): Promise<EditorToolsOffer | undefined> => {
    offered.push(request.capabilities?.http);
    if (request.capabilities?.http !== true) return undefined;
    const route = await server.addRoute({ session: request.session, language }, EDITOR_TOOL_NAMES);
    return {
      server: { type: 'http', name: EDITOR_SERVER_NAME, url: route.url, headers: [bearerHeader(route.secret)] },
      tools: EDITOR_TOOL_NAMES,
      note: {
        kind: 'editorTools',
        agent: agent.displayName,
        server: EDITOR_SERVER_NAME,
        tools: [...EDITOR_TOOL_NAMES],
      },
      close: () => route.close(),
    };
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
  const controller: ThreadController = createThreadController({
    threadId: 't',
    agent,
    env,
    handlers,
    stopGraceMs: 500,
  });
  stops.push(() => controller.dispose());
  const asked: string[] = [];
  /** The card each permission request was asked on, as the user saw it when asked. */
  const askedOn: (ToolCallView | undefined)[] = [];
  controller.onEvent(({ action }) => {
    if (action.type !== 'permissionRequested') return;
    asked.push(action.permissionId);
    askedOn.push(toolCards(controller).find((tool) => tool.permission?.permissionId === action.permissionId));
    controller.resolvePermission(action.permissionId, answer);
  });
  /** What the agent sent that v2's schema refuses; a v1 answer to initialize is itself a problem. */
  const v2Problems = (): string[] => {
    const wire = lines(sent);
    const spoke = wire.some((m) => (m.result as { protocolVersion?: unknown })?.protocolVersion === 2);
    return spoke ? v2WireProblems(wire, lines(received)) : ['the agent never answered initialize with 2'];
  };
  return {
    controller,
    cwd,
    editor,
    asked,
    askedOn,
    offered,
    v2Problems,
    said: () => agentText(controller.snapshot().state),
  };
}

const toolCards = (controller: ThreadController): ToolCallView[] =>
  controller.snapshot().state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []));

describe.each([1, 2] as const)('the editor MCP server over HTTP, ACP v%i', (version) => {
  it('is offered in session/new; read_file quotes the unsaved text, edit_file asks first, then writes', async () => {
    const t = setup(version);
    await t.controller.start();
    expect(t.controller.snapshot().state.connection.kind).toBe('ready');
    expect(t.offered).toEqual([true]);
    const notes = join(t.cwd, 'notes.md');
    writeFileSync(notes, '# Notes\n\nsaved line\n');
    t.editor.open(notes, '# Notes\n\nsaved line\ntyped, not saved\n', true);

    await t.controller.prompt('edit notes.md');
    const said = t.said();
    expect(said).toContain(`The editor's MCP server gave me: ${EDITOR_TOOL_NAMES.join(', ')}.`);
    expect(said).toContain('```text\n# Notes\n\nsaved line\ntyped, not saved\n```');
    expect(said).toMatch(/edit_file: Wrote notes\.md; it is pending the user's review/);
    expect(t.asked).toHaveLength(1);
    // Asked on the editor's own card, whatever the agent speaks: what is edited, and how (its diff).
    expect(t.askedOn[0]).toMatchObject({ title: 'Edit notes.md', kind: 'edit', locations: [{ path: notes }] });
    expect(t.askedOn[0]?.content).toEqual([expect.objectContaining({ type: 'diff' })]);
    expect(readFileSync(notes, 'utf8')).toBe('# Notes (checked by the agent)\n\nsaved line\ntyped, not saved\n');
    const card = t.controller
      .snapshot()
      .state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []))
      .find((tool) => tool.toolCallId.startsWith('switchboard-'));
    expect(card?.status).toBe('completed');
    expect(t.controller.snapshot().state.turn.kind).toBe('idle');
    if (version === 2) expect(t.v2Problems()).toEqual([]);
  });

  it('another prompt streams, asks permission for its tool call, and ends with the answer', async () => {
    const t = setup(version, 'reject');
    await t.controller.start();
    await t.controller.prompt('hello');
    expect(t.said()).toBe('Before I answer "hello", I will run the tests.I did not run the tests.');
    expect(t.asked).toHaveLength(1);
    const tool = t.controller
      .snapshot()
      .state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []))
      .find((entry) => entry.toolCallId === 'run-tests-1');
    expect(tool?.status).toBe('failed');
    expect(t.controller.snapshot().state.turn.kind).toBe('idle');
    if (version === 2) expect(t.v2Problems()).toEqual([]);
  });
});
