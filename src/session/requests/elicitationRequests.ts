// elicitation/create of one chat: an inline form (form mode) or a link card (URL mode) until the user
// answers, the turn is cancelled or the agent goes away. Form values are checked against the form
// before anything is sent (src/shared/elicitation.ts). A link is opened only by the user's Open, through
// the host (VS Code asks before it opens an outside address); `accept` is sent once it was opened, and
// the agent's elicitation/complete closes the card.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../shared/actions';
import { checkContent, elicitationForm, type ElicitationAction, type ElicitationForm } from '../../shared/elicitation';
import { errorMessage } from '../../shared/errorMessage';
import type { LinkProblem } from '../../shared/entryReasons';
import { linkProblemWords } from '../../shared/entryWords';
import { ErrorCodes } from '../../protocol/methods';
import { RequestFailure, type CancelSignal } from '../api';
import { elicitationLink } from './elicitationLink';
import { MAX_PENDING_PERMISSIONS } from './permissionRequests';

/** Opened links whose elicitation/complete may still come: the newest this many are kept. */
const MAX_AWAITING_COMPLETION = 32;

type Pending = { answer: (response: acp.CreateElicitationResponse) => void } & (
  | { mode: 'form'; form: ElicitationForm }
  | { mode: 'url'; agentId: string; href: string | null; unusable: LinkProblem | null; opening: boolean }
);

export interface ElicitationHost {
  /** Opens an address outside VS Code (VS Code may ask first); true once opened. Absent: URL mode is refused. */
  openExternal?(url: string): Promise<boolean>;
  log?(line: string): void;
}

export class ElicitationRequests {
  /** Waiting forms and links, by the client's own id. */
  private readonly pending = new Map<string, Pending>();
  /** Opened links by the agent's elicitationId, to the client's id: elicitation/complete marks them done. */
  private readonly awaiting = new Map<string, string>();
  private nextId = 1;

  constructor(
    private readonly dispatch: (action: ThreadAction) => void,
    /** The turn was cancelled: the answer is `cancel` without asking. */
    private readonly turnCancelled: () => boolean,
    private readonly host: ElicitationHost = {},
    /** What the ids this session mints start with (a subagent session's differ from the chat's). */
    private readonly idPrefix = 'elicitation-',
  ) {}

  get size(): number {
    return this.pending.size;
  }

  request(params: acp.CreateElicitationRequest, signal: CancelSignal): Promise<acp.CreateElicitationResponse> {
    const url = params.mode === 'url' && this.host.openExternal !== undefined;
    if (params.mode !== 'form' && !url) {
      const mode = String(params.mode).slice(0, 40);
      throw this.host.openExternal
        ? new RequestFailure(ErrorCodes.invalidParams, `Elicitation mode ${mode} is not supported; form and url are`)
        : new RequestFailure(ErrorCodes.invalidParams, `Elicitation mode ${mode} is not supported; only form`);
    }
    const agentId = url ? (params as { elicitationId?: unknown }).elicitationId : undefined;
    if (url && (typeof agentId !== 'string' || this.waitingFor(agentId) !== undefined)) {
      throw new RequestFailure(ErrorCodes.invalidParams, 'elicitationId must be a string no waiting request uses');
    }
    if (this.pending.size >= MAX_PENDING_PERMISSIONS) {
      throw new RequestFailure(
        ErrorCodes.internalError,
        'Too many elicitations waiting for the user; wait for an answer first',
      );
    }
    if (this.turnCancelled() || signal.isCancellationRequested) return Promise.resolve({ action: 'cancel' });
    const elicitationId = `${this.idPrefix}${this.nextId++}`;
    const response = new Promise<acp.CreateElicitationResponse>((answer) => {
      if (typeof agentId === 'string') {
        const { link, href } = elicitationLink(params);
        this.pending.set(elicitationId, {
          mode: 'url',
          answer,
          agentId,
          href,
          unusable: link.unusable,
          opening: false,
        });
        this.dispatch({ type: 'elicitationUrlRequested', elicitationId, link });
      } else {
        const form = elicitationForm(params);
        this.pending.set(elicitationId, { mode: 'form', answer, form });
        this.dispatch({ type: 'elicitationRequested', elicitationId, form });
      }
    });
    const subscription = signal.onCancellationRequested(() => this.resolve(elicitationId, 'cancel'));
    return response.finally(() => subscription.dispose());
  }

