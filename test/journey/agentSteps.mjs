// The ACP Registry as a user meets it: "Switchboard: Browse Agents" lists an index served on
// 127.0.0.1 (switchboard.registry.url), Install fetches the fixture agent's tar.gz (sha256 checked), writes its
// switchboard.agents entry, and the "New Chat" of the installed notification starts a chat with it for one turn.
// The fixture agent is the scripted test agent behind a shell launcher, run by this machine's Node.
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { clickNotificationButton, runCommand } from '../../scripts/e2e/browser.mjs';
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
  // A fixed time: tar-stream stamps each entry with the current second otherwise, so the archive served for the
  // checksum and the one served for the download differed whenever the two requests straddled a second (the
  // uv step failed with "has SHA-256 …, not … as published" on a busy machine).
  for (const file of files) pack.entry({ name: file.name, mode: file.mode, mtime: new Date(0) }, file.content);
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

const UV_AGENT_NAME = 'Fixture uv Agent';

/**
 * A stand-in for uv's release archives (`/uv/<version>/uv-<target>.tar.gz` and its `.sha256`): its `uv tool install --
 * <package>` writes a launcher of the scripted test agent into UV_TOOL_BIN_DIR, as the real uv would install the
 * package's program there. Undefined for any other path.
 */
async function fakeUv(pathname) {
  const match = /^\/uv\/[^/]+\/(uv-([^/]+))\.tar\.gz(\.sha256)?$/.exec(pathname);
  if (!match) return undefined;
  const [, file, target, checksum] = match;
  const script = path.join(repoRoot, 'test', 'fixtures', 'scriptedAgent.mjs');
  const launcher = `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} --scenario basic-turn "$@"\n`;
  const uv = [
    '#!/bin/sh',
    '[ "$1" = tool ] && [ "$2" = install ] || { echo "stand-in uv: only tool install" >&2; exit 2; }',
    'mkdir -p "$UV_TOOL_BIN_DIR"',
    `printf '%s' ${shellQuote(launcher)} > "$UV_TOOL_BIN_DIR/$4"`,
    'chmod +x "$UV_TOOL_BIN_DIR/$4"',
    '',
  ].join('\n');
  const archive = await tarGz([{ name: `uv-${target}/uv`, content: uv, mode: 0o755 }]);
  return checksum ? `${createHash('sha256').update(archive).digest('hex')}  ${file}.tar.gz\n` : archive;
}

