// Messages the user sends while the agent works: queued (src/session/turn/promptQueue.ts), shown in
// the composer, and sent one by one as turns end. "Send now" adds the message to the running turn
// where the agent advertised steering (steering.ts), else cancels the turn and sends it first;
// Stop keeps the queue waiting for the user.
import type * as acp from '@agentclientprotocol/sdk';
import type { SteeringOutcome } from '../../protocol/methods';
import type { ThreadAction } from '../../shared/actions';
import { errorMessage } from '../../shared/errorMessage';
import { t } from '../../shared/l10n';
import { KeptInQueueError, MAX_QUEUED, PromptQueue, QueueFullError } from './promptQueue';

export interface PromptQueueSenderPort {
  /** A turn is running (its end sends the next message). */
  turnRunning(): boolean;
  /** No turn runs and the session is ready: a message goes at once. */
  idle(): boolean;
  /**
   * The running turn can take a message (the agent advertised steering, and the turn is not being
   * cancelled): Send now adds it to the turn instead of stopping it.
   */
  canSteer(): boolean;
  prompt(text: string, context: acp.ContentBlock[]): Promise<void>;
  /** `_session/steering`; rejects, saying why, when the agent did not take the message. */
  steer(text: string, context: acp.ContentBlock[]): Promise<SteeringOutcome>;
  cancel(): Promise<void>;
  dispatch(action: ThreadAction): void;
  log(line: string): void;
}

type SendNowTarget = { id: string } | { text: string; context?: acp.ContentBlock[] };

export class PromptQueueSender {
  private readonly queue = new PromptQueue();
  /** Send now stopped the turn, or no turn ran any more for a steer: the turn's end sends the first message anyway. */
  private sendAtTurnEnd = false;
  /** A steer waiting for its answer (its message is out of the queue meanwhile); null when none. */
  private steering: Promise<void> | null = null;
  /** The turn ended while a steer waited: what its end does is done once the steer is answered. */
  private endedWhileSteering: ThreadAction | null = null;

  constructor(private readonly port: PromptQueueSenderPort) {}

  /** Sends now when the agent is idle, else queues; rejects when the queue is full (the message stays in the composer). */
  async add(text: string, context: acp.ContentBlock[]): Promise<void> {
    if (this.port.idle() && !this.steering) return this.port.prompt(text, context);
    if (!this.queue.add(text, context)) throw new QueueFullError(MAX_QUEUED);
    this.publish();
  }

  edit(id: string, text: string): void {
    if (this.queue.edit(id, text)) this.publish();
  }

  remove(id: string): void {
    if (this.queue.remove(id)) this.publish();
  }

  /**
   * The queued message (or new text) goes first, and now: into the running turn where the agent steers,
   * else the turn is cancelled and its end sends it. With no turn running it is sent at once. A failed
   * send or steer rejects, saying why, with the message kept first in the queue.
   */
  async sendNow(target: SendNowTarget): Promise<void> {
    const id = this.putFirst(target);
    if (id === null) return;
    try {
      await this.sendFirst(id);
    } catch (error) {
      throw new KeptInQueueError(error);
    }
  }

  private async sendFirst(id: string): Promise<void> {
    while (this.steering) {
      // One steer at a time: the agent's answer to the one under way decides what this one meets.
      await this.steering;
      if (!this.queue.moveToFront(id)) return; // sent meanwhile (the turn ended and the queue moved on)
      this.publish();
    }
    if (!this.port.turnRunning()) return this.sendNext();
    if (!this.port.canSteer()) {
      this.sendAtTurnEnd = true;
      return this.port.cancel();
    }
    return this.steerFirst();
  }

  /** After a turn ended: the next queued message, unless the user stopped the turn (Stop keeps the queue). */
  turnEnded(action: ThreadAction): void {
    if (this.steering) {
      this.endedWhileSteering = action;
      return;
    }
    const sendAnyway = this.sendAtTurnEnd;
    this.sendAtTurnEnd = false;
    const completed = action.type === 'turnEnded' && action.stopReason !== 'cancelled';
    // Nobody waits on this send: its failure goes to the log; the message waits in the queue, shown.
    if (completed || sendAnyway)
      this.sendNext().catch((error: unknown) =>
        this.port.log(`[switchboard] a queued message was not sent: ${errorMessage(error)}`),
      );
  }

  /** The agent went away: the queue waits for the user (Restart, then Send now). */
  agentLost(): void {
    this.sendAtTurnEnd = false;
    this.endedWhileSteering = null;
  }

  /** The target first in the queue; its id, or null when it is gone (already sent or removed). */
  private putFirst(target: SendNowTarget): string | null {
    let id: string;
    if ('id' in target) {
      if (!this.queue.moveToFront(target.id)) return null;
      id = target.id;
    } else {
      const added = this.queue.add(target.text, target.context, true);
      if (!added) throw new QueueFullError(MAX_QUEUED);
      id = added.id;
    }
    this.publish();
    return id;
  }

  /**
   * The first message into the running turn. Taken: it is the thread's now, out of the queue. No turn
   * ran any more: it goes as the next prompt. Not taken: it is first in the queue again, and the
   * rejection says why.
   */
  private async steerFirst(): Promise<void> {
    const item = this.queue.shift();
    if (!item) return;
    this.publish();
    let answered!: () => void;
    this.steering = new Promise((resolve) => (answered = resolve));
    let outcome: SteeringOutcome;
    try {
      outcome = await this.port.steer(item.text, item.context);
    } catch (error) {
      this.queue.unshift(item);
      this.publish();
      this.steerAnswered(answered);
      throw new Error(t('{0}; it waits first in the queue and goes when the turn ends', errorMessage(error)), {
        cause: error,
      });
    }
    if (outcome === 'promptRequired') {
      this.queue.unshift(item);
      this.publish();
      // The turn is over for the agent; its answer to session/prompt may not be here yet.
      this.sendAtTurnEnd = true;
    }
    const turnEnded = this.steerAnswered(answered);
    if (outcome === 'promptRequired' && !turnEnded && !this.port.turnRunning()) {
      this.sendAtTurnEnd = false;
      await this.sendNext();
    }
  }

  /** The steer was answered: a turn end that came meanwhile is handled now. True when there was one. */
  private steerAnswered(answered: () => void): boolean {
    this.steering = null;
    answered();
    const ended = this.endedWhileSteering;
    this.endedWhileSteering = null;
    if (ended) this.turnEnded(ended);
    return ended !== null;
  }

  /** Rejects when the message could not be sent; it is then back in the queue, first in line. */
  private async sendNext(): Promise<void> {
    const next = this.queue.shift();
    if (!next) return;
    this.publish();
    try {
      await this.port.prompt(next.text, next.context);
    } catch (error) {
      // Not ready (the agent went away) or another turn started first: it waits again, first in line,
      // and "Send now" rejects, so the user is told why (the router shows it).
      this.queue.unshift(next);
      this.publish();
      throw error;
    }
  }

  private publish(): void {
    this.port.dispatch({ type: 'queueChanged', queue: this.queue.view() });
  }
}
