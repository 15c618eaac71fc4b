// Which workspace folders an agent works in (multi-root workspaces). The first folder is the
// session's cwd. The others reach the agent as `additionalDirectories` on session/new (and load,
// resume, fork) only when it advertised sessionCapabilities.additionalDirectories; otherwise they
// are outside its workspace: the fs handlers ask before it reads or writes there, like any other
// folder outside (src/fs/outsideAccess.ts), and the chat says which folder it works in.
import type { SessionNote } from './entryReasons';
import { agentOffers } from './capabilities';
import type * as acp from '@agentclientprotocol/sdk';

export interface AgentRoots {
  /** The session's cwd: the first workspace folder (or the fallback when there is none). */
  cwd: string;
  /** Sent as `additionalDirectories`: the other folders, when the agent takes them. */
  additionalDirectories: string[];
  /** The other folders the agent does not take: outside its workspace. */
  outside: string[];
}

/**
 * @param folders the workspace's file folders, in the editor's order (absolute paths)
 * @param fallback the cwd when there is no folder (the home folder)
 */
export function agentRoots(
  capabilities: acp.AgentCapabilities | null | undefined,
  folders: readonly string[],
  fallback: string,
): AgentRoots {
  const [first, ...rest] = folders;
  const cwd = first ?? fallback;
  // A folder listed twice (or the cwd again) is sent once.
  const others = [...new Set(rest)].filter((folder) => folder !== cwd);
  return agentOffers(capabilities, 'additionalDirectories')
    ? { cwd, additionalDirectories: others, outside: [] }
    : { cwd, additionalDirectories: [], outside: others };
}

/**
 * The workspace folders the agent may use without asking: the first and, when it takes them, the
 * others. No folder open: none (the fallback cwd is not a workspace folder).
 */
export function foldersInside(
  capabilities: acp.AgentCapabilities | null | undefined,
  folders: readonly string[],
): string[] {
  if (folders.length === 0) return [];
  const roots = agentRoots(capabilities, folders, '');
  return [roots.cwd, ...roots.additionalDirectories];
}

/** What the chat notes when some workspace folders are outside the agent's workspace; null when none are. */
export function rootsNotice(agentName: string, roots: AgentRoots): SessionNote | null {
  if (roots.outside.length === 0) return null;
  return { kind: 'outsideWorkspace', agent: agentName, cwd: roots.cwd, outside: [...roots.outside] };
}
