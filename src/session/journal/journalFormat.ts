// The on-disk form of one chat's transcript: append-only JSON lines, written from the reducer's
// output (never from the wire), so what comes back is what the user saw.
//
//   {"v":2,"threadId":"…","agent":{"id","displayName","isDemo"},"created":1700000000000}   header
//   {"e":{…entry…}}                 an entry, new or changed (the later line for the same id wins)
//   {"a":{"id","at","t"}}           text `t` appended to the entry's last part, a text part `at` long
//   {"m":{…fields…}}                the thread's other fields that changed (title, sessionId, modes, …)
//   {"s":"<child>","p":<parent>}    a subagent session (shared/subagents.ts) and the session that announced it
//                                   (null: the chat's own), before any line of its own; a parent before its child
//   {"s":"<child>","e"|"a"|"m":…}   the same lines for a subagent session's transcript
//
// Entries are only ever appended to a thread, so the order of first appearance is the thread's
// order. A streamed message that only grew is written as its new text ("a" lines: the journal
// costs what was streamed, not the message again each interval); any other change writes the
// entry whole. What the file holds beyond what a fresh write would hold is counted (JournalSizes),
// and the chat is rewritten whole once that waste passes its bound. Version 1 (no "a" lines) is
// still read; a chat restored from it is rewritten as version 2 before anything is appended.
// Reading is session/journal/journalDecode.ts. Pure: no Node, no vscode.
import type { AgentDescriptor, Entry, ThreadState } from '../../shared/thread';
import type { SubagentThread } from '../../shared/thread';
import { childOf } from '../../shared/subagents';

export const JOURNAL_VERSION = 2;
/** The versions journalDecode.ts reads. */
export const READABLE_VERSIONS: readonly number[] = [1, 2];

export interface JournalHeader {
  v: number;
  threadId: string;
  agent: AgentDescriptor;
  /** ms since the epoch. */
  created: number;
}

/** The ThreadState fields besides `entries` that a journal keeps (per-turn and cache fields are left out). */
export const META_FIELDS = [
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
  'worktree',
] as const satisfies ReadonlyArray<keyof ThreadState>;

export type MetaField = (typeof META_FIELDS)[number];
export type JournalMeta = Partial<Pick<ThreadState, MetaField>>;

export interface DecodedJournal {
  header: JournalHeader;
  /** The thread as it was last written, made safe to show without an agent (see restoredState). */
  state: ThreadState;
  /** What was skipped and why (a torn last line, a malformed line); the state ends with a notice saying it. */
  notes: string[];
  /** Lines that repeat an entry already seen: compaction would drop them. */
  redundantLines: number;
  /** What the file holds, for the waste rule of the writes that follow. */
  sizes: JournalSizes;
}

/** Rewrite a chat whole once its file is this many times what a fresh write would be, plus the slack. */
const WASTE_RATIO = 2;
const WASTE_SLACK_CHARS = 256 * 1024;

/**
 * Characters (UTF-16 units, as written) of the file and of what a fresh write would keep: each
 * entry's last whole line plus its appends, each thread field's latest value. O(1) per line.
 */
export class JournalSizes {
  file = 0;
  private live = 0;
  private readonly kept = new Map<string, number>();

  /** The header of a whole write: everything before it is gone. */
  restart(headerChars: number): void {
    this.kept.clear();
    this.file = headerChars;
    this.live = headerChars;
  }

  /** A line that replaces what `key` (an entry id, or `m:<field>`) kept. */
  replaced(key: string, chars: number): void {
    this.file += chars;
    this.live += chars - (this.kept.get(key) ?? 0);
    this.kept.set(key, chars);
  }

  /** A line that adds to what `key` kept. */
  added(key: string, chars: number): void {
    this.file += chars;
    this.live += chars;
    this.kept.set(key, (this.kept.get(key) ?? 0) + chars);
  }

  /** Characters a line costs that belong to no entry or field (a meta line's braces). */
  overhead(chars: number): void {
    this.file += chars;
  }

  get wasteful(): boolean {
    return this.file > WASTE_RATIO * this.live + WASTE_SLACK_CHARS;
  }
}

export function headerLine(header: JournalHeader): string {
  return `${JSON.stringify(header)}\n`;
}

/** The session a line is of: null for the chat's own, else a subagent session's id (`s`). */
type LineSession = string | null;

export function entryLine(entry: Entry, session: LineSession = null): string {
  return `${JSON.stringify(session === null ? { e: entry } : { s: session, e: entry })}\n`;
}

function appendLine(id: string, at: number, text: string, session: LineSession): string {
  const a = { id, at, t: text };
  return `${JSON.stringify(session === null ? { a } : { s: session, a })}\n`;
}

