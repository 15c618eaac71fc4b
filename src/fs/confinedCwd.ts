// Where a terminal of a chat confined to folders of its own (a chat in its own worktree, src/session/chatRoots.ts)
// may start: inside those folders only, decided on real paths like the fs/* checks (outsideAccess.ts). The refusal
// is the agent's to read (terminal/create's error).
import { isInsideAnyFolder } from './paths';
import { resolveRealPath } from './realPath';

/**
 * Why a terminal may not start in `cwd` (absolute, existing) for a chat confined to `folders`; null when it may (or
 * when the chat is not confined). Decided on real paths: a link inside that leads out is outside.
 */
export async function terminalCwdProblem(cwd: string, folders: readonly string[] | undefined): Promise<string | null> {
  if (!folders) return null;
  const [real, roots] = await Promise.all([
    resolveRealPath(cwd).catch(() => cwd),
    Promise.all(folders.map((folder) => resolveRealPath(folder).catch(() => folder))),
  ]);
  if (isInsideAnyFolder(real, roots)) return null;
  return `The cwd ${cwd} is outside this chat's worktree (${folders.join(', ')}): its terminals run there only`;
}
