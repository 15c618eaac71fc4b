// Why the worktree store refused or failed. The message is for the user (a path, a limit, git's own
// last words); `reason` is for the glue to choose what to offer (retry, discard, nothing).
import { t } from '../shared/l10n';

export type WorktreeErrorReason =
  /** The git executable is not there (the store falls back to plain copies, and says so once). */
  | 'git-missing'
  /** A git command failed; the message carries its stderr. */
  | 'git-failed'
  /** A folder is larger than the copy limits (files or bytes). */
  | 'too-big'
  /** A path is not what it must be: not absolute, not a folder, outside its folder. */
  | 'bad-input'
  /** The worktree's copy or manifest is gone or unreadable. */
  | 'missing'
  | 'cancelled';

export class WorktreeError extends Error {
  constructor(
    readonly reason: WorktreeErrorReason,
    message: string,
  ) {
    super(message);
    this.name = WorktreeError.name;
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new WorktreeError('cancelled', t('Cancelled.'));
}
