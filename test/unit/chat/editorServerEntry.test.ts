// Which way an agent reaches the editor's MCP server (acp > http > stdio, by what it advertised), and the stdio
// entry that runs the bridge: on the editor's runtime as Node, the route's secret in its environment only.
import { describe, expect, it } from 'vitest';
import { editorTransport, stdioBridgeEntry } from '../../../src/chat/mcp/editorServerEntry';

describe('the editor MCP server entry', () => {
  it('takes MCP over ACP first, then HTTP, and stdio from an agent that advertises neither', () => {
    expect(editorTransport({ http: true, acp: true } as never)).toBe('acp');
    expect(editorTransport({ http: true, sse: true })).toBe('http');
    expect(editorTransport({ sse: true })).toBe('stdio');
    expect(editorTransport({})).toBe('stdio');
    expect(editorTransport(undefined)).toBe('stdio');
    expect(editorTransport(null)).toBe('stdio');
  });

  it('runs the bridge on the given runtime as Node, with the secret only in its environment', () => {
    const secret = 'Zs3cr3t-route-secret_value';
    const entry = stdioBridgeEntry(
      { runtime: '/opt/code/code', script: '/ext/dist/mcp-bridge.js' },
      { url: 'http://127.0.0.1:4321/mcp/abc', secret },
    );
    expect(entry).toEqual({
      name: 'switchboard',
      command: '/opt/code/code',
      args: ['/ext/dist/mcp-bridge.js', 'http://127.0.0.1:4321/mcp/abc'],
      env: [
        { name: 'ELECTRON_RUN_AS_NODE', value: '1' },
        { name: 'SWITCHBOARD_MCP_SECRET', value: secret },
      ],
    });
    expect(JSON.stringify([entry.command, entry.args])).not.toContain(secret);
  });
});
