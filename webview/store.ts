// The webview's mirror of the host state. The host sends one snapshot, then numbered action
// batches; each action goes through the same pure reducer the host uses. A gap in the numbers
// means we missed something: ask for a snapshot (`resync`) and ignore batches until it comes.
import type { AgentChoice, HostToWebview, WebviewToHost } from '../src/shared/messages';
import { reduce } from '../src/shared/reduce';
import type { ThreadState } from '../src/shared/thread';
import { recordError } from './errors';
import { noteGrowth } from './textGrowth';

/** Everything the UI renders from. A new object whenever anything in it changes. */
export interface ViewState {
  thread: ThreadState | null;
  agents: AgentChoice[];
  defaultAgentId: string;
}

export type ReceiveOutcome =
  | 'snapshot' // state replaced
  | 'applied' // actions applied
  | 'agents' // agent list replaced
  | 'focusComposer'
  | 'stale' // batch already applied (or empty): nothing to do
  | 'waiting' // no snapshot yet / waiting for the resync snapshot: batch ignored
  | 'resync' // gap detected, resync requested
  | 'terminalOutput'; // not thread state: the app hands it to the terminal views

export class ThreadStore {
  private current: ViewState = { thread: null, agents: [], defaultAgentId: '' };
  private lastSeq = 0;
  /** False before the first snapshot and between a gap and the snapshot that answers it. */
  private synced = false;

  constructor(private readonly post: (msg: WebviewToHost) => void) {}

  get state(): ViewState {
    return this.current;
  }

  get seq(): number {
    return this.lastSeq;
  }

  receive(msg: HostToWebview): ReceiveOutcome {
    switch (msg.type) {
      case 'snapshot':
        this.current = { thread: msg.thread, agents: msg.agents, defaultAgentId: msg.defaultAgentId };
        this.lastSeq = msg.seq;
        this.synced = true;
        return 'snapshot';
      case 'agents':
        this.current = { ...this.current, agents: msg.agents, defaultAgentId: msg.defaultAgentId };
        return 'agents';
      case 'focusComposer':
        return 'focusComposer';
      case 'actions':
        try {
          return this.applyBatch(msg.firstSeq, msg);
        } catch (error) {
          // A batch is never dropped silently: whatever went wrong, our copy is suspect.
          recordError('an action batch could not be applied, resyncing', error);
          return this.requestResync();
        }
      case 'terminalOutput':
        return 'terminalOutput';
    }
  }

  private applyBatch(firstSeq: number, msg: Extract<HostToWebview, { type: 'actions' }>): ReceiveOutcome {
    if (!this.synced) return 'waiting';
    const lastInBatch = msg.lastSeq ?? firstSeq + msg.actions.length - 1;
    if (lastInBatch <= this.lastSeq) return 'stale';
    // A batch overlapping what we have is fine (skip the known part); one past a hole is not.
    if (firstSeq > this.lastSeq + 1 || this.current.thread === null) return this.requestResync();
    // A merged batch has no per-number actions to skip: overlapping one, we cannot tell what we have.
    const merged = msg.lastSeq !== undefined && msg.lastSeq !== firstSeq + msg.actions.length - 1;
    if (merged && firstSeq <= this.lastSeq) return this.requestResync();

    let thread = this.current.thread;
    try {
      for (let i = Math.max(0, this.lastSeq + 1 - firstSeq); i < msg.actions.length; i++) {
        const action = msg.actions[i]!;
        const next = reduce(thread, action);
        noteGrowth(thread, next, action);
        thread = next;
      }
    } catch (error) {
      // The reducer never throws on valid input; if it does, our copy is suspect: start over.
      recordError('an action could not be applied, resyncing', error);
      return this.requestResync();
    }
    this.lastSeq = lastInBatch;
    this.current = { ...this.current, thread };
    return 'applied';
  }

  private requestResync(): ReceiveOutcome {
    this.synced = false;
    this.post({ type: 'resync' });
    return 'resync';
  }
}
