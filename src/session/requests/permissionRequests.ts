// session/request_permission of one chat: checked, bounded, shown as a card until the user, a
// cancellation or the end of the turn answers it. Every request settles exactly once
// (src/session/requests/permissions.ts); an empty option list is an error, not a card nobody can answer.
import type { ProtocolProblem } from '../../shared/entryReasons';
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../shared/actions';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import type { PermissionPrompt, ToolCallUpdateView, ToolCallView } from '../../shared/thread';
import { permissionAsk } from '../../protocol/v2/permissionView';
import { boundJson } from '../../protocol/boundJson';
import { ErrorCodes } from '../../protocol/methods';
import { RequestFailure, type CancelSignal, type PermissionPolicy, type PolicyAnswer } from '../api';
import { PendingPermissions } from './permissions';
import type { ToolDiffs } from '../updates/toolDiffs';
import { boundUpdate, rawPreview, STRUCTURED_BOUNDS } from '../updates/updateGate';

/** Permission requests waiting for the user at once; more are answered with an error. */
export const MAX_PENDING_PERMISSIONS = 32;

export interface PermissionRequestsPort {
  dispatch(action: ThreadAction): void;
  /** A visible protocol error in the transcript (UpdateIntake.reportProtocolError). */
  reportProtocolError(problem: ProtocolProblem, raw: string): void;
  log(line: string): void;
  /** The turn was cancelled: the answer is `cancelled` without asking. */
  turnCancelled(): boolean;
  /** The tool call's own `diff` content: texts to the keeper, hunks to the card. */
  toolDiffs: ToolDiffs;
  /** Answers the client gives by itself, and what the user's choices teach it. */
  policy?: PermissionPolicy;
  /** The tool call as the thread knows it (the request may carry only its id). */
  toolView(toolCallId: string): ToolCallView | undefined;
  /** What the ids this session mints start with (a subagent session's differ from the chat's); default `permission-`. */
  idPrefix?: string;
}

export class PermissionRequests {
  private readonly pending: PendingPermissions;
  /** The request of each pending id, for the policy to learn from the user's choice. */
  private readonly asked = new Map<string, { toolCallId: string; options: acp.PermissionOption[] }>();

  constructor(private readonly port: PermissionRequestsPort) {
    this.pending = new PendingPermissions(port.idPrefix ?? 'permission-');
  }

  /** How many wait for the user. */
  get size(): number {
    return this.pending.size;
  }

  request(params: acp.RequestPermissionRequest, signal: CancelSignal): Promise<acp.RequestPermissionResponse> {
    return this.ask(params, signal, () => ({ toolCall: this.port.toolDiffs.toolCall(boundUpdate(params.toolCall)) }));
  }

  /** ACP v2's request: its own title and description on the card, its subject the tool call (permissionView.ts). */
  requestV2(params: acp2.RequestPermissionRequest, signal: CancelSignal): Promise<acp.RequestPermissionResponse> {
    return this.ask(params as unknown as { options: acp.PermissionOption[] }, signal, (permissionId) => {
      const { toolCall, prompt } = permissionAsk(params, `${permissionId}-card`);
      return { toolCall: boundUpdate(toolCall), prompt };
    });
  }

