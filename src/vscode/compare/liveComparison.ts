// One comparison while its view is open or its chats work: follows each compared chat (its events move the clock and
// ask for a new view), lists what each changed in its worktree (after each turn, and at most every few seconds while
// an agent edits), and keeps the test runs. The view is rebuilt from the chats' states on demand; changes reach the
// panel coalesced (at most a few per second), and nothing runs while no chat changes (no timer, no polling).
import type { ThreadController } from '../../session/api';
import { compareFiles } from '../../chat/compare/compareFiles';
import { threadColumn, type ThreadColumn } from '../../chat/compare/compareColumn';
import { closedColumn, type ComparisonRecord } from '../../chat/compare/comparisonRecord';
import { WorkClock } from '../../chat/compare/workClock';
import type { CompareColumn, CompareFile, CompareTestRun, CompareView } from '../../shared/compare';
import { DisposableStore, type Disposable } from '../../shared/disposableStore';
import { Listeners } from '../../shared/listeners';
import type { WorktreeFileTexts } from '../../worktrees/worktreeTypes';

/** Coalescing of view updates while agents stream (a view per chunk would cost the webview more than the chat). */
const VIEW_DELAY_MS = 250;
/** The changed files are listed again at most this often while a chat works (git runs for each listing). */
const FILES_DELAY_MS = 3000;

export interface LiveComparisonDeps {
  thread(threadId: string): ThreadController | undefined;
  /** What the chat changed in its worktree (undefined: it has none any more). */
  changedTexts(thread: ThreadController): Promise<readonly WorktreeFileTexts[] | undefined>;
  /** Workspace folder path -> name, where the workspace has several folders. */
  folderNames(): ReadonlyMap<string, string>;
  /** The test command Run tests would run now (the setting, else what the workspace suggests). */
  testCommand(): string | null;
  /** The record changed (a turn ended, a test run finished): store it. */
  save(record: ComparisonRecord): void;
  log(line: string): void;
  /** What a closed chat's column says (where its transcript is). */
  closedWords(): string;
}

interface ColumnLive {
  clock: WorkClock;
  /** What the chat showed last: a closed chat's column keeps its answer, tool calls and usage. */
  last?: ThreadColumn;
  files: CompareFile[];
  filesError?: string;
  texts: readonly WorktreeFileTexts[];
  tests?: CompareTestRun;
  listing?: Promise<void>;
  lastListed: number;
  listTimer?: ReturnType<typeof setTimeout>;
}

