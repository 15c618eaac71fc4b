// The window's review state (src/review/reviewModel) with change events and persistence in
// workspaceState, so pending changes survive a window reload. Also knows whether an agent turn
// is running, which attribution needs.
import * as vscode from 'vscode';
import { isAgentTime } from '../../review/attribution';
import { parseReview, recordTurnThread, type ReviewState } from '../../review/reviewModel';

const STATE_KEY = 'switchboard.review';
/** Above this, the texts are too big for workspaceState: the review is kept in memory only. */
const MAX_PERSISTED_CHARS = 32 * 1024 * 1024;

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

  /** Whether a disk change (its file's modification time, when known) is the agent's (src/review/attribution). */
  isAgentTime(modifiedAt?: number): boolean {
    const turn = { active: this.activeTurn !== null, startedAt: this.turnStartedAt, endedAt: this.turnEndedAt };
    return isAgentTime(turn, Date.now(), modifiedAt);
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
