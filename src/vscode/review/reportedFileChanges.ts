// An agent's report of a file change it made on disk itself (a tool call's diff: v1's two texts, v2's structured
// change with its git_patch), read against the disk (src/review/reportedChanges.ts). What the file held before
// goes to review where the disk watcher has nothing of its own: a file it listed with nothing to diff gets that
// baseline now; a change it has not seen yet gets it when it does (DiskChanges.claim). A report alone never puts
// a file under review: only a change the watcher saw in the workspace is reviewed, so an agent cannot make Undo
// write a file it did not change. The change's texts go back to the session for the keeper ("Open diff").
import * as path from 'node:path';
import type { TurnLimits } from '../../review/budget';
import { readDiskText } from '../../review/diskText';
import type { WriteTexts } from '../../review/fileTexts';
import { createsPath, pathTexts, readReport, type ReportedChange } from '../../review/reportedChanges';
import { findFile } from '../../review/reviewModel';
import type { DiskChanges } from './diskChanges';
import type { ReviewController } from './reviewController';

/** Moves remembered for Undo (the new path → the old one); the oldest go first. */
const MAX_MOVES = 200;

export class ReportedFileChanges {
  /** A moved file's new path → its old one: Undo of the new path moves it back. */
  private readonly moves = new Map<string, string>();

  constructor(
    private readonly controller: ReviewController,
    private readonly disk: DiskChanges,
    private readonly limits: () => TurnLimits,
  ) {}

  /** The texts of the change at its path, where the report and the disk say them; else undefined. */
  async report(change: ReportedChange): Promise<WriteTexts | undefined> {
    const filePath = path.resolve(change.path);
    const text = change.notText ? undefined : await readDiskText(filePath, this.limits().maxFileBytes);
    const outcome = readReport(change, text);
    if (outcome.kind === 'proposed') {
      this.disk.noteSeen(filePath, outcome.current);
      return undefined;
    }
    if (outcome.kind !== 'changed') return undefined;
    this.claim(filePath, createsPath(change.operation) ? null : outcome.before, outcome.after);
    if (change.operation === 'move' && change.oldPath) {
      const oldPath = path.resolve(change.oldPath);
      this.claim(oldPath, outcome.before, null);
      this.moves.delete(filePath);
      this.moves.set(filePath, oldPath);
      if (this.moves.size > MAX_MOVES) this.moves.delete(this.moves.keys().next().value!);
    }
    return pathTexts(change, outcome);
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
