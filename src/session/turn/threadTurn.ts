// The chat's turn: session/prompt and how it ends (the agent's answer, an error, the user's cancel, a sign-in
// request, the end of the agent process), session/cancel, Stop-and-wait before an Edit, the Edit itself
// (messageEdit.ts) and the messages typed meanwhile (promptQueueSender.ts, steering.ts). Whether a turn runs and
// whether it is being cancelled is the thread's state (`turn`, ThreadStore); the session it runs on is the
// lifecycle's (sessionLifecycle.ts), and a turn whose generation ended was ended by that end.
// On ACP v2 the session/prompt response only acknowledges the prompt: the turn ends where the agent reports
// idle (`state_update`, mapped to a turn end by the session's intake and handed to `agentIdle`), and a cancel
// waits for that idle too. prompt() resolves at the turn's end on both versions.
import type * as acp from '@agentclientprotocol/sdk';
import { AcpRpcError } from '../../protocol/errors';
import { AgentMethod } from '../../protocol/methods';
import { ACP_V2 } from '../../protocol/v2/negotiation';
import type { ThreadAction } from '../../shared/actions';
import { agentSteers } from '../../shared/capabilities';
import type { AgentConnection } from '../agent/agentConnection';
import type { AgentRequests } from '../requests/agentRequests';
import { capText, turnEndedAction } from '../agent/agentResponses';
import { requireSession, type Generation, type LiveSession } from '../lifecycle/generation';
import { continueFromEdit } from './messageEdit';
import { PromptQueueSender } from './promptQueueSender';
import { steerTurn } from './steering';
import type { ThreadPort } from '../threadPort';
import type { Disposable } from '../../shared/disposableStore';

/** How a turn ends: the agent's stop reason, or a failure. */
export type TurnEnd = Extract<ThreadAction, { type: 'turnEnded' | 'turnFailed' }>;

/** How long "Edit" waits for a running turn to stop before it gives up. */
const STOP_TURN_TIMEOUT_MS = 10_000;

export interface TurnHost {
  thread: ThreadPort;
  /** The session a prompt goes to; null when the chat has none (starting, failed, stopped). */
  session(): LiveSession | null;
  /** auth_required: the sign-in card shows and `again` runs once signed in (true); else false. */
  authRequired(gen: Generation, error: unknown, again: () => Promise<void>): boolean;
  /** Fires after each action the thread applied. */
  onEvent(listener: () => void): Disposable;
  /** What the agent left waiting is answered when the turn ends or is cancelled. */
  requests: Pick<AgentRequests, 'turnEnded' | 'turnCancelled'>;
}

export class ThreadTurn {
  /** Messages typed during a turn; the first is sent when the turn ends. */
  private readonly queue: PromptQueueSender;
  /** v2: the prompt awaiting the agent's idle (null: none does; an idle then ends the agent's own work). */
  private idleWaiter: ((end: TurnEnd | null) => void) | null = null;

  constructor(private readonly host: TurnHost) {
    const { thread } = host;
    this.queue = new PromptQueueSender({
      turnRunning: () => this.running,
      idle: () => !this.running && thread.current().connection.kind === 'ready',
      canSteer: () => agentSteers(thread.current().initializeMeta) && thread.current().turn.kind === 'prompting',
      prompt: (text, context) => this.prompt(text, context),
      steer: (text, context) => {
        const { gen, sessionId } = requireSession(host.session());
        return steerTurn(thread, gen, sessionId, text, context);
      },
      cancel: () => this.cancel(),
      dispatch: (action) => thread.dispatch(action),
      log: (line) => thread.log(line),
    });
  }

  private get running(): boolean {
    return this.host.thread.current().turn.kind !== 'idle';
  }

  /**
   * context: content blocks of the attached context, sent after the text (promptContext.ts).
   * aside: blocks sent after the prompt and not shown (an edit's seed or fork note, messageEdit.ts);
   * after, so a slash command at the start of the text still reaches the agent as one.
   */
  async prompt(text: string, context: acp.ContentBlock[] = [], aside: acp.ContentBlock[] = []): Promise<void> {
    const { thread } = this.host;
    const session = this.host.session();
    if (!session || thread.current().connection.kind !== 'ready') {
      throw new Error('The agent is not ready yet; wait for it to start (or press Restart).');
    }
    if (this.running) throw new Error('The agent is still working on the previous prompt; wait or cancel it first.');
    const prompt: acp.ContentBlock[] = [{ type: 'text', text }, ...context];
    thread.dispatch({ type: 'promptSent', prompt });
    await this.send(session, aside.length > 0 ? [...prompt, ...aside] : prompt);
  }

