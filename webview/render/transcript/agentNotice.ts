// A `notice` the agent sent (ACP session notices): one line in the transcript, beside the conversation,
// marked by its severity (info, warning, error; any other is a generic notice: ACP says to infer nothing
// from an unknown one). The title and description are the agent's plain text: shown as text nodes through
// visibleText, never as markdown or markup.
import type { Entry } from '../../../src/shared/thread';
import { h } from '../../dom';
import { visibleText } from '../../visibleText';
import type { EntryView } from '../types';
import { t } from '../../l10n';

type AgentNoticeEntry = Extract<Entry, { kind: 'agentNotice' }>;
type KnownSeverity = 'info' | 'warning' | 'error';

const SEVERITY_LABELS: Record<KnownSeverity | 'other', string> = {
  info: t('Info'),
  warning: t('Warning'),
  error: t('Error'),
  other: t('Notice'),
};

export class AgentNoticeView implements EntryView {
  readonly el: HTMLElement;

  constructor(entry: AgentNoticeEntry) {
    this.el = h('div', { class: 'entry agent-notice', data: { entryId: entry.id }, attrs: { role: 'note' } });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'agentNotice') return;
    const severity = knownSeverity(entry.severity);
    this.el.dataset.severity = severity;
    const line = h(
      'div',
      { class: 'agent-notice-line' },
      h('span', { class: 'agent-notice-severity', text: SEVERITY_LABELS[severity] }),
      h('span', { class: 'agent-notice-title', text: visibleText(entry.title, { maxLength: 500 }) }),
    );
    const description =
      typeof entry.description === 'string' && entry.description !== ''
        ? h('div', {
            class: 'agent-notice-description',
            text: visibleText(entry.description, { multiline: true, maxLength: 4000 }),
          })
        : null;
    this.el.replaceChildren(...(description ? [line, description] : [line]));
  }
}

function knownSeverity(severity: unknown): KnownSeverity | 'other' {
  return severity === 'info' || severity === 'warning' || severity === 'error' ? severity : 'other';
}
