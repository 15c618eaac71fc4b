// A whole Demo agent turn through the API activate() returns: a real child process speaking ACP,
// a permission answered with the allow option, and the file written through the editor.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ThreadAction } from '../../src/shared/actions';
import { nextAction, revertAndCloseAll, switchboardApi, workspaceRoot } from './helpers';

type Action<K extends ThreadAction['type']> = Extract<ThreadAction, { type: K }>;

suite('Demo agent end to end', () => {
  teardown(revertAndCloseAll);

  test('a /edit turn asks permission, writes switchboard-demo.md and ends with end_turn', async () => {
    const api = await switchboardApi();
    const thread = await api.newChat('demo');
    assert.equal(api.activeThread(), thread);
    const started = thread.snapshot().state;
    assert.equal(started.connection.kind, 'ready', `the demo did not start: ${JSON.stringify(started.connection)}`);

    const file = path.join(workspaceRoot(), 'switchboard-demo.md');
    const editsBefore = fs.existsSync(file) ? (fs.readFileSync(file, 'utf8').match(/Demo edit #/g)?.length ?? 0) : 0;

    const permission = nextAction(
      thread,
      (a): a is Action<'permissionRequested'> => a.type === 'permissionRequested',
      30_000,
    );
    const ended = nextAction(
      thread,
      (a): a is Action<'turnEnded' | 'turnFailed' | 'agentFailed'> =>
        a.type === 'turnEnded' || a.type === 'turnFailed' || a.type === 'agentFailed',
      45_000,
    );
    const turn = thread.prompt('/edit');

    const request = await permission;
    const allow = request.options.find((option) => option.kind === 'allow_once');
    assert.ok(allow, `no allow_once option in ${JSON.stringify(request.options)}`);
    thread.resolvePermission(request.permissionId, allow.optionId);

    const end = await ended;
    assert.deepEqual(end, { type: 'turnEnded', stopReason: 'end_turn' });
    await turn;

    const written = fs.readFileSync(file, 'utf8');
    assert.equal(written.match(/Demo edit #/g)?.length ?? 0, editsBefore + 1, written);
    const tools = thread.snapshot().state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []));
    const edit = tools.find((tool) => tool.writes.length > 0);
    assert.ok(edit, 'the edit tool call records the write');
    const write = edit.writes[0];
    assert.ok(write);
    // The card names the write; its texts are in the review's keeper, which holds what landed.
    assert.equal(api.review?.controller.texts.texts(write)?.after, written);
    assert.equal(edit.permission?.state.kind, 'selected');
  });
});