  /**
   * The user's answer. A form's `accept` is checked against the form first: values that do not fit leave
   * it waiting and the problems are returned (the webview shows them by the fields). A link's `accept`
   * opens it (answered once opened); one that cannot be opened returns why.
   */
  resolve(
    elicitationId: string,
    action: ElicitationAction,
    values: Record<string, unknown> = {},
  ): Record<string, string> | null {
    const pending = this.pending.get(elicitationId);
    if (!pending) return null;
    if (action === 'accept' && pending.mode === 'url') return this.open(elicitationId, pending);
    let response: acp.CreateElicitationResponse = { action: action === 'accept' ? 'decline' : action };
    if (action === 'accept' && pending.mode === 'form') {
      const checked = checkContent(pending.form, values);
      if (!checked.ok) return checked.problems;
      response = { action: 'accept', content: checked.content };
    }
    this.answer(elicitationId, pending, response);
    return null;
  }

  /** elicitation/complete from the agent; false for an id this chat does not know (ignored, as ACP asks). */
  complete(agentId: string): boolean {
    const opened = this.awaiting.get(agentId);
    if (opened !== undefined) {
      this.awaiting.delete(agentId);
      this.dispatch({ type: 'elicitationCompleted', elicitationId: opened });
      return true;
    }
    const waiting = this.waitingFor(agentId);
    const pending = waiting === undefined ? undefined : this.pending.get(waiting);
    if (waiting === undefined || !pending) return false;
    // Finished elsewhere before the user chose here: nobody chose, so the answer is cancel.
    this.answer(waiting, pending, { action: 'cancel' });
    this.dispatch({ type: 'elicitationCompleted', elicitationId: waiting });
    return true;
  }

  /** Answers every waiting form and link `cancel` (turn cancelled, agent gone, chat closed); returns how many. */
  cancelAll(): number {
    const ids = [...this.pending.keys()];
    for (const elicitationId of ids) this.resolve(elicitationId, 'cancel');
    return ids.length;
  }

  private open(elicitationId: string, pending: Extract<Pending, { mode: 'url' }>): Record<string, string> | null {
    if (pending.href === null) return { '': pending.unusable ? linkProblemWords(pending.unusable) : '' };
    if (pending.opening) return null;
    pending.opening = true;
    // VS Code answers false when the user said no to its own question: the card waits for another choice.
    const notOpened = (error?: unknown) => {
      pending.opening = false;
      const why = error === undefined ? '' : `: ${errorMessage(error)}`;
      this.host.log?.(`[switchboard] the address of elicitation ${pending.agentId.slice(0, 80)} was not opened${why}`);
    };
    this.host.openExternal!(pending.href).then(
      (opened) => {
        if (!opened) return notOpened();
        if (this.pending.get(elicitationId) !== pending) return;
        this.answer(elicitationId, pending, { action: 'accept' });
        this.awaiting.set(pending.agentId, elicitationId);
        if (this.awaiting.size > MAX_AWAITING_COMPLETION) this.awaiting.delete(this.awaiting.keys().next().value!);
      },
      (error: unknown) => notOpened(error),
    );
    return null;
  }

  private answer(elicitationId: string, pending: Pending, response: acp.CreateElicitationResponse): void {
    this.pending.delete(elicitationId);
    pending.answer(response);
    this.dispatch({ type: 'elicitationResolved', elicitationId, answer: response.action as ElicitationAction });
  }

  /** The client's id of the waiting link the agent calls `agentId`. */
  private waitingFor(agentId: string): string | undefined {
    for (const [elicitationId, pending] of this.pending)
      if (pending.mode === 'url' && pending.agentId === agentId) return elicitationId;
    return undefined;
  }
}
