// session/update notifications (checklist §1.5) applied to the thread. Unknown variants, and the
// known ones with nothing to show yet (notice, compaction), leave the state untouched: the host
// logs them, the reducer never throws on them.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadState } from './thread';
import { appendChunk } from './messageChunks';
import { upsertTool } from './toolEntries';
import { patchTool } from './toolCalls';

export function applySessionUpdate(state: ThreadState, update: acp.SessionUpdate): ThreadState {
  if (typeof update !== 'object' || update === null) return state;
  switch (update.sessionUpdate) {
    case 'user_message_chunk':
      return appendChunk(state, 'user', update);
    case 'agent_message_chunk':
      return appendChunk(state, 'agent', update);
    case 'agent_thought_chunk':
      return appendChunk(state, 'thought', update);
    case 'tool_call':
    case 'tool_call_update':
      // A tool_call for a known id updates it; an update for an unknown id creates a placeholder.
      if (typeof update.toolCallId !== 'string') return state;
      return upsertTool(state, update.toolCallId, (tool) => patchTool(tool, update));
    // Lists are replaced whole; a malformed (non-array) one is ignored rather than stored.
    case 'plan':
      return Array.isArray(update.entries) ? { ...state, plan: update.entries } : state;
    case 'available_commands_update':
      return Array.isArray(update.availableCommands) ? { ...state, commands: update.availableCommands } : state;
    case 'current_mode_update': {
      // The schema says currentModeId; the v1 modes page example says modeId (checklist §10.1).
      const modeId = update.currentModeId ?? (update as { modeId?: string }).modeId;
      return withCurrentMode(state, modeId);
    }
    case 'config_option_update':
      return Array.isArray(update.configOptions) ? { ...state, configOptions: update.configOptions } : state;
    case 'session_info_update':
      // Omitted fields stay; null clears.
      return update.title === undefined ? state : { ...state, title: update.title ?? null };
    case 'usage_update':
      return { ...state, usage: { used: update.used, size: update.size, cost: update.cost ?? null } };
    case 'notice':
    case 'compaction_update':
    case 'compaction_summary_chunk':
      return state;
    default: {
      // Compile-time exhaustiveness; at run time newer agents' variants land here.
      const unknownVariant: never = update;
      void unknownVariant;
      return state;
    }
  }
}

/** Sets the current mode when the agent has modes; a mode id without a mode list is ignored. */
export function withCurrentMode(state: ThreadState, modeId: unknown): ThreadState {
  if (!state.modes || typeof modeId !== 'string' || state.modes.currentModeId === modeId) return state;
  return { ...state, modes: { ...state.modes, currentModeId: modeId } };
}