  private ask(
    params: { options: acp.PermissionOption[] },
    signal: CancelSignal,
    shown: (permissionId: string) => { toolCall: ToolCallUpdateView; prompt?: PermissionPrompt },
  ): Promise<acp.RequestPermissionResponse> {
    // The schema allows an empty list, but nobody could answer it: an error now (not `cancelled`,
    // which tells the agent the user cancelled the turn) instead of a card without buttons.
    if (params.options.length === 0) {
      const message = 'session/request_permission offers no options, so the user cannot answer it';
      this.port.reportProtocolError({ kind: 'noPermissionOptions', problem: message }, rawPreview(params));
      throw new RequestFailure(ErrorCodes.invalidParams, message);
    }
    // After session/cancel the answer is always `cancelled`; no point showing the question.
    if (this.port.turnCancelled() || signal.isCancellationRequested) {
      return Promise.resolve({ outcome: { outcome: 'cancelled' } });
    }
    if (this.pending.size >= MAX_PENDING_PERMISSIONS) {
      throw new RequestFailure(
        ErrorCodes.internalError,
        `Too many permission requests waiting for the user (at most ${MAX_PENDING_PERMISSIONS} at once); wait for an answer first`,
        { limit: MAX_PENDING_PERMISSIONS },
      );
    }
    // Shown also outside a turn: some agents ask while preparing (or after the prompt answered);
    // the card stays until the user answers, a later turn ends, the agent exits or the chat closes.
    const options = boundJson(params.options, STRUCTURED_BOUNDS) as acp.PermissionOption[];
    const { permissionId, response } = this.pending.open(options);
    const { toolCall, prompt } = shown(permissionId);
    this.port.dispatch({ type: 'permissionRequested', permissionId, toolCall, options, ...(prompt ? { prompt } : {}) });
    const automatic = this.automaticAnswer(toolCall.toolCallId, options);
    if (automatic && !(automatic instanceof Promise)) {
      this.answerAutomatically(permissionId, automatic);
      return response;
    }
    this.asked.set(permissionId, { toolCallId: toolCall.toolCallId, options });
    // `$/cancel_request` from the agent, or the connection closing.
    const subscription = signal.onCancellationRequested(() => this.resolve(permissionId, null));
    // A policy that needs a moment answers when it can, unless the user, a cancellation or the turn's end did.
    void automatic?.then((answer) => {
      if (answer && this.asked.delete(permissionId)) this.answerAutomatically(permissionId, answer);
    });
    return response.finally(() => subscription.dispose());
  }

  /** The card shows the request and who answered it; the agent gets the answer at once. */
  private answerAutomatically(permissionId: string, automatic: PolicyAnswer): void {
    if (!this.pending.resolve(permissionId, automatic.optionId)) return;
    this.port.log(`[switchboard] ${permissionId} answered ${automatic.optionId}: ${automatic.note}`);
    this.port.dispatch({
      type: 'permissionResolved',
      permissionId,
      outcome: { kind: 'selected', optionId: automatic.optionId, automatic: automatic.note },
    });
  }

  /** The user's answer (null: dismissed); an option that was not offered is answered `cancelled`. */
  resolve(permissionId: string, optionId: string | null): void {
    const outcome = this.pending.resolve(permissionId, optionId);
    const asked = this.asked.get(permissionId);
    this.asked.delete(permissionId);
    if (!outcome) return;
    if (outcome.kind === 'selected' && asked) {
      const option = asked.options.find((o) => o.optionId === outcome.optionId);
      if (option) this.learn(asked.toolCallId, option);
    }
    if (optionId !== null && outcome.kind === 'cancelled') {
      this.port.log(`[switchboard] option ${optionId} was not offered for ${permissionId}; answered cancelled`);
    }
    this.port.dispatch({ type: 'permissionResolved', permissionId, outcome });
  }

  /** A policy that throws (or fails later) must not leave the request unanswered: it is asked instead. */
  private automaticAnswer(
    toolCallId: string,
    options: acp.PermissionOption[],
  ): PolicyAnswer | Promise<PolicyAnswer | undefined> | undefined {
    const tool = this.port.toolView(toolCallId);
    if (!tool || !this.port.policy) return undefined;
    const offered = (answer: PolicyAnswer | undefined): PolicyAnswer | undefined =>
      answer && options.some((o) => o.optionId === answer.optionId) ? answer : undefined;
    const failed = (error: unknown): undefined => {
      this.port.log(`[switchboard] permission policy failed: ${String(error)}`);
      return undefined;
    };
    try {
      const answer = this.port.policy.answer(tool, options);
      return answer instanceof Promise ? answer.then(offered, failed) : offered(answer);
    } catch (error) {
      return failed(error);
    }
  }

  private learn(toolCallId: string, option: acp.PermissionOption): void {
    const tool = this.port.toolView(toolCallId);
    if (!tool || !this.port.policy) return;
    try {
      this.port.policy.chosen(tool, option);
    } catch (error) {
      this.port.log(`[switchboard] permission policy failed: ${String(error)}`);
    }
  }

  /** Answers every pending request `cancelled`; returns how many there were. */
  cancelAll(): number {
    this.asked.clear();
    const ids = this.pending.cancelAll();
    for (const permissionId of ids) {
      this.port.dispatch({ type: 'permissionResolved', permissionId, outcome: { kind: 'cancelled' } });
    }
    return ids.length;
  }
}
