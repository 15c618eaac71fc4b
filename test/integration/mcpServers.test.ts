// MCP servers in session/new exactly per the agent's capabilities, checked on what the real scripted agent
// received (--record, transports advertised with --capabilities): stdio always, http/sse only when advertised, secrets filled in, a server whose secret is
// missing left out, none for an agent that opted out.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMcpServers, parseMcpServersSetting } from '../../src/agents/mcpServers';
import type { AgentConfig, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';

const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

const configured = parseMcpServersSetting({
  files: { command: 'mcp-files', args: ['--root', '.'], env: { TOKEN: '${secret:FILES_TOKEN}' } },
  remote: { type: 'http', url: 'https://mcp.example/http', headers: { Authorization: 'Bearer ${secret:REMOTE}' } },
  stream: { type: 'sse', url: 'https://mcp.example/sse' },
  locked: { command: 'mcp-locked', env: { KEY: '${secret:NOT_SET}' } },
}).servers;
const secrets = new Map([
  ['FILES_TOKEN', 'files-secret'],
  ['REMOTE', 'remote-secret'],
]);

async function sessionNewParams(mcp: string, agentPatch: Partial<AgentConfig> = {}) {
  const dir = tempDir('sb-mcp-');
  const record = join(dir, 'received.jsonl');
  const agent: AgentConfig = {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args: [
      resolve(__dirname, '../fixtures/scriptedAgent.mjs'),
      '--record',
      record,
      ...(mcp
        ? [
            '--capabilities',
            JSON.stringify({ mcpCapabilities: { http: mcp.includes('http'), sse: mcp.includes('sse') } }),
          ]
        : []),
    ],
    env: {},
    isDemo: false,
    ...agentPatch,
  };
  const logged: string[] = [];
  const env = {
    ...testHostEnv(dir),
    mcpServers: async (forAgent: AgentConfig, capabilities: Parameters<typeof buildMcpServers>[1]) => {
      if (forAgent.useMcpServers === false) return [];
      const built = buildMcpServers(configured, capabilities, secrets);
      logged.push(...built.skipped);
      return built.servers;
    },
  };
  const controller = createThreadController({
    threadId: 't',
    agent,
    env,
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async () => {
        throw new Error('this test writes nothing');
      },
    },
  });
  controllers.push(controller);
  await controller.start();
  await vi.waitFor(() => expect(controller.snapshot().state.connection.kind).toBe('ready'));
  const sent = readFileSync(record, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { method?: string; params?: { mcpServers?: unknown[] } })
    .find((message) => message.method === 'session/new');
  return { mcpServers: sent?.params?.mcpServers, logged };
}

describe('mcpServers in session/new', () => {
  it('sends only stdio servers to an agent without http/sse, secrets filled in', async () => {
    const { mcpServers, logged } = await sessionNewParams('');
    expect(mcpServers).toEqual([
      { name: 'files', command: 'mcp-files', args: ['--root', '.'], env: [{ name: 'TOKEN', value: 'files-secret' }] },
    ]);
    expect(logged.join('\n')).toMatch(
      /"remote" \(http\) left out[\s\S]*"stream" \(sse\) left out[\s\S]*NOT_SET is not set/,
    );
    expect(logged.join('\n')).not.toMatch(/files-secret|remote-secret/);
  });

  it('adds http and sse servers where the agent advertises them', async () => {
    const { mcpServers } = await sessionNewParams('http');
    expect((mcpServers as { name: string }[]).map((server) => server.name)).toEqual(['files', 'remote']);
    expect(mcpServers?.[1]).toEqual({
      type: 'http',
      name: 'remote',
      url: 'https://mcp.example/http',
      headers: [{ name: 'Authorization', value: 'Bearer remote-secret' }],
    });
    const both = await sessionNewParams('http,sse');
    expect((both.mcpServers as { name: string }[]).map((server) => server.name)).toEqual(['files', 'remote', 'stream']);
  });

  it('sends none to an agent that opted out', async () => {
    const { mcpServers } = await sessionNewParams('http,sse', { useMcpServers: false });
    expect(mcpServers).toEqual([]);
  });
});
