// A subagent session in its parent's transcript: one compact card with the child's title, its
// description on one line (whole in the tooltip, and when the work is shown), its state, what it did
// last and how much, and our controls: Show work (its newest entries inline, subagentWork.ts), Open
// (the child on its own, subagentView.ts) and Stop (where the agent lets the client cancel it and it
// is at work). A child that waits for the user (a permission request, a form) shows its work at once:
// what it asks is never folded away. Everything the agent sent is text (visibleText), in elements of
// our own: it cannot make a control or a badge.
import type { Entry } from '../../../src/shared/thread';
import type { SubagentCard } from '../../../src/shared/subagentTypes';
import { button, h, setAttribute, setDataset, setDisabled, setHidden, setText, setTitle } from '../../dom';
import type { FrameBudget } from '../../frameBudget';
import { visibleText } from '../../visibleText';
import { t } from '../../l10n';
import type { SessionWatcher } from './sessions';
import { StopControl, WorkBadge } from './subagentControls';
import { activityCounts, workLook } from './subagentState';
import { SubagentWork } from './subagentWork';
import type { CardContext, EntryView, Post, RenderEntry } from '../types';

let nextWorkId = 1;

export class SubagentCardView implements EntryView, SessionWatcher {
  readonly el: HTMLElement;
  private readonly card: HTMLElement;
  private readonly title = h('span', { class: 'subagent-title' });
  private readonly state = new WorkBadge();
  private readonly description = h('div', { class: 'subagent-description' });
  private readonly error = h('div', { class: 'subagent-error' });
  private readonly latest = h('span', { class: 'subagent-latest' });
  private readonly counts = h('span', { class: 'subagent-counts' });
  private readonly activity = h('div', { class: 'subagent-activity' }, this.latest, this.counts);
  private readonly cwd = h('div', { class: 'subagent-cwd' });
  private readonly toggle: HTMLButtonElement;
  private readonly open: HTMLButtonElement;
  private readonly stop: StopControl;
  private readonly work: SubagentWork;
  private entry: SubagentCard;
  /** The user's choice (Show work / Hide work); a child that waits is shown whatever it is. */
  private expanded = false;
  private waited = false;

  constructor(
    entry: SubagentCard,
    post: Post,
    private readonly cards: CardContext,
    budget: FrameBudget,
    renderEntry: RenderEntry,
  ) {
    this.entry = entry;
    const sessionId = entry.sessionId;
    const workId = `subagent-work-${nextWorkId++}`;
    this.toggle = button(t('Show work'), 'subagent-toggle secondary', () => {
      if (this.waited) return; // aria-disabled: it stays focusable, so the focus is not lost when a wait starts
      this.setExpanded(!this.expanded);
      this.render();
    });
    this.toggle.setAttribute('aria-controls', workId);
    this.open = button(t('Open'), 'subagent-open secondary', () => cards.sessions.open(sessionId, this.open));
    this.stop = new StopControl(post);
    this.work = new SubagentWork(post, { ...cards, session: sessionId }, budget, sessionId, renderEntry);
    this.work.el.id = workId;
    // As the user left it before this webview was built again (the view hidden and shown, a reload).
    this.expanded = cards.sessions.unfolded(sessionId);
    const header = h('div', { class: 'subagent-header' }, this.title, this.state.el);
    const controls = h('div', { class: 'subagent-controls' }, this.toggle, this.open, this.stop.el);
    this.card = h(
      'div',
      { class: 'subagent-card', attrs: { role: 'group' } },
      header,
      this.description,
      this.error,
      this.activity,
      controls,
      this.cwd,
      this.work.el,
    );
    this.el = h('div', { class: 'entry subagent', data: { entryId: entry.id } }, this.card);
    cards.sessions.watchCard(this);
  }

  update(entry: Entry): void {
    if (entry.kind !== 'subagent') return;
    this.entry = entry;
    this.render();
  }

  /** The child's transcript, or who waits, changed (SessionDirectory). */
  refresh(): void {
    this.render();
  }

  private render(): void {
    const entry = this.entry;
    const sessions = this.cards.sessions;
    const sessionId = typeof entry.sessionId === 'string' ? entry.sessionId : '';
    setDataset(this.el, 'sessionId', visibleText(sessionId));
    const look = workLook(entry);
    const waiting = look.kind === 'waiting' || sessions.waits(sessionId);
    // A child that starts waiting is shown, and stays shown once it is answered (nothing moves under the user).
    if (waiting && !this.waited) this.setExpanded(true);
    this.waited = waiting;
    const shown = this.expanded || waiting;
    const title = visibleText(entry.title, { maxLength: 200 }) || t('Subagent');
    setText(this.title, title);
    setTitle(this.title, title);
    setAttribute(this.open, 'aria-label', t('Open {0}', title));
    setDataset(this.card, 'work', look.kind);
    this.state.show(look);
    this.stop.show(entry, title);
    const label = look.label === '' ? t('Subagent: {0}', title) : t('Subagent: {0}, {1}', title, look.label);
    setAttribute(this.card, 'aria-label', label);
    const description = visibleText(entry.description, { maxLength: 2000 });
    setText(this.description, description);
    setTitle(this.description, description);
    setHidden(this.description, description === '');
    setText(this.error, look.error ?? '');
    setHidden(this.error, look.error === null);
    this.renderActivity(entry);
    this.renderControls(shown, waiting);
    this.card.classList.toggle('expanded', shown);
    this.card.classList.toggle('waiting', waiting);
    const cwd = typeof entry.cwd === 'string' && entry.cwd !== '' ? entry.cwd : null;
    setText(this.cwd, cwd === null ? '' : t('Works in {0}', visibleText(this.cards.paths.label(cwd))));
    setTitle(this.cwd, cwd === null ? '' : visibleText(cwd));
    setHidden(this.cwd, !shown || cwd === null);
    setHidden(this.work.el, !shown);
    const child = sessions.child(sessionId);
    // A card whose transcript the thread does not hold (a journal line skipped) has nothing to open.
    setDisabled(this.open, child === undefined);
    if (shown) this.work.render(child?.state.entries ?? [], waiting);
  }

  private renderActivity(entry: SubagentCard): void {
    const latest = visibleText(entry.activity?.latest, { maxLength: 200 });
    const counts = activityCounts(entry);
    setText(this.latest, latest);
    setTitle(this.latest, latest);
    setHidden(this.latest, latest === '');
    setText(this.counts, counts);
    setHidden(this.counts, counts === '');
    setHidden(this.activity, latest === '' && counts === '');
  }

  private setExpanded(expanded: boolean): void {
    this.expanded = expanded;
    if (typeof this.entry.sessionId === 'string') this.cards.sessions.setUnfolded(this.entry.sessionId, expanded);
  }

  private renderControls(shown: boolean, waiting: boolean): void {
    setText(this.toggle, shown ? t('Hide work') : t('Show work'));
    setAttribute(this.toggle, 'aria-expanded', String(shown));
    // What the child waits on stays in sight until it is answered.
    setAttribute(this.toggle, 'aria-disabled', String(waiting));
    setTitle(this.toggle, waiting ? t('Shown while it waits for you') : '');
  }
}
