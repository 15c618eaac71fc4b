// The chat surface's native side: the context keys behind every command's `when`/`enablement` follow
// the chat (Cancel only during a turn, the review commands only with pending changes), the walkthrough's
// command links all name commands that exist and run, and agent changes reach VS Code's own review
// tools (the quick diff's original is the review baseline; Review All opens the multi-file diff editor).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ThreadAction } from '../../src/shared/actions';
import { EXTENSION_ID, nextAction, revertAndCloseAll, switchboardApi, waitFor, workspaceRoot } from './helpers';

type Action<K extends ThreadAction['type']> = Extract<ThreadAction, { type: K }>;

interface Manifest {
  contributes: {
    commands: { command: string; enablement?: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    walkthroughs: { id: string; steps: { id: string; description: string }[] }[];
  };
}

function manifest(): Manifest {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  return extension.packageJSON as Manifest;
}

/** A manifest string as the user reads it: a %key% (if VS Code left it unresolved) from package.nls.json. */
function localized(text: string): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  const key = /^%([\w.-]+)%$/.exec(text)?.[1];
  if (!key) return text;
  const bundle = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.nls.json'), 'utf8')) as Record<
    string,
    string
  >;
  return bundle[key] ?? text;
}

/** Commands that can run at any time (they start, show or configure something). */
const ALWAYS = new Set([
  'switchboard.newChat',
  'switchboard.newChatWithAgent',
  'switchboard.openChatInEditor',
  'switchboard.showHistory',
  'switchboard.configureAgents',
  'switchboard.showAgentLog',
  'switchboard.showTraffic',
  'switchboard.focusChat',
  'switchboard.restoreCheckpoint',
  'switchboard.undoRestore',
  'switchboard.browseAgents',
  'switchboard.setMcpSecret',
  'switchboard.importMcpServers',
  'switchboard.signOut',
  'switchboard.permissionRules',
]);

suite('Chat surface: commands, walkthrough, VS Code review tools', () => {
  teardown(revertAndCloseAll);

  test('every command but the always-available ones has an enablement or a palette `when`', () => {
    const { commands, menus } = manifest().contributes;
    const paletteWhen = new Map((menus.commandPalette ?? []).map((item) => [item.command, item.when]));
    const unguarded = commands
      .filter((c) => !ALWAYS.has(c.command) && !c.enablement && !paletteWhen.get(c.command))
      .map((c) => c.command);
    assert.deepEqual(unguarded, []);
    assert.equal(paletteWhen.get('switchboard.cancel'), 'switchboard.turnRunning');
  });

  test('the context keys follow the chat: a turn runs, its change is pending, Keep All resolves it', async () => {
    const api = await switchboardApi();
    const keys = (): Record<string, boolean> => api.contextKeys();
    const thread = await api.newChat('demo');
    await waitFor(() => keys()['switchboard.hasChat'] === true, 5_000, 'hasChat');
    assert.equal(keys()['switchboard.turnRunning'], false);

    const permission = nextAction(
      thread,
      (a): a is Action<'permissionRequested'> => a.type === 'permissionRequested',
      30_000,
    );
    const turn = thread.prompt('/edit');
    const request = await permission;
    // Waiting for the user's answer is part of the turn: Cancel is offered.
    assert.equal(keys()['switchboard.turnRunning'], true);
    const allow = request.options.find((option) => option.kind === 'allow_once');
    assert.ok(allow);
    thread.resolvePermission(request.permissionId, allow.optionId);
    await turn;
    await waitFor(() => keys()['switchboard.turnRunning'] === false, 10_000, 'the turn to end');
    await waitFor(
      () => keys()['switchboard.chatHasPendingChanges'] === true,
      10_000,
      'the chat to have pending changes',
    );
    assert.equal(keys()['switchboard.hasPendingChanges'], true);

    // The quick diff's original of the written file is its review baseline.
    const file = path.join(workspaceRoot(), 'switchboard-demo.md');
    const original = api.quickDiff.provideOriginalResource(vscode.Uri.file(file));
    assert.ok(original, 'a pending file has a quick diff original');
    const baseline = (await vscode.workspace.openTextDocument(original)).getText();
    assert.notEqual(baseline, fs.readFileSync(file, 'utf8'));

    // Review All: the pending files in VS Code's multi-file diff editor.
    await vscode.commands.executeCommand('switchboard.review.reviewAll');
    await waitFor(
      () => /Agent Changes/.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? ''),
      10_000,
      'the multi-file diff editor',
    );

    await vscode.commands.executeCommand('switchboard.review.keepAll');
    await waitFor(() => keys()['switchboard.hasPendingChanges'] === false, 10_000, 'no pending changes');
    assert.equal(keys()['switchboard.chatHasPendingChanges'], false);
    assert.equal(api.quickDiff.provideOriginalResource(vscode.Uri.file(file)), undefined);
  });

  test("the walkthrough's command links name commands that exist, and they run", async () => {
    await switchboardApi();
    const [walkthrough] = manifest().contributes.walkthroughs;
    assert.ok(walkthrough);
    assert.deepEqual(
      walkthrough.steps.map((step) => step.id),
      ['getAgent', 'firstChat', 'reviewChange'],
    );
    const links = walkthrough.steps.flatMap((step) =>
      [...localized(step.description).matchAll(/\(command:([\w.]+)/g)].map((match) => match[1]!),
    );
    assert.ok(links.length >= 3, `links: ${links.join(', ')}`);
    const known = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      links.filter((command) => !known.has(command)),
      [],
    );
    // Each one runs (the chat opens, the settings open, the Changes view shows).
    for (const command of links) await vscode.commands.executeCommand(command);
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#${walkthrough.id}`);
  });
});
