// Parts of the host that are needed late are not in dist/extension.js: each is built as a file of its own beside it
// and required on first use, so the host bundle stays under its 1 MiB budget and activation never parses them. In the
// host bundle the module is a stand-in whose exports are getters that require that file the first time one is read
// (the source imports the module as usual, so unit and integration tests run it directly).
//   shell-parser.js   the permission rules' shell parser (mvdan-sh, ~1.3 MB minified): when an agent runs a command
//   mcp-server.js     the MCP SDK side of the editor's MCP server (with zod and ajv, ~750 KB): on its first request
//   terminal-screen.js  the terminal emulator behind a terminal's screen (@xterm/headless, ~180 KB): the first command
//   acp-v2-schema.js  the ACP v2 schema and its checks (~370 KB): when an agent speaks v2 (switchboard.acpV2)

/** Each lazily loaded part: its file (without .js), its entry, the imports it stands in for, the names it exports. */
const LAZY_MODULES = [
  { file: 'shell-parser', entry: 'mvdan-sh', filter: /^mvdan-sh$/, exports: ['syntax'] },
  {
    file: 'mcp-server',
    entry: 'src/chat/mcp/mcpSdkServer.ts',
    filter: /(^|\/)mcpSdkServer(\.ts)?$/,
    exports: ['handleMcpRequest', 'connectEditorServer'],
  },
  // A terminal's screen (xterm's emulator, ~180 KB): when the first command runs.
  { file: 'terminal-screen', entry: '@xterm/headless', filter: /^@xterm\/headless$/, exports: ['Terminal'] },
  {
    file: 'acp-v2-schema',
    entry: 'src/protocol/v2/schema.ts',
    filter: /(^|\/)v2\/schema(\.ts)?$/,
    exports: ['checkV2SessionUpdate', 'checkV2PermissionRequest'],
  },
];

/** esbuild plugin for the host bundle: the module becomes a stand-in that requires ./<file>.js on first use. */
function lazyPlugin({ file, filter, exports }) {
  const namespace = `lazy-${file}`;
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter }, (args) => (args.kind === 'entry-point' ? undefined : { path: file, namespace }));
      // Stays a run-time require beside the host bundle.
      build.onResolve({ filter: new RegExp(`^\\./${file}\\.js$`) }, (args) =>
        args.namespace === namespace ? { path: args.path, external: true } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace }, () => ({
        loader: 'js',
        contents: [
          'let loaded;',
          ...exports.flatMap((name) => [
            `Object.defineProperty(exports, '${name}', {`,
            '  enumerable: true,',
            `  get: () => (loaded ??= require('./${file}.js')).${name},`,
            '});',
          ]),
        ].join('\n'),
      }));
    },
  };
}

/** The plugins of the host bundle, one per lazily loaded part. */
export const lazyPlugins = LAZY_MODULES.map(lazyPlugin);

/** Entry points (merge into a node/cjs build with `outdir` = the host bundle's folder) of the lazily loaded files. */
export const lazyEntries = Object.fromEntries(LAZY_MODULES.map(({ file, entry }) => [file, entry]));

/** One part by its file name, for the tests that build it alone. */
export function lazyModule(file) {
  const part = LAZY_MODULES.find((candidate) => candidate.file === file);
  if (!part) throw new Error(`no lazily loaded part ${file}`);
  return { plugin: lazyPlugin(part), entry: { [file]: part.entry } };
}
