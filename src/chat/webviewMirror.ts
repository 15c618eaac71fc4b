// Keeps the webview's copy of the active thread in step with the host's: one snapshot when the
// webview says `ready` (or `resync`, or the active thread changes), then only the new actions,
// coalesced into batches, paced by batchPacer.ts (text chunks arrive merged per read: shared/chunkRun.ts).
// Nothing is posted before `ready`, and nothing while the view is hidden (its webview is gone; it
// posts `ready` again when shown). A post that fails (the message cannot be serialised, which
// agent data must never cause but a bug might) is never swallowed: it is logged and the webview
// gets a fresh snapshot instead, so every later action still reaches it. Pure: no vscode.
import type { AgentChoice, HostToWebview } from '../shared/messages';
import type { ThreadAction } from '../shared/actions';
import type { Disposable } from '../shared/disposableStore';
import type { ThreadController, ThreadEvent } from '../session/api';
import { timerSchedule, type Schedule } from './schedule';
import { BatchPacer, BATCH_INTERVAL_MS } from './batchPacer';
import { TerminalStream } from './terminalStream';
import { errorMessage } from '../shared/errorMessage';
import { sessionStates } from '../shared/subagents';

/** Snapshots sent in a row after failed posts before the mirror gives up until the webview asks. */
export const MAX_RECOVERIES = 3;

export interface AgentList {
  agents: AgentChoice[];
  defaultAgentId: string;
}

export class WebviewMirror {
  private ready = false;
  private thread: ThreadController | undefined;
  private subscription: Disposable | undefined;
  /** Seq of the last action the webview has (in the snapshot or a posted/pending batch). */
  private lastSeq = 0;
  /** The batch being collected. */
  private pending: ThreadAction[] = [];
  private pendingFirstSeq = 0;
  /** When the batch goes out (batchPacer.ts). */
  private readonly pacer: BatchPacer;
  private focusAfterSnapshot = false;
  /** A focusComposer was posted that the webview may still be waiting to apply (see focusElsewhere). */
  private focusPosted = false;
  /** Terminal output: not thread state, streamed beside the actions (see TerminalStream). */
  private readonly terminals: TerminalStream;
  private terminalSubscription: Disposable | undefined;

  /** Failed posts since the webview last asked for a snapshot: recovery stops after a few (no loop). */
  private failedPosts = 0;

  constructor(
    private readonly rawPost: (message: HostToWebview) => void,
    private readonly agentList: () => AgentList,
    schedule: Schedule = timerSchedule,
    private readonly log: (line: string) => void = () => undefined,
    now: () => number = () => performance.now(),
  ) {
    this.pacer = new BatchPacer(() => this.flush(), schedule, now);
    this.terminals = new TerminalStream(
      (message) => this.post(message),
      (id) => this.thread?.terminalReplay(id),
      schedule,
      BATCH_INTERVAL_MS,
    );
  }

  /**
   * A post failed (thrown here, or the host's postMessage promise rejected later): log it and
   * resync with a snapshot. After MAX_RECOVERIES failures in a row (the snapshot itself fails) it
   * stops and says so; the webview's next `ready` or `resync` tries again.
   */
  postFailed(error: unknown, message: Pick<HostToWebview, 'type'>): void {
    const reason = errorMessage(error);
    this.failedPosts++;
    if (this.failedPosts > MAX_RECOVERIES) {
      if (this.failedPosts === MAX_RECOVERIES + 1) {
        this.log(
          `[switchboard] could not post to the chat webview ${MAX_RECOVERIES} times in a row (last: "${message.type}", ${reason}); it updates again when the view reloads`,
        );
      }
      return;
    }
    this.log(
      `[switchboard] could not post a "${message.type}" message to the chat webview (${reason}); sending a snapshot instead`,
    );
    if (this.ready) this.postSnapshot();
  }

