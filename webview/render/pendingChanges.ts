// One compact row above the composer while this chat has pending (not yet kept or undone) agent
// changes: how many files, Keep All and Undo All. Near where the user types, and one line, so the
// conversation keeps the room; the per-file and per-hunk review stays on the diff cards, in the
// editor and in the Changes view.
import { button, h, setHidden, setText, setTitle } from '../dom';
import type { ViewState } from '../store';
import type { Post } from './types';
import { t } from '../l10n';

export class PendingChangesView {
  readonly el: HTMLElement;
  private readonly count = h('span', { class: 'session-pending' });

  constructor(post: Post) {
    this.el = h(
      'section',
      { class: 'session-review', attrs: { 'aria-label': t('Changes of this chat') } },
      h('span', { class: 'session-review-icon', attrs: { 'aria-hidden': 'true' }, text: '●' }),
      this.count,
      button(
        t('Keep All'),
        'session-keep-all secondary compact',
        () => post({ type: 'reviewSession', action: 'keep' }),
        t('Keep every pending change this chat made'),
      ),
      button(
        t('Undo All'),
        'session-undo-all secondary compact',
        () => post({ type: 'reviewSession', action: 'undo' }),
        t('Undo every pending change this chat made'),
      ),
    );
    this.el.hidden = true;
  }

  update(view: ViewState): void {
    const pending = view.thread?.review?.sessionPending ?? 0;
    setHidden(this.el, pending === 0);
    setText(this.count, pending === 1 ? t('1 pending file') : t('{0} pending files', pending));
    setTitle(
      this.count,
      pending === 1
        ? t('1 file with changes of this chat not yet kept or undone')
        : t('{0} files with changes of this chat not yet kept or undone', pending),
    );
  }
}
