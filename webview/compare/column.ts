// One compared chat as a column: its agent and state, time and figures, its actions, the test run, the answer
// (markdown through the chat's own incremental renderer and sanitiser, so a streamed answer costs its new text),
// its tool calls and its changed files. A region named by its agent. The host sends the whole view on each change;
// each part redraws only what changed.
import type { CompareColumn, CompareView } from '../../src/shared/compare';
import { button, h, setAttribute, setDataset, setDisabled, setText, setTitle, setVisible } from '../dom';
import { t } from '../l10n';
import { IncrementalMarkdown } from '../render/markdown/markdown';
import { handleCopyClicks } from '../render/markdown/codeBlocks';
import { handlePathLinks } from '../render/markdown/pathLinks';
import { visibleText } from '../visibleText';
import { FilesView } from './files';
import { formatDuration, isBusy, stateLabel, usageParts, workedMs } from './format';
import { chatPostFor, type ComparePost } from './post';
import { TestRunView } from './testRun';
import { ToolCallsView } from './toolCalls';

export class ColumnView {
  readonly el: HTMLElement;
  private readonly name = h('h2', { class: 'compare-agent' });
  private readonly state = h('span', { class: 'badge compare-state' });
  private readonly taken = h('span', { class: 'badge compare-taken', text: t('Taken') });
  private readonly detail = h('p', { class: 'compare-detail' });
  private readonly time = h('span', { class: 'compare-time-value' });
  private readonly usage = h('span', { class: 'compare-usage' });
  private readonly take: HTMLButtonElement;
  private readonly stop: HTMLButtonElement;
  private readonly runTests: HTMLButtonElement;
  private readonly tests: TestRunView;
  private readonly answer = new IncrementalMarkdown();
  private readonly noAnswer = h('p', { class: 'compare-no-answer' });
  private readonly tools = new ToolCallsView();
  private readonly files: FilesView;
  private column: CompareColumn;

  constructor(column: CompareColumn, post: ComparePost) {
    this.column = column;
    const { threadId } = column;
    this.take = button(t('Take this one'), 'primary compare-take', () => post({ type: 'compareTake', threadId }));
    const openChat = button(t('Open chat'), 'secondary compare-open-chat', () =>
      post({ type: 'compareOpenChat', threadId }),
    );
    this.stop = button(t('Stop'), 'secondary compare-stop', () => post({ type: 'compareStop', threadId }));
    this.runTests = button(t('Run tests'), 'secondary compare-run-tests', () =>
      post({ type: 'compareRunTests', threadId }),
    );
    this.tests = new TestRunView(threadId, post);
    this.files = new FilesView(threadId, post);
    const answerBox = h('div', { class: 'compare-answer' }, this.noAnswer, this.answer.el);
    // Paths and Copy in the answer: the chat's own handlers, their messages turned into this column's.
    handlePathLinks(answerBox, chatPostFor(threadId, post));
    handleCopyClicks(answerBox, chatPostFor(threadId, post));
    this.el = h(
      'section',
      { class: 'compare-column', data: { threadId } },
      h(
        'header',
        { class: 'compare-column-head' },
        h('div', { class: 'compare-title-line' }, this.name, this.state, this.taken),
        this.detail,
        h(
          'div',
          { class: 'compare-figures' },
          h(
            'span',
            { class: 'compare-time', title: t('Time worked') },
            h('span', { class: 'sr-only', text: t('Time worked') }),
            this.time,
          ),
          this.usage,
        ),
      ),
      h('div', { class: 'compare-actions' }, this.take, openChat, this.stop, this.runTests),
      this.tests.el,
      answerBox,
      this.tools.el,
      this.files.el,
    );
  }

  update(column: CompareColumn, view: CompareView, now: number): void {
    this.column = column;
    const name = visibleText(column.agentName, { maxLength: 100 });
    setText(this.name, name);
    setAttribute(this.el, 'aria-label', name);
    setTitle(this.name, visibleText(column.worktreeFolder, { maxLength: 1000 }));
    setDataset(this.el, 'state', String(column.state));
    setDataset(this.state, 'state', String(column.state));
    setText(this.state, stateLabel(column.state));
    setText(this.detail, visibleText(column.detail ?? '', { maxLength: 1000 }));
    setVisible(this.detail, Boolean(column.detail));
    const isTaken = view.taken === column.threadId;
    setVisible(this.taken, isTaken);
    this.el.classList.toggle('taken', isTaken);
    const closed = column.state === 'closed';
    // Once one is taken the others are discarded: the view only shows.
    setVisible(this.take, view.taken === undefined);
    setDisabled(this.take, closed);
    setVisible(this.stop, column.state === 'working' || column.state === 'needsYou');
    setVisible(this.runTests, view.taken === undefined);
    setDisabled(this.runTests, closed || column.tests?.state === 'running');
    setText(this.usage, usageParts(column.usage).join(' · '));
    this.tests.update(column.tests, now);
    const answer = typeof column.answer === 'string' ? column.answer : '';
    setVisible(this.noAnswer, answer === '');
    setText(this.noAnswer, isBusy(column) ? t('No answer yet') : t('No answer'));
    this.answer.update(answer);
    this.tools.update(Array.isArray(column.toolCalls) ? column.toolCalls : [], column.toolCallCount);
    this.files.update(Array.isArray(column.files) ? column.files : [], column.filesError);
    this.tick(now);
  }

  /** The live times (the page's one clock calls it each second while something runs). */
  tick(now: number): void {
    setText(this.time, formatDuration(workedMs(this.column, now)));
    this.tests.tick(now);
  }
}
