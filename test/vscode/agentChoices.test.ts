// In the real extension host: elicitation is advertised by default in both modes (VS Code can open addresses); a
// value the user set under the old name switchboard.experimental.elicitation still applies and the agent's log
// says the setting was renamed; and a second chat of an agent starts with the mode the user picked in the first
// (remembered in globalState), unless switchboard.agentDefaults pins another.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, switchboardApi, waitFor } from './helpers';

/** Two agents, so that each chat gets its own process (settings are read when a process starts). */
const FIRST = 'choices-first';
const SECOND = 'choices-second';

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('switchboard');
}

suite('Per-agent choices and the elicitation setting', () => {
  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    const entry = (name: string) => ({
      displayName: name,
      command: process.execPath,
      args: [script, '--scenario', 'modes'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    await config().update(
      'agents',
      { [FIRST]: entry('Choices 1'), [SECOND]: entry('Choices 2') },
      vscode.ConfigurationTarget.Global,
    );
  });
  suiteTeardown(async () => {
    for (const key of ['agents', 'agentDefaults', 'experimental.elicitation'])
      await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  test('elicitation is on by default in form and URL mode; the old setting, where set, still applies', async () => {
    const api = await switchboardApi();
    const first = await api.newChat(FIRST);
    assert.equal(first.snapshot().state.connection.kind, 'ready');
    assert.match(api.logText(FIRST).traffic, /"elicitation":\{"form":\{\},"url":\{\}\}/);
    await first.dispose();

    await config().update('experimental.elicitation', false, vscode.ConfigurationTarget.Global);
    const second = await api.newChat(SECOND);
    assert.equal(second.snapshot().state.connection.kind, 'ready');
    await waitFor(() => api.logText(SECOND).traffic.includes('"clientCapabilities"'), 5000, 'the initialize line');
    assert.doesNotMatch(api.logText(SECOND).traffic, /"elicitation"/);
    assert.match(
      api.logText(SECOND).agent,
      /switchboard\.experimental\.elicitation was renamed switchboard\.elicitation/,
    );
    await second.dispose();
  });

  test('a second chat starts with the mode picked in the first; a pinned mode wins', async () => {
    const api = await switchboardApi();
    const first = await api.newChat(FIRST);
    assert.equal(first.snapshot().state.modes?.currentModeId, 'ask');
    await first.setMode('code');
    const second = await api.newChat(FIRST);
    assert.equal(second.snapshot().state.modes?.currentModeId, 'code');

    await config().update('agentDefaults', { [FIRST]: { mode: 'ask' } }, vscode.ConfigurationTarget.Global);
    const third = await api.newChat(FIRST);
    assert.equal(third.snapshot().state.modes?.currentModeId, 'ask');
    await config().update('agentDefaults', undefined, vscode.ConfigurationTarget.Global);
    for (const thread of [first, second, third]) await thread.dispose();
  });
});
