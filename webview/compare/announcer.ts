// What a screen reader hears of the comparison without moving focus: a column's state changing (an agent done,
// failed, waiting for the user) and its tests ending, in a polite live region. The first view is not news.
import type { CompareView } from '../../src/shared/compare';
import { h } from '../dom';
import { t } from '../l10n';
import { visibleText } from '../visibleText';
import { stateNews, testSummary } from './format';

export class CompareAnnouncer {
  readonly el: HTMLElement;
  private readonly polite = h('div', { attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  /** Each column's state and test state last seen; null before the first view. */
  private seen: Map<string, string> | null = null;
  private takenBefore: string | undefined;

  constructor() {
    this.el = h('div', { class: 'sr-only' }, this.polite);
  }

  update(view: CompareView, now: number): void {
    const news: string[] = [];
    const next = new Map<string, string>();
    for (const column of view.columns) {
      const tests = column.tests?.state ?? '';
      next.set(column.threadId, `${column.state}|${tests}`);
      const before = this.seen?.get(column.threadId);
      if (this.seen === null || before === undefined) continue;
      const [state, testsBefore] = before.split('|');
      if (state !== column.state) news.push(stateNews(column));
      if (column.tests && tests !== testsBefore && tests !== 'running')
        news.push(t('{0}: {1}', visibleText(column.agentName, { maxLength: 100 }), testSummary(column.tests, now)));
    }
    if (this.seen !== null && view.taken !== undefined && this.takenBefore !== view.taken) {
      const taken = view.columns.find((column) => column.threadId === view.taken);
      if (taken) news.push(t('{0} taken.', visibleText(taken.agentName, { maxLength: 100 })));
    }
    this.takenBefore = view.taken;
    this.seen = next;
    if (news.length === 0) return;
    // The same words twice in a row are still announced: the region is emptied first.
    this.polite.textContent = '';
    this.polite.textContent = news.join(' ');
  }
}
