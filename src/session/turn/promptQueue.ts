// Messages the user typed while the agent was working, waiting for the turn to end. Host-side so
// a queued message is sent even when the chat view is hidden, and so every view of the chat shows
// the same list (it reaches the webview as `queueChanged`, thread state like the rest).
import type * as acp from '@agentclientprotocol/sdk';
import { errorMessage } from '../../shared/errorMessage';
import { t } from '../../shared/l10n';
import type { QueuedPrompt } from '../../shared/thread';

/** A queued message with the content blocks of its attached context (read when it was queued). */
export interface QueuedMessage extends QueuedPrompt {
  context: acp.ContentBlock[];
}

/** Enough for anyone typing ahead; a webview flooding the host cannot grow the state without end. */
export const MAX_QUEUED = 20;

/** Send now failed after the message was queued: it waits first in the queue (not back in the composer too). */
export class KeptInQueueError extends Error {
  constructor(cause: unknown) {
    super(errorMessage(cause), { cause });
  }
}

/** The queue is full: the message was not queued (it goes back to the composer, not lost). */
export class QueueFullError extends Error {
  constructor(max: number) {
    super(t('{0} messages are already waiting; send or remove one first.', max));
  }
}

export class PromptQueue {
  private items: QueuedMessage[] = [];
  private minted = 0;

  get list(): readonly QueuedMessage[] {
    return this.items;
  }

  /** What the chat shows: the text and how many attachments, not their contents. */
  view(): QueuedPrompt[] {
    return this.items.map(({ id, text, context }) =>
      context.length ? { id, text, attachments: context.length } : { id, text },
    );
  }

  /** The new item, or null when the queue is full. */
  add(text: string, context: acp.ContentBlock[] = [], atFront = false): QueuedMessage | null {
    if (this.items.length >= MAX_QUEUED) return null;
    this.minted += 1;
    const item: QueuedMessage = { id: `queued-${this.minted}`, text, context };
    this.items = atFront ? [item, ...this.items] : [...this.items, item];
    return item;
  }

  /** False when the item is gone (already sent or removed). */
  edit(id: string, text: string): boolean {
    if (!this.items.some((item) => item.id === id)) return false;
    this.items = this.items.map((item) => (item.id === id ? { ...item, text } : item));
    return true;
  }

  remove(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((item) => item.id !== id);
    return this.items.length !== before;
  }

  moveToFront(id: string): boolean {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item) return false;
    this.items = [item, ...this.items.filter((candidate) => candidate !== item)];
    return true;
  }

  shift(): QueuedMessage | undefined {
    const [first, ...rest] = this.items;
    this.items = rest;
    return first;
  }

  /** Puts back an item that could not be sent, first in line. */
  unshift(item: QueuedMessage): void {
    this.items = [item, ...this.items];
  }
}
