// "Always allow" becomes a rule in VS Code's own storage (never a settings file a cloned repository could bring):
// it answers the same request by itself and says so, it starts in this workspace and moves to all workspaces and
// back (the rules list's button), and it can be removed. The real PermissionRuleStore over the real mementos.
import * as assert from 'node:assert/strict';
import type * as acp from '@agentclientprotocol/sdk';
import type { ToolCallView } from '../../src/shared/thread';
import { switchboardApi, waitFor } from './helpers';

const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

function gitStatus(id: string): ToolCallView {
  return {
    toolCallId: id,
    title: 'git status',
    kind: 'execute',
    status: 'pending',
    content: [],
    locations: [],
    rawInput: { command: 'git status' },
    permission: null,
    writes: [],
  };
}

suite('Permission rules', () => {
  test('"Always allow" makes a workspace rule that answers again; it moves to all workspaces and back, then goes', async () => {
    const store = (await switchboardApi()).permissionRules;
    const policy = store.policy('rules-test-agent', 'rules-test-chat');
    const ours = () => store.rules().filter((rule) => rule.agentId === 'rules-test-agent');
    assert.equal(policy.answer(gitStatus('t1'), OPTIONS), undefined, 'no rule yet: the user is asked');

    policy.chosen(gitStatus('t1'), OPTIONS[1]!);
    await waitFor(() => ours().length === 1, 5000, 'the rule to be stored');
    const [rule] = ours();
    assert.equal(rule!.scope, 'workspace');
    const again = policy.answer(gitStatus('t2'), OPTIONS);
    assert.ok(again, 'the same request is answered by the rule');
    assert.match(again.note, /Allowed by rule/);
    // A compound command the rule was not made for is still asked.
    assert.equal(
      policy.answer({ ...gitStatus('t3'), rawInput: { command: 'git status && rm -rf ~' } }, OPTIONS),
      undefined,
    );

    await store.setScope(rule!.id, 'user');
    assert.deepEqual(
      ours().map((r) => r.scope),
      ['user'],
    );
    assert.ok(policy.answer(gitStatus('t4'), OPTIONS), 'it still answers from the user scope');
    await store.setScope(rule!.id, 'workspace');
    assert.deepEqual(
      ours().map((r) => r.scope),
      ['workspace'],
    );

    await store.remove(rule!.id);
    assert.deepEqual(ours(), []);
    assert.equal(policy.answer(gitStatus('t5'), OPTIONS), undefined, 'removed: the user is asked again');
  });
});
