// The thread changes ACP v2 makes that v1 has no update for (src/protocol/v2/updateMap.ts maps everything
// else onto v1's): a whole message replaced by id, one tool-call content item appended, an agent-owned
// terminal patched by id (its output replaced by a snapshot or appended), and foreground work that runs
// without a prompt of ours. Pure, like the rest of the reducer.
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentTerminalView, ThreadState, ToolCallView, ToolContentView, ToolDiffView } from './thread';
import type { DiffResult } from './diffHunks';
import { appendChunk, appendWithinCap, type MessageKind } from './messageChunks';
import { upsertTool } from './toolEntries';
import { locateTool, setTool } from './threadEntries';
import { foldAgentTerminals, AGENT_TERMINAL_TAIL_CHARS, MAX_AGENT_TERMINALS_PER_TOOL } from './agentTerminals';
import { newestChars } from './outputTail';

/** Content items one tool call keeps when they come one by one (as many as the gate lets one update carry). */
export const MAX_TOOL_CONTENT_ITEMS = 1000;

/** A patch of an agent-owned terminal: omitted = unchanged, null = cleared, a value replaces. */
export interface AgentTerminalPatch {
  command?: string | null;
  cwd?: string | null;
  /** `replace`: a snapshot (all bytes so far, decoded); `append`: a live chunk. */
  output?: { replace: string } | { append: string };
  exitStatus?: acp.TerminalExitStatus | null;
}

/**
 * `messageId`'s content replaced whole (`blocks` empty: cleared). Searched from the newest entry; a
 * message not in the thread is started like a streamed one. O(entries) at worst, which only a
 * correction of an old message costs (the mapper sends a first-seen message as chunks).
 */
export function replaceMessage(
  state: ThreadState,
  kind: MessageKind,
  messageId: string,
  blocks: readonly acp.ContentBlock[],
): ThreadState {
  for (let at = state.entries.length - 1; at >= 0; at--) {
    const entry = state.entries[at]!;
    if (entry.kind !== kind || entry.messageId !== messageId) continue;
    let parts: ReturnType<typeof appendWithinCap>['parts'] = [];
    let truncated = false;
    for (const block of blocks) {
      if (truncated) break;
      ({ parts, truncated } = appendWithinCap(parts, block));
    }
    const entries = state.entries.slice();
    const { truncated: _old, ...rest } = entry as typeof entry & { truncated?: true };
    void _old;
    entries[at] = truncated ? { ...rest, parts, truncated } : { ...rest, parts };
    return { ...state, entries };
  }
  let next = state;
  for (const block of blocks) next = appendChunk(next, kind, { messageId, content: block });
  return next;
}

/** One content item added to a tool call (created when its id is new); at most MAX_TOOL_CONTENT_ITEMS items are kept. */
export function appendToolContent(state: ThreadState, toolCallId: string, item: ToolContentView): ThreadState {
  return upsertTool(state, toolCallId, (tool) => {
    if (tool.content.length >= MAX_TOOL_CONTENT_ITEMS) return tool;
    const next: ToolCallView = { ...tool, content: [...tool.content, item] };
    return item.type === 'terminal' ? foldAgentTerminals(next, { content: [item] }, state.terminals) : next;
  });
}

/**
 * The texts of a v2 diff's change at `path` were kept under `revision` (src/session/updates/toolDiffs.ts): the
 * tool call's diffs of that path not kept yet (revision 0) name it, so "Open diff" opens them. An unknown tool
 * call, or one whose diffs of that path were replaced meanwhile, is left as it is.
 */
export function keepToolDiff(
  state: ThreadState,
  toolCallId: string,
  path: string,
  revision: number,
  diff?: DiffResult,
): ThreadState {
  return patchV2Diffs(state, toolCallId, path, (item) =>
    item.revision === 0 ? { ...item, revision, ...(diff ? { diff } : {}) } : item,
  );
}

/** ACP v2: nothing knows what the file at `path` held before the change (no patch, never seen). */
export function markToolDiffUnknown(state: ThreadState, toolCallId: string, path: string): ThreadState {
  return patchV2Diffs(state, toolCallId, path, (item) =>
    item.revision === 0 && !item.beforeUnknown ? { ...item, beforeUnknown: true } : item,
  );
}

/** The v2 diff cards of `path` in tool call `toolCallId`, each passed through `patch` (same object: unchanged). */
function patchV2Diffs(
  state: ThreadState,
  toolCallId: string,
  path: string,
  patch: (item: ToolDiffView) => ToolDiffView,
): ThreadState {
  const { at } = locateTool(state, toolCallId);
  if (at === undefined) return state;
  const tool = (state.entries[at] as { tool: ToolCallView }).tool;
  let changed = false;
  const content = tool.content.map((item) => {
    if (item.type !== 'diff' || item.path !== path || !item.change) return item;
    const next = patch(item);
    changed ||= next !== item;
    return next;
  });
  if (!changed) return state;
  const entries = state.entries.slice();
  setTool(entries, at, { ...tool, content });
  return { ...state, entries };
}

/** Terminal `terminalId` of tool call `toolCallId` patched (added when new, up to MAX_AGENT_TERMINALS_PER_TOOL). */
export function patchAgentTerminal(
  state: ThreadState,
  toolCallId: string,
  terminalId: string,
  patch: AgentTerminalPatch,
): ThreadState {
  return upsertTool(state, toolCallId, (tool) => {
    const list = tool.agentTerminals ?? [];
    const at = list.findIndex((terminal) => terminal.terminalId === terminalId);
    if (at < 0 && list.length >= MAX_AGENT_TERMINALS_PER_TOOL) return tool;
    const old: AgentTerminalView =
      at >= 0 ? list[at]! : { terminalId, cwd: null, output: '', received: 0, status: 'running', exitStatus: null };
    const terminal: AgentTerminalView = { ...old };
    if (patch.command !== undefined) {
      if (patch.command === null) delete terminal.command;
      else terminal.command = patch.command;
    }
    if (patch.cwd !== undefined) terminal.cwd = patch.cwd;
    if (patch.output && 'replace' in patch.output) {
      terminal.output = newestChars(patch.output.replace, AGENT_TERMINAL_TAIL_CHARS);
      terminal.received = patch.output.replace.length;
    } else if (patch.output) {
      let output = old.output + patch.output.append;
      if (output.length > AGENT_TERMINAL_TAIL_CHARS * 1.25) output = newestChars(output, AGENT_TERMINAL_TAIL_CHARS);
      terminal.output = output;
      terminal.received = old.received + patch.output.append.length;
    }
    if (patch.exitStatus !== undefined) {
      terminal.exitStatus = patch.exitStatus;
      terminal.status = patch.exitStatus === null ? 'running' : 'exited';
    }
    const agentTerminals = list.slice();
    if (at < 0) agentTerminals.push(terminal);
    else agentTerminals[at] = terminal;
    return { ...tool, agentTerminals };
  });
}

/** Foreground work runs (v2 `state_update: running`): a turn starts when none ran (the agent's own work, a replay). */
export function turnRunning(state: ThreadState): ThreadState {
  return state.turn.kind === 'idle' ? { ...state, turn: { kind: 'prompting' } } : state;
}
