// One compact row above the composer while this chat has pending (not yet kept or undone) agent
// changes: how many files, Keep All and Undo All. Near where the user types, and one line, so the
// conversation keeps the room; the per-file and per-hunk review stays on the diff cards, in the
// editor and in the Changes view.
import { button, h, setHidden, setText, setTitle } from '../dom';
import type { ViewState } from '../store';
import type { Post } from './types';

export class PendingChangesView {
  readonly el: HTMLElement;
  private readonly count = h('span', { class: 'session-pending' });

  constructor(post: Post) {
    this.el = h(
      'div',
      { class: 'session-review', attrs: { role: 'group', 'aria-label': 'Changes of this chat' } },
      h('span', { class: 'session-review-icon', attrs: { 'aria-hidden': 'true' }, text: '●' }),
      this.count,
      button(
        'Keep All',
        'session-keep-all secondary compact',
        () => post({ type: 'reviewSession', action: 'keep' }),
        'Keep every pending change this chat made',
      ),
      button(
        'Undo All',
        'session-undo-all secondary compact',
        () => post({ type: 'reviewSession', action: 'undo' }),
        'Undo every pending change this chat made',
      ),
    );
    this.el.hidden = true;
  }

  update(view: ViewState): void {
    const pending = view.thread?.review?.sessionPending ?? 0;
    setHidden(this.el, pending === 0);
    setText(this.count, `${pending} pending file${pending === 1 ? '' : 's'}`);
    setTitle(this.count, `${pending} file${pending === 1 ? '' : 's'} with changes of this chat not yet kept or undone`);
  }
}
