// session/request_permission of one chat, from the survivors of a mutation run over session-core:
// the refusals (no options, too many waiting), what is logged, cancellation from the agent, an option that
// was not offered, a policy that is missing, unknown or throws, and cancelAll.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { ProtocolProblem } from '../../../src/shared/entryReasons';
import { problemWords } from '../../../src/shared/entryWords';
import type { ToolCallView } from '../../../src/shared/thread';
import { RequestFailure, type PermissionPolicy } from '../../../src/session/api';
import { MAX_PENDING_PERMISSIONS, PermissionRequests } from '../../../src/session/requests/permissionRequests';
import { FileTexts } from '../../../src/review/fileTexts';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import { ErrorCodes } from '../../../src/protocol/methods';
import { within } from '../../within';

const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];
const params = (toolCallId = 't', options = OPTIONS): acp.RequestPermissionRequest => ({
  sessionId: 's',
  toolCall: { toolCallId, title: 'git status', kind: 'execute' },
  options,
});

/** A cancellation signal the test fires, counting the subscriptions still listening. */
function cancelSignal() {
  const listeners = new Set<() => void>();
  return {
    isCancellationRequested: false,
    onCancellationRequested(listener: () => void) {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    fire: () => [...listeners].forEach((listener) => listener()),
    get listening() {
      return listeners.size;
    },
  };
}

function setup(options: { policy?: PermissionPolicy; knownTools?: boolean; cancelled?: boolean } = {}) {
  const actions: ThreadAction[] = [];
  const logs: string[] = [];
  const errors: [ProtocolProblem, string][] = [];
  const requests = new PermissionRequests({
    dispatch: (a) => actions.push(a),
    log: (l) => logs.push(l),
    turnCancelled: () => options.cancelled ?? false,
    reportProtocolError: (problem, raw) => errors.push([problem, raw]),
    toolDiffs: new ToolDiffs(new FileTexts()),
    policy: options.policy,
    toolView: (id) =>
      options.knownTools === false ? undefined : ({ toolCallId: id, title: 'git status' } as ToolCallView),
  });
  const idOf = (index: number) =>
    (actions.filter((a) => a.type === 'permissionRequested')[index] as { permissionId: string }).permissionId;
  return { actions, logs, errors, requests, idOf };
}

describe('PermissionRequests (mutation survivors)', () => {
  it('refuses a request without options as invalid params, and shows it in the chat', () => {
    const { requests, errors, actions } = setup();
    let failure: unknown;
    try {
      void requests.request(params('t', []), cancelSignal());
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(RequestFailure);
    expect((failure as RequestFailure).code).toBe(ErrorCodes.invalidParams);
    expect(errors).toHaveLength(1);
    expect(errors[0]![0]).toEqual({
      kind: 'noPermissionOptions',
      problem: expect.stringContaining('offers no options'),
    });
    expect(problemWords(errors[0]![0]).title).toBe('The agent asked for permission without any options');
    expect(errors[0]![1]).toContain('"options":[]');
    expect(actions).toEqual([]);
  });

  it(`refuses request ${MAX_PENDING_PERMISSIONS + 1} while ${MAX_PENDING_PERMISSIONS} wait, saying the limit`, () => {
    const { requests } = setup();
    for (let i = 0; i < MAX_PENDING_PERMISSIONS; i++) void requests.request(params(`t${i}`), cancelSignal());
    expect(requests.size).toBe(MAX_PENDING_PERMISSIONS);
    let failure: unknown;
    try {
      void requests.request(params('one more'), cancelSignal());
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(RequestFailure);
    expect((failure as RequestFailure).code).toBe(ErrorCodes.internalError);
    expect((failure as RequestFailure).message).toContain(`at most ${MAX_PENDING_PERMISSIONS} at once`);
    expect((failure as RequestFailure).data).toEqual({ limit: MAX_PENDING_PERMISSIONS });
  });

  it('answers cancelled without a card once the turn was cancelled', async () => {
    const { requests, actions } = setup({ cancelled: true });
    await expect(
      within(requests.request(params(), cancelSignal()), 'the answer to the permission request'),
    ).resolves.toEqual({ outcome: { outcome: 'cancelled' } });
    expect(actions).toEqual([]);
  });

  it('logs who answered by itself', async () => {
    const { requests, logs } = setup({
      policy: { answer: () => ({ optionId: 'once', note: 'Allowed by rule x' }), chosen: () => {} },
    });
    await within(requests.request(params(), cancelSignal()), 'the answer the policy gave');
    expect(logs).toEqual(['[switchboard] permission-1 answered once: Allowed by rule x']);
  });

  it('answers cancelled when the agent cancels the request, and stops listening once it is answered', async () => {
    const { requests, actions } = setup();
    const signal = cancelSignal();
    const answer = requests.request(params(), signal);
    expect(signal.listening).toBe(1);
    signal.fire();
    await expect(within(answer, 'the answer to the permission request')).resolves.toEqual({
      outcome: { outcome: 'cancelled' },
    });
    expect(actions.at(-1)).toMatchObject({ type: 'permissionResolved', outcome: { kind: 'cancelled' } });
    expect(signal.listening).toBe(0);

    const second = cancelSignal();
    const { requests: other, idOf } = setup();
    const answered = other.request(params(), second);
    other.resolve(idOf(0), 'once');
    await within(answered, 'the answer to the permission request');
    expect(second.listening).toBe(0);
  });

  it('answers an option that was not offered as cancelled, logs it, and teaches the policy nothing', async () => {
    const chosen: unknown[] = [];
    const { requests, logs, actions, idOf } = setup({
      policy: { answer: () => undefined, chosen: (_, o) => chosen.push(o) },
    });
    const answer = requests.request(params(), cancelSignal());
    requests.resolve(idOf(0), 'forged');
    await expect(within(answer, 'the answer to the permission request')).resolves.toEqual({
      outcome: { outcome: 'cancelled' },
    });
    expect(chosen).toEqual([]);
    expect(logs).toEqual(['[switchboard] option forged was not offered for permission-1; answered cancelled']);
    expect(actions.at(-1)).toMatchObject({ type: 'permissionResolved', outcome: { kind: 'cancelled' } });
  });

  it('logs nothing when the user dismisses the card (no option) and nothing when an offered option is chosen', () => {
    const { requests, logs, idOf } = setup();
    void requests.request(params('a'), cancelSignal());
    void requests.request(params('b'), cancelSignal());
    requests.resolve(idOf(0), null);
    requests.resolve(idOf(1), 'once');
    expect(logs).toEqual([]);
  });

  it('neither asks nor teaches the policy about a tool call the thread does not know', () => {
    const calls: string[] = [];
    const policy: PermissionPolicy = {
      answer: () => {
        calls.push('answer');
        return { optionId: 'once', note: 'x' };
      },
      chosen: () => calls.push('chosen'),
    };
    const { requests, actions, idOf } = setup({ policy, knownTools: false });
    void requests.request(params(), cancelSignal());
    expect(actions.map((a) => a.type)).toEqual(['permissionRequested']); // asked, not answered by the policy
    requests.resolve(idOf(0), 'once');
    expect(calls).toEqual([]);
  });

  it('logs a policy that throws, when answering and when learning, and still settles the request', async () => {
    const policy: PermissionPolicy = {
      answer: () => {
        throw new Error('no answer');
      },
      chosen: () => {
        throw new Error('no learning');
      },
    };
    const { requests, logs, idOf } = setup({ policy });
    const answer = requests.request(params(), cancelSignal());
    requests.resolve(idOf(0), 'once');
    await expect(within(answer, 'the answer to the permission request')).resolves.toEqual({
      outcome: { outcome: 'selected', optionId: 'once' },
    });
    expect(logs).toEqual([
      '[switchboard] permission policy failed: Error: no answer',
      '[switchboard] permission policy failed: Error: no learning',
    ]);
  });

  it('cancelAll answers every waiting request cancelled, on the cards too, and forgets what was asked', async () => {
    const chosen: unknown[] = [];
    const { requests, actions, idOf } = setup({
      policy: { answer: () => undefined, chosen: (_, o) => chosen.push(o) },
    });
    const answers = [requests.request(params('a'), cancelSignal()), requests.request(params('b'), cancelSignal())];
    expect(requests.cancelAll()).toBe(2);
    for (const answer of answers)
      await expect(within(answer, 'the answer to the permission request')).resolves.toEqual({
        outcome: { outcome: 'cancelled' },
      });
    expect(actions.filter((a) => a.type === 'permissionResolved')).toEqual([
      { type: 'permissionResolved', permissionId: idOf(0), outcome: { kind: 'cancelled' } },
      { type: 'permissionResolved', permissionId: idOf(1), outcome: { kind: 'cancelled' } },
    ]);
    requests.resolve(idOf(0), 'once');
    expect(chosen).toEqual([]);
    expect(requests.size).toBe(0);
  });
});
