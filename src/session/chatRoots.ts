// A chat with folders of its own (a chat in its own worktree): the window's HostEnvironment with the chat's folders
// in place of the workspace's. The first folder is the agent's cwd (its process and its session), the others go as
// additionalDirectories where the agent takes them (shared/workspaceRoots.ts), as the workspace's would; a terminal
// starts there and may not start outside them (src/fs/confinedCwd.ts). The fs/* handlers of such a chat are confined to
// the same folders by the glue (src/vscode/worktrees/worktreeHandlers.ts): there the user's workspace is outside.
import type { HostEnvironment } from './api';

/**
 * The environment of a chat confined to `folders` (absolute, the first the cwd). Review's learning from an agent's
 * own report of a change (`reportFileChange`) is left out: the chat's files are its own until Bring back.
 */
export function confinedEnvironment(env: HostEnvironment, folders: readonly string[]): HostEnvironment {
  if (folders.length === 0) throw new Error('A confined chat needs at least one folder');
  const own = [...folders];
  const confined: HostEnvironment = {
    ...env,
    workspaceCwd: () => own[0]!,
    workspaceFolders: () => own,
    confinedTo: () => own,
    // "Always allow edits in the workspace" means the chat's own folders here, never the user's workspace.
    ...(env.permissionPolicy
      ? { permissionPolicy: (agentId: string, threadId: string) => env.permissionPolicy!(agentId, threadId, own) }
      : {}),
    // The editor's tools act in the chat's session (its cwd, its fs handlers); its language features cannot.
    ...(env.editorTools ? { editorTools: (request) => env.editorTools!({ ...request, confinedTo: own }) } : {}),
  };
  delete confined.reportFileChange;
  return confined;
}
