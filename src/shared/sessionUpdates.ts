// session/update notifications (checklist §1.5) applied to the thread. Unknown variants leave the
// state untouched: the host logs them, the reducer never throws on them.
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentMeta, SessionUpdateView, ThreadState } from './thread';
import { appendChunk, closeLastMessage } from './messageChunks';
import { absorbPromptEcho, appendUserChunk } from './promptEcho';
import { upsertTool } from './toolEntries';
import { patchTool } from './toolCalls';
import { appendAgentNotice, appendCompactionChunk, applyCompactionUpdate } from './sessionAsides';
import { foldAgentTerminals } from './agentTerminals';
import { appendSessionMessageChunk, upsertSessionMessage } from './sessionMessages';

export function applySessionUpdate(state: ThreadState, update: SessionUpdateView): ThreadState {
  if (typeof update !== 'object' || update === null) return state;
  switch (update.sessionUpdate) {
    case 'user_message_chunk':
      return absorbPromptEcho(state, update) ?? appendUserChunk(state, update);
    case 'agent_message_chunk':
      return appendChunk(state, 'agent', update);
    case 'agent_thought_chunk':
      return appendChunk(state, 'thought', update);
    case 'tool_call':
    case 'tool_call_update':
      // A tool_call for a known id updates it; an update for an unknown id creates a placeholder.
      if (typeof update.toolCallId !== 'string') return state;
      return upsertTool(state, update.toolCallId, (tool) =>
        foldAgentTerminals(patchTool(tool, update), update, state.terminals),
      );
    // Lists are replaced whole; a malformed (non-array) one is ignored rather than stored.
    case 'plan':
      return Array.isArray(update.entries) ? closeLastMessage({ ...state, plan: update.entries }) : state;
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
      return applySessionInfo(state, update);
    case 'usage_update': {
      const meta = metaOf(update._meta);
      return {
        ...state,
        usage: { used: update.used, size: update.size, cost: update.cost ?? null, ...(meta ? { meta } : {}) },
      };
    }
    case 'notice':
      return appendAgentNotice(state, update);
    case 'compaction_update':
      return applyCompactionUpdate(state, update);
    case 'compaction_summary_chunk':
      return appendCompactionChunk(state, update);
    case 'session_message':
      return upsertSessionMessage(state, update);
    case 'session_message_chunk':
      return appendSessionMessageChunk(state, update);
    case 'subagent_update':
      // Applied by reduce.ts, which holds every child of the chat (shared/subagents.ts).
      return state;
    default: {
      // Compile-time exhaustiveness; at run time newer agents' variants land here.
      const unknownVariant: never = update;
      void unknownVariant;
      return state;
    }
  }
}

/** Omitted fields stay; null clears (checklist §1.5); a field of the wrong type is ignored. */
function applySessionInfo(state: ThreadState, update: acp.SessionInfoUpdate): ThreadState {
  const next = { ...state };
  if (update.title === null || typeof update.title === 'string') next.title = update.title;
  if (update.updatedAt === null || typeof update.updatedAt === 'string') next.updatedAt = update.updatedAt;
  if (update._meta === null) next.sessionMeta = null;
  else if (update._meta !== undefined) next.sessionMeta = metaOf(update._meta) ?? state.sessionMeta;
  const changed =
    next.title !== state.title || next.updatedAt !== state.updatedAt || next.sessionMeta !== state.sessionMeta;
  return changed ? next : state;
}

/** An agent's `_meta` when it is an object (what the schema allows besides null), else undefined. */
export function metaOf(value: unknown): AgentMeta | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as AgentMeta) : undefined;
}

/** Sets the current mode when the agent has modes; a mode id without a mode list is ignored. */
export function withCurrentMode(state: ThreadState, modeId: unknown): ThreadState {
  if (!state.modes || typeof modeId !== 'string' || state.modes.currentModeId === modeId) return state;
  return { ...state, modes: { ...state.modes, currentModeId: modeId } };
}
