// ElicitationRequests (elicitation/create, form mode) without an agent process: what is asked,
// what the agent is answered on each exit path (accept checked against the form, decline, the
// turn or the request cancelled, the chat closed), and the bound on forms waiting at once.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { ElicitationRequests } from '../../../src/session/requests/elicitationRequests';
import { MAX_PENDING_PERMISSIONS } from '../../../src/session/requests/permissionRequests';
import { RequestFailure } from '../../../src/session/api';
import { ErrorCodes } from '../../../src/protocol/methods';
import { within } from '../../within';
import { cancelSignal } from './cancelSignal';

function params(overrides: Record<string, unknown> = {}): acp.CreateElicitationRequest {
  return {
    sessionId: 's1',
    mode: 'form',
    message: 'Which branch?',
    requestedSchema: {
      type: 'object',
      properties: { branch: { type: 'string', title: 'Branch' }, force: { type: 'boolean' } },
      required: ['branch'],
    },
    ...overrides,
  } as unknown as acp.CreateElicitationRequest;
}

function setup(turnCancelled = false) {
  const actions: ThreadAction[] = [];
  const requests = new ElicitationRequests(
    (action) => actions.push(action),
    () => turnCancelled,
  );
  return { actions, requests };
}

function requestedId(actions: ThreadAction[], index = 0): string {
  const asked = actions.filter((a) => a.type === 'elicitationRequested');
  const action = asked[index];
  if (action?.type !== 'elicitationRequested') throw new Error('no form was shown');
  return action.elicitationId;
}

describe('ElicitationRequests', () => {
  it('shows the form and answers accept with the checked values', async () => {
    const { actions, requests } = setup();
    const signal = cancelSignal();
    const answer = requests.request(params(), signal);
    expect(requests.size).toBe(1);
    const id = requestedId(actions);
    const shown = actions[0];
    expect(shown?.type === 'elicitationRequested' && shown.form.message).toBe('Which branch?');
    expect(shown?.type === 'elicitationRequested' && shown.form.fields.map((f) => f.name)).toEqual(['branch', 'force']);

    expect(requests.resolve(id, 'accept', { branch: 'main', force: true })).toBeNull();
    await expect(within(answer, 'the answer to the form')).resolves.toEqual({
      action: 'accept',
      content: { branch: 'main', force: true },
    });
    expect(actions[actions.length - 1]).toEqual({ type: 'elicitationResolved', elicitationId: id, answer: 'accept' });
    expect(requests.size).toBe(0);
    expect(signal.listeners).toBe(0);
  });

  it('keeps a form waiting when accepted values do not fit it, and says which field', async () => {
    const { actions, requests } = setup();
    const answer = requests.request(params(), cancelSignal());
    const id = requestedId(actions);
    const problems = requests.resolve(id, 'accept', { force: true });
    expect(problems).toEqual({ branch: expect.any(String) });
    expect(requests.size).toBe(1);
    expect(actions.filter((a) => a.type === 'elicitationResolved')).toEqual([]);
    // It is still answerable.
    expect(requests.resolve(id, 'decline')).toBeNull();
    await expect(within(answer, 'the answer to the form')).resolves.toEqual({ action: 'decline' });
  });

  it('answers decline without content, whatever values come with it', async () => {
    const { actions, requests } = setup();
    const answer = requests.request(params(), cancelSignal());
    requests.resolve(requestedId(actions), 'decline', { branch: 'main' });
    await expect(within(answer, 'the answer to the form')).resolves.toEqual({ action: 'decline' });
  });

  it('answers a second resolve of the same form with nothing and sends no second answer', async () => {
    const { actions, requests } = setup();
    const answer = requests.request(params(), cancelSignal());
    const id = requestedId(actions);
    requests.resolve(id, 'cancel');
    expect(requests.resolve(id, 'accept', { branch: 'main' })).toBeNull();
    expect(requests.resolve('elicitation-999', 'cancel')).toBeNull();
    await expect(within(answer, 'the answer to the form')).resolves.toEqual({ action: 'cancel' });
    expect(actions.filter((a) => a.type === 'elicitationResolved')).toHaveLength(1);
  });

  it('answers cancel when the agent cancels the request, and stops listening', async () => {
    const { actions, requests } = setup();
    const signal = cancelSignal();
    const answer = requests.request(params(), signal);
    expect(signal.listeners).toBe(1);
    signal.fire();
    await expect(within(answer, 'the answer to the form')).resolves.toEqual({ action: 'cancel' });
    expect(actions[actions.length - 1]).toMatchObject({ type: 'elicitationResolved', answer: 'cancel' });
    expect(signal.listeners).toBe(0);
  });

  it('answers cancel at once, without showing a form, in a cancelled turn or for a cancelled request', async () => {
    const cancelledTurn = setup(true);
    await expect(
      within(cancelledTurn.requests.request(params(), cancelSignal()), 'the answer to the form'),
    ).resolves.toEqual({ action: 'cancel' });
    expect(cancelledTurn.actions).toEqual([]);

    const live = setup();
    const signal = cancelSignal();
    signal.fire();
    await expect(within(live.requests.request(params(), signal), 'the answer to the form')).resolves.toEqual({
      action: 'cancel',
    });
    expect(live.actions).toEqual([]);
    expect(live.requests.size).toBe(0);
  });

  it('refuses a mode other than form with invalid params, naming the mode (bounded)', () => {
    const { actions, requests } = setup();
    const attempt = () => requests.request(params({ mode: `zip${'x'.repeat(100)}` }), cancelSignal());
    expect(attempt).toThrow(RequestFailure);
    try {
      void attempt();
    } catch (error) {
      expect((error as RequestFailure).code).toBe(ErrorCodes.invalidParams);
      expect((error as Error).message).toContain('zipxxx');
      expect((error as Error).message).not.toContain('x'.repeat(50));
      expect((error as Error).message).toMatch(/only form/);
    }
    expect(actions).toEqual([]);
  });

  it('bounds the forms waiting at once; one answered makes room again', () => {
    const { actions, requests } = setup();
    for (let i = 0; i < MAX_PENDING_PERMISSIONS; i++) void requests.request(params(), cancelSignal());
    expect(requests.size).toBe(MAX_PENDING_PERMISSIONS);
    let failure: unknown;
    try {
      void requests.request(params(), cancelSignal());
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(RequestFailure);
    expect((failure as RequestFailure).code).toBe(ErrorCodes.internalError);
    expect((failure as Error).message).toMatch(/Too many elicitations/);
    requests.resolve(requestedId(actions), 'decline');
    expect(() => void requests.request(params(), cancelSignal())).not.toThrow();
    expect(requests.size).toBe(MAX_PENDING_PERMISSIONS);
  });

  it('gives each form its own id and cancels every waiting one when the chat closes', async () => {
    const { actions, requests } = setup();
    const answers = [requests.request(params(), cancelSignal()), requests.request(params(), cancelSignal())];
    const ids = [requestedId(actions, 0), requestedId(actions, 1)];
    expect(new Set(ids).size).toBe(2);
    expect(requests.cancelAll()).toBe(2);
    await expect(within(Promise.all(answers), 'the answers to both forms')).resolves.toEqual([
      { action: 'cancel' },
      { action: 'cancel' },
    ]);
    expect(requests.size).toBe(0);
    expect(requests.cancelAll()).toBe(0);
    expect(
      actions
        .filter((a) => a.type === 'elicitationResolved')
        .map((a) => a.type === 'elicitationResolved' && a.elicitationId),
    ).toEqual(ids);
  });
});
