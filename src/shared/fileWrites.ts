// fs/write_text_file writes, attached to the tool call that most likely made them so the card
// can show the diff (and offer review) next to the agent's own description of the edit.
import type { Entry, FileWriteView, ThreadState } from './thread';
import { appendTool, currentTurnStart, setTool, toolIndexOf } from './threadEntries';
import { addWrite, isOpenStatus, toolMentionsPath } from './toolCalls';

/** The index of the entry a write of `path` attaches to (see attachWrite); -1: a new entry. */
function writeTarget(state: ThreadState, path: string): number {
  const { entries } = state;
  let fallback = -1;
  const turnStart = currentTurnStart(entries);
  for (let i = entries.length - 1; i >= turnStart; i--) {
    const entry = entries[i]!;
    if (entry.kind !== 'tool' || !isOpenStatus(entry.tool.status)) continue;
    if (fallback < 0) fallback = i;
    if (toolMentionsPath(entry.tool, path)) return i;
  }
  return fallback;
}

/**
 * The revision a new write of `path` is shown from: the first write of that path on the card the
 * write attaches to, else the write itself (`revision`). The host computes the card's hunks from it.
 */
export function writeStartRevision(state: ThreadState, path: string, revision: number): number {
  const entry = state.entries[writeTarget(state, path)];
  if (entry?.kind !== 'tool') return revision;
  return entry.tool.writes.find((write) => write.path === path)?.fromRevision ?? revision;
}

/**
 * Target: the newest open tool call of the current turn that names the path (locations, diff
 * content or an earlier write); else the newest open tool call of the turn; else a new
 * completed `edit` tool entry, since agents may write without announcing a tool call. A write the
 * user applied from a code block (`applied`) is always its own entry, whatever the agent is doing.
 */
export function attachWrite(state: ThreadState, write: FileWriteView, applied = false): ThreadState {
  const { entries } = state;
  const target = applied ? -1 : writeTarget(state, write.path);
  if (target >= 0) {
    const next = entries.slice();
    const tool = (entries[target] as Extract<Entry, { kind: 'tool' }>).tool;
    setTool(next, target, { ...tool, writes: addWrite(tool.writes, write) });
    return { ...state, entries: next };
  }
  return appendTool(state, toolIndexOf(state), {
    toolCallId: `write-${state.nextEntryId}`,
    origin: applied ? 'applied' : 'write',
    kind: 'edit',
    status: 'completed',
    content: [],
    locations: [{ path: write.path }],
    permission: null,
    writes: [write],
  });
}
