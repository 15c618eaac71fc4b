// The marker at the end of a turn. A normal end is a subtle rule; every other stop reason is
// a visible notice that says what happened and what it means for the conversation.
import { turnEndMessage } from '../../../src/shared/entryWords';
import type { Entry } from '../../../src/shared/thread';
import { h } from '../../dom';
import { visibleText } from '../../visibleText';
import type { EntryView } from '../types';
import { t } from '../../l10n';

type TurnEndEntry = Extract<Entry, { kind: 'turnEnd' }>;

const NOTICES: Record<Exclude<TurnEndEntry['stopReason'], 'end_turn'>, { title: string; explanation: string }> = {
  refusal: {
    title: t('The agent refused to continue'),
    explanation: t("This prompt and what followed won't be in the agent's context for your next message."),
  },
  max_tokens: {
    title: t('The response hit the token limit'),
    explanation: t('The agent stopped because it reached its maximum output length. Ask it to continue.'),
  },
  max_turn_requests: {
    title: t('The turn hit its request limit'),
    explanation: t('The agent made the maximum number of model requests allowed for one turn. Ask it to continue.'),
  },
  cancelled: {
    title: t('Turn cancelled'),
    explanation: t('You stopped this turn. Tool calls that were still running were not finished.'),
  },
  error: {
    title: t('The prompt failed'),
    explanation: t('The agent returned an error for this prompt.'),
  },
};

export class TurnEndView implements EntryView {
  readonly el: HTMLElement;

  constructor(entry: TurnEndEntry) {
    this.el = h('div', { class: 'entry turn-end', data: { entryId: entry.id, stopReason: entry.stopReason } });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'turnEnd') return;
    this.el.dataset.stopReason = entry.stopReason;
    if (entry.stopReason === 'end_turn') {
      this.el.replaceChildren(h('hr', { class: 'turn-rule', attrs: { 'aria-label': t('End of turn') } }));
      return;
    }
    const notice = Object.hasOwn(NOTICES, entry.stopReason)
      ? NOTICES[entry.stopReason as keyof typeof NOTICES]
      : { title: t('Turn ended: {0}', visibleText(entry.stopReason)), explanation: '' };
    this.el.setAttribute('role', 'note');
    this.el.replaceChildren(
      h('div', { class: 'turn-end-title', text: notice.title }),
      h('div', { class: 'turn-end-explanation', text: notice.explanation }),
    );
    const message = turnEndMessage(entry);
    if (message)
      this.el.appendChild(h('pre', { class: 'turn-end-message', text: visibleText(message, { multiline: true }) }));
  }
}
