import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { ToolCallView } from '../../../src/shared/thread';
import type { PermissionPolicy } from '../../../src/session/api';
import { PermissionRequests } from '../../../src/session/requests/permissionRequests';
import { FileTexts } from '../../../src/review/fileTexts';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import { within } from '../../within';

const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];
const signal = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
const params = (toolCallId: string): acp.RequestPermissionRequest => ({
  sessionId: 's',
  toolCall: { toolCallId, title: 'git status', kind: 'execute', rawInput: { command: 'git status' } },
  options: OPTIONS,
});

function setup(policy: PermissionPolicy) {
  const actions: ThreadAction[] = [];
  const logs: string[] = [];
  const tool = {
    toolCallId: 't',
    title: 'git status',
    kind: 'execute',
    rawInput: { command: 'git status' },
  } as ToolCallView;
  const requests = new PermissionRequests({
    dispatch: (a) => actions.push(a),
    log: (l) => logs.push(l),
    turnCancelled: () => false,
    reportProtocolError: () => {},
    toolDiffs: new ToolDiffs(new FileTexts()),
    policy,
    toolView: (id) => ({ ...tool, toolCallId: id }),
  });
  return { actions, logs, requests };
}

describe('PermissionRequests with a policy', () => {
  it('answers by itself when the policy does, and says so on the card', async () => {
    const { actions, requests } = setup({
      answer: () => ({ optionId: 'once', note: 'Allowed by rule: x' }),
      chosen: () => {},
    });
    await expect(
      within(requests.request(params('t'), signal), 'the answer to the permission request'),
    ).resolves.toEqual({
      outcome: { outcome: 'selected', optionId: 'once' },
    });
    expect(actions.map((a) => a.type)).toEqual(['permissionRequested', 'permissionResolved']);
    expect(actions[1]).toMatchObject({
      outcome: { kind: 'selected', optionId: 'once', automatic: 'Allowed by rule: x' },
    });
    expect(requests.size).toBe(0);
  });

  it('asks when the policy picks an option that was not offered, or throws', async () => {
    for (const answer of [
      () => ({ optionId: 'nope', note: 'x' }),
      () => {
        throw new Error('boom');
      },
    ]) {
      const { actions, requests } = setup({ answer, chosen: () => {} });
      void requests.request(params('t'), signal);
      expect(actions.map((a) => a.type)).toEqual(['permissionRequested']);
      expect(requests.size).toBe(1);
    }
  });

  it('tells the policy what the user chose, with the tool as the thread knows it', () => {
    const chosen: [string, string][] = [];
    const { requests, actions } = setup({
      answer: () => undefined,
      chosen: (tool, option) => chosen.push([tool.toolCallId, option.optionId]),
    });
    void requests.request(params('t1'), signal);
    const permissionId = (actions[0] as { permissionId: string }).permissionId;
    requests.resolve(permissionId, 'always');
    requests.resolve(permissionId, 'always'); // settled once: learned once
    expect(chosen).toEqual([['t1', 'always']]);
  });

  it('a second identical request is answered by the rule the first one made', async () => {
    // The real store in miniature: "Always allow" remembers the tool's command.
    const remembered = new Set<string>();
    const policy: PermissionPolicy = {
      answer: (tool) =>
        remembered.has(JSON.stringify(tool.rawInput)) ? { optionId: 'once', note: 'Allowed by rule' } : undefined,
      chosen: (tool, option) => {
        if (option.kind === 'allow_always') remembered.add(JSON.stringify(tool.rawInput));
      },
    };
    const { requests, actions } = setup(policy);
    const first = requests.request(params('a'), signal);
    requests.resolve((actions[0] as { permissionId: string }).permissionId, 'always');
    await expect(within(first, 'the answer to the permission request')).resolves.toMatchObject({
      outcome: { optionId: 'always' },
    });
    await expect(
      within(requests.request(params('b'), signal), 'the answer to the permission request'),
    ).resolves.toMatchObject({ outcome: { optionId: 'once' } });
    expect(actions.at(-1)).toMatchObject({ outcome: { automatic: 'Allowed by rule' } });
  });
});

describe('PermissionRequests with a policy that takes a moment', () => {
  function later<T>(): { promise: Promise<T>; settle: (value: T) => void; fail: (error: Error) => void } {
    let settle!: (value: T) => void;
    let fail!: (error: Error) => void;
    const promise = new Promise<T>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    return { promise, settle, fail };
  }

  it('shows the card meanwhile, then answers by itself and says so', async () => {
    const answer = later<{ optionId: string; note: string } | undefined>();
    const { actions, requests } = setup({ answer: () => answer.promise, chosen: () => {} });
    const response = requests.request(params('t'), signal);
    expect(actions.map((a) => a.type)).toEqual(['permissionRequested']);
    answer.settle({ optionId: 'once', note: 'Allowed by rule: x' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(
      actions.map((a) => a.type),
      'answered by the policy once it knows',
    ).toEqual(['permissionRequested', 'permissionResolved']);
    await expect(response).resolves.toEqual({ outcome: { outcome: 'selected', optionId: 'once' } });
    expect(actions[1]).toMatchObject({
      outcome: { kind: 'selected', optionId: 'once', automatic: 'Allowed by rule: x' },
    });
    expect(requests.size).toBe(0);
  });

  it('lets the user answer first: the late answer changes nothing', async () => {
    const answer = later<{ optionId: string; note: string } | undefined>();
    const chosen: string[] = [];
    const { actions, requests } = setup({ answer: () => answer.promise, chosen: (_, o) => chosen.push(o.optionId) });
    const response = requests.request(params('t'), signal);
    requests.resolve((actions[0] as { permissionId: string }).permissionId, 'no');
    answer.settle({ optionId: 'once', note: 'Allowed by rule: x' });
    await expect(response).resolves.toEqual({ outcome: { outcome: 'selected', optionId: 'no' } });
    await Promise.resolve();
    expect(actions.map((a) => a.type)).toEqual(['permissionRequested', 'permissionResolved']);
    expect(chosen).toEqual(['no']);
  });

  it('asks when the answer fails or picks an option not offered, and logs a failure', async () => {
    for (const outcome of ['fail', 'unknown'] as const) {
      const answer = later<{ optionId: string; note: string } | undefined>();
      const { actions, requests, logs } = setup({ answer: () => answer.promise, chosen: () => {} });
      void requests.request(params('t'), signal);
      if (outcome === 'fail') answer.fail(new Error('no disk'));
      else answer.settle({ optionId: 'nope', note: 'x' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(actions.map((a) => a.type)).toEqual(['permissionRequested']);
      expect(requests.size).toBe(1);
      if (outcome === 'fail') expect(logs).toContain('[switchboard] permission policy failed: Error: no disk');
    }
  });
});
