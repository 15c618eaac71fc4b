// What a chat in its own worktree is made with, in place of a workspace chat's: the window's environment confined to
// the worktree's folders (src/session/chatRoots.ts: cwd, additionalDirectories, terminals), fs/* handlers on the
// worktree's files (worktreeFiles.ts; the outside question and the other checks as for any chat), and a spawn that
// refuses to start when a folder of the worktree is gone, with a card that says so (never the workspace instead).
import { existsSync } from 'node:fs';
import { chatWorktreeInStore } from '../../worktrees/uninstallRecord';
import { gatedSpawn } from '../../agents/refusedProcess';
import type { SpawnAgentProcess } from '../../agents/agentProcess';
import type { ClientHandlers, HostEnvironment, ThreadController } from '../../session/api';
import { confinedEnvironment } from '../../session/chatRoots';
import type { ChatWorktree } from '../../shared/thread';
import { foldersInside } from '../../shared/workspaceRoots';
import { createFsHandlers, type FsHandlerOptions } from '../fs/fsHandlers';
import { worktreeFiles } from './worktreeFiles';

export interface WorktreeThreadParts {
  env: HostEnvironment;
  handlers: ClientHandlers;
  spawn: SpawnAgentProcess;
}

/**
 * fsOptions: the chat's agent name, log, identity and keeper of texts, as a workspace chat's handlers get them (no
 * review: the worktree is the chat's sandbox; its changes are reviewed when brought back).
 */
export function worktreeThreadParts(
  env: HostEnvironment,
  spawn: SpawnAgentProcess,
  worktree: ChatWorktree,
  fsOptions: Omit<FsHandlerOptions, 'workspaceFolders' | 'review'>,
  thread: () => ThreadController,
  worktreesRoot: string,
): WorktreeThreadParts {
  const folders = worktree.folders;
  // A restored chat's folders come from its journal: they must be in its worktree's folder in the store, so an
  // altered journal cannot confine (and start) the agent somewhere else.
  const inStore = chatWorktreeInStore(worktree, worktreesRoot);
  return {
    env: confinedEnvironment(env, folders),
    handlers: createFsHandlers(
      {
        ...fsOptions,
        // As in the workspace: the folders the agent did not take as additionalDirectories are outside.
        workspaceFolders: () => foldersInside(thread().snapshot().state.agentCapabilities, folders),
      },
      worktreeFiles(() => folders),
    ),
    // Asked at each start (a reload, Restart): the folders may have been removed meanwhile.
    spawn: gatedSpawn(spawn, () => inStore && folders.every((folder) => existsSync(folder)), {
      kind: 'worktreeGone',
      path: folders[0] ?? '',
    }),
  };
}
