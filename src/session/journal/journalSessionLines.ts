// One session's lines of a journal as they are read back (session/journal/journalDecode.ts): the chat's own,
// or a subagent session's (its lines carry `s`). Each line is checked (journalShapes.ts) before it
// counts; one that fails is named through `note` and skipped. Bounded like a live transcript. Pure.
import { t } from '../../shared/l10n';
import type { SessionNote } from '../../shared/entryReasons';
import type { Entry, MessagePart, ThreadState } from '../../shared/thread';
import { entryId, MAX_AGENT_ENTRIES } from '../../shared/threadEntries';
import { META_FIELDS, type JournalMeta, type JournalSizes } from './journalFormat';
import { entryNumber, entryProblem, META_CHECKS } from './journalShapes';
import { upgradeEntry } from './journalUpgrade';

/** Entries a session loads at most: a live one stops the agent at MAX_AGENT_ENTRIES; the user's own come on top. */
export const MAX_LOADED_ENTRIES = 2 * MAX_AGENT_ENTRIES;

export class SessionLines {
  private readonly order: string[] = [];
  private readonly entries = new Map<string, Entry>();
  private readonly meta: Record<string, unknown> = {};
  private pastCap = 0;
  /** Lines that repeat an entry already seen: compaction would drop them. */
  redundantLines = 0;

  constructor(
    private readonly sizes: JournalSizes,
    /** The key JournalSizes counts a line of this session under. */
    private readonly sizeKey: (key: string) => string,
    private readonly note: (note: string) => void,
  ) {}

  entry(line: unknown, n: number, chars: number): void {
    const value = upgradeEntry(line);
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
    this.sizes.replaced(this.sizeKey(entry.id), chars);
  }

  /** Text appended to an entry's last part, which must be a text part exactly `at` long (else the line cannot be placed). */
  append(value: unknown, n: number, chars: number): void {
    const append = isRecord(value) ? value : {};
    const target = typeof append.id === 'string' ? this.entries.get(append.id) : undefined;
    const parts: MessagePart[] | undefined = target && 'parts' in target ? target.parts : undefined;
    const last = parts?.[parts.length - 1];
    if (typeof append.t !== 'string' || last?.kind !== 'text' || last.text.length !== append.at)
      return this.note(t('line {0} adds text that does not fit the entry it continues and was skipped', n));
    // The parsed objects are this reader's own: the last part is replaced in place.
    parts![parts!.length - 1] = { kind: 'text', text: last.text + append.t };
    this.sizes.added(this.sizeKey(target!.id), chars);
  }

  fields(fields: Record<string, unknown>, n: number, chars: number): void {
    const present = META_FIELDS.filter((field) => Object.hasOwn(fields, field));
    const bad = present.filter((field) => META_CHECKS[field](fields[field]) !== null);
    for (const field of present) {
      if (bad.includes(field)) continue;
      this.meta[field] = fields[field];
      // An estimate (the line's share): exact enough for the waste rule, and O(1).
      this.sizes.replaced(this.sizeKey(`m:${field}`), Math.ceil(chars / present.length));
    }
    if (bad.length > 0)
      this.note(t('line {0}: the thread fields {1} are not valid and were skipped', n, bad.join(', ')));
  }

  /** The session's thread over `base`; `notes` (the chat's only) end it as a notice entry. */
  state(base: ThreadState, notes: readonly string[] = []): ThreadState {
    const state: ThreadState = {
      ...base,
      ...(this.meta as JournalMeta),
      entries: this.order.map((id) => this.entries.get(id)!),
    };
    // Ids of new entries must not collide with the restored ones (the meta line may be torn off).
    let highest = 0;
    for (const id of this.order) highest = Math.max(highest, entryNumber(id));
    if (!Number.isSafeInteger(state.nextEntryId) || !(state.nextEntryId > highest)) state.nextEntryId = highest + 1;
    if (notes.length > 0) {
      const note: SessionNote = { kind: 'partlyRead', notes: [...notes] };
      state.entries.push({ kind: 'notice', id: entryId(state.nextEntryId), note });
      state.nextEntryId++;
    }
    return state;
  }

  /** Says how many entries past the cap were skipped (once, when the whole file was read). */
  notePastCap(): void {
    if (this.pastCap > 0)
      this.note(t('{0} entries past the limit of {1} were skipped', this.pastCap, MAX_LOADED_ENTRIES));
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
