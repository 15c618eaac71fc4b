// Several chats in the real VS Code: a chat keeps streaming while another is shown, and its
// permission request waits for the user there; the journal writes both chats to the workspace storage.
import * as assert from 'node:assert/strict';
import type { ThreadAction } from '../../src/shared/actions';
import { nextAction, revertAndCloseAll, switchboardApi } from './helpers';

type Action<K extends ThreadAction['type']> = Extract<ThreadAction, { type: K }>;

suite('Several chats', () => {
  teardown(revertAndCloseAll);

  test('a background chat keeps its turn and its permission request while another chat is shown', async () => {
    const api = await switchboardApi();
    const background = await api.newChat('demo');
    const permission = nextAction(
      background,
      (a): a is Action<'permissionRequested'> => a.type === 'permissionRequested',
      30_000,
    );
    const ended = nextAction(
      background,
      (a): a is Action<'turnEnded' | 'turnFailed' | 'agentFailed'> =>
        a.type === 'turnEnded' || a.type === 'turnFailed' || a.type === 'agentFailed',
      45_000,
    );
    const turn = background.prompt('/edit');
    const shown = await api.newChat('demo');
    assert.equal(api.activeThread(), shown);
    assert.notEqual(background.snapshot().state.connection.kind, 'stopped', 'the first chat was stopped');
    // Both are open (earlier suites' chats may be too: only Close ends a chat).
    assert.deepEqual(
      api
        .chats()
        .map((chat) => chat.threadId)
        .slice(-2),
      [background.threadId, shown.threadId],
    );

    const request = await permission;
    const allow = request.options.find((option) => option.kind === 'allow_once');
    assert.ok(allow);
    background.resolvePermission(request.permissionId, allow.optionId);
    assert.deepEqual(await ended, { type: 'turnEnded', stopReason: 'end_turn' });
    await turn;
    assert.equal(api.activeThread(), shown, 'the shown chat stayed shown');

    // Back to the first chat: it shows its whole turn.
    assert.equal(api.showChat(background.threadId), true);
    assert.equal(api.activeThread(), background);
    await api.flushChats();
  });
});
