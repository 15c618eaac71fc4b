// What a chat in its own worktree is: a copy of the workspace's folders, as they were when the chat started (unsaved
// editor text included), kept in the extension's storage where an agent can change anything without touching the
// user's tree. The store (worktreeStore.ts) makes, lists, compares, brings back and discards them; the VS Code glue
// (src/vscode/worktrees/) confines a chat to one and shows what it changed. Pure data: no VS Code, no processes.

/** One workspace folder's copy. */
export interface WorktreeFolder {
  /** The workspace folder it copies (absolute). */
  source: string;
  /** Where the copy is (absolute, inside the extension's storage). */
  path: string;
  /** A git worktree of the folder's repository, or a plain copy where the folder is not in a git repository. */
  kind: 'git' | 'copy';
  /**
   * The point the chat started from, what "Bring back" compares against: for `git`, the commit the copy's state
   * was recorded as (uncommitted and unsaved changes included); for `copy`, the absolute path of a kept copy.
   */
  start: string;
}

/** A chat's worktree: one copy per workspace folder, the first folder's copy is the agent's cwd. */
export interface Worktree {
  /** Stable id, also the folder name in storage: [a-z0-9-], at most 64 characters. */
  id: string;
  /** Epoch milliseconds. */
  createdAt: number;
  folders: readonly WorktreeFolder[];
  /**
   * Set by `list()` where the worktree cannot be used and can only be discarded: its copy or its workspace
   * folder is gone, or it was never finished (then `folders` is empty). Human-readable.
   */
  problem?: string;
}

/** A file the chat changed in its worktree since the start point. */
export interface WorktreeChange {
  /** The workspace folder's source path (WorktreeFolder.source). */
  source: string;
  /** Path relative to the folder, `/`-separated. */
  relPath: string;
  kind: 'added' | 'modified' | 'deleted';
  /** Not text (a NUL byte, or not valid UTF-8): merged whole, never per line. */
  binary: boolean;
}

/** A changed file with its texts at the start point and now (null: no such file then / now, or `omitted`). */
export interface WorktreeFileTexts extends WorktreeChange {
  before: string | null;
  after: string | null;
  /** The texts were not read: a binary file (`binary`), one past the read limit, or past what one listing reads. */
  omitted?: true;
}

/** A changed file merged into the workspace: start point, the user's current text and the chat's, three ways. */
export interface MergedFile {
  /** The file in the workspace (absolute). */
  target: string;
  /** What the workspace holds now (the user's unsaved text where the file is open); null: no such file. */
  current: string | null;
  /** What it should hold after the merge; null: delete it. For a binary file, see `bytes`. */
  merged: string | null;
  /** A binary file's bytes from the worktree (null: delete). Only where `binary`. */
  bytes?: Uint8Array | null;
  binary: boolean;
  /** Conflicting regions, written into `merged` with markers (<<<<<<< workspace / ======= / >>>>>>> chat). */
  conflicts: number;
}
