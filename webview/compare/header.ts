// The comparison's header: the prompt every agent got, the labels of its context chips, and "Run tests in each"
// with the command it runs (or "Run tests..." when the host asks for one first).
import type { CompareView } from '../../src/shared/compare';
import { button, h, replaceChildren, setDisabled, setText, setTitle, setVisible } from '../dom';
import { t } from '../l10n';
import { visibleText } from '../visibleText';
import type { ComparePost } from './post';

/** The prompt shown at most (the host bounds it too); the rest is in each chat. */
const MAX_PROMPT_CHARS = 4000;

export class CompareHeader {
  readonly el: HTMLElement;
  private readonly prompt = h('p', { class: 'compare-prompt', attrs: { tabindex: '0' } });
  private readonly chips = h('ul', { class: 'compare-chips', attrs: { 'aria-label': t('Context') } });
  private readonly runAll: HTMLButtonElement;
  private readonly command = h('code', { class: 'compare-test-command' });
  private chipKey = '';

  constructor(post: ComparePost) {
    this.runAll = button(t('Run tests in each'), 'secondary compare-run-all', () => post({ type: 'compareRunTests' }));
    this.el = h(
      'header',
      { class: 'compare-header' },
      h('h1', { class: 'compare-heading', text: t('Compare agents') }),
      this.prompt,
      this.chips,
      h('div', { class: 'compare-header-actions' }, this.runAll, this.command),
    );
  }

  update(view: CompareView): void {
    setText(this.prompt, visibleText(view.prompt, { multiline: true, maxLength: MAX_PROMPT_CHARS }));
    const context = Array.isArray(view.context) ? view.context : [];
    const key = context.join('\n');
    if (key !== this.chipKey) {
      this.chipKey = key;
      replaceChildren(
        this.chips,
        ...context.map((label) => {
          const text = visibleText(label, { maxLength: 200 });
          return h('li', { class: 'compare-chip', text, title: text });
        }),
      );
    }
    setVisible(this.chips, context.length > 0);
    const command = typeof view.testCommand === 'string' && view.testCommand.trim() !== '' ? view.testCommand : null;
    setText(this.runAll, command === null ? t('Run tests...') : t('Run tests in each'));
    const shown = visibleText(command ?? '', { maxLength: 500 });
    setTitle(
      this.runAll,
      command === null
        ? t('Choose the command that runs the tests, then run it in each worktree')
        : t('Runs {0} in each worktree', shown),
    );
    setText(this.command, shown);
    setTitle(this.command, shown);
    const open = view.columns.some((column) => column.state !== 'closed');
    setVisible(this.runAll, view.taken === undefined);
    setVisible(this.command, command !== null && view.taken === undefined);
    setDisabled(this.runAll, !open);
  }
}
