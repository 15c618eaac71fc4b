// The MCP SDK (with zod and ajv, ~750 KB minified) is needed only once an agent calls the editor's MCP server, so
// it is not in dist/extension.js: the host bundle stays under its 1 MiB budget and activation never parses it.
// src/chat/mcp/mcpSdkServer.ts is built on its own as dist/mcp-server.js, and in the host bundle the module is a
// stand-in whose `handleMcpRequest` and `connectEditorServer` require that file on first use (the source imports it as usual, so unit and
// integration tests run it directly).

/** Build options (merge into a node/cjs build with `outdir` = the host bundle's folder) for dist/mcp-server.js. */
export const mcpServerEntry = { 'mcp-server': 'src/chat/mcp/mcpSdkServer.ts' };

/** esbuild plugin for the host bundle: `./mcpSdkServer` becomes a lazy stand-in for ./mcp-server.js beside it. */
export const lazyMcpServer = {
  name: 'lazy-mcp-server',
  setup(build) {
    build.onResolve({ filter: /(^|\/)mcpSdkServer(\.ts)?$/ }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: 'mcpSdkServer', namespace: 'lazy-mcp-server' },
    );
    // Stays a run-time require beside the host bundle.
    build.onResolve({ filter: /^\.\/mcp-server\.js$/ }, (args) =>
      args.namespace === 'lazy-mcp-server' ? { path: args.path, external: true } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-mcp-server' }, () => ({
      loader: 'js',
      contents: [
        'let server;',
        ...['handleMcpRequest', 'connectEditorServer'].flatMap((name) => [
          `Object.defineProperty(exports, '${name}', {`,
          '  enumerable: true,',
          `  get: () => (server ??= require('./mcp-server.js')).${name},`,
          '});',
        ]),
      ].join('\n'),
    }));
  },
};
