// The two pieces the subagent card and the bar over a subagent shown on its own share: the state badge
// (a word with a dot that never spins: subagentState.ts says which) and Stop, which asks the host to cancel
// the child's current work once, and can be pressed again only when its state changed.
import type { SubagentCard } from '../../../src/shared/subagentTypes';
import { button, h, setAttribute, setDataset, setDisabled, setHidden, setText } from '../../dom';
import { t } from '../../l10n';
import { canStop, type WorkLook } from './subagentState';
import type { Post } from '../types';

export class WorkBadge {
  private readonly label = h('span', { class: 'subagent-state-label' });
  readonly el = h(
    'span',
    { class: 'subagent-state' },
    h('span', { class: 'subagent-state-icon', attrs: { 'aria-hidden': 'true' } }),
    this.label,
  );

  /** null, or a state never reported: no badge. */
  show(look: WorkLook | null): void {
    setText(this.label, look?.label ?? '');
    setDataset(this.el, 'work', look?.kind ?? 'unset');
    setHidden(this.el, !look?.label);
  }
}

export class StopControl {
  readonly el: HTMLButtonElement;
  private card: SubagentCard | null = null;
  /** The work state Stop was pressed in (null: not pressed). */
  private stoppedWork: SubagentCard['work'] | null = null;

  constructor(post: Post) {
    this.el = button(t('Stop'), 'subagent-stop secondary', () => {
      const card = this.card;
      if (!card || this.stoppedWork !== null) return;
      this.stoppedWork = card.work;
      setDisabled(this.el, true);
      post({ type: 'cancelSubagent', sessionId: card.sessionId });
    });
  }

  /** The child's card as it is now; `title`: its name as shown. */
  show(card: SubagentCard | null, title: string): void {
    if (card?.sessionId !== this.card?.sessionId || (this.stoppedWork !== null && card?.work !== this.stoppedWork))
      this.stoppedWork = null;
    this.card = card;
    setHidden(this.el, !card || !canStop(card));
    setDisabled(this.el, this.stoppedWork !== null);
    setAttribute(this.el, 'aria-label', t('Stop {0}', title));
  }
}
