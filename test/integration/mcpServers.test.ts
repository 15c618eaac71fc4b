// MCP servers in session/new exactly per the agent's capabilities, checked on what the real scripted agent
// received (--record, transports advertised with --capabilities): stdio always, http/sse only when advertised, secrets filled in, a server whose secret is
// missing left out, none for an agent that opted out.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMcpServers, parseMcpServersSetting, type LeftOutMcpServer } from '../../src/agents/mcpServers';
import type { AgentConfig, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';
import { noteWords } from '../../src/shared/entryWords';

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
  const leftOut: LeftOutMcpServer[] = [];
  const env = {
    ...testHostEnv(dir),
    mcpServers: async (forAgent: AgentConfig, capabilities: Parameters<typeof buildMcpServers>[1]) => {
      if (forAgent.useMcpServers === false) return { servers: [], leftOut: [] };
      const built = buildMcpServers(configured, capabilities, secrets);
      leftOut.push(...built.leftOut);
      return { servers: built.servers, leftOut: built.leftOut.map((server) => `left out: ${server.name}`) };
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
  const notices = controller
    .snapshot()
    .state.entries.flatMap((entry) => (entry.kind === 'notice' ? [noteWords(entry.note)] : []));
  return { mcpServers: sent?.params?.mcpServers, leftOut, notices };
}

describe('mcpServers in session/new', () => {
  it('sends only stdio servers to an agent without http/sse, secrets filled in', async () => {
    const { mcpServers, leftOut, notices } = await sessionNewParams('');
    expect(mcpServers).toEqual([
      { name: 'files', command: 'mcp-files', args: ['--root', '.'], env: [{ name: 'TOKEN', value: 'files-secret' }] },
    ]);
    expect(leftOut).toEqual([
      { name: 'remote', reason: 'transport', transport: 'http' },
      { name: 'stream', reason: 'transport', transport: 'sse' },
      { name: 'locked', reason: 'secret', missing: ['NOT_SET'] },
    ]);
    expect(JSON.stringify(leftOut)).not.toMatch(/files-secret|remote-secret/);
    // Each one is said in the chat, not only in the agent's log.
    expect(notices).toEqual(['left out: remote', 'left out: stream', 'left out: locked']);
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
