// What the chats in their own worktree need of the store of worktrees (src/worktrees/, the WorktreeStore): the port
// the glue is written against. No `vscode` here.
import type { ChatWorktree } from '../../shared/thread';
import type { MergedFile, Worktree, WorktreeChange, WorktreeFileTexts } from '../../worktrees/worktreeTypes';

export interface WorktreeService {
  /**
   * A new worktree of `folders` (the workspace's file folders, the first the agent's cwd) as they are now, with
   * `unsavedTexts` (absolute path -> the editor's unsaved text) in place of what the disk holds.
   */
  create(folders: readonly string[], unsavedTexts: ReadonlyMap<string, string>): Promise<Worktree>;
  /** The worktrees kept in storage (after a reload too). */
  list(): Promise<readonly Worktree[]>;
  /** What the chat changed in the worktree since the point it started from (a file brought back: since then). */
  changes(worktree: Worktree): Promise<readonly WorktreeChange[]>;
  /** What the chat changed, each text file with its texts at the start point and now (a comparison's diffs). */
  changedTexts(worktree: Worktree): Promise<readonly WorktreeFileTexts[]>;
  /**
   * Each changed file merged three ways (start point, the workspace now, the worktree): nothing is written.
   * `currentText`: the workspace file's text as the user has it (an open editor's unsaved edits, else the disk);
   * null: no such file.
   */
  bringBack(
    worktree: Worktree,
    currentText: (target: string) => Promise<string | null>,
  ): Promise<readonly MergedFile[]>;
  /**
   * The files of the last `bringBack` now written into the workspace (`targets`): a later one compares them against
   * what it took, so it offers only what the chat changed since (a hunk the user undid stays undone).
   */
  markTaken(worktree: Worktree, targets: readonly string[]): Promise<void>;
  /** Removes the worktree and everything of it in storage. */
  discard(worktree: Worktree): Promise<void>;
}

/** What a chat keeps of its worktree (its state and journal): the id and the folders it works in, cwd first. */
export function chatWorktree(worktree: Worktree): ChatWorktree {
  return { id: worktree.id, folders: worktree.folders.map((folder) => folder.path) };
}

/** The worktree a chat names, if the store still has it with every folder the chat works in. */
export async function findWorktree(service: WorktreeService, chat: ChatWorktree): Promise<Worktree | undefined> {
  const found = (await service.list()).find((worktree) => worktree.id === chat.id);
  if (!found) return undefined;
  const paths = new Set(found.folders.map((folder) => folder.path));
  return chat.folders.every((folder) => paths.has(folder)) ? found : undefined;
}
