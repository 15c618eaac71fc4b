// An agent's report of a file change it made on disk itself (a tool call's diff: v1's two texts, v2's structured
// change with its git_patch), read against the disk (src/review/reportedChanges.ts). What the file held before
// goes to review where the disk watcher has nothing of its own: a file it listed with nothing to diff gets that
// baseline now; a change it has not seen yet gets it when it does (DiskChanges.claim). A report alone never puts
// a file under review: only a change the watcher saw in the workspace is reviewed, so an agent cannot make Undo
// write a file it did not change. The change's texts go back to the session for the keeper ("Open diff").
// A report that does not say what the file held before (v2 without a git_patch) takes it from review's own
// record: the watcher's text before its change (waited for, bounded: the watcher settles the file first), else
// the checkpoint before the prompt; where neither knows it, the card says so.
import * as path from 'node:path';
import type { TurnLimits } from '../../review/budget';
import { bytesId } from '../../review/binaryCopies';
import { readDiskBytes, readDiskText } from '../../review/diskText';
import {
  createsPath,
  pathTexts,
  readReport,
  type ReportedChange,
  type ReviewedReport,
} from '../../review/reportedChanges';
import { findFile } from '../../review/reviewModel';
import type { DiskChanges } from './diskChanges';
import type { ReviewController } from './reviewController';

/** Moves remembered for Undo (the new path → the old one); the oldest go first. */
const MAX_MOVES = 200;
/** How long a report without a patch waits for the watcher to see its change (it settles files first). */
export const WATCHER_WAIT_MS = 5000;

/** The file's text at the checkpoint taken before the running prompt (undefined: it has none). */
export type CheckpointText = (filePath: string) => Promise<string | null | undefined>;

export class ReportedFileChanges {
  /** A moved file's new path → its old one: Undo of the new path moves it back. */
  private readonly moves = new Map<string, string>();

  constructor(
    private readonly controller: ReviewController,
    private readonly disk: DiskChanges,
    private readonly limits: () => TurnLimits,
    private readonly maxBinaryBytes: () => number,
    private readonly checkpointText: CheckpointText = async () => undefined,
  ) {}

  /** The texts of the change at its path, where the report (or review's record) and the disk say them. */
  async report(change: ReportedChange): Promise<ReviewedReport | undefined> {
    const filePath = path.resolve(change.path);
    if (change.notText) return this.binary(filePath);
    const text = await readDiskText(filePath, this.limits().maxFileBytes);
    const outcome = readReport(change, text);
    if (outcome.kind === 'proposed') {
      this.disk.noteSeen(filePath, outcome.current);
      return undefined;
    }
    if (outcome.kind === 'unsaid') return this.fromReview(filePath, change, text ?? null);
    if (outcome.kind !== 'changed') return undefined;
    this.claim(filePath, createsPath(change.operation) ? null : outcome.before, outcome.after);
    if (change.operation === 'move' && change.oldPath) {
      const oldPath = path.resolve(change.oldPath);
      this.claim(oldPath, outcome.before, null);
      this.moves.delete(filePath);
      this.moves.set(filePath, oldPath);
      if (this.moves.size > MAX_MOVES) this.moves.delete(this.moves.keys().next().value!);
    }
    return { kind: 'texts', texts: pathTexts(change, outcome) };
  }

  /**
   * A file that is not text is reviewed whole by the watcher (src/review/diskContent.ts): the card shows its
   * Keep / Undo from review; where review holds no copy of its bytes from before, the card says so.
   */
  private async binary(filePath: string): Promise<ReviewedReport | undefined> {
    const bytes = await readDiskBytes(filePath, this.maxBinaryBytes());
    if (bytes === undefined) return { kind: 'unknown' };
    const seen = await this.disk.recent.awaitChange(filePath, bytes && bytesId(bytes), WATCHER_WAIT_MS);
    return seen?.before === undefined ? { kind: 'unknown' } : undefined;
  }

  /** A change whose report says nothing of the text before: the watcher's record of it, else the checkpoint's. */
  private async fromReview(filePath: string, change: ReportedChange, after: string | null): Promise<ReviewedReport> {
    const seen = await this.disk.recent.awaitChange(filePath, after, WATCHER_WAIT_MS);
    if (!seen) return { kind: 'unknown' };
    let before = seen.before;
    if (before === undefined) {
      before = await this.checkpointText(filePath).catch(() => undefined);
      // Review listed the file with nothing to diff: the checkpoint's text is its baseline.
      if (before !== undefined) this.controller.learnBaseline(filePath, before);
    }
    if (before === undefined) return { kind: 'unknown' };
    return { kind: 'texts', texts: { before: change.operation === 'add' ? null : before, after: after ?? '' } };
  }

  /** The path a file under review was moved from (its deletion there is pending), for Keep and Undo of both. */
  movedFrom(filePath: string): string | undefined {
    const oldPath = this.moves.get(path.resolve(filePath));
    const old = oldPath === undefined ? undefined : findFile(this.controller.store.state, oldPath);
    return old && old.resolution === null && old.current === null ? oldPath : undefined;
  }

  private claim(filePath: string, before: string | null, after: string | null): void {
    const file = findFile(this.controller.store.state, filePath);
    if (file?.baselineUnknown && file.current === after) this.controller.learnBaseline(filePath, before);
    else this.disk.claim(filePath, before, after);
  }
}