  /**
   * session/prompt with `wire` for the turn just started, to its end. auth_required shows the sign-in card and
   * sends the same blocks again once signed in, on the message already shown (promptResent).
   */
  private async send({ gen, sessionId }: LiveSession, wire: acp.ContentBlock[]): Promise<void> {
    const { thread } = this.host;
    let action: ThreadAction | null;
    // v2: the turn ends on the agent's idle, which may come before the prompt's acknowledgment.
    const idle = gen.connection.version === ACP_V2 ? this.awaitIdle() : null;
    try {
      const response = await gen.connection.rpc.request(AgentMethod.sessionPrompt, { sessionId, prompt: wire });
      action = idle ? await idle.ended : turnEndedAction(response);
    } catch (error) {
      const cancelRequested = thread.current().turn.kind === 'cancelling';
      if (!cancelRequested && this.host.authRequired(gen, error, () => this.resend(wire))) {
        // The sign-in card shows; the message is sent again once signed in.
        action = { type: 'turnFailed', needsSignIn: true };
      } else if (error instanceof AcpRpcError) {
        // After session/cancel an agent may answer with an error instead of stopReason `cancelled`.
        action = cancelRequested
          ? { type: 'turnEnded', stopReason: 'cancelled' }
          : { type: 'turnFailed', message: capText(error.message) };
      } else {
        action = null; // the connection went away: the failure (or the restart) ends the turn
      }
    } finally {
      idle?.dispose();
    }
    // The generation ended meanwhile (a failure, a restart, the chat closed): its end ended the turn.
    if (!gen.live || !action) return;
    // A request the agent left open cannot be answered once the turn is over.
    this.host.requests.turnEnded();
    thread.dispatch(action);
    this.queue.turnEnded(action);
  }

  /** After sign-in (signInFlow.ts runs it once the chat is ready): the failed prompt again, on a session open now. */
  private async resend(wire: acp.ContentBlock[]): Promise<void> {
    const session = this.host.session();
    if (!session || this.running) return; // the user started something else meanwhile: nothing is sent twice
    this.host.thread.dispatch({ type: 'promptResent' });
    await this.send(session, wire);
  }

  /**
   * v2: the agent reported idle with a stop reason (or a failure). The prompt waiting for it ends its turn;
   * with none waiting, the work the agent ran on its own (a `running` with no prompt of ours) ends here.
   */
  agentIdle(end: TurnEnd): void {
    if (this.idleWaiter) return this.idleWaiter(end);
    if (!this.running) return; // nothing of ours ran: an idle that ends nothing
    this.host.requests.turnEnded();
    this.host.thread.dispatch(end);
    this.queue.turnEnded(end);
  }

  /** The turn's end as the agent's idle reports it; null when something else ended it (the agent went away). */
  private awaitIdle(): { ended: Promise<TurnEnd | null>; dispose(): void } {
    let listener: Disposable | undefined;
    const ended = new Promise<TurnEnd | null>((resolve) => {
      this.idleWaiter = resolve;
      // A failure, a restart or the chat closing ends the turn without the agent's idle.
      listener = this.host.onEvent(() => {
        if (!this.running) resolve(null);
      });
    });
    return {
      ended,
      dispose: () => {
        listener?.dispose();
        this.idleWaiter = null;
      },
    };
  }

  async cancel(): Promise<void> {
    const { thread } = this.host;
    const session = this.host.session();
    if (thread.current().turn.kind !== 'prompting' || !session) return;
    thread.dispatch({ type: 'cancelRequested' });
    this.host.requests.turnCancelled();
    session.gen.connection.rpc.notify(AgentMethod.sessionCancel, { sessionId: session.sessionId });
  }

  async stopTurn(timeoutMs = STOP_TURN_TIMEOUT_MS): Promise<void> {
    if (!this.running) return;
    await this.cancel();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const listener = this.host.onEvent(() => {
        if (!this.running) done();
      });
      function done(): void {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      }
      if (!this.running) done();
    });
    if (this.running) throw new Error('the agent did not stop its turn; try again once it has');
  }

  async editFrom(entryId: string, text: string, context: acp.ContentBlock[], restoredFiles: number): Promise<void> {
    const { gen, sessionId } = requireSession(this.host.session());
    if (this.running || this.host.thread.current().connection.kind !== 'ready') {
      throw new Error('the agent is busy; stop it first');
    }
    const port = { ...this.host.thread, prompt: this.prompt.bind(this) };
    await continueFromEdit(port, gen, sessionId, { entryId, text, context, restoredFiles });
  }

  /** Sends now when the agent is idle, else queues for the end of the turn (promptQueueSender.ts). */
  queuePrompt(text: string, context: acp.ContentBlock[]): Promise<void> {
    return this.queue.add(text, context);
  }

  editQueued(id: string, text: string): void {
    this.queue.edit(id, text);
  }

  removeQueued(id: string): void {
    this.queue.remove(id);
  }

  sendNow(target: { id: string } | { text: string; context?: acp.ContentBlock[] }): Promise<void> {
    return this.queue.sendNow(target);
  }

  /** The agent process went away: the reducer ended the turn (agentFailed); the queue waits for the user. */
  agentLost(): void {
    this.queue.agentLost();
  }

  /**
   * The chat's process generation was ended on purpose (restart, dispose) while a turn ran: the turn ends
   * cancelled, and the agent is told, as the process may live on for the agent's other chats.
   */
  stopped(connection: AgentConnection, sessionId: string | null): void {
    const { thread } = this.host;
    const turn = thread.current().turn.kind;
    if (turn === 'idle') return;
    if (turn !== 'cancelling') thread.dispatch({ type: 'cancelRequested' });
    thread.dispatch({ type: 'turnEnded', stopReason: 'cancelled' });
    if (sessionId && !connection.isStopping) connection.rpc.notify(AgentMethod.sessionCancel, { sessionId });
  }
}
