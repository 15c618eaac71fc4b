// Something the agent sent that the client could not use as it was (an update failing the ACP
// schema, a permission request nobody could answer): a visible notice instead of a silent drop.
import { problemWords } from '../../../src/shared/entryWords';
import type { Entry } from '../../../src/shared/thread';
import { h } from '../../dom';
import type { EntryView } from '../types';

export class ProtocolErrorView implements EntryView {
  readonly el: HTMLElement;

  constructor(entry: Extract<Entry, { kind: 'protocolError' }>) {
    this.el = h('div', {
      class: 'entry turn-end protocol-error',
      data: { entryId: entry.id },
      attrs: { role: 'note' },
    });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'protocolError') return;
    // Text nodes only: the agent's words are never parsed as markup.
    const { title, detail } = problemWords(entry.problem);
    this.el.replaceChildren(
      h('div', { class: 'turn-end-title', text: title }),
      h('div', { class: 'turn-end-explanation', text: detail }),
    );
    if (entry.raw) this.el.appendChild(h('pre', { class: 'turn-end-message', text: entry.raw }));
  }
}