function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Serves the index and the archive on 127.0.0.1; `url` is the index for switchboard.registry.url. */
export async function startFixtureRegistry() {
  const script = path.join(repoRoot, 'test', 'fixtures', 'scriptedAgent.mjs');
  const launcher = `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} "$@"\n`;
  const archive = await tarGz([{ name: 'bin/fixture-agent', content: launcher, mode: 0o755 }]);
  const routes = new Map();
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    void (routes.get(pathname) ?? fakeUv(pathname)).then(
      (body) => (body === undefined ? res.writeHead(404).end('not found') : res.writeHead(200).end(body)),
      (error) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const base = `http://127.0.0.1:${address.port}`;
  routes.set('/fixture.tar.gz', Promise.resolve(archive));
  routes.set(
    '/icon.svg',
    Promise.resolve(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#3794ff"/></svg>',
    ),
  );
  routes.set(
    '/registry.json',
    Promise.resolve(
      JSON.stringify({
        version: '1.0.0',
        agents: [
          {
            id: 'fixture-registry-agent',
            name: AGENT_NAME,
            version: '1.0.0',
            description: 'The scripted test agent, served as a registry binary',
            license: 'MIT',
            icon: `${base}/icon.svg`,
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
          {
            id: 'fixture-uv-agent',
            name: UV_AGENT_NAME,
            version: '1.0.0',
            description: 'The scripted test agent, served as a uvx package',
            license: 'MIT',
            distribution: { uvx: { package: 'fixture-uv-agent' } },
          },
        ],
      }),
    ),
  );
  return {
    url: `${base}/registry.json`,
    /** For switchboard.registry.uvReleasesUrl: a stand-in uv for every version and platform (fakeUv). */
    uvReleasesUrl: `${base}/uv`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function addAgentSteps(journey, { page, chat, screenshotDir, timeout }) {
  journey.step('Browse Agents → install an agent from the ACP Registry → a chat with it → one turn', async () => {
    await runCommand(page(), 'Switchboard: Browse Agents');
    const quickInput = page().locator('.quick-input-widget');
    const row = (text) => quickInput.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
    await row(AGENT_NAME).waitFor({ timeout });
    // The registry's icon, fetched into Switchboard's storage and shown from there.
    const icon = await row(AGENT_NAME)
      .locator('.quick-input-list-icon')
      .evaluate((el) => el.ownerDocument.defaultView.getComputedStyle(el).backgroundImage)
      .catch(() => 'none');
    if (!/^url\(/.test(icon)) throw new Error(`the agent's icon is not shown (${icon})`);
    await page().screenshot({ path: path.join(screenshotDir, 'registry-browse.png') });
    await row(AGENT_NAME).click();
    await row('Install 1.0.0').waitFor({ timeout });
    await row('Install 1.0.0').click();
    await clickNotificationButton(page(), `${AGENT_NAME} 1.0.0 is installed.`, 'New Chat', timeout);
    await chat.locator('#agent-name', { hasText: AGENT_NAME }).waitFor({ timeout });
    await chat.locator('#composer:enabled').waitFor({ timeout });
    await sendPrompt(chat, 'hello registry');
    await chat.locator('.entry.agent', { hasText: 'You said: hello registry' }).last().waitFor({ timeout });
    await page().screenshot({ path: path.join(screenshotDir, 'registry-chat.png') });
  });

  journey.step(
    'a uvx agent on a machine without uv: Switchboard offers uv, downloads it on Yes, installs, one turn',
    async () => {
      await runCommand(page(), 'Switchboard: Browse Agents');
      const quickInput = page().locator('.quick-input-widget');
      const row = (text) => quickInput.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
      await row(UV_AGENT_NAME).waitFor({ timeout });
      await row(UV_AGENT_NAME).click();
      await row('Install 1.0.0').waitFor({ timeout });
      await row('Install 1.0.0').click();
      // VS Code's modal: what is missing, and the offer. Nothing is downloaded before the answer.
      const dialog = page().locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout });
      const text = (await dialog.textContent()) ?? '';
      if (
        !/Fixture uv Agent needs uv, which is not installed here/.test(text) ||
        !/uv \(the Python package manager\) was not found on PATH/.test(text)
      )
        throw new Error(`the offer does not say what is missing: ${text.slice(0, 300)}`);
      await page().screenshot({ path: path.join(screenshotDir, 'runtime-offer.png') });
      await dialog.getByRole('button', { name: /^Download uv / }).click();
      await clickNotificationButton(page(), `${UV_AGENT_NAME} 1.0.0 is installed.`, 'New Chat', timeout);
      await chat.locator('#agent-name', { hasText: UV_AGENT_NAME }).waitFor({ timeout });
      await chat.locator('#composer:enabled').waitFor({ timeout });
      await sendPrompt(chat, 'hello uv');
      await chat.locator('.entry.agent', { hasText: 'You said: hello uv' }).last().waitFor({ timeout });
    },
  );
}

/**
 * Types a prompt into a chat just started and sends it. A prompt typed the moment a new chat with a registry agent
 * appears has been seen lost on this machine (once in several runs: the composer emptied, no user entry, no error,
 * nothing in the chat's transcript, cause not found): that is logged loudly with what the chat showed, and the
 * prompt typed once more, so the rest of the journey runs and the log keeps the evidence.
 */
async function sendPrompt(chat, text) {
  await chat.locator('#composer').fill(text);
  await chat.locator('#composer').press('Enter');
  const mine = chat.locator('.entry.user', { hasText: text });
  const seen = await mine
    .first()
    .waitFor({ timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  if (seen) return;
  const shown = await chat.locator('.chat-app').evaluate((app) => ({
    composer: app.querySelector('#composer')?.value ?? null,
    entries: app.querySelectorAll('.entry').length,
    connection: app.querySelector('.connection-banner')?.textContent ?? '',
    agent: app.querySelector('#agent-name')?.textContent ?? '',
    status: app.querySelector('.composer-status')?.textContent ?? '',
    queued: app.querySelectorAll('.composer-queue > li').length,
    // Every chat of the window with its state: a prompt that went to another chat shows here.
    chats: [...app.querySelectorAll('.chat-tab')].map((tab) => `${tab.textContent?.trim()} (${tab.dataset.state})`),
    errors: [...app.querySelectorAll('.error-card, .entry-error')].map((el) => el.textContent?.slice(0, 200)),
  }));
  console.log(
    `[journey] LOST PROMPT: "${text}" never showed as the user's message; the chat showed ${JSON.stringify(shown)}`,
  );
  await chat.locator('#composer').fill(text);
  await chat.locator('#composer').press('Enter');
  await mine
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {
      throw new Error(
        `"${text}" typed twice never showed as the user's message; the chat showed ${JSON.stringify(shown)}`,
      );
    });
}
