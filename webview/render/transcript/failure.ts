// The error card for an agent that failed to start or died: what happened, the command that
// was run, exit code or signal, the last stderr lines, a hint, and one-click Restart / Show log.
import { failureWords } from '../../../src/shared/failureWords';
import type { AgentFailure, Entry } from '../../../src/shared/thread';
import { button, h } from '../../dom';
import { visibleText } from '../../visibleText';
import type { EntryView, Post } from '../types';
import { t } from '../../l10n';

export function renderErrorCard(failure: AgentFailure, post: Post): HTMLElement {
  const exit = describeExit(failure);
  const { title, hint } = failureWords(failure);
  return h(
    'div',
    { class: 'error-card', attrs: { role: 'alert' } },
    h('div', { class: 'error-title', text: visibleText(title) }),
    failure.commandLine
      ? h(
          'div',
          { class: 'error-command' },
          h('span', { class: 'error-label', text: t('Command: ') }),
          h('code', { text: visibleText(failure.commandLine) }),
        )
      : null,
    exit ? h('div', { class: 'error-exit', text: exit }) : null,
    Array.isArray(failure.stderrTail) && failure.stderrTail.length > 0
      ? h(
          'div',
          { class: 'error-stderr' },
          h('div', { class: 'error-label', text: t('Last stderr output') }),
          h('pre', { text: visibleText(failure.stderrTail.join('\n'), { multiline: true, maxLength: 20_000 }) }),
        )
      : null,
    hint ? h('div', { class: 'error-hint', text: visibleText(hint, { multiline: true }) }) : null,
    h(
      'div',
      { class: 'error-actions' },
      button(t('Restart agent'), 'restart primary', () => post({ type: 'restartAgent' })),
      button(t('Show log'), 'show-log secondary', () => post({ type: 'showLog' })),
    ),
  );
}

function describeExit(failure: AgentFailure): string {
  const parts: string[] = [];
  if (failure.exitCode !== undefined && failure.exitCode !== null) parts.push(t('exit code {0}', failure.exitCode));
  if (failure.signal) parts.push(t('signal {0}', visibleText(failure.signal)));
  return parts.length ? t('Exited with {0}', parts.join(', ')) : '';
}

export class FailureView implements EntryView {
  readonly el: HTMLElement;

  constructor(
    entry: Extract<Entry, { kind: 'failure' }>,
    private readonly post: Post,
  ) {
    this.el = h('div', { class: 'entry failure', data: { entryId: entry.id } });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'failure') return;
    this.el.replaceChildren(renderErrorCard(entry.failure, this.post));
  }
}
