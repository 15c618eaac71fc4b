#!/usr/bin/env node
// `npm start`: a real VS Code (code-server) in your browser with Switchboard installed from a freshly packaged
// switchboard.vsix, on the sample workspace (a copy in .e2e/workspace, so demo edits never dirty the repo).
// Stays in the foreground; Ctrl+C stops code-server and everything it started.
// Env: PORT (default 8080, or a free port if 8080 is taken). Flag: --fresh-workspace (recopy the sample).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import { provision } from './provision.mjs';
import {
  copyWorkspace,
  createRun,
  freePort,
  installCleanupHandlers,
  installVsix,
  startCodeServer,
  stopCodeServer,
} from './e2e/codeServer.mjs';
import { workbenchUrl } from './e2e/browser.mjs';
import { e2eDir, repoRoot, sampleWorkspace, vsixPath } from './e2e/paths.mjs';
import { seconds } from './e2e/summary.mjs';

const { values: opts } = util.parseArgs({ options: { 'fresh-workspace': { type: 'boolean', default: false } } });

function step(label, cmd, args) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${label} failed`);
  console.log(`[start] ${label} (${seconds(t0)} s)`);
}

async function main() {
  await provision();
  // `npm run package` builds dist/ (esbuild, production) and packs switchboard.vsix: installing the vsix
  // proves the package works, exactly as a user would get it.
  step('built and packaged switchboard.vsix', 'npm', ['run', '--silent', 'package']);

  const workspace = path.join(e2eDir, 'workspace');
  if (opts['fresh-workspace'] || !fs.existsSync(workspace)) copyWorkspace(sampleWorkspace, workspace);

  // A kept run folder: your layout and settings survive restarts. Chat stays visible: only Copilot's own
  // chat panel is hidden by the base settings.
  const run = createRun('start', { keep: true });
  installVsix(run, vsixPath);
  console.log(
    `[start] installed ${path.basename(vsixPath)} into ${path.relative(repoRoot, path.join(run.dir, 'ext'))}`,
  );

  installCleanupHandlers();
  const port = await freePort(Number(process.env.PORT ?? 8080));
  const server = await startCodeServer(run, { port, stdio: 'inherit' });
  const url = workbenchUrl(server, workspace);
  console.log(`
  Switchboard is running in VS Code (code-server) at:

      ${url}

  Open the Switchboard icon in the activity bar, or run "Switchboard: Focus Chat" from the command palette.
  With no agent configured, the built-in Demo agent answers. Ctrl+C stops everything.
`);
  await new Promise((resolve) => server.proc.once('exit', resolve));
  await stopCodeServer(server);
  console.log('[start] code-server exited');
}

main().catch((err) => {
  console.error(`[start] ERROR: ${err.message ?? err}`);
  process.exit(1);
});
