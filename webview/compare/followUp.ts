// The follow-up box under the columns: a prompt to every open chat or to one (Enter sends, Shift+Enter is a
// newline). The draft is kept in the webview's state by the caller (webview/main.ts), so a reload finds it again.
import type { CompareView } from '../../src/shared/compare';
import { button, h, replaceChildren, setDisabled } from '../dom';
import { t } from '../l10n';
import { visibleText } from '../visibleText';
import { acceptsFollowUp } from './format';
import type { ComparePost } from './post';

/** The select's value for "All agents" (thread ids are the host's; this one is not a thread). */
const ALL = '';

export class FollowUpBox {
  readonly el: HTMLElement;
  readonly input: HTMLTextAreaElement;
  private readonly target: HTMLSelectElement;
  private readonly send: HTMLButtonElement;
  private optionsKey = '';
  private closed = true;

  constructor(
    private readonly post: ComparePost,
    draft: string,
    private readonly onDraftChange: (draft: string) => void = () => undefined,
  ) {
    this.input = h('textarea', {
      class: 'compare-follow-up-input',
      attrs: {
        rows: '2',
        'aria-label': t('Follow-up prompt'),
        placeholder: t('Follow up (Enter sends, Shift+Enter for a new line)'),
      },
    });
    this.input.value = draft;
    this.target = h('select', { class: 'compare-follow-up-target', attrs: { 'aria-label': t('Send to') } });
    this.send = button(t('Send'), 'primary compare-follow-up-send', () => this.submit(), t('Send (Enter)'));
    this.input.addEventListener('input', () => {
      this.onDraftChange(this.input.value);
      this.refresh();
    });
    this.input.addEventListener('keydown', (event) => {
      // IME: Enter confirms the composition, it does not send.
      if (event.isComposing || event.key !== 'Enter' || event.shiftKey || event.altKey) return;
      event.preventDefault();
      this.submit();
    });
    this.el = h(
      'form',
      { class: 'compare-follow-up', attrs: { 'aria-label': t('Follow up') } },
      this.input,
      h('div', { class: 'compare-follow-up-row' }, this.target, this.send),
    );
    this.el.addEventListener('submit', (event) => event.preventDefault());
  }

  update(view: CompareView): void {
    const open = view.columns.filter(acceptsFollowUp);
    const key = open.map((column) => `${column.threadId}\n${column.agentName}`).join('\n');
    if (key !== this.optionsKey) {
      this.optionsKey = key;
      const chosen = this.target.value;
      replaceChildren(
        this.target,
        h('option', { text: t('All agents'), attrs: { value: ALL } }),
        ...open.map((column) =>
          h('option', { text: visibleText(column.agentName, { maxLength: 100 }), attrs: { value: column.threadId } }),
        ),
      );
      // The chosen chat stays chosen while it is open; a closed one falls back to all.
      this.target.value = open.some((column) => column.threadId === chosen) ? chosen : ALL;
    }
    // Taken: the others are discarded, the view only shows.
    this.closed = view.taken !== undefined || open.length === 0;
    setDisabled(this.input, this.closed);
    setDisabled(this.target, this.closed);
    this.refresh();
  }

  private refresh(): void {
    setDisabled(this.send, this.closed || this.input.value.trim() === '');
  }

  private submit(): void {
    const text = this.input.value;
    if (this.closed || text.trim() === '') return;
    const threadId = this.target.value;
    this.post(threadId === ALL ? { type: 'compareFollowUp', text } : { type: 'compareFollowUp', text, threadId });
    this.input.value = '';
    this.onDraftChange('');
    this.refresh();
  }
}
