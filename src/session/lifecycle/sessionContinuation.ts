// How a chat goes on with its agent after a reload or a restart, beside ThreadController: resume
// the same session when the agent advertises `sessionCapabilities.resume` (the local transcript
// stays as it is), else load it when it advertises `loadSession` (the agent replays the
// conversation, reconciled here with the local transcript so nothing shows twice), else a new
// session that knows nothing of the conversation (the transcript says so). On ACP v2 a session goes on
// with its replay (`load`, sent as session/resume with `replayFrom: {type: "start"}`): v2's resume and
// load are one method, so the replay costs no second request, and it brings back what the window lost
// (the turns after the journal's last write). Pure.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../shared/actions';
import { reduce } from '../../shared/reduce';
import { createThreadState, type Entry, type MessagePart, type ThreadState } from '../../shared/thread';
import { toolEntryAt } from '../../shared/threadEntries';
import { ACP_V1, ACP_V2, type AcpVersion } from '../../protocol/v2/negotiation';

export type ContinueMethod = 'resume' | 'load' | 'new';

export function continueMethod(
  capabilities: acp.AgentCapabilities | null,
  version: AcpVersion = ACP_V1,
): ContinueMethod {
  if (version === ACP_V2 && capabilities?.loadSession === true) return 'load';
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
        note: { kind: 'listed', agent: base.agent.displayName },
      },
    ],
  };
}

interface Replayed {
  action: ThreadAction;
  /** The replay entry the action created or changed; null when it changed none (plan, commands, title). */
  touched: number | null;
}

/** Entries the reduced replay keeps before the older ones are sealed (see ReplayReconciler). */
const LIVE_ENTRIES = 8;

/**
 * Collects what session/load replays, then says which of it the local transcript lacks: the
 * replay's conversation is matched entry by entry against the local one (same kind, same text
 * or tool call); what follows the matched part (what the window lost, or never saw) is applied,
 * the rest is dropped as a duplicate. Updates that change no entry (commands, modes, title) apply.
 *
 * The replay is reduced with the thread's own reducer, but the reduced state keeps only its
 * newest entries: the older ones are sealed to their keys, which can no longer change (a message
 * grows only while it is the last entry; a tool call's key is its id, and an update to a sealed
 * tool call only needs its place). The reducer copies the entries array on every change, so a
 * whole replay in one state would cost time quadratic in the session's length.
 */
export class ReplayReconciler {
  private live: ThreadState;
  /** How many replay entries are sealed: the live state's entry i is replay entry sealedCount + i. */
  private sealedKeys: (ConversationKey | null)[] = [];
  private readonly sealedTools = new Map<string, number>();
  private readonly replayed: Replayed[] = [];

  constructor(private readonly local: ThreadState) {
    this.live = createThreadState(local.key, local.agent);
  }

  get size(): number {
    return this.replayed.length;
  }

  add(action: ThreadAction): void {
    const toolCallId = toolCallIdOf(action);
    const sealedAt = toolCallId !== null ? this.sealedTools.get(toolCallId) : undefined;
    if (sealedAt !== undefined) {
      this.replayed.push({ action, touched: sealedAt });
      return;
    }
    const before = this.live;
    const after = reduce(before, action);
    this.live = after;
    const touched = touchedEntry(before, after, toolCallId);
    this.replayed.push({ action, touched: touched === null ? null : this.sealedKeys.length + touched });
    if (after.entries.length > LIVE_ENTRIES) this.seal();
  }

  /** The replayed actions to apply to the local thread, in order. */
  missing(): ThreadAction[] {
    const replayKeys = [...this.sealedKeys, ...this.live.entries.map(conversationKey)];
    const matched = matchedPrefix(replayKeys, this.local.entries);
    return this.replayed.filter(({ touched }) => touched === null || touched >= matched).map(({ action }) => action);
  }

  /** Seals every live entry but the last (the one a chunk may still grow). */
  private seal(): void {
    const entries = this.live.entries;
    const keep = entries.length - 1;
    for (let i = 0; i < keep; i++) {
      const entry = entries[i]!;
      if (entry.kind === 'tool') this.sealedTools.set(entry.tool.toolCallId, this.sealedKeys.length);
      this.sealedKeys.push(conversationKey(entry));
    }
    // The tool index is rebuilt from the one entry left when the reducer next needs it.
    this.live = { ...this.live, entries: entries.slice(keep), toolIndex: undefined };
  }
}

function toolCallIdOf(action: ThreadAction): string | null {
  const update = action.type === 'sessionUpdate' ? (action.update as { toolCallId?: unknown }) : null;
  return typeof update?.toolCallId === 'string' ? update.toolCallId : null;
}

/** Which entry an action created or changed: O(1) (an append, the last entry, or a tool call by id). */
function touchedEntry(before: ThreadState, after: ThreadState, toolCallId: string | null): number | null {
  if (after.entries === before.entries) return null;
  if (after.entries.length > before.entries.length) return before.entries.length;
  const last = after.entries.length - 1;
  if (last >= 0 && after.entries[last] !== before.entries[last]) return last;
  const at = toolCallId !== null ? toolEntryAt(after, toolCallId) : undefined;
  return at ?? last;
}

/** How many of the replay's entries (their keys, null for what is not conversation) the local conversation already has, in order. */
function matchedPrefix(replay: readonly (ConversationKey | null)[], local: readonly Entry[]): number {
  const conversation = local.filter(isConversation);
  let i = 0;
  let j = 0;
  while (i < replay.length && j < conversation.length) {
    const key = replay[i];
    if (key === null || key === undefined) {
      i++;
      continue;
    }
    if (!sameKey(key, keyOf(conversation[j]!))) break;
    i++;
    j++;
  }
  return i;
}

/**
 * What makes two entries the same one: kind, and the text (see sameKey) or the tool call id. Kept
 * apart rather than joined in one string: a joined key is a new string for every entry, copied flat
 * again by each comparison (a 5,000-entry replay compared every entry's text twice over).
 */
interface ConversationKey {
  kind: Entry['kind'];
  text: string;
}

function conversationKey(entry: Entry): ConversationKey | null {
  return isConversation(entry) ? keyOf(entry) : null;
}

function isConversation(entry: Entry): boolean {
  return entry.kind === 'user' || entry.kind === 'agent' || entry.kind === 'thought' || entry.kind === 'tool';
}

function keyOf(entry: Entry): ConversationKey {
  switch (entry.kind) {
    case 'user':
    case 'agent':
    case 'thought': {
      const parts = entry.parts;
      const only = parts.length === 1 ? parts[0]! : null;
      const text = only ? partText(only) : parts.map(partText).join(''); // several parts: one string, as a single one would read
      return { kind: entry.kind, text };
    }
    case 'tool':
      return { kind: 'tool', text: entry.tool.toolCallId };
    default:
      return { kind: entry.kind, text: '' };
  }
}

function partText(part: MessagePart): string {
  return part.kind === 'text' ? part.text : part.block.type;
}

/**
 * Two keys name the same entry when equal, or when their texts are equal once whitespace is
 * normalised (a replay may stream a message in other chunks, with other spacing). Equal texts are
 * the common case and cost no normalising; tool call ids are exact.
 */
function sameKey(a: ConversationKey, b: ConversationKey): boolean {
  if (a.kind !== b.kind) return false;
  if (a.text === b.text) return true;
  return a.kind !== 'tool' && normalised(a.text) === normalised(b.text);
}

/** The text with its whitespace runs made one space, and none at either end. */
function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
