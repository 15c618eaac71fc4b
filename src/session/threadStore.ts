// Holds one thread's state: applies actions with the pure reducer, numbers them (seq) and tells
// listeners, in order. The webview replays the same numbered actions, so order is the contract:
// an action dispatched by a listener is queued until the current one reached every listener.
// Streamed text chunks pass the ingest stage first (shared/chunkRun.ts): a run of them is applied as
// one action, before anything else is applied or read.
import { reduce } from '../shared/reduce';
import type { ThreadAction } from '../shared/actions';
import type { ThreadState } from '../shared/thread';
import type { ThreadEvent } from './api';
import { ChunkRun, mergeableChunk } from '../shared/chunkRun';
import type { Disposable } from '../shared/disposableStore';
import { Listeners } from '../shared/listeners';

export class ThreadStore {
  private state: ThreadState;
  private seq = 0;
  private readonly listeners: Listeners<[ThreadEvent]>;
  private readonly queue: ThreadEvent[] = [];
  private emitting = false;
  /** Text chunks not applied yet (see shared/chunkRun.ts), and whether their microtask is queued. */
  private readonly run = new ChunkRun();
  private runQueued = false;
  private readonly applyRun = (): void => {
    this.runQueued = false;
    const merged = this.run.take(this.state);
    if (merged) this.apply(merged);
  };

  constructor(
    readonly threadId: string,
    initial: ThreadState,
    reportListenerError: (error: unknown) => void = () => undefined,
  ) {
    this.state = initial;
    this.listeners = new Listeners(reportListenerError);
  }

  snapshot(): { state: ThreadState; seq: number } {
    this.applyRun();
    return { state: this.state, seq: this.seq };
  }

  get current(): ThreadState {
    this.applyRun();
    return this.state;
  }

  dispatch(action: ThreadAction): void {
    const chunk = mergeableChunk(action);
    if (chunk) {
      if (!this.run.accepts(chunk)) this.applyRun();
      this.run.add(chunk);
      if (!this.runQueued) {
        this.runQueued = true;
        queueMicrotask(this.applyRun);
      }
      return;
    }
    this.applyRun();
    this.apply(action);
  }

  private apply(action: ThreadAction): void {
    this.state = reduce(this.state, action);
    this.seq += 1;
    const event: ThreadEvent = { threadId: this.threadId, seq: this.seq, action };
    if (this.emitting) {
      this.queue.push(event);
      return;
    }
    this.emitting = true;
    try {
      // Streaming dispatches one action per chunk: no queue and no listener copy on that path.
      this.emit(event);
      for (let i = 0; i < this.queue.length; i++) this.emit(this.queue[i]!);
    } finally {
      this.queue.length = 0;
      this.emitting = false;
    }
  }

  /** A listener added or removed during an event takes effect from the next one. */
  onEvent(listener: (event: ThreadEvent) => void): Disposable {
    return this.listeners.add(listener);
  }

  private emit(event: ThreadEvent): void {
    this.listeners.fire(event);
  }
}
