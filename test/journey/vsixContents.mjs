// The README's promise about the package: switchboard.vsix holds only what runs — the bundles (dist/*.js and
// the webview's css), media/, package.json, the readme, the licence and node-pty's runtime files (its
// JavaScript and pty.node) — and nothing else: no sources, source maps, tests or other node_modules.
import yauzl from 'yauzl';

const ALLOWED = [
  /^extension\.vsixmanifest$/,
  /^\[Content_Types\]\.xml$/,
  /^extension\/(package\.json|package\.nls\.json|readme\.md|LICENSE\.txt|changelog\.md)$/i,
  /^extension\/l10n\/bundle\.l10n(\.[\w-]+)?\.json$/,
  /^extension\/dist\/[\w-]+\.(js|css)$/,
  /^extension\/media\/[\w/.-]+\.(css|png|svg)$/,
  /^extension\/media\/walkthrough\/[\w-]+\.md$/,
  /^extension\/node_modules\/node-pty\/(package\.json|LICENSE)$/,
  /^extension\/node_modules\/node-pty\/lib\/(shared\/)?\w+\.js$/,
  /^extension\/node_modules\/node-pty\/build\/Release\/pty\.node$/,
];
const REQUIRED = [
  'extension/package.json',
  'extension/package.nls.json',
  'extension/dist/extension.js',
  'extension/dist/webview.js',
  'extension/dist/demo-agent.js',
  'extension/dist/shell-parser.js',
  'extension/dist/mcp-server.js',
  'extension/dist/mcp-bridge.js',
  'extension/dist/uninstall.js',
  'extension/dist/terminal-screen.js',
  'extension/dist/acp-v2-schema.js',
  'extension/media/chat.css',
  'extension/media/walkthrough/agent.md',
  'extension/node_modules/node-pty/lib/index.js',
  'extension/node_modules/node-pty/build/Release/pty.node',
];

export function vsixEntries(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names = [];
      zip.on('entry', (entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Throws naming every unexpected and every missing file. */
export async function checkVsixContents(file) {
  const names = await vsixEntries(file);
  const unexpected = names.filter((name) => !name.endsWith('/') && !ALLOWED.some((re) => re.test(name)));
  const missing = REQUIRED.filter((name) => !names.includes(name));
  const tests = names.filter((name) => /\.test\.js$|\.map$|\.ts$/.test(name));
  const problems = [
    unexpected.length && `unexpected: ${unexpected.join(', ')}`,
    missing.length && `missing: ${missing.join(', ')}`,
    tests.length && `tests, maps or sources: ${tests.join(', ')}`,
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`switchboard.vsix: ${problems.join('; ')}`);
  return names.length;
}
