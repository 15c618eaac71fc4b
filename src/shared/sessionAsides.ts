// What an agent says beside the conversation: session notices and context compactions (ACP v1, both
// stable 2026-10-09; the SDK's Notice, CompactionUpdate and CompactionSummaryChunk types). A notice is
// an entry of its own, never merged into a message. A compaction is one entry per compactionId, at the
// place the agent first reported it; later updates patch it (omitted: kept, null: cleared, a value:
// replaced) and summary chunks append to it. Neither removes anything above it, and neither splits a
// message that streams around it: a chunk of the agent or thought message just before them still joins
// that message (messageChunks.ts). Pure.
import type * as acp from '@agentclientprotocol/sdk';
import type { Entry, ThreadState } from './thread';
import { appendBlock, partsFromBlocks } from './messageChunks';
import { appendEntry, roomForAgentEntry } from './threadEntries';

type CompactionEntry = Extract<Entry, { kind: 'compaction' }>;
type CompactionIndex = Record<string, number>;

/** A `notice` update: its own entry (the title and description are the agent's plain text). */
export function appendAgentNotice(state: ThreadState, notice: acp.Notice): ThreadState {
  const room = roomForAgentEntry(state);
  if (!room.ok) return room.state;
  return appendEntry(state, (id) => ({
    kind: 'agentNotice',
    id,
    severity: typeof notice.severity === 'string' ? notice.severity : '',
    title: typeof notice.title === 'string' ? notice.title : '',
    description: typeof notice.description === 'string' ? notice.description : null,
  }));
}

/** A `compaction_update`: the compaction's entry, created where it is first seen, else patched in place. */
export function applyCompactionUpdate(state: ThreadState, update: acp.CompactionUpdate): ThreadState {
  if (typeof update.compactionId !== 'string' || typeof update.status !== 'string') return state;
  return withCompaction(state, update.compactionId, update.status, (entry) => {
    const next: CompactionEntry = { ...entry, status: update.status };
    if (update.summary === null) next.summary = [];
    else if (Array.isArray(update.summary)) next.summary = partsFromBlocks(update.summary);
    if (update.error === null) next.error = null;
    else if (typeof update.error === 'string') next.error = update.error;
    return next;
  });
}

/** A `compaction_summary_chunk`: its block appended to the summary (a first-seen id starts in progress). */
export function appendCompactionChunk(state: ThreadState, chunk: acp.CompactionSummaryChunk): ThreadState {
  const block = chunk.content;
  if (typeof chunk.compactionId !== 'string' || typeof block !== 'object' || block === null) return state;
  return withCompaction(state, chunk.compactionId, 'in_progress', (entry) => ({
    ...entry,
    summary: appendBlock(entry.summary, block),
  }));
}

/** Compactions still in progress end `unfinished`: the agent went away before it said how they ended. */
export function settleCompactions(state: ThreadState): ThreadState {
  let entries: Entry[] | undefined;
  for (const at of Object.values(compactionIndexOf(state))) {
    const entry = state.entries[at];
    if (entry?.kind !== 'compaction' || entry.status !== 'in_progress') continue;
    entries ??= state.entries.slice();
    entries[at] = { ...entry, status: 'unfinished' };
  }
  return entries ? { ...state, entries } : state;
}

/** `patch` applied to the compaction's entry, made first (with `status`) when the id is new. */
function withCompaction(
  state: ThreadState,
  compactionId: string,
  status: acp.CompactionStatus,
  patch: (entry: CompactionEntry) => CompactionEntry,
): ThreadState {
  const { index, at } = locateCompaction(state, compactionId);
  if (at !== undefined) {
    const entries = state.entries.slice();
    entries[at] = patch(entries[at] as CompactionEntry);
    return { ...state, entries, compactionIndex: index };
  }
  const room = roomForAgentEntry(state);
  if (!room.ok) return room.state;
  const position = state.entries.length;
  const created = appendEntry(state, (id) =>
    patch({ kind: 'compaction', id, compactionId, status, summary: [], error: null }),
  );
  return { ...created, compactionIndex: Object.fromEntries([...Object.entries(index), [compactionId, position]]) };
}

/** The compaction's place, from the cached index (rebuilt when absent or stale, O(entries) once). */
function locateCompaction(
  state: ThreadState,
  compactionId: string,
): { index: CompactionIndex; at: number | undefined } {
  let index = compactionIndexOf(state);
  let at = lookup(state.entries, index, compactionId);
  if (at === undefined && state.compactionIndex && Object.hasOwn(index, compactionId)) {
    index = buildIndex(state.entries);
    at = lookup(state.entries, index, compactionId);
  }
  return { index, at };
}

function compactionIndexOf(state: ThreadState): CompactionIndex {
  return state.compactionIndex ?? buildIndex(state.entries);
}

/** Built with Object.fromEntries so an id like "__proto__" becomes an own key, not a prototype. */
function buildIndex(entries: readonly Entry[]): CompactionIndex {
  const pairs: [string, number][] = [];
  entries.forEach((entry, i) => {
    if (entry.kind === 'compaction') pairs.push([entry.compactionId, i]);
  });
  return Object.fromEntries(pairs);
}

/** Own keys only, and the entry there must really be that compaction. */
function lookup(entries: readonly Entry[], index: CompactionIndex, compactionId: string): number | undefined {
  if (!Object.hasOwn(index, compactionId)) return undefined;
  const at = index[compactionId]!;
  const entry = entries[at];
  return entry?.kind === 'compaction' && entry.compactionId === compactionId ? at : undefined;
}
