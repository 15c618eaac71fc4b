// A multi-root workspace in the real VS Code (the harness opens the sample workspace and a second folder
// as one .code-workspace): an agent that advertises sessionCapabilities.additionalDirectories gets the
// second folder as an additional directory and reads there freely; one that does not works in the first
// folder only, the chat says so, and the second folder is outside its workspace (with
// switchboard.fs.readOutsideWorkspace "deny", its read there is refused). The scripted agent records what
// it received (--record).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { noteWords } from '../../../src/shared/entryWords';
import type { Entry } from '../../../src/shared/thread';
import { EXTENSION_ID, switchboardApi } from '../helpers';

const TAKES_FOLDERS = 'roots-taken';
const FIRST_ONLY = 'roots-first-only';

suite('multi-root workspace', () => {
  let records: string;
  let first: string;
  let second: string;

  suiteSetup(async () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 2, 'the harness opens two folders');
    [first, second] = folders.map((folder) => fs.realpathSync(folder.uri.fsPath)) as [string, string];
    records = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-roots-'));
    const script = path.join(
      vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath,
      'test',
      'fixtures',
      'scriptedAgent.mjs',
    );
    const entry = (id: string, capabilities: object) => ({
      displayName: id,
      command: process.execPath,
      args: [
        script,
        '--scenario',
        'read-path',
        '--record',
        path.join(records, `${id}.ndjson`),
        '--capabilities',
        JSON.stringify(capabilities),
      ],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    const config = vscode.workspace.getConfiguration('switchboard');
    await config.update(
      'agents',
      {
        [TAKES_FOLDERS]: entry(TAKES_FOLDERS, { sessionCapabilities: { additionalDirectories: {} } }),
        [FIRST_ONLY]: entry(FIRST_ONLY, {}),
      },
      vscode.ConfigurationTarget.Global,
    );
    await config.update('fs.readOutsideWorkspace', 'deny', vscode.ConfigurationTarget.Global);
  });

  suiteTeardown(async () => {
    const config = vscode.workspace.getConfiguration('switchboard');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('fs.readOutsideWorkspace', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(records, { recursive: true, force: true });
  });

  /** session/new as the agent received it. */
  const sessionNew = (id: string) =>
    fs
      .readFileSync(path.join(records, `${id}.ndjson`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { method?: string; params?: Record<string, unknown> })
      .find((message) => message.method === 'session/new')?.params;

  /** The agent's report of its fs/read_text_file of `file`. */
  async function readThrough(
    agentId: string,
    file: string,
  ): Promise<{ result?: { content: string }; error?: { message: string } }> {
    const api = await switchboardApi();
    const thread = await api.newChat(agentId);
    assert.equal(thread.snapshot().state.connection.kind, 'ready');
    await thread.prompt(file);
    const report = agentText(thread.snapshot().state.entries).match(/client-calls: (\{.*\})/);
    assert.ok(report, `the agent reported its read: ${agentText(thread.snapshot().state.entries)}`);
    return (JSON.parse(report[1]!) as { answer: { result?: { content: string }; error?: { message: string } } }).answer;
  }

  test('an agent that takes more folders gets the second one and reads there without asking', async () => {
    const answer = await readThrough(TAKES_FOLDERS, path.join(second, 'notes.txt'));
    assert.equal(answer.result?.content, 'in the second folder\n');
    const params = sessionNew(TAKES_FOLDERS);
    assert.equal(fs.realpathSync(String(params?.cwd)), first);
    assert.deepEqual(
      (params?.additionalDirectories as string[]).map((dir) => fs.realpathSync(dir)),
      [second],
    );
  });

  test('an agent that does not works in the first folder, the chat says so, the second is outside', async () => {
    const answer = await readThrough(FIRST_ONLY, path.join(second, 'notes.txt'));
    assert.ok(answer.error, 'the read outside its workspace was refused (readOutsideWorkspace: deny)');
    const params = sessionNew(FIRST_ONLY);
    assert.equal(fs.realpathSync(String(params?.cwd)), first);
    assert.equal(params?.additionalDirectories, undefined);
    const api = await switchboardApi();
    const notices = api
      .activeThread()!
      .snapshot()
      .state.entries.flatMap((entry) => (entry.kind === 'notice' ? [noteWords(entry.note)] : []));
    assert.ok(
      notices.some((text) => text.includes(`works in ${path.basename(first)}`) || text.includes(first)),
      `a notice names the folder it works in: ${JSON.stringify(notices)}`,
    );
    assert.ok(
      notices.some((text) => text.includes(path.basename(second))),
      `and the folder outside: ${JSON.stringify(notices)}`,
    );
  });
});

function agentText(entries: readonly Entry[]): string {
  return entries
    .filter((entry): entry is Extract<Entry, { kind: 'agent' }> => entry.kind === 'agent')
    .flatMap((entry) => entry.parts.map((part) => (part.kind === 'text' ? part.text : '')))
    .join('');
}
