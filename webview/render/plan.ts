// The agent's plan: a compact panel above the composer with each entry's status and priority.
// The plan is replaced whole by the agent; we re-render it only when the object changes.
import type * as acp from '@agentclientprotocol/sdk';
import { h } from '../dom';
import { visibleText } from '../visibleText';
import { t } from '../l10n';

const STATUS_GLYPH: Record<acp.PlanEntryStatus, string> = { pending: '○', in_progress: '◐', completed: '●' };
const STATUS_LABEL: Record<acp.PlanEntryStatus, string> = {
  pending: t('Pending'),
  in_progress: t('In progress'),
  completed: t('Completed'),
};

export class PlanView {
  readonly el: HTMLDetailsElement;
  private readonly summary = h('summary', { class: 'plan-summary' });
  private readonly list = h('ol', { class: 'plan-entries' });
  private last: acp.PlanEntry[] | null | undefined = undefined;
  /** Whether every entry was done at the last update: the panel folds to its summary line once they all are. */
  private allDone: boolean | undefined = undefined;

  constructor() {
    this.el = h('details', { class: 'plan' }, this.summary, this.list);
    this.el.open = true;
    this.el.hidden = true;
  }

  update(plan: acp.PlanEntry[] | null): void {
    if (plan === this.last) return;
    this.last = plan;
    this.el.hidden = !plan || plan.length === 0;
    if (!plan || plan.length === 0) {
      this.list.replaceChildren();
      return;
    }
    const done = plan.filter((e) => e?.status === 'completed').length;
    this.summary.textContent = t('Plan · {0} of {1} done', done, plan.length);
    // Open while there is work left; folded (one line, the conversation keeps the room) once it is all
    // done. The user's own toggle stands until that changes.
    const allDone = done === plan.length;
    if (allDone !== this.allDone) this.el.open = !allDone;
    this.allDone = allDone;
    this.list.replaceChildren(...plan.map(renderPlanEntry));
  }
}

const PRIORITIES = new Set<unknown>(['high', 'medium', 'low']);

function renderPlanEntry(entry: acp.PlanEntry): HTMLElement {
  // Status and priority become our classes: only known values (own keys, not "constructor").
  const status: acp.PlanEntryStatus = Object.hasOwn(STATUS_LABEL, entry?.status) ? entry.status : 'pending';
  const priority = PRIORITIES.has(entry?.priority) ? entry.priority : 'medium';
  return h(
    'li',
    { class: `plan-entry status-${status}`, data: { status, priority } },
    h('span', {
      class: 'plan-status',
      text: STATUS_GLYPH[status],
      title: STATUS_LABEL[status],
      attrs: { 'aria-label': STATUS_LABEL[status] },
    }),
    h('span', { class: 'plan-content', text: visibleText(entry?.content) }),
    h('span', { class: `plan-priority priority-${priority}`, text: priority, title: t('Priority: {0}', priority) }),
  );
}
