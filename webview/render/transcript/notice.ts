// A note from the client in the thread (which workspace folder the agent works in, ...): one
// muted line, text only.
import { noteWords } from '../../../src/shared/entryWords';
import type { Entry } from '../../../src/shared/thread';
import { h } from '../../dom';
import type { EntryView } from '../types';

export class NoticeView implements EntryView {
  readonly el: HTMLElement;

  constructor(entry: Extract<Entry, { kind: 'notice' }>) {
    this.el = h('div', { class: 'entry notice', data: { entryId: entry.id }, attrs: { role: 'note' } });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'notice') return;
    this.el.textContent = noteWords(entry.note);
  }
}
