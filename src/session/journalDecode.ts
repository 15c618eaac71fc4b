// Reading a chat's journal back (the format: session/journalFormat.ts). A journal is a file on
// disk that a crash can tear and anyone can edit, so every line is checked before it counts: its
// nesting (before it is parsed), its JSON, and its shape (session/journalShapes.ts). A line that
// fails is skipped and named; the rest loads. The thread is bounded like a live one (entries,
// note count), and ends with a notice entry naming what was skipped, so the restored chat says it.
// Pure: no Node, no vscode.
import { t } from '../shared/l10n';
import type { Entry, MessagePart, ThreadState } from '../shared/thread';
import { createThreadState } from '../shared/thread';
import { entryId, MAX_AGENT_ENTRIES } from '../shared/threadEntries';
import { settleCompactions } from '../shared/sessionAsides';
import { settleTurn } from '../shared/toolEntries';
import { restoredTool } from '../shared/toolCalls';
import {
  JournalSizes,
  META_FIELDS,
  READABLE_VERSIONS,
  type DecodedJournal,
  type JournalHeader,
  type JournalMeta,
} from './journalFormat';
import { entryNumber, entryProblem, META_CHECKS } from './journalShapes';

/** Entries a chat loads at most: a live chat stops the agent at MAX_AGENT_ENTRIES; the user's own come on top. */
export const MAX_LOADED_ENTRIES = 2 * MAX_AGENT_ENTRIES;
/** Nesting a line may have: a real entry is under 25 levels deep (the gate bounds what agents send). */
export const MAX_LINE_DEPTH = 64;
/** Notes kept one by one; past them, one more says how many lines were skipped besides. */
const MAX_NOTES = 20;

/** Reads a journal; null when it has no usable header (not a journal, or a version this one does not read). */
export function decodeJournal(text: string): DecodedJournal | null {
  const lines = text.split('\n');
  // A file that does not end with a newline was cut mid-line: its last line is torn.
  const torn = lines.pop();
  const header = parseHeader(lines[0]);
  if (!header) return null;
  const reader = new LineReader(lines[0]!.length + 1);
  for (let i = 1; i < lines.length; i++) if (lines[i] !== '') reader.read(lines[i]!, i + 1);
  if (torn !== undefined && torn !== '') reader.note(tornNote(torn));
  const { state, notes } = reader.finish(header);
  return { header, state: restoredState(state), notes, redundantLines: reader.redundantLines, sizes: reader.sizes };
}

class LineReader {
  readonly sizes = new JournalSizes();
  redundantLines = 0;
  private readonly order: string[] = [];
  private readonly entries = new Map<string, Entry>();
  private readonly meta: Record<string, unknown> = {};
  private readonly notes: string[] = [];
  private moreNotes = 0;
  private pastCap = 0;

  constructor(headerChars: number) {
    this.sizes.restart(headerChars);
  }

  note(note: string): void {
    if (this.notes.length < MAX_NOTES) this.notes.push(note);
    else this.moreNotes++;
  }

