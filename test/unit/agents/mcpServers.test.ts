// switchboard.mcpServers read as hostile-enough user input, and VS Code's own MCP config imported.
import { describe, expect, it } from 'vitest';
import { importVsCodeMcpServers, parseMcpServersSetting, secretNames } from '../../../src/agents/mcpServers';

describe('parseMcpServersSetting', () => {
  it('reads stdio and remote servers and reports bad entries without hiding the good ones', () => {
    const parsed = parseMcpServersSetting({
      ok: { command: 'srv' },
      remote: { url: 'https://x/mcp' },
      sse: { type: 'sse', url: 'http://127.0.0.1:3000/sse' },
      noCommand: { args: [] },
      badUrl: { type: 'http', url: 'file:///etc' },
      badType: { type: 'ws', url: 'https://x' },
      badEnv: { command: 'x', env: { A: 1 } },
    });
    expect(parsed.servers.map((s) => `${s.name}:${s.type}`)).toEqual(['ok:stdio', 'remote:http', 'sse:sse']);
    expect(parsed.errors).toHaveLength(4);
    expect(parseMcpServersSetting([]).errors[0]).toMatch(/object/);
  });

  it('finds the secrets a server refers to', () => {
    const [server] = parseMcpServersSetting({
      a: { command: 'x', env: { A: '${secret:ONE}', B: 'pre-${secret:TWO}-${secret:ONE}', C: '$HOME' } },
    }).servers;
    expect(secretNames(server!)).toEqual(['ONE', 'TWO']);
  });
});

describe('importVsCodeMcpServers', () => {
  it('converts mcp.json servers, turning input prompts into secret references', () => {
    const { servers, secrets } = importVsCodeMcpServers({
      inputs: [{ id: 'token', type: 'promptString', password: true }],
      servers: {
        github: { type: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${input:token}' } },
        files: { type: 'stdio', command: 'npx', args: ['-y', 'srv'], env: { KEY: '${input:key}' } },
        events: { type: 'sse', url: 'https://x/sse' },
        broken: { type: 'stdio' },
      },
    });
    expect(servers).toEqual({
      github: { type: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${secret:token}' } },
      files: { command: 'npx', args: ['-y', 'srv'], env: { KEY: '${secret:key}' } },
      events: { type: 'sse', url: 'https://x/sse' },
    });
    expect(secrets.sort()).toEqual(['key', 'token']);
    // The imported shape is one switchboard.mcpServers accepts as is.
    expect(parseMcpServersSetting(servers).errors).toEqual([]);
  });
});
