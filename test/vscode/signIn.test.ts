// A key kept at sign-in, in the real extension host: stored through SignInFeature (what the key input boxes end
// in), it reaches the agent's environment (the probe agent, test/fixtures/scripted/probe.mjs, reports its PROBE_*
// variables in its answer and on stderr), and it is in no `switchboard.*` setting, nor in the ACP traffic log or
// the agent's log, which show `[secret]` where the agent echoed it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { REDACTED } from '../../src/agents/secretRedactor';
import type { Entry } from '../../src/shared/thread';
import { EXTENSION_ID, switchboardApi, waitFor } from './helpers';

const AGENT = 'probe-signin';
const KEY = 'sk-inhost-7c1e9d4b2a';

suite('Sign-in keys', () => {
  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const script = path.join(extension.extensionPath, 'test', 'fixtures', 'scriptedAgent.mjs');
    const entry = {
      displayName: 'Probe',
      command: process.execPath,
      args: [script, '--scenario', 'probe'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    };
    await vscode.workspace
      .getConfiguration('switchboard')
      .update('agents', { [AGENT]: entry }, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    const api = await switchboardApi();
    await api.signIn.forget(AGENT);
    await vscode.workspace
      .getConfiguration('switchboard')
      .update('agents', undefined, vscode.ConfigurationTarget.Global);
  });

  test('a key stored at sign-in reaches the agent`s environment and no setting or log', async () => {
    const api = await switchboardApi();
    await api.signIn.storeKeys(AGENT, { PROBE_API_KEY: KEY });
    const thread = await api.newChat(AGENT);
    assert.equal(thread.snapshot().state.connection.kind, 'ready');
    await thread.prompt('info');
    const answer = thread
      .snapshot()
      .state.entries.filter((e): e is Extract<Entry, { kind: 'agent' }> => e.kind === 'agent')
      .flatMap((e) => e.parts.map((p) => (p.kind === 'text' ? p.text : '')))
      .join('')
      .match(/probe: (\{.*\})/s);
    assert.ok(answer, 'the probe answered');
    const info = JSON.parse(answer[1]!) as { env: Record<string, string> };
    assert.equal(info.env.PROBE_API_KEY, KEY, "the kept key is in the agent's environment");

    // Every switchboard.* setting, at every level VS Code knows.
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: {
        configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[];
      };
    };
    const sections = [manifest.contributes.configuration].flat().flatMap((part) => Object.keys(part.properties));
    assert.ok(sections.length > 10, 'the settings were found');
    for (const section of sections) {
      const inspected = JSON.stringify(vscode.workspace.getConfiguration().inspect(section) ?? {});
      assert.ok(!inspected.includes(KEY), `the key is in the setting ${section}`);
    }

    // The agent echoed the key in its answer (traffic) and on stderr (agent log): both show [secret] instead.
    await waitFor(() => api.logText(AGENT).agent.includes('probe env'), 10_000, 'the agent log line');
    const { traffic, agent } = api.logText(AGENT);
    assert.ok(traffic.includes('PROBE_API_KEY') && traffic.includes(REDACTED), 'the traffic log shows [secret]');
    assert.ok(agent.includes(REDACTED), 'the agent log shows [secret]');
    assert.ok(!traffic.includes(KEY), 'the key is in the traffic log');
    assert.ok(!agent.includes(KEY), "the key is in the agent's log");
    await thread.dispose();
  });
});

// Terminal sign-in in the real VS Code: the scripted agent offers a terminal method; signing in opens a VS Code
// terminal running the agent's own command with `--login` (a PTY of ours, so the exit code is known), the login
// exits 0 and writes its auth file, and the chat reconnects and opens a session. A second login that exits 1
// leaves the card up and says so.
suite('Terminal sign-in', () => {
  const TERMINAL_AGENT = 'scripted-terminal-signin';
  let dir: string;
  let authFile: string;
  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-signin-'));
    authFile = path.join(dir, 'auth');
    const script = path.join(
      vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath,
      'test',
      'fixtures',
      'scriptedAgent.mjs',
    );
    const entry = {
      displayName: 'Scripted sign-in',
      command: process.execPath,
      args: [
        script,
        '--scenario',
        'sign-in',
        '--auth-file',
        authFile,
        '--login-exits',
        '0,1',
        '--capabilities',
        JSON.stringify({ auth: { logout: {} } }),
      ],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    };
    await vscode.workspace
      .getConfiguration('switchboard')
      .update('agents', { [TERMINAL_AGENT]: entry }, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await vscode.workspace
      .getConfiguration('switchboard')
      .update('agents', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the login runs in a VS Code terminal; exit 0 signs in and the chat goes on, exit 1 keeps the card', async () => {
    const api = await switchboardApi();
    const thread = await api.newChat(TERMINAL_AGENT);
    assert.equal(thread.snapshot().state.connection.kind, 'authRequired');
    const opened = new Promise<vscode.Terminal>((resolve) => {
      const subscription = vscode.window.onDidOpenTerminal((terminal) => {
        subscription.dispose();
        resolve(terminal);
      });
    });
    await thread.authenticate('terminal-login');
    // The login ran in a VS Code terminal the user could type into.
    const terminal = await opened;
    assert.ok(terminal.name.length > 0);
    assert.ok(fs.existsSync(authFile), 'the login wrote its auth file');
    assert.equal(thread.snapshot().state.connection.kind, 'ready');
    assert.ok(thread.snapshot().state.sessionId, 'a session is open after signing in');

    // Sign Out, then a login that exits 1: the card stays and the failure is said.
    assert.equal(await thread.signOut!(), 'loggedOut');
    assert.equal(thread.snapshot().state.connection.kind, 'authRequired');
    await assert.rejects(thread.authenticate('terminal-login'), /exited with code 1/);
    assert.equal(thread.snapshot().state.connection.kind, 'authRequired');
    assert.ok(!fs.existsSync(authFile));
    await thread.dispose();
  });
});
