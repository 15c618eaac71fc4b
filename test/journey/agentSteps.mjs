// The ACP Registry as a user meets it (issue 13): "Switchboard: Browse Agents" lists an index served on
// 127.0.0.1 (switchboard.registry.url), Install fetches the fixture agent's tar.gz (sha256 checked), writes its
// switchboard.agents entry, and the "New Chat" of the installed notification starts a chat with it for one turn.
// The fixture agent is the scripted test agent behind a shell launcher, run by this machine's Node.
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { runCommand } from '../../scripts/e2e/browser.mjs';
import { repoRoot } from '../../scripts/e2e/paths.mjs';

const AGENT_NAME = 'Fixture Registry Agent';

function platformKey() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform];
  const cpu = { x64: 'x86_64', arm64: 'aarch64' }[process.arch];
  return `${os}-${cpu}`;
}

async function tarGz(files) {
  const pack = tar.pack();
  const chunks = [];
  const done = (async () => {
    for await (const chunk of pack) chunks.push(chunk);
  })();
  for (const file of files) pack.entry({ name: file.name, mode: file.mode }, file.content);
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

/** Serves the index and the archive on 127.0.0.1; `url` is the index for switchboard.registry.url. */
export async function startFixtureRegistry() {
  const script = path.join(repoRoot, 'test', 'fixtures', 'scriptedAgent.mjs');
  const launcher = `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} "$@"\n`;
  const archive = await tarGz([{ name: 'bin/fixture-agent', content: launcher, mode: 0o755 }]);
  const routes = new Map();
  const server = http.createServer((req, res) => {
    const body = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (body === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const base = `http://127.0.0.1:${address.port}`;
  routes.set('/fixture.tar.gz', archive);
  routes.set(
    '/registry.json',
    JSON.stringify({
      version: '1.0.0',
      agents: [
        {
          id: 'fixture-registry-agent',
          name: AGENT_NAME,
          version: '1.0.0',
          description: 'The scripted test agent, served as a registry binary',
          license: 'MIT',
          distribution: {
            binary: {
              [platformKey()]: {
                archive: `${base}/fixture.tar.gz`,
                sha256: createHash('sha256').update(archive).digest('hex'),
                cmd: './bin/fixture-agent',
                args: ['--scenario', 'basic-turn'],
              },
            },
          },
        },
      ],
    }),
  );
  return {
    url: `${base}/registry.json`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function addAgentSteps(journey, { page, chat, screenshotDir, timeout }) {
  journey.step('Browse Agents → install an agent from the ACP Registry → a chat with it → one turn', async () => {
    await runCommand(page(), 'Switchboard: Browse Agents');
    const quickInput = page().locator('.quick-input-widget');
    const row = (text) => quickInput.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
    await row(AGENT_NAME).waitFor({ timeout });
    await page().screenshot({ path: path.join(screenshotDir, 'registry-browse.png') });
    await row(AGENT_NAME).click();
    await row('Install 1.0.0').waitFor({ timeout });
    await row('Install 1.0.0').click();
    const installed = page().locator('.notification-toast', { hasText: `${AGENT_NAME} 1.0.0 is installed.` });
    await installed.waitFor({ timeout });
    await installed.getByRole('button', { name: 'New Chat' }).click();
    await chat.locator('#agent-name', { hasText: AGENT_NAME }).waitFor({ timeout });
    await chat.locator('#composer:enabled').waitFor({ timeout });
    await chat.locator('#composer').fill('hello registry');
    await chat.locator('#composer').press('Enter');
    await chat.locator('.entry.agent', { hasText: 'You said: hello registry' }).last().waitFor({ timeout });
    await page().screenshot({ path: path.join(screenshotDir, 'registry-chat.png') });
  });
}
