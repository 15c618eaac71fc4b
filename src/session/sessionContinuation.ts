// How a chat goes on with its agent after a reload or a restart, beside ThreadController: resume
// the same session when the agent advertises `sessionCapabilities.resume` (the local transcript
// stays as it is), else load it when it advertises `loadSession` (the agent replays the
// conversation, reconciled here with the local transcript so nothing shows twice), else a new
// session that knows nothing of the conversation (the transcript says so). Pure.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../shared/actions';
import { reduce } from '../shared/reduce';
import { createThreadState, type Entry, type ThreadState } from '../shared/thread';

export type ContinueMethod = 'resume' | 'load' | 'new';

export function continueMethod(capabilities: acp.AgentCapabilities | null): ContinueMethod {
  if (capabilities?.sessionCapabilities?.resume) return 'resume';
  if (capabilities?.loadSession === true) return 'load';
  return 'new';
}

/** The id of the notice a chat opened from an agent's session list starts with (see listedSessionState). */
export const LISTED_NOTICE_ID = 'listed';

/**
 * Whether the thread has a conversation the agent would have to know (a session to go on with):
 * a prompt of the user's, or a session opened from the agent's list (its conversation is on the
 * agent's side only, until session/load replays it).
 */
export function hasConversation(state: ThreadState): boolean {
  return (
    state.sessionId !== null &&
    state.entries.some((entry) => entry.kind === 'user' || (entry.kind === 'notice' && entry.id === LISTED_NOTICE_ID))
  );
}

/**
 * A chat for a session only the agent holds (history, `session/list`): no transcript yet, the
 * session id to go on with; its first start loads (or resumes) the session.
 */
export function listedSessionState(
  base: ThreadState,
  sessionId: string,
  title: string,
  agentCapabilities: acp.AgentCapabilities | null,
): ThreadState {
  return {
    ...base,
    sessionId,
    title,
    agentCapabilities,
    connection: { kind: 'stopped' },
    entries: [
      {
        kind: 'notice',
        id: LISTED_NOTICE_ID,
        text: `Opened from ${base.agent.displayName}'s saved sessions: send a message (or Restart) to continue it.`,
      },
    ],
  };
}

interface Replayed {
  action: ThreadAction;
  /** The replay entry the action created or changed; null when it changed none (plan, commands, title). */
  touched: number | null;
}

/**
 * Collects what session/load replays, then says which of it the local transcript lacks: the
 * replay's conversation is matched entry by entry against the local one (same kind, same text
 * or tool call); what follows the matched part (what the window lost, or never saw) is applied,
 * the rest is dropped as a duplicate. Updates that change no entry (commands, modes, title) apply.
 */
export class ReplayReconciler {
  private replay: ThreadState;
  private readonly replayed: Replayed[] = [];

  constructor(private readonly local: ThreadState) {
    this.replay = createThreadState(local.key, local.agent);
  }

  get size(): number {
    return this.replayed.length;
  }

  add(action: ThreadAction): void {
    const before = this.replay;
    const after = reduce(before, action);
    this.replay = after;
    this.replayed.push({ action, touched: touchedEntry(before, after, action) });
  }

  /** The replayed actions to apply to the local thread, in order. */
  missing(): ThreadAction[] {
    const matched = matchedPrefix(this.replay.entries, this.local.entries);
    return this.replayed.filter(({ touched }) => touched === null || touched >= matched).map(({ action }) => action);
  }
}

/** Which entry an action created or changed: O(1) (an append, the last entry, or a tool call by id). */
function touchedEntry(before: ThreadState, after: ThreadState, action: ThreadAction): number | null {
  if (after.entries === before.entries) return null;
  if (after.entries.length > before.entries.length) return before.entries.length;
  const last = after.entries.length - 1;
  if (last >= 0 && after.entries[last] !== before.entries[last]) return last;
  const update = action.type === 'sessionUpdate' ? (action.update as { toolCallId?: unknown }) : null;
  const id = typeof update?.toolCallId === 'string' ? update.toolCallId : null;
  const at = id !== null ? after.toolIndex?.[id] : undefined;
  return at ?? last;
}

/** How many of the replay's entries the local conversation already has, in order. */
function matchedPrefix(replay: readonly Entry[], local: readonly Entry[]): number {
  const conversation = local.filter(isConversation);
  let i = 0;
  let j = 0;
  while (i < replay.length && j < conversation.length) {
    const entry = replay[i]!;
    if (!isConversation(entry)) {
      i++;
      continue;
    }
    if (keyOf(entry) !== keyOf(conversation[j]!)) break;
    i++;
    j++;
  }
  return i;
}

function isConversation(entry: Entry): boolean {
  return entry.kind === 'user' || entry.kind === 'agent' || entry.kind === 'thought' || entry.kind === 'tool';
}

/** What makes two entries the same one: kind, and the text (normalised) or the tool call id. */
function keyOf(entry: Entry): string {
  switch (entry.kind) {
    case 'user':
    case 'agent':
    case 'thought':
      return `${entry.kind}:${entry.parts
        .map((part) => (part.kind === 'text' ? part.text : part.block.type))
        .join('')
        .replace(/\s+/g, ' ')
        .trim()}`;
    case 'tool':
      return `tool:${entry.tool.toolCallId}`;
    default:
      return entry.kind;
  }
}
