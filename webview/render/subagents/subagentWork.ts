// A subagent's work shown inline under its card: its newest entries, rendered by the same entry views as
// the chat's (messages, tool cards with their permission buttons, forms, its own subagents' cards), and
// "Open to see all" when there is more. Bounded: the newest INLINE_ENTRIES, plus any older entry that
// waits for the user (a permission request or a form), which is never left out of sight. Views are
// kept by entry id and updated only when their entry changed, as in the transcript.
import type { Entry } from '../../../src/shared/thread';
import { button, h, setHidden, setText } from '../../dom';
import { recordError } from '../../errors';
import type { FrameBudget } from '../../frameBudget';
import { t } from '../../l10n';
import type { CardContext, EntryView, Post, RenderEntry } from '../types';

/** Entries of a child's transcript shown under its card (the rest: Open). */
export const INLINE_ENTRIES = 5;

interface Shown {
  entry: Entry;
  view: EntryView;
  failed: boolean;
}

export class SubagentWork {
  readonly el: HTMLElement;
  private readonly list = h('div', { class: 'subagent-entries' });
  private readonly empty = h('div', { class: 'subagent-empty', text: t('Nothing yet.') });
  private readonly more: HTMLButtonElement;
  private readonly shown = new Map<string, Shown>();
  private lastEntries: readonly Entry[] | null = null;
  private lastWaiting = false;

  constructor(
    private readonly post: Post,
    /** The child's cards context: `session` is the child's id. */
    private readonly cards: CardContext,
    private readonly budget: FrameBudget,
    sessionId: string,
    /** How an entry is rendered (entryView.ts's renderEntry, handed down: that module builds this one's card). */
    private readonly renderEntry: RenderEntry,
  ) {
    this.more = button('', 'subagent-more link-button', () => cards.sessions.open(sessionId, this.more));
    this.el = h('div', { class: 'subagent-work' }, this.more, this.list, this.empty);
  }

  /** `waiting`: the child waits for the user, so its older entries are searched for what it waits on. */
  render(entries: readonly Entry[], waiting: boolean): void {
    if (entries === this.lastEntries && waiting === this.lastWaiting) return;
    this.lastEntries = entries;
    this.lastWaiting = waiting;
    const visible = visibleEntries(entries, waiting, (entry) =>
      entry.kind === 'subagent' ? this.cards.sessions.waits(entry.sessionId) : waitsOnUser(entry),
    );
    const ids = new Set<string>();
    const els: HTMLElement[] = [];
    for (const entry of visible) {
      ids.add(entry.id);
      els.push(this.viewOf(entry).el);
    }
    for (const id of [...this.shown.keys()]) if (!ids.has(id)) this.shown.delete(id);
    // Only when the order or set changed: moving a focused button out and back would lose the focus.
    const current = Array.from(this.list.children);
    if (current.length !== els.length || current.some((el, i) => el !== els[i])) this.list.replaceChildren(...els);
    const hidden = entries.length - visible.length;
    setHidden(this.more, hidden <= 0);
    setText(this.more, t('Open to see all {0} entries', entries.length));
    setHidden(this.empty, entries.length > 0);
  }

  private viewOf(entry: Entry): EntryView {
    const shown = this.shown.get(entry.id);
    if (shown && shown.entry === entry) return shown.view;
    if (shown && !shown.failed && shown.entry.kind === entry.kind) {
      try {
        shown.view.update(entry, this.cards.sessions.appended);
        shown.entry = entry;
        return shown.view;
      } catch (error) {
        recordError('an entry could not be updated', error); // built again below (an error card if it throws again)
      }
    }
    const fresh = this.renderEntry(entry, this.post, this.cards, this.budget);
    this.shown.set(entry.id, { entry, ...fresh });
    return fresh.view;
  }
}

/** The newest INLINE_ENTRIES entries, and before them any older one that waits for the user. */
function visibleEntries(entries: readonly Entry[], waiting: boolean, waitsOn: (entry: Entry) => boolean): Entry[] {
  const valid = (entry: Entry | undefined): entry is Entry =>
    typeof entry === 'object' && entry !== null && typeof entry.id === 'string';
  const start = Math.max(0, entries.length - INLINE_ENTRIES);
  const older = waiting ? entries.slice(0, start).filter((entry) => valid(entry) && waitsOn(entry)) : [];
  return [...older, ...entries.slice(start).filter(valid)];
}

/** A permission request or a form still open (a subagent card: its child waits, see SessionDirectory). */
function waitsOnUser(entry: Entry): boolean {
  switch (entry.kind) {
    case 'tool':
      return entry.tool?.permission?.state?.kind === 'pending';
    case 'elicitation':
    case 'elicitationUrl':
      return entry.answer === null;
    default:
      return false;
  }
}
