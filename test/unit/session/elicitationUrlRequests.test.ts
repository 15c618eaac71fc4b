// ElicitationRequests in URL mode, without an agent process: the link card is shown; Open asks the host to
// open the address (never before the click) and answers `accept` only once it did; Decline and Cancel answer
// theirs; the agent's elicitation/complete closes the card (answered or not); unknown ids are ignored.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { ElicitationRequests } from '../../../src/session/requests/elicitationRequests';
import { RequestFailure } from '../../../src/session/api';
import { ErrorCodes } from '../../../src/protocol/methods';
import { eventually, within } from '../../within';
import { cancelSignal } from './cancelSignal';

function params(overrides: Record<string, unknown> = {}): acp.CreateElicitationRequest {
  return {
    sessionId: 's1',
    mode: 'url',
    elicitationId: 'gh-1',
    url: 'https://github.com/login/device',
    message: 'Sign in to GitHub',
    ...overrides,
  } as acp.CreateElicitationRequest;
}

/** `opens`: what the host's open answers (VS Code's own question answered yes or no). */
function setup(opens: boolean | Error = true) {
  const actions: ThreadAction[] = [];
  const opened: string[] = [];
  const log: string[] = [];
  const requests = new ElicitationRequests(
    (action) => actions.push(action),
    () => false,
    {
      openExternal: async (url) => {
        opened.push(url);
        if (opens instanceof Error) throw opens;
        return opens;
      },
      log: (line) => log.push(line),
    },
  );
  const shownId = (): string => {
    const shown = actions.find((a) => a.type === 'elicitationUrlRequested');
    if (shown?.type !== 'elicitationUrlRequested') throw new Error('no link card was shown');
    return shown.elicitationId;
  };
  return { actions, opened, log, requests, shownId };
}

const resolved = (actions: ThreadAction[]) => actions.filter((a) => a.type === 'elicitationResolved');

describe('ElicitationRequests, URL mode', () => {
  it('shows the card and opens nothing until Open; Open answers accept once the host opened it', async () => {
    const { actions, opened, requests, shownId } = setup();
    const answer = requests.request(params(), cancelSignal());
    const shown = actions[0];
    expect(shown).toMatchObject({
      type: 'elicitationUrlRequested',
      link: { message: 'Sign in to GitHub', url: 'https://github.com/login/device', host: 'github.com', warnings: [] },
    });
    expect(opened).toEqual([]);
    expect(requests.resolve(shownId(), 'accept')).toBeNull();
    // A second click while VS Code asks opens nothing more.
    expect(requests.resolve(shownId(), 'accept')).toBeNull();
    await expect(within(answer, 'the answer to the link')).resolves.toEqual({ action: 'accept' });
    expect(opened).toEqual(['https://github.com/login/device']);
    expect(resolved(actions)).toEqual([{ type: 'elicitationResolved', elicitationId: shownId(), answer: 'accept' }]);
    expect(requests.size).toBe(0);
  });

  it('keeps waiting when VS Code did not open it (the user said no there), and says so in the log', async () => {
    for (const outcome of [false, new Error('no browser')]) {
      const { actions, opened, log, requests, shownId } = setup(outcome);
      const answer = requests.request(params(), cancelSignal());
      requests.resolve(shownId(), 'accept');
      await eventually(() => log.length > 0, 'the log line');
      expect(opened).toHaveLength(1);
      expect(log[0]).toContain('not opened');
      expect(resolved(actions)).toEqual([]);
      expect(requests.size).toBe(1);
      requests.resolve(shownId(), 'decline');
      await expect(within(answer, 'the answer to the link')).resolves.toEqual({ action: 'decline' });
    }
  });

  it('never opens an address it cannot open (a file: URL); the problem comes back, the card waits', async () => {
    const { opened, requests, shownId, actions } = setup();
    const answer = requests.request(params({ url: 'file:///etc/passwd' }), cancelSignal());
    expect(actions[0]).toMatchObject({ link: { unusable: { kind: 'scheme', scheme: 'file:' } } });
    expect(requests.resolve(shownId(), 'accept')).toEqual({
      '': 'Switchboard opens only http and https addresses, not file:.',
    });
    expect(opened).toEqual([]);
    requests.resolve(shownId(), 'cancel');
    await expect(within(answer, 'the answer to the link')).resolves.toEqual({ action: 'cancel' });
  });

  it('elicitation/complete after Open marks the card done; unknown or repeated ids are ignored', async () => {
    const { actions, requests, shownId } = setup();
    const answer = requests.request(params(), cancelSignal());
    requests.resolve(shownId(), 'accept');
    await within(answer, 'the answer to the link');
    expect(requests.complete('someone-else')).toBe(false);
    expect(requests.complete('gh-1')).toBe(true);
    expect(requests.complete('gh-1')).toBe(false);
    expect(actions.filter((a) => a.type === 'elicitationCompleted')).toEqual([
      { type: 'elicitationCompleted', elicitationId: shownId() },
    ]);
  });

  it('elicitation/complete before the user chose closes the card: the request is answered cancel', async () => {
    const { actions, opened, requests, shownId } = setup();
    const answer = requests.request(params(), cancelSignal());
    expect(requests.complete('gh-1')).toBe(true);
    await expect(within(answer, 'the answer to the link')).resolves.toEqual({ action: 'cancel' });
    expect(resolved(actions)).toEqual([{ type: 'elicitationResolved', elicitationId: shownId(), answer: 'cancel' }]);
    expect(actions.at(-1)).toEqual({ type: 'elicitationCompleted', elicitationId: shownId() });
    expect(requests.resolve(shownId(), 'accept')).toBeNull();
    expect(opened).toEqual([]);
  });

  it('refuses a second waiting request with the same id, and URL mode when the host cannot open addresses', () => {
    const { requests } = setup();
    void requests.request(params(), cancelSignal());
    expect(() => requests.request(params(), cancelSignal())).toThrow(RequestFailure);

    const formOnly = new ElicitationRequests(
      () => undefined,
      () => false,
    );
    let failure: unknown;
    try {
      void formOnly.request(params(), cancelSignal());
    } catch (error) {
      failure = error;
    }
    expect((failure as RequestFailure).code).toBe(ErrorCodes.invalidParams);
    expect((failure as Error).message).toMatch(/only form/);
  });

  it('the agent cancelling the request and the chat closing answer cancel', async () => {
    const { requests } = setup();
    const signal = cancelSignal();
    const cancelled = requests.request(params(), signal);
    signal.fire();
    await expect(within(cancelled, 'the answer to the link')).resolves.toEqual({ action: 'cancel' });
    const closed = requests.request(params({ elicitationId: 'gh-2' }), cancelSignal());
    expect(requests.cancelAll()).toBe(1);
    await expect(within(closed, 'the answer to the link')).resolves.toEqual({ action: 'cancel' });
  });
});
