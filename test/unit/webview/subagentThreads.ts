// Threads with subagent sessions for the webview tests, built as the thread model holds them
// (src/shared/subagentTypes.ts): each child's transcript is a ThreadState of its own (built with the
// real reducer from ordinary actions), its card sits in its parent's entries.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../../src/shared/actions';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import type { SubagentCard } from '../../../src/shared/subagentTypes';
import type { SessionMessageEntry, SubagentThread } from '../../../src/shared/thread';
import { agentChunk, READY, thread, update } from './helpers';

export function card(sessionId: string, fields: Partial<SubagentCard> = {}): SubagentCard {
  return {
    kind: 'subagent',
    id: `card-${sessionId}`,
    sessionId,
    title: 'Explore the parser',
    description: 'Find every caller of parseConfig and list the files',
    work: { state: 'running' },
    cancellable: true,
    cwd: null,
    activity: { messages: 2, toolCalls: 3, waiting: 0, latest: 'Read src/parser.ts' },
    ...fields,
  };
}

/** A child's transcript: the given actions reduced from an empty thread (no READY entries). */
export function childState(actions: ThreadAction[], plan: acp.PlanEntry[] | null = null): ThreadState {
  return { ...thread(actions), plan };
}

export function toolCall(toolCallId: string, title: string, fields: Partial<acp.ToolCall> = {}): ThreadAction {
  return update({ sessionUpdate: 'tool_call', toolCallId, title, kind: 'read', status: 'completed', ...fields });
}

export const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

export function permission(toolCallId: string, permissionId: string): ThreadAction {
  return { type: 'permissionRequested', permissionId, toolCall: { toolCallId }, options: OPTIONS };
}

/** `count` agent messages of the child (each its own messageId). */
export function messages(count: number, prefix = 'Step'): ThreadAction[] {
  return Array.from({ length: count }, (_, i) => agentChunk(`${prefix} ${i + 1}`, `${prefix}-${i + 1}`));
}

export interface ChildSpec {
  parent?: string | null;
  state: ThreadState;
}

/** The chat (READY, then `chatEntries` after its own) with the given children. */
export function chat(chatEntries: Entry[], children: Record<string, ChildSpec>, title?: string): ThreadState {
  const base = thread([...READY, { type: 'promptSent', prompt: [{ type: 'text', text: 'Refactor the parser' }] }]);
  const subagents: Record<string, SubagentThread> = {};
  for (const [id, spec] of Object.entries(children))
    subagents[id] = { parentSessionId: spec.parent ?? null, state: spec.state };
  return { ...base, title: title ?? null, entries: [...base.entries, ...chatEntries], subagents };
}

/** `state` with `extra` entries after its own. */
export function withEntries(state: ThreadState, ...extra: Entry[]): ThreadState {
  return { ...state, entries: [...state.entries, ...extra] };
}

export function sessionMessage(
  id: string,
  from: string | null,
  to: string | null,
  text: string,
  fields: Partial<SessionMessageEntry> = {},
): SessionMessageEntry {
  return {
    kind: 'sessionMessage',
    id,
    messageId: id,
    senderSessionId: from,
    recipientSessionId: to,
    parts: [{ kind: 'text', text }],
    ...fields,
  };
}
