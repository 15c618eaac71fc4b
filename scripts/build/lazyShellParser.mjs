// The shell parser behind permission rules (mvdan-sh, ~1.5 MB minified) is needed only when an agent asks to run a
// command, so it is not in dist/extension.js: the host bundle stays small and activation never parses it. It is
// built on its own as dist/shell-parser.js, and the host bundle's `mvdan-sh` is a stand-in whose `syntax` export
// requires that file on first use (the source imports mvdan-sh as usual, so unit tests run it directly).

/** Build options (merge into a node/cjs build with `outdir` = the host bundle's folder) for dist/shell-parser.js. */
export const shellParserEntry = { 'shell-parser': 'mvdan-sh' };

/** esbuild plugin for the host bundle: `mvdan-sh` becomes a lazy stand-in for ./shell-parser.js beside it. */
export const lazyShellParser = {
  name: 'lazy-shell-parser',
  setup(build) {
    build.onResolve({ filter: /^mvdan-sh$/ }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: 'mvdan-sh', namespace: 'lazy-shell-parser' },
    );
    // Stays a run-time require beside the host bundle.
    build.onResolve({ filter: /^\.\/shell-parser\.js$/ }, (args) =>
      args.namespace === 'lazy-shell-parser' ? { path: args.path, external: true } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-shell-parser' }, () => ({
      loader: 'js',
      contents: [
        'let parser;',
        "Object.defineProperty(exports, 'syntax', {",
        '  enumerable: true,',
        "  get: () => (parser ??= require('./shell-parser.js')).syntax,",
        '});',
      ].join('\n'),
    }));
  },
};
