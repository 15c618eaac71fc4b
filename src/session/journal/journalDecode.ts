// Reading a chat's journal back (the format: session/journal/journalFormat.ts). A journal is a file on
// disk that a crash can tear and anyone can edit, so every line is checked before it counts: its
// nesting (before it is parsed), its JSON, and its shape (session/journal/journalShapes.ts). A line that
// fails is skipped and named; the rest loads. The thread is bounded like a live one (entries,
// note count), and ends with a notice entry naming what was skipped, so the restored chat says it.
// Pure: no Node, no vscode.
import { t } from '../../shared/l10n';
import type { ThreadState } from '../../shared/thread';
import { createThreadState } from '../../shared/thread';
import type { SubagentThread } from '../../shared/thread';
import { MAX_SUBAGENT_DEPTH, MAX_SUBAGENTS, subagentsGone } from '../../shared/subagents';
import { settleCompactions } from '../../shared/sessionAsides';
import { settleTurn } from '../../shared/toolEntries';
import { restoredTool } from '../../shared/toolCalls';
import { JournalSizes, READABLE_VERSIONS, type DecodedJournal, type JournalHeader } from './journalFormat';
import { SessionLines } from './journalSessionLines';

export { MAX_LOADED_ENTRIES } from './journalSessionLines';
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

interface ChildLines {
  parentSessionId: string | null;
  depth: number;
  lines: SessionLines;
}

class LineReader {
  readonly sizes = new JournalSizes();
  private readonly notes: string[] = [];
  private moreNotes = 0;
  private readonly chat: SessionLines;
  /** Subagent sessions in the order they were declared (a parent before its children). */
  private readonly children = new Map<string, ChildLines>();

  constructor(headerChars: number) {
    this.sizes.restart(headerChars);
    this.chat = new SessionLines(
      this.sizes,
      (key) => key,
      (note) => this.note(note),
    );
  }

  get redundantLines(): number {
    let lines = this.chat.redundantLines;
    for (const child of this.children.values()) lines += child.lines.redundantLines;
    return lines;
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
    if (!isRecord(record)) return this.note(t('line {0} is neither an entry nor thread fields and was skipped', n));
    const chars = line.length + 1;
    if (Object.hasOwn(record, 's') && Object.hasOwn(record, 'p')) return this.declare(record.s, record.p, n, chars);
    let lines = this.chat;
    if (Object.hasOwn(record, 's')) {
      const child = typeof record.s === 'string' && this.children.get(record.s);
      if (!child)
        return this.note(t('line {0} is of a subagent session the transcript never named and was skipped', n));
      lines = child.lines;
    }
    if (Object.hasOwn(record, 'e')) return lines.entry(record.e, n, chars);
    if (Object.hasOwn(record, 'a')) return lines.append(record.a, n, chars);
    if (isRecord(record.m)) return lines.fields(record.m, n, chars);
    this.note(t('line {0} is neither an entry nor thread fields and was skipped', n));
  }

  /** A subagent session and the session that announced it, bounded like a live chat's (shared/subagents.ts). */
  private declare(id: unknown, parent: unknown, n: number, chars: number): void {
    const parentLines = typeof parent === 'string' ? this.children.get(parent) : undefined;
    const valid = typeof id === 'string' && !this.children.has(id) && (parent === null || parentLines !== undefined);
    if (!valid)
      return this.note(t('line {0} names a subagent session that does not fit the transcript and was skipped', n));
    const depth = (parentLines?.depth ?? 0) + 1;
    if (this.children.size >= MAX_SUBAGENTS || depth > MAX_SUBAGENT_DEPTH)
      return this.note(t('line {0} names one subagent session more than a chat holds and was skipped', n));
    const key = (name: string) => `\u0000${id}\u0000${name}`;
    const lines = new SessionLines(this.sizes, key, (note) => this.note(note));
    this.children.set(id, { parentSessionId: parent as string | null, depth, lines });
    this.sizes.replaced(key('p'), chars);
  }

  finish(header: JournalHeader): { state: ThreadState; notes: string[] } {
    const base = createThreadState({ agentId: header.agent.id, threadId: header.threadId }, header.agent);
    this.chat.notePastCap();
    for (const child of this.children.values()) child.lines.notePastCap();
    const notes = this.moreNotes > 0 ? [...this.notes, t('{0} more lines were skipped', this.moreNotes)] : this.notes;
    const state = this.chat.state(base, notes);
    if (this.children.size > 0) {
      const subagents: Record<string, SubagentThread> = {};
      for (const [id, child] of this.children) {
        const thread = { parentSessionId: child.parentSessionId, state: child.lines.state({ ...base, sessionId: id }) };
        Object.defineProperty(subagents, id, { value: thread, enumerable: true, writable: true, configurable: true });
      }
      state.subagents = subagents;
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
  delete settled.sessionMessageIndex;
  if (state.terminals) {
    const terminals: NonNullable<ThreadState['terminals']> = {};
    for (const [id, terminal] of Object.entries(state.terminals)) terminals[id] = { ...terminal, released: true };
    settled.terminals = terminals;
  }
  // A subagent session still working when the window closed shows `unknown`: nobody can say any more.
  return subagentsGone(settled, restoredState);
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
      agent: {
        id: agent.id,
        displayName: agent.displayName,
        isDemo: agent.isDemo === true,
        ...(agent.namedByUser === true ? { namedByUser: true } : {}),
      },
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
