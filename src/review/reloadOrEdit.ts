// Tells an edit from a reload when the editor cannot say yet. VS Code fires a document's change event before
// the document's dirty flag follows (measured in code-server 4.139: the first edit after a save arrives with
// isDirty still false), and a reload from disk also arrives as a change with isDirty false. So such a change
// is held here until the dirty flag is known: the document's next event (the dirty-state change VS Code fires
// right after, or further typing), or a short timer. Dirty then: the user edited (recorded with the texts of
// the moment); clean: it was a reload, which the disk watcher attributes.

/** How long an undecided change waits for the dirty flag before it is taken for a reload. */
export const DIRTY_FLAG_WAIT_MS = 1_000;

export interface HeldChange {
  filePath: string;
  before: string | null;
  after: string;
}

export class ReloadOrEdit {
  private readonly held = new Map<string, { change: HeldChange; cancelTimer: () => void }>();

  constructor(
    /** The user's edit, decided. */
    private readonly onEdit: (change: HeldChange) => void,
    private readonly isDirty: (key: string) => boolean,
    private readonly schedule: (callback: () => void, ms: number) => () => void,
    private readonly waitMs = DIRTY_FLAG_WAIT_MS,
  ) {}

  /** A change that looked like a reload (clean, not ours, not undo/redo): decided once the flag is known. */
  hold(key: string, change: HeldChange): void {
    this.settle(key);
    this.held.set(key, { change, cancelTimer: this.schedule(() => this.settle(key), this.waitMs) });
  }

  /** Decides what is held for this document now (call on each of its events, before handling the event). */
  settle(key: string): void {
    const held = this.held.get(key);
    if (!held) return;
    this.held.delete(key);
    held.cancelTimer();
    if (this.isDirty(key)) this.onEdit(held.change);
  }

  /** The document closed: nothing of it is decided any more. */
  forget(key: string): void {
    this.held.get(key)?.cancelTimer();
    this.held.delete(key);
  }

  dispose(): void {
    for (const held of this.held.values()) held.cancelTimer();
    this.held.clear();
  }
}
