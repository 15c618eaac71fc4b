// The disk watcher's last record of each file's agent change (the text before, as far as it knew it, and
// after), for an agent's report that does not say what the file held before (ACP v2 diff content without a
// git_patch): the report usually comes before the watcher has seen the change (it waits for the file to
// settle), so a report can wait for it, bounded in time. Bounded in entries and characters: the oldest go
// first. Pure apart from the timer it is given.

/** Changes remembered (the last of each file), and the characters of their texts. */
export const MAX_RECENT_CHANGES = 64;
export const MAX_RECENT_CHARS = 16 * 1024 * 1024;

export interface RecentChange {
  /** The text before (null: no file; undefined: the watcher never saw the file before). */
  before: string | null | undefined;
  after: string | null;
}

type Timer = (run: () => void, ms: number) => () => void;

const realTimer: Timer = (run, ms) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

interface Waiter {
  after: string | null;
  done(change: RecentChange | undefined): void;
}

function size(change: RecentChange): number {
  return (change.before?.length ?? 0) + (change.after?.length ?? 0);
}

export class RecentChanges {
  private readonly changes = new Map<string, RecentChange>();
  private readonly waiters = new Map<string, Set<Waiter>>();
  private chars = 0;

  constructor(private readonly timer: Timer = realTimer) {}

  /** The watcher recorded an agent change of `filePath`: it replaces that file's last one, and answers waiters. */
  record(filePath: string, change: RecentChange): void {
    this.drop(filePath);
    this.changes.set(filePath, change);
    this.chars += size(change);
    for (const oldest of this.changes.keys()) {
      if (this.changes.size <= MAX_RECENT_CHANGES && this.chars <= MAX_RECENT_CHARS) break;
      this.drop(oldest);
    }
    for (const waiter of this.waiters.get(filePath) ?? []) if (waiter.after === change.after) waiter.done(change);
  }

  /**
   * The watcher's record of the change that left `filePath` holding `after`: at once when it has one, else
   * when it records it, else undefined after `waitMs` (the watcher did not see it: ignored, outside the
   * workspace, or the user's).
   */
  awaitChange(filePath: string, after: string | null, waitMs: number): Promise<RecentChange | undefined> {
    const known = this.changes.get(filePath);
    if (known && known.after === after) return Promise.resolve(known);
    return new Promise((resolve) => {
      let set = this.waiters.get(filePath);
      if (!set) this.waiters.set(filePath, (set = new Set()));
      const waiters = set;
      const waiter: Waiter = {
        after,
        done: (change) => {
          cancel();
          waiters.delete(waiter);
          if (waiters.size === 0 && this.waiters.get(filePath) === waiters) this.waiters.delete(filePath);
          resolve(change);
        },
      };
      waiters.add(waiter);
      const cancel = this.timer(() => waiter.done(undefined), waitMs);
    });
  }

  private drop(filePath: string): void {
    const known = this.changes.get(filePath);
    if (!known) return;
    this.changes.delete(filePath);
    this.chars -= size(known);
  }
}
