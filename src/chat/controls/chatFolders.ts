// Where a path named in a chat (agent text, an "Apply" target) is looked for: the chat's own worktree folders for a
// chat in its own worktree (its agent's files are there, src/vscode/worktrees/), else the workspace's folders.
import type { ThreadController } from '../../session/api';
import type { NavigationPort } from './chatHost';

export function chatFolders(thread: ThreadController | undefined, host: NavigationPort): readonly string[] {
  return thread?.snapshot().state.worktree?.folders ?? host.workspaceFolders();
}