  private post(message: HostToWebview): void {
    try {
      this.rawPost(message);
    } catch (error) {
      this.postFailed(error, message);
    }
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Follow another thread (or none); the webview gets its snapshot at once if it is ready. */
  setThread(thread: ThreadController | undefined): void {
    if (thread === this.thread) return;
    this.subscription?.dispose();
    this.thread = thread;
    this.subscription = thread?.onEvent((event) => this.push(event));
    this.terminalSubscription?.dispose();
    this.terminalSubscription = thread?.onTerminalOutput((terminalId, data) => {
      if (this.ready) this.terminals.push(terminalId, data);
    });
    if (this.ready) this.sendSnapshot();
  }

  /** The webview (re)loaded, or saw a gap: give it the whole state once. */
  sendSnapshot(): void {
    this.failedPosts = 0;
    this.postSnapshot();
  }

  private postSnapshot(): void {
    this.dropPending();
    const current = this.thread?.snapshot();
    const { agents, defaultAgentId } = this.agentList();
    this.post({ type: 'snapshot', seq: current?.seq ?? 0, thread: current?.state ?? null, agents, defaultAgentId });
    this.ready = true;
    this.pacer.taken(Number.POSITIVE_INFINITY);
    this.lastSeq = current?.seq ?? 0;
    // The cards of the snapshot come back with their retained output (also released ones), subagent sessions' too.
    const sessions = current ? sessionStates(current.state) : [];
    this.terminals.replayAll(sessions.flatMap((session) => Object.keys(session.terminals ?? {})));
    if (this.focusAfterSnapshot) {
      this.focusAfterSnapshot = false;
      this.postFocus();
    }
  }

  /** The view was hidden or disposed: its webview is gone until it posts `ready` again. */
  pause(): void {
    this.ready = false;
    this.dropPending();
    this.terminals.drop();
  }

  /**
   * The view was hidden before it loaded: a focus asked for and not given yet lapses. Taken when the view
   * shows again, maybe minutes later, it would pull the focus from wherever the user is then.
   */
  dropFocusRequest(): void {
    this.focusAfterSnapshot = false;
  }

  agentsChanged(): void {
    if (!this.ready) return;
    this.flush();
    this.post({ type: 'agents', ...this.agentList() });
  }

  focusComposer(): void {
    if (this.ready) this.postFocus();
    else this.focusAfterSnapshot = true;
  }

  /**
   * The focus went to an editor after a focusComposer the webview has: the request lapses there (a
   * composer whose agent is still starting takes the focus once it is enabled; the webview cannot see
   * the focus go to an editor). A request not posted yet, the view still loading, stays: VS Code gives
   * a view it was asked to show the focus once its webview has loaded, wherever the focus went
   * meanwhile, and the composer is then where typing should go (else it went to the page, lost; seen
   * with real agents in code-server). Posted at once, ahead of any batch waiting here, and only while a
   * request may be outstanding: not one message per keystroke.
   */
  focusElsewhere(): void {
    if (!this.focusPosted) return;
    this.focusPosted = false;
    if (this.ready) this.post({ type: 'focusElsewhere' });
  }

  private postFocus(): void {
    this.focusPosted = true;
    this.post({ type: 'focusComposer' });
  }

  dispose(): void {
    this.pause();
    this.subscription?.dispose();
    this.subscription = undefined;
    this.terminalSubscription?.dispose();
    this.terminalSubscription = undefined;
    this.thread = undefined;
  }

  /** The webview applied the actions up to `seq`: what waited for that may go out (batchPacer.ts). */
  taken(seq: number): void {
    this.pacer.taken(seq);
  }

  private push(event: ThreadEvent): void {
    // Before ready the next snapshot carries it; at or below lastSeq the snapshot already did.
    if (!this.ready || event.threadId !== this.thread?.threadId || event.seq <= this.lastSeq) return;
    if (this.pending.length > 0 && event.seq !== this.pendingFirstSeq + this.pending.length) this.flush();
    if (this.pending.length === 0) this.pendingFirstSeq = event.seq;
    this.pending.push(event.action);
    this.lastSeq = event.seq;
    // The agent ready (or failed, or asking to sign in) is what the user waits on: a new chat's composer is
    // enabled by it. It goes out at once, not after the webview's `taken` for the batch before (a round trip);
    // it changes a few times per chat, so it cannot congest the channel as a stream would.
    if (event.action.type === 'connection') this.flush();
    else this.pacer.waiting();
  }

  /** Posts the batch (at once: a gap in seq or a message that must follow it cannot wait for `taken`). */
  private flush(): void {
    if (this.pending.length === 0) return this.pacer.settle();
    const actions = this.pending;
    this.pending = [];
    this.pacer.posted(this.pendingFirstSeq + actions.length - 1);
    this.post({ type: 'actions', firstSeq: this.pendingFirstSeq, actions });
  }

  private dropPending(): void {
    this.pacer.settle();
    this.pending = [];
  }
}
