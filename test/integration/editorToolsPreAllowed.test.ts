// claude-agent-acp asks its own permission before every MCP tool call, so the editor server's writes were asked
// twice; its session calls now carry `_meta.claudeCode.options.allowedTools: ["mcp__switchboard"]`, which the adapter
// hands to the Claude Agent SDK as allow rules (src/agents/quirks/claudeAgentAcp.ts). Checked on what the real
// scripted agent received (--record), answering initialize as the adapter does (--agent-name): the _meta arrives
// with the editor's server, for that agent only, and not when the editor's server is not offered.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentConfig, EditorToolsOffer, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { EDITOR_TOOL_NAMES } from '../../src/shared/editorToolNames';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';

const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

/** The session/new params the scripted agent received, answering initialize with agentInfo.name `agentName`. */
async function sessionNew(agentName: string, offered: boolean): Promise<Record<string, unknown>> {
  const dir = tempDir('sb-preallow-');
  const record = join(dir, 'received.jsonl');
  const agent: AgentConfig = {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args: [resolve(__dirname, '../fixtures/scriptedAgent.mjs'), '--record', record, '--agent-name', agentName],
    env: {},
    isDemo: false,
  };
  const env = testHostEnv(dir);
  env.editorTools = async (): Promise<EditorToolsOffer | undefined> =>
    offered
      ? {
          server: { name: 'switchboard', command: '/bin/true', args: [], env: [] },
          tools: EDITOR_TOOL_NAMES,
          note: { kind: 'editorTools', agent: agent.displayName, server: 'switchboard', tools: [...EDITOR_TOOL_NAMES] },
          close: () => undefined,
        }
      : undefined;
  const handlers = {
    readTextFile: async () => ({ content: '' }),
    writeTextFile: async () => {
      throw new Error('this test writes nothing');
    },
  };
  const controller = createThreadController({ threadId: 't', agent, env, handlers, stopGraceMs: 500 });
  controllers.push(controller);
  await controller.start();
  expect(controller.snapshot().state.connection.kind).toBe('ready');
  const received = readFileSync(record, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { method?: string; params?: Record<string, unknown> })
    .find((message) => message.method === 'session/new');
  expect(received?.params).toBeDefined();
  return received!.params!;
}

describe("the editor server's tools pre-allowed in claude-agent-acp", () => {
  it('session/new carries the allow rule for the editor server alone', async () => {
    const params = await sessionNew('@agentclientprotocol/claude-agent-acp', true);
    expect(params._meta).toEqual({ claudeCode: { options: { allowedTools: ['mcp__switchboard'] } } });
    expect((params.mcpServers as Array<{ name: string }>).map((server) => server.name)).toContain('switchboard');
  });

  it('the adapter under its former npm name gets it too', async () => {
    const params = await sessionNew('@zed-industries/claude-agent-acp', true);
    expect(params._meta).toEqual({ claudeCode: { options: { allowedTools: ['mcp__switchboard'] } } });
  });

  it('no other agent gets it, nor the adapter when the editor server is not offered', async () => {
    expect((await sessionNew('gemini-cli', true))._meta).toBeUndefined();
    expect((await sessionNew('@agentclientprotocol/claude-agent-acp', false))._meta).toBeUndefined();
  });
});
