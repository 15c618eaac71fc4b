// What a recycled entry (recycleWindow.ts) must not lose. Some entries are never recycled: the one holding the
// focus or part of a selection (unmounting would drop them), and one waiting for the user (a permission request,
// a form, a subagent that asks): it stays mounted, so it stays reachable by scrolling, by Tab and for screen
// readers. What the user unfolded in an entry (its <details>: a thought, a tool's raw input and output, a
// compaction summary) is remembered by entry id while the entry is recycled and unfolded again when it comes back.
// Terminals need nothing here: their widgets live in TerminalViews, by terminal id, and the card places them again.
import type { Entry } from '../../../src/shared/thread';

/** Entries whose unfolded parts are remembered at a time; the oldest is forgotten first. */
export const MAX_REMEMBERED = 500;

export function waitsForUser(entry: Entry, el: HTMLElement): boolean {
  switch (entry.kind) {
    case 'tool':
      return entry.tool.permission?.state.kind === 'pending';
    case 'elicitation':
    case 'elicitationUrl':
      return entry.answer === null;
    case 'subagent':
      return el.querySelector('.waiting') !== null;
    default:
      return false;
  }
}

/** Whether `el` holds the focus or part of a non-empty selection. */
export function holdsUserFocus(el: HTMLElement): boolean {
  const active = document.activeElement;
  if (active && active !== document.body && el.contains(active)) return true;
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return false;
  return selection.getRangeAt(0).intersectsNode(el);
}

/** The unfolded <details> of recycled entries, by entry id (their positions among the entry's <details>). */
export class UnfoldedParts {
  private readonly byEntry = new Map<string, number[]>();

  /** Remembers which of `el`'s <details> are open (nothing when none is). */
  remember(entryId: string, el: HTMLElement): void {
    this.byEntry.delete(entryId);
    const open: number[] = [];
    el.querySelectorAll('details').forEach((details, i) => details.open && open.push(i));
    if (open.length === 0) return;
    this.byEntry.set(entryId, open);
    if (this.byEntry.size > MAX_REMEMBERED) this.byEntry.delete(this.byEntry.keys().next().value as string);
  }

  /** Opens again what was open when the entry was recycled (its toggle handlers fill lazy content). */
  restore(entryId: string, el: HTMLElement): void {
    const open = this.byEntry.get(entryId);
    if (!open) return;
    this.byEntry.delete(entryId);
    const all = el.querySelectorAll('details');
    for (const i of open) if (all[i]) all[i].open = true;
  }

  clear(): void {
    this.byEntry.clear();
  }
}
