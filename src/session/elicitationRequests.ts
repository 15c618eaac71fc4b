// elicitation/create (DRAFT, behind switchboard.experimental.elicitation) of one chat: an inline
// form until the user answers, the turn is cancelled or the agent goes away. Values are checked
// against the form before anything is sent (src/shared/elicitation.ts).
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../shared/actions';
import { checkContent, elicitationForm, type ElicitationAction, type ElicitationForm } from '../shared/elicitation';
import { ErrorCodes } from '../protocol/methods';
import { RequestFailure, type CancelSignal } from './api';
import { MAX_PENDING_PERMISSIONS } from './permissionRequests';

export class ElicitationRequests {
  /** Waiting forms, by the client's own id. */
  private readonly pending = new Map<
    string,
    { form: ElicitationForm; answer: (response: acp.CreateElicitationResponse) => void }
  >();
  private nextId = 1;

  constructor(
    private readonly dispatch: (action: ThreadAction) => void,
    /** The turn was cancelled: the answer is `cancel` without asking. */
    private readonly turnCancelled: () => boolean,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  request(params: acp.CreateElicitationRequest, signal: CancelSignal): Promise<acp.CreateElicitationResponse> {
    if (params.mode !== 'form') {
      throw new RequestFailure(
        ErrorCodes.invalidParams,
        `Elicitation mode ${String(params.mode).slice(0, 40)} is not supported; only form`,
      );
    }
    if (this.pending.size >= MAX_PENDING_PERMISSIONS) {
      throw new RequestFailure(
        ErrorCodes.internalError,
        'Too many elicitations waiting for the user; wait for an answer first',
      );
    }
    if (this.turnCancelled() || signal.isCancellationRequested) return Promise.resolve({ action: 'cancel' });
    const form = elicitationForm(params);
    const elicitationId = `elicitation-${this.nextId++}`;
    const response = new Promise<acp.CreateElicitationResponse>((answer) => {
      this.pending.set(elicitationId, { form, answer });
    });
    this.dispatch({ type: 'elicitationRequested', elicitationId, form });
    const subscription = signal.onCancellationRequested(() => this.resolve(elicitationId, 'cancel'));
    return response.finally(() => subscription.dispose());
  }

  /**
   * The user's answer to a form. `accept` is checked against the form first: values that do not
   * fit leave it waiting and the problems are returned (the webview shows them by the fields).
   */
  resolve(
    elicitationId: string,
    action: ElicitationAction,
    values: Record<string, unknown> = {},
  ): Record<string, string> | null {
    const pending = this.pending.get(elicitationId);
    if (!pending) return null;
    let response: acp.CreateElicitationResponse = { action: action === 'accept' ? 'decline' : action };
    if (action === 'accept') {
      const checked = checkContent(pending.form, values);
      if (!checked.ok) return checked.problems;
      response = { action: 'accept', content: checked.content };
    }
    this.pending.delete(elicitationId);
    pending.answer(response);
    this.dispatch({ type: 'elicitationResolved', elicitationId, answer: action });
    return null;
  }

  /** Answers every waiting form `cancel` (turn cancelled, agent gone, chat closed); returns how many. */
  cancelAll(): number {
    const ids = [...this.pending.keys()];
    for (const elicitationId of ids) this.resolve(elicitationId, 'cancel');
    return ids.length;
  }
}
