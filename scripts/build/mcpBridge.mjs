// The editor's MCP bridge, dist/mcp-bridge.js: a program of its own (src/mcp-bridge/main.ts) that an agent taking
// MCP servers only over stdio runs with the editor's runtime. One home for esbuild.mjs and the test that builds it
// (test/integration/editorMcpBridge.test.ts).

/** @type {import('esbuild').BuildOptions} */
export const mcpBridgeBundle = {
  entryPoints: { 'mcp-bridge': 'src/mcp-bridge/main.ts' },
  platform: 'node',
  format: 'cjs',
  target: 'node20',
};
