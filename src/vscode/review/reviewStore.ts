// The window's review state (src/review/reviewModel) with change events and persistence in
// workspaceState, so pending changes survive a window reload. Also knows whether an agent turn
// is running, which attribution needs.
import * as vscode from 'vscode';
import { parseReview, recordTurnThread, type ReviewState } from '../../review/reviewModel';

const STATE_KEY = 'switchboard.review';
/** Above this, the texts are too big for workspaceState: the review is kept in memory only. */
const MAX_PERSISTED_CHARS = 32 * 1024 * 1024;
const DISK_EVENT_GRACE_MS = 2000;
/**
 * A file last modified this long before the agent's turn began was changed before the turn, whenever its
 * watcher event arrives (on a busy machine it can arrive after the turn started). The slack covers file systems
 * whose modification times are coarse.
 */
const MODIFIED_BEFORE_TURN_SLACK_MS = 1000;

export interface TurnInfo {
  threadId: string;
  /** 1-based prompt number in the window (increases across threads, so turns never collide). */
  turn: number;
}

export class ReviewStore implements vscode.Disposable {
  private current: ReviewState;
  private readonly changed = new vscode.EventEmitter<ReviewState>();
  readonly onDidChange = this.changed.event;
  private persistTimer: ReturnType<typeof setTimeout> | undefined;
  private activeTurn: TurnInfo | null = null;
  private turnEndedAt = Number.NEGATIVE_INFINITY;
  private turnStartedAt = Number.NEGATIVE_INFINITY;
  private turnCounter: number;

  constructor(private readonly memento: vscode.Memento) {
    this.current = parseReview(memento.get(STATE_KEY));
    this.turnCounter = Math.max(0, ...this.current.files.flatMap((file) => file.agentTurns));
  }

  get state(): ReviewState {
    return this.current;
  }

  /** Replaces the state (the model's functions compute it) and tells the views. */
  update(next: ReviewState): void {
    if (next === this.current) return;
    this.current = next;
    this.changed.fire(next);
    this.schedulePersist();
  }

  beginTurn(threadId: string): TurnInfo {
    this.activeTurn = { threadId, turn: ++this.turnCounter };
    this.turnStartedAt = Date.now();
    // Which session ran the turn: changes attributed to it belong to that session (Keep All per session).
    this.update(recordTurnThread(this.current, this.activeTurn.turn, threadId));
    return this.activeTurn;
  }

  endTurn(threadId: string): void {
    if (this.activeTurn?.threadId !== threadId) return;
    this.activeTurn = null;
    this.turnEndedAt = Date.now();
  }

  /**
   * Whether a disk change belongs to the agent's time: a turn is running or just ended (file-system events arrive
   * late: the watcher batches them). `modifiedAt` (the file's modification time) overrides a late event: a file
   * modified well before the turn began is not the agent's change, however late its event arrives.
   */
  isAgentTime(modifiedAt?: number, graceMs = DISK_EVENT_GRACE_MS): boolean {
    if (modifiedAt !== undefined && modifiedAt < this.turnStartedAt - MODIFIED_BEFORE_TURN_SLACK_MS) return false;
    return this.activeTurn !== null || Date.now() - this.turnEndedAt < graceMs;
  }

  get turn(): TurnInfo | null {
    return this.activeTurn;
  }

  /** The turn a change is attributed to when none is running (an fs write after the turn ended). */
  lastTurnNumber(): number {
    return this.activeTurn?.turn ?? Math.max(1, this.turnCounter);
  }

  async flush(): Promise<void> {
    if (this.persistTimer) clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
    const json = JSON.stringify(this.current);
    await this.memento.update(STATE_KEY, json.length <= MAX_PERSISTED_CHARS ? this.current : undefined);
  }

  dispose(): void {
    void this.flush();
    this.changed.dispose();
  }

  private schedulePersist(): void {
    if (this.persistTimer) return;
    this.persistTimer = setTimeout(() => void this.flush(), 500);
  }
}
