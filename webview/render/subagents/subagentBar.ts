// The bar over a subagent shown on its own: where it is ("← <chat title>" › "Subagent: <parent>" ›
// "Subagent: <title>", the levels between cut to the nearest two), its state and Stop. Each level above
// is a button that goes back to it; the current one is the view's heading (focused when the view opens,
// so a screen reader says where the user is). Titles are the agent's text, in elements of our own.
import { button, h, setHidden, setText, setTitle } from '../../dom';
import { t } from '../../l10n';
import type { SessionDirectory } from './sessions';
import { StopControl, WorkBadge } from './subagentControls';
import { workLook } from './subagentState';
import type { Post } from '../types';

/** Levels between the chat and the shown subagent named in the bar (the farther ones are "…"). */
const NEAREST_LEVELS = 2;

export class SubagentBar {
  readonly el: HTMLElement;
  private readonly crumbs = h('ol', { class: 'subagent-crumbs' });
  readonly heading = h('h2', { class: 'subagent-heading', attrs: { tabindex: '-1', 'aria-current': 'page' } });
  private readonly state = new WorkBadge();
  private readonly error = h('div', { class: 'subagent-error', attrs: { hidden: '' } });
  private readonly stop: StopControl;
  private readonly line: HTMLElement;
  /** The path last shown (crumbs are rebuilt only when it or a title changed: a focused one keeps the focus). */
  private shownPath = '';

  constructor(
    post: Post,
    private readonly sessions: SessionDirectory,
    /** Goes to a level: null for the chat, else a subagent's session id. */
    private readonly go: (sessionId: string | null) => void,
  ) {
    this.stop = new StopControl(post);
    this.line = h('div', { class: 'subagent-bar-line' }, this.state.el, this.stop.el);
    this.el = h(
      'nav',
      { class: 'subagent-bar', attrs: { 'aria-label': t('Subagent') } },
      this.crumbs,
      this.line,
      this.error,
    );
  }

  render(sessionId: string): void {
    const sessions = this.sessions;
    const ancestors = sessions.ancestors(sessionId);
    const shownAncestors = ancestors.slice(-NEAREST_LEVELS);
    const title = t('Subagent: {0}', sessions.title(sessionId));
    const path = JSON.stringify([sessions.chatTitle, ...ancestors.map((id) => sessions.title(id)), title]);
    if (path !== this.shownPath) {
      this.shownPath = path;
      setText(this.heading, title);
      setTitle(this.heading, title);
      const gap = ancestors.length > shownAncestors.length ? [h('li', { class: 'subagent-crumb-gap', text: '…' })] : [];
      this.crumbs.replaceChildren(
        crumb(this.back()),
        ...gap,
        ...shownAncestors.map((id) => crumb(this.levelButton(id))),
        h('li', { class: 'subagent-crumb-current' }, this.heading),
      );
    }
    const card = sessions.card(sessionId);
    const look = card ? workLook(card) : null;
    this.state.show(look);
    this.stop.show(card ?? null, sessions.title(sessionId));
    setText(this.error, look?.error ?? '');
    setHidden(this.error, !look?.error);
    setHidden(this.line, this.state.el.hidden && this.stop.el.hidden);
  }

  /** "← <chat title>": back to the chat. */
  private back(): HTMLButtonElement {
    const chat = this.sessions.chatTitle;
    const el = button('', 'subagent-crumb subagent-back link-button', () => this.go(null), chat);
    el.append(
      h('span', { class: 'subagent-back-arrow', text: '←', attrs: { 'aria-hidden': 'true' } }),
      h('span', { class: 'subagent-crumb-text', text: chat }),
    );
    el.setAttribute('aria-label', t('Back to {0}', chat));
    return el;
  }

  private levelButton(sessionId: string): HTMLButtonElement {
    const label = t('Subagent: {0}', this.sessions.title(sessionId));
    const el = button('', 'subagent-crumb link-button', () => this.go(sessionId), label);
    el.append(h('span', { class: 'subagent-crumb-text', text: label }));
    return el;
  }
}

function crumb(control: HTMLElement): HTMLElement {
  return h('li', { class: 'subagent-crumb-item' }, control);
}
