// Agents found on this machine, inside a real VS Code: the registry index served on 127.0.0.1
// (switchboard.registry.url; with no copy on disk, the index is loaded in the background), a program named like a
// registry agent's command in a folder put first on the extension host's PATH (it runs the scripted agent). It shows in "New Chat with Agent..." under "Found on this
// machine" with where it was found, a chat with it works with no settings entry, "Add to Settings" pins it (it
// then shows once, as configured), and switchboard.discoverAgentsOnPath: false offers none.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { platformKey } from '../../src/agents/registry/registryIndex';
import type { ThreadAction } from '../../src/shared/actions';
import { FixtureServer } from '../integration/registryServer';
import { EXTENSION_ID, nextAction, switchboardApi, waitFor } from './helpers';

type Action<K extends ThreadAction['type']> = Extract<ThreadAction, { type: K }>;

const ID = 'found-fixture';
const PROGRAM = 'found-fixture-acp';
const config = () => vscode.workspace.getConfiguration('switchboard');

suite('Agents found on this machine', () => {
  const server = new FixtureServer();
  const savedPath = process.env.PATH;
  let bin = '';

  suiteSetup(async () => {
    await server.start();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    bin = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-found-bin-'));
    const launcher = `#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} "$@"\n`;
    fs.writeFileSync(path.join(bin, PROGRAM), launcher, { mode: 0o755 });
    const index = {
      version: '1.0.0',
      agents: [
        {
          id: ID,
          name: 'Found Fixture',
          version: '1.0.0',
          description: 'The scripted agent, already installed on this machine',
          distribution: {
            binary: {
              [platformKey()!]: {
                archive: server.url('/never-downloaded.tar.gz'),
                cmd: `./${PROGRAM}`,
                args: ['--scenario', 'basic-turn'],
              },
            },
          },
        },
      ],
    };
    server.routes.set('/registry.json', { body: JSON.stringify(index), etag: '"f"', type: 'application/json' });
    process.env.PATH = `${bin}${path.delimiter}${savedPath ?? ''}`;
    // The first detection after activation already ran, with the runner's registry (where nothing listens).
    await (await switchboardApi()).foundAgents.whenReady();
    await config().update('registry.url', server.url('/registry.json'), vscode.ConfigurationTarget.Global);
  });

  suiteTeardown(async () => {
    process.env.PATH = savedPath;
    await server.stop();
    for (const key of ['registry.url', 'agents', 'discoverAgentsOnPath'])
      await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(bin, { recursive: true, force: true });
  });

  test('a found agent is offered with where it was found, chats without settings, and pins to settings', async () => {
    const api = await switchboardApi();
    // No copy of this registry's index on disk yet: it is loaded in the background, then the agent is found.
    await waitFor(
      () => api.agentPickItems().some((item) => item.agentId === ID),
      10_000,
      'the agent found once the index was loaded',
    );
    const items = api.agentPickItems();
    const separator = items.findIndex((item) => item.kind === vscode.QuickPickItemKind.Separator);
    assert.ok(separator > 0, `no "Found on this machine" group: ${JSON.stringify(items.map((i) => i.label))}`);
    assert.equal(items[separator]!.label, 'Found on this machine');
    const found = items.slice(separator + 1);
    assert.deepEqual(
      found.map((item) => [item.agentId, item.label, item.detail]),
      [[ID, 'Found Fixture', `Found at ${path.join(bin, PROGRAM)}, runs with --scenario basic-turn`]],
    );
    assert.equal(found[0]!.buttons?.length, 1);
    assert.equal(config().get<Record<string, unknown>>('agents')?.[ID], undefined);

    const thread = await api.newChat(ID);
    assert.equal(thread.snapshot().state.connection.kind, 'ready', JSON.stringify(thread.snapshot().state.connection));
    const ended = nextAction(thread, (a): a is Action<'turnEnded'> => a.type === 'turnEnded', 30_000);
    await thread.prompt('hello from PATH');
    assert.equal((await ended).stopReason, 'end_turn');
    assert.match(JSON.stringify(thread.snapshot().state.entries), /You said: hello from PATH/);
    await thread.dispose();

    assert.equal(await api.foundAgents.addToSettings(ID), true);
    assert.deepEqual(config().inspect<Record<string, unknown>>('agents')?.globalValue?.[ID], {
      displayName: 'Found Fixture',
      command: PROGRAM,
      args: ['--scenario', 'basic-turn'],
    });
    await api.foundAgents.refresh();
    const pinned = api.agentPickItems();
    assert.equal(pinned.filter((item) => item.agentId === ID).length, 1, JSON.stringify(pinned));
    assert.ok(!pinned.some((item) => item.kind === vscode.QuickPickItemKind.Separator));
    assert.equal(pinned.find((item) => item.agentId === ID)?.detail, `${PROGRAM} --scenario basic-turn`);
  });

  test('"New Chat with Agent..." starts a chat with a found agent picked in its quick pick', async () => {
    const api = await switchboardApi();
    await config().update('agents', undefined, vscode.ConfigurationTarget.Global);
    await api.foundAgents.refresh();
    const before = api.activeThread();
    void vscode.commands.executeCommand('switchboard.newChatWithAgent');
    // The pick lists the Demo agent, then the group of found ones: one step down is the found agent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await waitFor(() => api.activeThread() !== before, 10_000, 'a chat started from the pick');
    const thread = api.activeThread()!;
    assert.equal(thread.agent.id, ID);
    assert.equal(thread.agent.foundAt, path.join(bin, PROGRAM));
    await waitFor(() => thread.snapshot().state.connection.kind === 'ready', 10_000, 'the found agent ready');
    await thread.dispose();
  });

  test('switchboard.discoverAgentsOnPath: false offers no found agent', async () => {
    const api = await switchboardApi();
    await config().update('agents', undefined, vscode.ConfigurationTarget.Global);
    await api.foundAgents.refresh();
    assert.ok(
      api.agentPickItems().some((item) => item.agentId === ID),
      'found again once unpinned',
    );
    await config().update('discoverAgentsOnPath', false, vscode.ConfigurationTarget.Global);
    await api.foundAgents.refresh();
    assert.ok(!api.agentPickItems().some((item) => item.agentId === ID));
    assert.ok(!api.agentPickItems().some((item) => item.kind === vscode.QuickPickItemKind.Separator));
  });
});