  read(line: string, n: number): void {
    // JSON.parse takes any depth, but writing the state again (JSON.stringify, postMessage) would not.
    if (nestsDeeper(line, MAX_LINE_DEPTH))
      return this.note(t('line {0} is nested deeper than {1} levels and was skipped', n, MAX_LINE_DEPTH));
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      return this.note(t('line {0} is not JSON and was skipped', n));
    }
    const chars = line.length + 1;
    if (isRecord(record) && Object.hasOwn(record, 'e')) return this.entry(record.e, n, chars);
    if (isRecord(record) && Object.hasOwn(record, 'a')) return this.append(record.a, n, chars);
    if (isRecord(record) && isRecord(record.m)) return this.fields(record.m, n, chars);
    this.note(t('line {0} is neither an entry nor thread fields and was skipped', n));
  }

  private entry(value: unknown, n: number, chars: number): void {
    const problem = entryProblem(value);
    if (problem === 'kind')
      return this.note(t('line {0} holds an entry of a kind this version does not know and was skipped', n));
    if (problem !== null)
      return this.note(t('line {0} holds an entry whose {1} is not valid and was skipped', n, problem || 'value'));
    const entry = value as Entry;
    if (this.entries.has(entry.id)) this.redundantLines++;
    else if (this.order.length >= MAX_LOADED_ENTRIES) return void this.pastCap++;
    else this.order.push(entry.id);
    this.entries.set(entry.id, entry);
    this.sizes.replaced(entry.id, chars);
  }

  /** Text appended to an entry's last part, which must be a text part exactly `at` long (else the line cannot be placed). */
  private append(value: unknown, n: number, chars: number): void {
    const append = isRecord(value) ? value : {};
    const target = typeof append.id === 'string' ? this.entries.get(append.id) : undefined;
    const parts: MessagePart[] | undefined = target && 'parts' in target ? target.parts : undefined;
    const last = parts?.[parts.length - 1];
    if (typeof append.t !== 'string' || last?.kind !== 'text' || last.text.length !== append.at)
      return this.note(t('line {0} adds text that does not fit the entry it continues and was skipped', n));
    // The parsed objects are this reader's own: the last part is replaced in place.
    parts![parts!.length - 1] = { kind: 'text', text: last.text + append.t };
    this.sizes.added(target!.id, chars);
  }

  private fields(fields: Record<string, unknown>, n: number, chars: number): void {
    const present = META_FIELDS.filter((field) => Object.hasOwn(fields, field));
    const bad = present.filter((field) => META_CHECKS[field](fields[field]) !== null);
    for (const field of present) {
      if (bad.includes(field)) continue;
      this.meta[field] = fields[field];
      // An estimate (the line's share): exact enough for the waste rule, and O(1).
      this.sizes.replaced(`m:${field}`, Math.ceil(chars / present.length));
    }
    if (bad.length > 0)
      this.note(t('line {0}: the thread fields {1} are not valid and were skipped', n, bad.join(', ')));
  }

  finish(header: JournalHeader): { state: ThreadState; notes: string[] } {
    const base = createThreadState({ agentId: header.agent.id, threadId: header.threadId }, header.agent);
    const state: ThreadState = {
      ...base,
      ...(this.meta as JournalMeta),
      entries: this.order.map((id) => this.entries.get(id)!),
    };
    // Ids of new entries must not collide with the restored ones (the meta line may be torn off).
    let highest = 0;
    for (const id of this.order) highest = Math.max(highest, entryNumber(id));
    if (!Number.isSafeInteger(state.nextEntryId) || !(state.nextEntryId > highest)) state.nextEntryId = highest + 1;
    if (this.pastCap > 0)
      this.note(t('{0} entries past the limit of {1} were skipped', this.pastCap, MAX_LOADED_ENTRIES));
    const notes = this.moreNotes > 0 ? [...this.notes, t('{0} more lines were skipped', this.moreNotes)] : this.notes;
    if (notes.length > 0) {
      const text = t('Part of this chat could not be read back from its saved transcript: {0}', notes.join('; '));
      state.entries.push({ kind: 'notice', id: entryId(state.nextEntryId), text });
      state.nextEntryId++;
    }
    return { state, notes };
  }
}

/**
 * A thread read back from disk runs no agent: no turn, nothing pending, its terminals released.
 * Tool calls and compactions left open end `unfinished`, permission cards and elicitations `cancelled`, as after
 * an agent exit; the terminals the agent ran itself that had not reported an exit end, status unknown.
 */
export function restoredState(journaled: ThreadState): ThreadState {
  const state = settleCompactions(journaled);
  const settled: ThreadState = {
    ...state,
    connection: { kind: 'stopped' },
    turn: { kind: 'idle' },
    settingError: null,
    // The revisions of writes and diffs named the closed window's keeper of file texts.
    entries: settleTurn(state, 'unfinished', true).map((entry) => {
      if (entry.kind === 'tool') return { ...entry, tool: restoredTool(entry.tool) };
      // The request that asked died with the window: a Submit or Open would reach nobody.
      if ((entry.kind === 'elicitation' || entry.kind === 'elicitationUrl') && entry.answer === null)
        return { ...entry, answer: 'cancel' as const };
      return entry;
    }),
  };
  delete settled.promptEcho;
  delete settled.toolIndex;
  delete settled.compactionIndex;
  if (state.terminals) {
    const terminals: NonNullable<ThreadState['terminals']> = {};
    for (const [id, terminal] of Object.entries(state.terminals)) terminals[id] = { ...terminal, released: true };
    settled.terminals = terminals;
  }
  return settled;
}

function parseHeader(line: string | undefined): JournalHeader | null {
  if (!line || nestsDeeper(line, MAX_LINE_DEPTH)) return null;
  try {
    const header = JSON.parse(line) as Partial<JournalHeader> | null;
    const agent = header?.agent;
    if (
      typeof header?.v !== 'number' ||
      !READABLE_VERSIONS.includes(header.v) ||
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether the JSON text nests deeper than `limit` (brackets inside strings do not count). One pass, no parse. */
export function nestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = closingQuote(text, i);
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The index of the quote that closes the string opened at `open` (the text's length when none does). */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    // Escaped when an odd run of backslashes precedes it; each run is counted once (runs are disjoint).
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return text.length;
}

function tornNote(line: string): string {
  return t('the last line ({0} characters) was cut off when the window closed and was skipped', line.length);
}
