// The transcript's entries sit in groups (`div.entry-group`) of at most ENTRIES_PER_GROUP. A
// container lays out all of its children again whenever one of them changes size, even the ones
// it can reuse: with 5,000 entries directly in the list, every streamed frame at the end of a long
// thread paid for all 5,000 (about 3 ms). In groups it pays for the last group and the list of
// groups. Groups are plain blocks; the gap between entries is the same inside and across groups.

export const ENTRIES_PER_GROUP = 64;

export class EntryGroups {
  constructor(private readonly list: HTMLElement) {}

  /** Puts `el` right after `after` (null: first). Entries added at the end fill the last group. */
  insertAfter(el: HTMLElement, after: HTMLElement | null): void {
    const last = this.list.lastElementChild;
    if (after && last && after === last.lastElementChild) {
      (last.childElementCount >= ENTRIES_PER_GROUP ? this.newGroup() : last).appendChild(el);
    } else if (after) {
      after.after(el); // entries are replaced in place, not inserted: rare, the group just grows
    } else {
      (this.list.firstElementChild ?? this.newGroup()).prepend(el);
    }
  }

  /** Puts `els` (in order) before every entry, in groups of their own. */
  prepend(els: readonly HTMLElement[]): void {
    const first = this.list.firstElementChild;
    for (let i = 0; i < els.length; i += ENTRIES_PER_GROUP)
      this.list.insertBefore(this.group(els.slice(i, i + ENTRIES_PER_GROUP)), first);
  }

  /** Removes an entry's element, and its group when that is left empty. */
  remove(el: HTMLElement): void {
    const group = el.parentElement;
    el.remove();
    if (group && group !== this.list && group.childElementCount === 0) group.remove();
  }

  private newGroup(): HTMLElement {
    return this.list.appendChild(this.group([]));
  }

  private group(els: readonly HTMLElement[]): HTMLElement {
    const group = document.createElement('div');
    group.className = 'entry-group';
    group.append(...els);
    return group;
  }
}
