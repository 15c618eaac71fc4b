// The on-disk form of one chat's transcript: append-only JSON lines, written from the reducer's
// output (never from the wire), so what comes back is what the user saw.
//
//   {"v":1,"threadId":"…","agent":{"id","displayName","isDemo"},"created":1700000000000}   header
//   {"e":{…entry…}}      an entry, new or changed (the later line for the same id wins)
//   {"m":{…fields…}}     the thread's other fields that changed (title, sessionId, modes, …)
//
// Entries are only ever appended to a thread, so the order of first appearance is the thread's
// order. A streamed message is written again each time it grew since the last write (at most
// about once a second); compact() rewrites the file with each entry once. A torn last line (the
// host was killed mid-write) is skipped and reported as a note. Pure: no Node, no vscode.
import { t } from '../shared/l10n';
import type { AgentDescriptor, Entry, ThreadState } from '../shared/thread';
import { createThreadState } from '../shared/thread';
import { settleTurn } from '../shared/toolEntries';
import { restoredTool } from '../shared/toolCalls';

export const JOURNAL_VERSION = 1;

export interface JournalHeader {
  v: number;
  threadId: string;
  agent: AgentDescriptor;
  /** ms since the epoch. */
  created: number;
}

/** The ThreadState fields besides `entries` that a journal keeps (per-turn and cache fields are left out). */
const META_FIELDS = [
  'agentInfo',
  'agentCapabilities',
  'sessionId',
  'nextEntryId',
  'plan',
  'commands',
  'modes',
  'configOptions',
  'title',
  'updatedAt',
  'sessionMeta',
  'usage',
  'turnUsage',
  'terminals',
] as const satisfies ReadonlyArray<keyof ThreadState>;

type MetaField = (typeof META_FIELDS)[number];
export type JournalMeta = Partial<Pick<ThreadState, MetaField>>;

export function headerLine(header: JournalHeader): string {
  return `${JSON.stringify(header)}\n`;
}

export function entryLine(entry: Entry): string {
  return `${JSON.stringify({ e: entry })}\n`;
}

export function metaLine(meta: JournalMeta): string {
  return `${JSON.stringify({ m: meta })}\n`;
}

/** The meta fields of `next` whose identity differs from `previous` (all of them without one). */
export function changedMeta(previous: ThreadState | null, next: ThreadState): JournalMeta | null {
  let meta: Record<string, unknown> | null = null;
  for (const field of META_FIELDS) {
    if (previous && previous[field] === next[field]) continue;
    (meta ??= {})[field] = next[field] ?? null;
  }
  return meta as JournalMeta | null;
}

/**
 * The lines that bring a journal written for `previous` up to `next`: the entries whose object
 * changed (the reducer gives a changed entry a new object and leaves the others alone, so this is
 * identity, not a deep compare) and the meta fields that changed.
 */
export function linesSince(previous: ThreadState | null, next: ThreadState): string {
  let out = '';
  const before = previous?.entries ?? [];
  const entries = next.entries;
  for (let i = 0; i < entries.length; i++) {
    if (before[i] !== entries[i]) out += entryLine(entries[i]!);
  }
  const meta = changedMeta(previous, next);
  if (meta) out += metaLine(meta);
  return out;
}

/** A whole journal with each entry once (compaction, and a chat's first write). */
export function fullJournal(header: JournalHeader, state: ThreadState): string {
  return headerLine(header) + linesSince(null, state);
}

export interface DecodedJournal {
  header: JournalHeader;
  /** The thread as it was last written, made safe to show without an agent (see restoredState). */
  state: ThreadState;
  /** What was skipped and why (a torn last line, a malformed line). */
  notes: string[];
  /** Lines that repeat an entry already seen: compaction would drop them. */
  redundantLines: number;
}

/** Reads a journal; null when it has no usable header (not a journal, or a newer version). */
export function decodeJournal(text: string): DecodedJournal | null {
  const notes: string[] = [];
  const lines = text.split('\n');
  // A file that does not end with a newline was cut mid-line: its last line is torn.
  const torn = lines.pop();
  if (torn !== undefined && torn !== '') notes.push(tornNote(torn));
  const header = parseHeader(lines[0]);
  if (!header) return null;
  const order: string[] = [];
  const entries = new Map<string, Entry>();
  const meta: Record<string, unknown> = {};
  let redundantLines = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      notes.push(t('line {0} is not JSON and was skipped', i + 1));
      continue;
    }
    const entry = (record as { e?: unknown } | null)?.e;
    const fields = (record as { m?: unknown } | null)?.m;
    if (isEntry(entry)) {
      if (entries.has(entry.id)) redundantLines++;
      else order.push(entry.id);
      entries.set(entry.id, entry);
    } else if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
      for (const field of META_FIELDS) if (field in fields) meta[field] = (fields as Record<string, unknown>)[field];
    } else {
      notes.push(t('line {0} is neither an entry nor thread fields and was skipped', i + 1));
    }
  }
  const base = createThreadState({ agentId: header.agent.id, threadId: header.threadId }, header.agent);
  const state: ThreadState = { ...base, ...(meta as JournalMeta), entries: order.map((id) => entries.get(id)!) };
  // Ids of new entries must not collide with the restored ones (the meta line may be torn off).
  let highest = 0;
  for (const id of order) highest = Math.max(highest, Number(/\d+$/.exec(id)?.[0] ?? 0));
  if (typeof state.nextEntryId !== 'number' || !(state.nextEntryId > highest)) state.nextEntryId = highest + 1;
  for (const field of ['commands'] as const) if (!Array.isArray(state[field])) state[field] = [];
  return { header, state: restoredState(state), notes, redundantLines };
}

/**
 * A thread read back from disk runs no agent: no turn, nothing pending, its terminals released.
 * Tool calls left open end `unfinished` and permission cards `cancelled`, as after an agent exit.
 */
export function restoredState(state: ThreadState): ThreadState {
  const settled: ThreadState = {
    ...state,
    connection: { kind: 'stopped' },
    turn: { kind: 'idle' },
    settingError: null,
    // The revisions of writes and diffs named the closed window's keeper of file texts.
    entries: settleTurn(state, 'unfinished').map((entry) =>
      entry.kind === 'tool' ? { ...entry, tool: restoredTool(entry.tool) } : entry,
    ),
  };
  delete settled.promptEcho;
  delete settled.toolIndex;
  if (state.terminals) {
    const terminals: NonNullable<ThreadState['terminals']> = {};
    for (const [id, terminal] of Object.entries(state.terminals)) terminals[id] = { ...terminal, released: true };
    settled.terminals = terminals;
  }
  return settled;
}

function parseHeader(line: string | undefined): JournalHeader | null {
  if (!line) return null;
  try {
    const header = JSON.parse(line) as Partial<JournalHeader> | null;
    const agent = header?.agent;
    if (
      header?.v !== JOURNAL_VERSION ||
      typeof header.threadId !== 'string' ||
      !agent ||
      typeof agent.id !== 'string' ||
      typeof agent.displayName !== 'string'
    )
      return null;
    return {
      v: header.v,
      threadId: header.threadId,
      agent: { id: agent.id, displayName: agent.displayName, isDemo: agent.isDemo === true },
      created: typeof header.created === 'number' ? header.created : 0,
    };
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is Entry {
  const entry = value as Partial<Entry> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.id === 'string' && typeof entry.kind === 'string';
}

function tornNote(line: string): string {
  return t('the last line ({0} characters) was cut off when the window closed and was skipped', line.length);
}
