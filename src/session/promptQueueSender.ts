// Messages the user sends while the agent works: queued (src/session/promptQueue.ts), shown in
// the composer, and sent one by one as turns end. "Send now" cancels the running turn and sends
// first; Stop keeps the queue waiting for the user.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../shared/actions';
import { errorMessage } from '../shared/errorMessage';
import { MAX_QUEUED, PromptQueue } from './promptQueue';

export interface PromptQueueSenderPort {
  /** A turn is running (its end sends the next message). */
  turnRunning(): boolean;
  /** No turn runs and the session is ready: a message goes at once. */
  idle(): boolean;
  prompt(text: string, context: acp.ContentBlock[]): Promise<void>;
  cancel(): Promise<void>;
  dispatch(action: ThreadAction): void;
  log(line: string): void;
}

export class PromptQueueSender {
  private readonly queue = new PromptQueue();
  /** "Send now" cancelled the turn: its end sends the queue's first message even though it was cancelled. */
  private sendAfterCancel = false;

  constructor(private readonly port: PromptQueueSenderPort) {}

  /** Sends now when the agent is idle, else queues; rejects when the queue is full (the message stays in the composer). */
  async add(text: string, context: acp.ContentBlock[]): Promise<void> {
    if (this.port.idle()) return this.port.prompt(text, context);
    if (!this.queue.add(text, context))
      throw new Error(`${MAX_QUEUED} messages are already waiting; send or remove one first.`);
    this.publish();
  }

  edit(id: string, text: string): void {
    if (this.queue.edit(id, text)) this.publish();
  }

  remove(id: string): void {
    if (this.queue.remove(id)) this.publish();
  }

  /**
   * The queued message (or new text) goes first; a running turn is cancelled and its end sends it. With no
   * turn running it is sent at once, and a failed send rejects with the message kept first in the queue.
   */
  async sendNow(target: { id: string } | { text: string; context?: acp.ContentBlock[] }): Promise<void> {
    if ('id' in target) {
      if (!this.queue.moveToFront(target.id)) return;
    } else if (!this.queue.add(target.text, target.context, true)) {
      throw new Error(`${MAX_QUEUED} messages are already waiting; send or remove one first.`);
    }
    this.publish();
    if (!this.port.turnRunning()) return this.sendNext();
    this.sendAfterCancel = true;
    await this.port.cancel();
  }

  /** After a turn ended: the next queued message, unless the user stopped the turn (Stop keeps the queue). */
  turnEnded(action: ThreadAction): void {
    const sendAnyway = this.sendAfterCancel;
    this.sendAfterCancel = false;
    const completed = action.type === 'turnEnded' && action.stopReason !== 'cancelled';
    // Nobody waits on this send: its failure goes to the log; the message waits in the queue, shown.
    if (completed || sendAnyway)
      this.sendNext().catch((error: unknown) =>
        this.port.log(`[switchboard] a queued message was not sent: ${errorMessage(error)}`),
      );
  }

  /** The agent went away: the queue waits for the user (Restart, then Send now). */
  agentLost(): void {
    this.sendAfterCancel = false;
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
