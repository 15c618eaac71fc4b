// State-level tool-call operations: upsert by toolCallId, permissions, and the bookkeeping that
// closes a turn (cancel, end, failure). Each copies `entries` once and keeps untouched entries.
import type * as acp from '@agentclientprotocol/sdk';
import type { Entry, PermissionPrompt, PermissionState, ThreadState, ToolCallUpdateView, ToolCallView } from './thread';
import { appendTool, currentTurnStart, locateTool, roomForAgentEntry, setTool, type ToolEntry } from './threadEntries';
import { isOpenStatus, patchTool, placeholderTool } from './toolCalls';
import { endAgentTerminals, foldAgentTerminals } from './agentTerminals';

/**
 * Changes the tool call `toolCallId`, or appends it as a placeholder first when the id is
 * unknown (updates may arrive for ids never announced, e.g. after a reconnect): never throws.
 */
export function upsertTool(
  state: ThreadState,
  toolCallId: string,
  change: (tool: ToolCallView) => ToolCallView,
): ThreadState {
  const { index, at } = locateTool(state, toolCallId);
  if (at !== undefined) {
    const entries = state.entries.slice();
    setTool(entries, at, change((entries[at] as ToolEntry).tool));
    return { ...state, entries, toolIndex: index };
  }
  const room = roomForAgentEntry(state);
  if (!room.ok) return room.state;
  return appendTool(state, index, change(placeholderTool(toolCallId)));
}

/** Shows the agent's permission request inline on its tool call (placeholder if unknown). */
export function requestPermission(
  state: ThreadState,
  permissionId: string,
  toolCall: ToolCallUpdateView,
  options: acp.PermissionOption[],
  prompt?: PermissionPrompt,
): ThreadState {
  return upsertTool(state, toolCall.toolCallId, (tool) => ({
    ...foldAgentTerminals(patchTool(tool, toolCall), toolCall, state.terminals),
    permission: { permissionId, options, state: { kind: 'pending' }, ...(prompt ? { prompt } : {}) },
  }));
}

/** Records the outcome on the tool whose permission has this id; unknown ids change nothing. */
export function resolvePermission(state: ThreadState, permissionId: string, outcome: PermissionState): ThreadState {
  // Newest first: the request being answered is almost always near the end.
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i]!;
    if (entry.kind !== 'tool' || entry.tool.permission?.permissionId !== permissionId) continue;
    const entries = state.entries.slice();
    setTool(entries, i, { ...entry.tool, permission: { ...entry.tool.permission, state: outcome } });
    return { ...state, entries };
  }
  return state;
}

/**
 * The bookkeeping shared by cancel, turn end, turn failure and agent failure: open tool calls
 * of the current turn get `openToolStatus`, and every pending permission (in any turn) becomes
 * cancelled, because no answer can arrive for it any more. `turnOver` (not a cancel, which the
 * agent still answers): every terminal the agent runs itself (in any turn: a report may come for
 * an older tool call) that has not reported an exit ends, status unknown, rather than look alive
 * forever; a later report still applies. Returns a new entries array.
 */
export function settleTurn(state: ThreadState, openToolStatus: 'cancelled' | 'unfinished', turnOver: boolean): Entry[] {
  const entries = state.entries.slice();
  for (let i = currentTurnStart(entries); i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.kind === 'tool' && isOpenStatus(entry.tool.status)) {
      setTool(entries, i, { ...entry.tool, status: openToolStatus });
    }
  }
  for (let at = 0; at < entries.length; at++) {
    const entry = entries[at]!;
    if (entry.kind !== 'tool') continue;
    const permission = entry.tool.permission;
    let tool =
      permission?.state.kind === 'pending'
        ? { ...entry.tool, permission: { ...permission, state: { kind: 'cancelled' as const } } }
        : entry.tool;
    if (turnOver) tool = endAgentTerminals(tool);
    if (tool !== entry.tool) setTool(entries, at, tool);
  }
  return entries;
}