export class LiveComparison {
  private readonly columns = new Map<string, ColumnLive>();
  private readonly subscriptions = new DisposableStore();
  private readonly changed = new Listeners<[]>();
  private viewTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    readonly record: ComparisonRecord,
    private readonly deps: LiveComparisonDeps,
  ) {
    for (const column of record.columns) {
      this.columns.set(column.threadId, {
        clock: new WorkClock(column.elapsedMs),
        files: [],
        texts: [],
        lastListed: 0,
        ...(column.tests ? { tests: column.tests } : {}),
      });
      this.follow(column.threadId);
      void this.listFiles(column.threadId);
    }
  }

  /** Fires (coalesced) when the view would show something new. */
  onDidChange(listener: () => void): Disposable {
    return this.changed.add(listener);
  }

  /** Follows one compared chat's events (its clock, its changed files, the view); a chat already closed is not. */
  private follow(threadId: string): void {
    const thread = this.deps.thread(threadId);
    const live = this.columns.get(threadId);
    if (!thread || !live) return;
    live.clock.observe(turnRuns(thread), Date.now());
    this.subscriptions.add(
      // Per event (a chunk): only the turn's state is read here; the view is built when the coalesced update fires.
      thread.onEvent(() => {
        const was = live.clock.runningSince !== undefined;
        const runs = turnRuns(thread);
        live.clock.observe(runs, Date.now());
        if (was && !runs) {
          this.saveClocks();
          void this.listFiles(threadId);
        } else if (runs) this.listSoon(threadId);
        this.changeSoon();
      }),
    );
  }

  view(): CompareView {
    const columns = this.record.columns.map((column): CompareColumn => {
      const live = this.columns.get(column.threadId)!;
      const thread = this.deps.thread(column.threadId);
      if (thread) live.last = threadColumn(thread.snapshot().state);
      // A chat that closed: what it showed is kept in the record once (a reload shows it again).
      if (!thread && !column.closed && live.last) {
        column.closed = closedColumn(live.last, live.files);
        this.deps.save(this.record);
      }
      const kept = column.closed;
      const base: ThreadColumn = thread
        ? live.last!
        : {
            ...(live.last ??
              (kept
                ? { answer: kept.answer, toolCalls: [], toolCallCount: kept.toolCallCount, usage: kept.usage }
                : { answer: '', toolCalls: [], toolCallCount: 0, usage: {} })),
            state: 'closed',
            detail: this.closedWords(),
          };
      const runningSince = live.clock.runningSince;
      return {
        threadId: column.threadId,
        agentName: column.agentName,
        ...base,
        ...(runningSince !== undefined ? { runningSince } : {}),
        elapsedMs: live.clock.finishedMs,
        files: thread || live.files.length > 0 ? live.files : (kept?.files ?? []),
        ...(live.filesError !== undefined ? { filesError: live.filesError } : {}),
        ...(live.tests ? { tests: live.tests } : {}),
        worktreeFolder: column.worktreeFolder,
      };
    });
    return {
      id: this.record.id,
      prompt: this.record.prompt,
      context: this.record.context,
      createdAt: this.record.createdAt,
      columns,
      testCommand: this.deps.testCommand(),
      ...(this.record.taken !== undefined ? { taken: this.record.taken } : {}),
    };
  }

  /** The texts of the chat's changed files at the last listing (for "Open diff"). */
  texts(threadId: string): readonly WorktreeFileTexts[] {
    return this.columns.get(threadId)?.texts ?? [];
  }

  setTests(threadId: string, run: CompareTestRun): void {
    const live = this.columns.get(threadId);
    const column = this.record.columns.find((candidate) => candidate.threadId === threadId);
    if (!live || !column) return;
    live.tests = run;
    if (run.state !== 'running') {
      column.tests = run;
      this.deps.save(this.record);
    }
    this.changeSoon();
  }

  setTaken(threadId: string): void {
    this.record.taken = threadId;
    this.deps.save(this.record);
    this.changeSoon();
  }

  /** Lists the chat's changed files again now (after a turn, a take, on demand). */
  listFiles(threadId: string): Promise<void> {
    const live = this.columns.get(threadId);
    const thread = this.deps.thread(threadId);
    if (!live || !thread || this.disposed) return Promise.resolve();
    if (live.listTimer !== undefined) clearTimeout(live.listTimer);
    live.listTimer = undefined;
    // One listing at a time per chat; a request meanwhile lists again after it.
    const run = async () => {
      live.lastListed = Date.now();
      try {
        const texts = await this.deps.changedTexts(thread);
        if (texts === undefined) {
          live.filesError = undefined;
          live.files = [];
          live.texts = [];
        } else {
          live.texts = texts;
          live.files = compareFiles(texts, this.deps.folderNames());
          live.filesError = undefined;
        }
      } catch (error) {
        live.filesError = error instanceof Error ? error.message : String(error);
        this.deps.log(`compare: listing the changes of ${threadId} failed: ${live.filesError}`);
      }
      this.changeSoon();
    };
    live.listing = (live.listing ?? Promise.resolve()).then(run, run);
    return live.listing;
  }

  dispose(): void {
    this.disposed = true;
    this.saveClocks();
    this.subscriptions.dispose();
    if (this.viewTimer !== undefined) clearTimeout(this.viewTimer);
    for (const live of this.columns.values()) if (live.listTimer !== undefined) clearTimeout(live.listTimer);
  }

  private closedWords(): string {
    return this.deps.closedWords();
  }

  private listSoon(threadId: string): void {
    const live = this.columns.get(threadId);
    if (!live || live.listTimer !== undefined) return;
    const wait = Math.max(0, live.lastListed + FILES_DELAY_MS - Date.now());
    live.listTimer = setTimeout(() => void this.listFiles(threadId), wait);
  }

  /** The view should be posted again soon (the test command was looked up). */
  changedSoon(): void {
    this.changeSoon();
  }

  private changeSoon(): void {
    if (this.viewTimer !== undefined || this.disposed) return;
    this.viewTimer = setTimeout(() => {
      this.viewTimer = undefined;
      this.changed.fire();
    }, VIEW_DELAY_MS);
  }

  private saveClocks(): void {
    for (const column of this.record.columns) {
      const live = this.columns.get(column.threadId);
      if (live) column.elapsedMs = live.clock.finishedMs;
    }
    this.deps.save(this.record);
  }
}

/** The chat's agent works on a turn: its clock runs (waiting for a permission counts: the turn is open). */
function turnRuns(thread: ThreadController): boolean {
  return thread.snapshot().state.turn.kind !== 'idle';
}
