// A column's tool calls: how many, and the last ones (the host keeps MAX_COMPARE_TOOL_CALLS) folded under that
// count as title, kind and status. The titles are the agent's words: text only, invisible characters shown.
import type { CompareToolCall } from '../../src/shared/compare';
import { h, replaceChildren, setText } from '../dom';
import { t } from '../l10n';
import { visibleText } from '../visibleText';

export class ToolCallsView {
  readonly el: HTMLDetailsElement;
  private readonly summary = h('summary', { class: 'compare-tools-summary' });
  private readonly list = h('ol', { class: 'compare-tools-list' });
  private shown = '';

  constructor() {
    this.el = h('details', { class: 'compare-tools' }, this.summary, this.list) as HTMLDetailsElement;
  }

  update(calls: readonly CompareToolCall[], count: number): void {
    const total = Number.isSafeInteger(count) && count >= calls.length ? count : calls.length;
    setText(this.summary, t('Tool calls: {0}', total));
    this.el.hidden = total === 0;
    // Rebuilt only when a call was added or changed its status (the view is sent whole on every change).
    const key = `${total}|${calls.map((call) => `${call.status}|${call.kind}|${call.title}`).join('\n')}`;
    if (key === this.shown) return;
    this.shown = key;
    const rows = calls.map((call) =>
      h(
        'li',
        { class: 'compare-tool', data: { status: String(call.status) } },
        h('span', { class: 'compare-tool-title', text: visibleText(call.title, { maxLength: 300 }) }),
        h('span', { class: 'compare-tool-kind', text: visibleText(call.kind, { maxLength: 40 }) }),
        h('span', { class: 'compare-tool-status', text: visibleText(call.status, { maxLength: 40 }) }),
      ),
    );
    const earlier =
      total > calls.length
        ? h('li', { class: 'compare-tools-earlier', text: t('{0} earlier calls not listed', total - calls.length) })
        : null;
    replaceChildren(this.list, earlier, ...rows);
  }
}
