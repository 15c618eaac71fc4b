// The ACP Registry inside a real VS Code: an index served on 127.0.0.1 (switchboard.registry.url), the fixture
// agent installed from a tar.gz through the extension's own feature, its switchboard.agents entry written, a chat
// with it and one turn, then uninstall removing the files and the entry. An install refused for its sha256
// leaves nothing behind and tells it once its progress notification is gone.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parseRegistryIndex, platformKey } from '../../src/agents/registry/registryIndex';
import { PROGRESS_MIN_SHOWN_MS } from '../../src/vscode/agents/progressClosing';
import type { ThreadAction } from '../../src/shared/actions';
import { tarGz } from '../fixtures/archives';
import { FixtureServer, sha256 } from '../integration/registryServer';
import { EXTENSION_ID, nextAction, switchboardApi } from './helpers';

type Action<K extends ThreadAction['type']> = Extract<ThreadAction, { type: K }>;

suite('ACP Registry', () => {
  const server = new FixtureServer();
  suiteSetup(async () => {
    await server.start();
  });
  suiteTeardown(async () => {
    await server.stop();
    const config = vscode.workspace.getConfiguration('switchboard');
    await config.update('registry.url', undefined, vscode.ConfigurationTarget.Global);
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
  });

  test('install the fixture agent from the registry, chat with it for one turn, uninstall it', async function () {
    const platform = platformKey();
    if (!platform || process.platform === 'win32') this.skip();
    const api = await switchboardApi();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    const launcher = `#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} "$@"\n`;
    const archive = await tarGz([{ name: 'bin/fixture-agent', content: launcher, mode: 0o755 }]);
    server.routes.set('/fixture.tar.gz', { body: archive });
    const index = {
      version: '1.0.0',
      agents: [
        {
          id: 'fixture-registry-agent',
          name: 'Fixture Registry Agent',
          version: '1.0.0',
          description: 'The scripted agent, served as a registry binary',
          license: 'MIT',
          distribution: {
            binary: {
              [platform!]: {
                archive: server.url('/fixture.tar.gz'),
                sha256: sha256(archive),
                cmd: './bin/fixture-agent',
                args: ['--scenario', 'basic-turn'],
                env: { PATH: '/nowhere' },
              },
            },
          },
        },
      ],
    };
    server.routes.set('/registry.json', { body: JSON.stringify(index), etag: '"1"', type: 'application/json' });
    const config = () => vscode.workspace.getConfiguration('switchboard');
    await config().update('registry.url', server.url('/registry.json'), vscode.ConfigurationTarget.Global);

    const loaded = await api.agentRegistry.loadIndex();
    const agent = loaded.agents.find((candidate) => candidate.id === 'fixture-registry-agent');
    assert.ok(agent, `the index served here was not read: ${JSON.stringify(loaded.problems)}`);
    const state = await api.agentRegistry.install(agent);
    assert.equal(state?.current.version, '1.0.0');
    assert.deepEqual(config().get<Record<string, unknown>>('agents')?.['fixture-registry-agent'], { type: 'registry' });

    const thread = await api.newChat('fixture-registry-agent');
    assert.equal(thread.snapshot().state.connection.kind, 'ready', JSON.stringify(thread.snapshot().state.connection));
    const ended = nextAction(thread, (a): a is Action<'turnEnded'> => a.type === 'turnEnded', 30_000);
    await thread.prompt('hello from the registry');
    assert.equal((await ended).stopReason, 'end_turn');
    const text = JSON.stringify(thread.snapshot().state.entries);
    assert.match(text, /You said: /);
    await thread.dispose();

    const folder = path.join(api.agentRegistry.installer.root, 'fixture-registry-agent');
    assert.ok(fs.existsSync(folder));
    await api.agentRegistry.uninstall('fixture-registry-agent', 'Fixture Registry Agent', false);
    assert.equal(fs.existsSync(folder), false);
    assert.equal(config().get<Record<string, unknown>>('agents')?.['fixture-registry-agent'], undefined);
  });

  test('an install refused for its sha256 leaves no folder and no entry, and tells it after its progress', async function () {
    const platform = platformKey();
    if (!platform || process.platform === 'win32') this.skip();
    const api = await switchboardApi();
    const archive = await tarGz([{ name: 'bin/fixture-agent', content: '#!/bin/sh\n', mode: 0o755 }]);
    server.routes.set('/tampered.tar.gz', { body: archive });
    const [agent] = parseRegistryIndex({
      agents: [
        {
          id: 'fixture-tampered-agent',
          name: 'Fixture Tampered Agent',
          version: '1.0.0',
          description: 'An archive whose sha256 is not the one the registry gives',
          distribution: {
            binary: {
              [platform!]: {
                archive: server.url('/tampered.tar.gz'),
                sha256: 'ab'.repeat(32),
                cmd: './bin/fixture-agent',
              },
            },
          },
        },
      ],
    }).agents;
    const started = Date.now();
    assert.equal(await api.agentRegistry.install(agent!), undefined);
    // The error waits for VS Code to close the "Installing …" notification (at least 800 ms after it showed).
    assert.ok(Date.now() - started >= PROGRESS_MIN_SHOWN_MS, `told after ${Date.now() - started} ms`);
    assert.equal(fs.existsSync(path.join(api.agentRegistry.installer.root, 'fixture-tampered-agent')), false);
    const agents = vscode.workspace.getConfiguration('switchboard').get<Record<string, unknown>>('agents');
    assert.equal(agents?.['fixture-tampered-agent'], undefined);
  });
});
