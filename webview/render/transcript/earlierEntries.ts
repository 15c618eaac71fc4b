// The oldest entries of a long thread restored at once (a reload, another chat) are not in the DOM at
// all: one line at the top of the transcript stands for them, and when it comes near the viewport the
// transcript puts the next PLACEHOLDER_BATCH of them above what is shown, as placeholders, keeping
// what the reader sees in place (transcript.ts revealEarlier). A first paint, and every later frame's
// intersection checks, then cost about the same for a thread of 5,000 entries as for one of 300,
// where one placeholder per entry cost them all.
import { h, setHidden } from '../../dom';
import { t } from '../../l10n';

/** Placeholders added above the shown entries at a time (and at first, beyond the rendered ones). */
export const PLACEHOLDER_BATCH = 200;

export class EarlierEntries {
  /** The line standing for the entries not in the DOM; hidden when there are none. */
  readonly el: HTMLElement;
  private hiddenCount = 0;

  constructor() {
    this.el = h('div', { class: 'earlier-entries' });
    this.el.hidden = true;
  }

  /** How many of the thread's first entries are not in the DOM. */
  get count(): number {
    return this.hiddenCount;
  }

  set count(count: number) {
    if (count === this.hiddenCount) return;
    this.hiddenCount = count;
    setHidden(this.el, count === 0);
    if (count > 0) this.el.textContent = t('{0} earlier entries', count.toLocaleString());
  }
}