/** The key JournalSizes counts a line of `session` under (the chat's own keys are unprefixed). */
function sizeKey(session: LineSession, key: string): string {
  return session === null ? key : `\u0000${session}\u0000${key}`;
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

function metaLine(meta: JournalMeta, sizes: JournalSizes, session: LineSession): string {
  const fields: string[] = [];
  for (const [field, value] of Object.entries(meta)) {
    const text = `${JSON.stringify(field)}:${JSON.stringify(value)}`;
    sizes.replaced(sizeKey(session, `m:${field}`), text.length + 1);
    fields.push(text);
  }
  const prefix = session === null ? '' : `"s":${JSON.stringify(session)},`;
  sizes.overhead(`{${prefix}"m":{}}\n`.length - 1);
  return `{${prefix}"m":{${fields.join(',')}}}\n`;
}

type MessageEntry = Extract<Entry, { kind: 'user' | 'agent' | 'thought' | 'sessionMessage' }>;

function isMessage(entry: Entry): entry is MessageEntry {
  return entry.kind === 'user' || entry.kind === 'agent' || entry.kind === 'thought' || entry.kind === 'sessionMessage';
}

/**
 * The text `next` adds to `previous` when that is all that changed: the same message whose last
 * part, a text part, grew (how a stream grows an entry, shared/messageChunks.ts); else null.
 * O(parts) plus one comparison of the old text (memcmp speed): what is written is the new text only.
 */
export function appendedText(previous: Entry, next: Entry): { at: number; text: string } | null {
  if (previous.id !== next.id || !isMessage(previous) || !isMessage(next) || previous.kind !== next.kind) return null;
  if (previous.messageId !== next.messageId || closedOf(previous) !== closedOf(next)) return null;
  if (previous.kind === 'sessionMessage' && next.kind === 'sessionMessage') {
    if (previous.senderSessionId !== next.senderSessionId || previous.recipientSessionId !== next.recipientSessionId)
      return null;
  }
  const count = previous.parts.length;
  if (count === 0 || next.parts.length !== count) return null;
  for (let i = 0; i < count - 1; i++) if (previous.parts[i] !== next.parts[i]) return null;
  const before = previous.parts[count - 1]!;
  const after = next.parts[count - 1]!;
  if (before.kind !== 'text' || after.kind !== 'text' || after.text.length <= before.text.length) return null;
  if (!after.text.startsWith(before.text)) return null;
  return { at: before.text.length, text: after.text.slice(before.text.length) };
}

function closedOf(entry: MessageEntry): boolean {
  return 'closed' in entry && entry.closed === true;
}

/**
 * The lines that bring a journal written for `previous` up to `next`: the entries whose object
 * changed (the reducer gives a changed entry a new object and leaves the others alone, so this is
 * identity, not a deep compare; a message that only grew gives its new text) and the meta fields
 * that changed. `sizes` counts them.
 */
export function linesSince(previous: ThreadState | null, next: ThreadState, sizes = new JournalSizes()): string {
  let out = sessionLinesSince(previous, next, sizes, null);
  // Children in the order they were announced: a parent's line always comes before its child's.
  for (const [id, thread] of Object.entries(next.subagents ?? {})) {
    const before = previous ? childOf(previous, id) : undefined;
    if (before === thread) continue;
    if (before === undefined) out += childLine(id, thread, sizes);
    out += sessionLinesSince(before?.state ?? null, thread.state, sizes, id);
  }
  return out;
}

function childLine(id: string, thread: SubagentThread, sizes: JournalSizes): string {
  const line = `${JSON.stringify({ s: id, p: thread.parentSessionId })}\n`;
  sizes.replaced(sizeKey(id, 'p'), line.length);
  return line;
}

/** The lines of one session's transcript (the chat's, or a subagent session's) since `previous`. */
function sessionLinesSince(
  previous: ThreadState | null,
  next: ThreadState,
  sizes: JournalSizes,
  session: LineSession,
): string {
  let out = '';
  const before = previous?.entries ?? [];
  const entries = next.entries;
  for (let i = 0; i < entries.length; i++) {
    const old = before[i];
    const entry = entries[i]!;
    if (old === entry) continue;
    const added = old === undefined ? null : appendedText(old, entry);
    if (added !== null) {
      const line = appendLine(entry.id, added.at, added.text, session);
      sizes.added(sizeKey(session, entry.id), line.length);
      out += line;
    } else {
      const line = entryLine(entry, session);
      sizes.replaced(sizeKey(session, entry.id), line.length);
      out += line;
    }
  }
  const meta = changedMeta(previous, next);
  if (meta) out += metaLine(meta, sizes, session);
  return out;
}

/** A whole journal with each entry once (compaction, and a chat's first write). */
export function fullJournal(header: JournalHeader, state: ThreadState, sizes = new JournalSizes()): string {
  const first = headerLine(header);
  sizes.restart(first.length);
  return first + linesSince(null, state, sizes);
}
