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
  /**
   * The turns running now, one per chat, the latest begun last: several chats may work at once, and one ending
   * leaves the others running.
   */
  private readonly activeTurns = new Map<string, TurnInfo & { startedAt: number }>();
  /** Each chat's latest turn (a write that comes after its turn ended is still that chat's). */
  private readonly lastTurnOf = new Map<string, number>();
  private turnEndedAt = Number.NEGATIVE_INFINITY;
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
    const turn = { threadId, turn: ++this.turnCounter, startedAt: Date.now() };
    this.activeTurns.delete(threadId);
    this.activeTurns.set(threadId, turn);
    this.lastTurnOf.set(threadId, turn.turn);
    // Which session ran the turn: changes attributed to it belong to that session (Keep All per session).
    this.update(recordTurnThread(this.current, turn.turn, threadId, this.runningTurns()));
    return { threadId, turn: turn.turn };
  }

  /**
   * The turn a write of `threadId` goes to (lastTurnNumber), named for that chat again where the record had let it go
   * (its turn changed nothing and another began since: a write after its end would belong to no chat).
   */
  writerTurn(threadId: string): number {
    const turn = this.lastTurnNumber(threadId);
    if (this.lastTurnOf.get(threadId) === turn && this.current.turnThreads?.[String(turn)] !== threadId)
      this.update(recordTurnThread(this.current, turn, threadId, this.runningTurns()));
    return turn;
  }

  private runningTurns(): number[] {
    return [...this.activeTurns.values()].map((active) => active.turn);
  }

  endTurn(threadId: string): void {
    if (!this.activeTurns.delete(threadId)) return;
    if (this.activeTurns.size === 0) this.turnEndedAt = Date.now();
  }

  /**
   * Whether a disk change (its file's modification time, when known) is an agent's (src/review/attribution): while
   * any chat's turn runs, since the earliest of them began.
   */
  isAgentTime(modifiedAt?: number): boolean {
    let startedAt = Number.NEGATIVE_INFINITY;
    for (const turn of this.activeTurns.values())
      if (startedAt === Number.NEGATIVE_INFINITY || turn.startedAt < startedAt) startedAt = turn.startedAt;
    const turn = { active: this.activeTurns.size > 0, startedAt, endedAt: this.turnEndedAt };
    return isAgentTime(turn, Date.now(), modifiedAt);
  }

  /** The turn begun last of those running (a change nothing names the chat of goes to it), or null. */
  get turn(): TurnInfo | null {
    let latest: TurnInfo | null = null;
    for (const { threadId, turn } of this.activeTurns.values()) latest = { threadId, turn };
    return latest;
  }

  /**
   * The turn a change is attributed to: the writing chat's (running, else its last: a write after its turn ended),
   * else, where the chat is not known (a change on disk), the turn begun last, else the last there was.
   */
  lastTurnNumber(threadId?: string): number {
    const own =
      threadId === undefined ? undefined : (this.activeTurns.get(threadId)?.turn ?? this.lastTurnOf.get(threadId));
    // A change before any turn of this window takes turn 1, which the next turn must not take again (its chat's Keep
    // All would cover that change).
    if (this.turnCounter === 0) this.turnCounter = 1;
    return own ?? this.turn?.turn ?? this.turnCounter;
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
