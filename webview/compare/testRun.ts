// A column's test run: running with its time so far, passed, failed with its exit code, or why it could not run;
// "Output" opens the whole output in an editor and the end of it unfolds here. The output is the tests': text only.
import type { CompareTestRun } from '../../src/shared/compare';
import { MAX_TEST_TAIL_CHARS } from '../../src/shared/compare';
import { button, h, setText } from '../dom';
import { t } from '../l10n';
import { visibleText } from '../visibleText';
import { testSummary } from './format';
import type { ComparePost } from './post';

export class TestRunView {
  readonly el: HTMLElement;
  private readonly summary = h('span', { class: 'compare-tests-summary' });
  private readonly tail = h('pre', { class: 'compare-tests-tail', attrs: { tabindex: '0' } });
  private readonly tailFold: HTMLDetailsElement;
  private run: CompareTestRun | undefined;

  constructor(threadId: string, post: ComparePost) {
    const output = button(t('Output'), 'secondary compare-test-output', () =>
      post({ type: 'compareShowTestOutput', threadId }),
    );
    output.title = t('Open the whole output in an editor');
    this.tailFold = h(
      'details',
      { class: 'compare-tests-fold' },
      h('summary', { text: t('Last lines') }),
      this.tail,
    ) as HTMLDetailsElement;
    this.el = h(
      'div',
      { class: 'compare-tests' },
      h('div', { class: 'compare-tests-line' }, this.summary, output),
      this.tailFold,
    );
  }

  update(run: CompareTestRun | undefined, now: number): void {
    this.run = run;
    this.el.hidden = !run;
    if (!run) return;
    this.el.dataset.state = String(run.state);
    this.tick(now);
    const tail = typeof run.tail === 'string' ? run.tail.slice(-MAX_TEST_TAIL_CHARS) : '';
    setText(this.tail, visibleText(tail, { multiline: true, maxLength: MAX_TEST_TAIL_CHARS }));
    this.tailFold.hidden = tail.trim() === '';
  }

  /** The live time of a running test run (the page's one clock calls it each second). */
  tick(now: number): void {
    if (this.run) setText(this.summary, testSummary(this.run, now));
  }
}
