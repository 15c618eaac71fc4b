// The messages waiting for the agent's turn to end, shown above the composer: each one can be
// edited in place (Enter saves, Escape cancels), removed, or sent now: into the running turn where
// the agent advertised steering, else Send now stops the turn first (its tooltip says which).
// The list is the host's (thread state `queue`); this view only posts what the user chose.
import { controlNote, type ControlState } from '../../../src/shared/controlRules';
import type { QueuedPrompt } from '../../../src/shared/thread';
import { button, h, replaceChildren, setHidden } from '../../dom';
import { visibleText } from '../../visibleText';
import type { Post } from '../types';
import { t } from '../../l10n';

export class QueueView {
  readonly el = h('ol', { class: 'composer-queue', attrs: { 'aria-label': t('Queued messages') } });
  private shown: readonly QueuedPrompt[] = [];
  private running = false;
  /** What Send now does while the turn runs (controlRules.ts `steerTurn`). */
  private sendNow: ControlState | null = null;
  /** The item being edited keeps its textarea (and the user's caret) across renders. */
  private editing: { id: string; input: HTMLTextAreaElement } | null = null;

  constructor(private readonly post: Post) {
    this.el.hidden = true;
  }

  update(queue: readonly QueuedPrompt[] | undefined, running: boolean, sendNow: ControlState | null = null): void {
    const items = Array.isArray(queue) ? queue : [];
    if (items === this.shown && running === this.running && sendNow?.kind === this.sendNow?.kind) return;
    this.shown = items;
    this.running = running;
    this.sendNow = sendNow;
    if (this.editing && !items.some((item) => item.id === this.editing!.id)) this.editing = null; // sent or removed
    replaceChildren(this.el, ...items.map((item) => this.row(item)));
    setHidden(this.el, items.length === 0);
  }

  private row(item: QueuedPrompt): HTMLElement {
    const text = typeof item.text === 'string' ? item.text : '';
    if (this.editing?.id === item.id) {
      const input = this.editing.input;
      return h(
        'li',
        { class: 'queued editing', data: { queuedId: item.id } },
        input,
        button(t('Save'), 'primary', () => this.save()),
        button(t('Cancel'), 'secondary', () => this.stopEditing()),
      );
    }
    return h(
      'li',
      { class: 'queued', data: { queuedId: item.id } },
      // The text first: it takes the row and wraps; the badge and buttons follow, under it when the row is narrow.
      h('span', { class: 'queued-text', text: visibleText(text), title: text }),
      h(
        'span',
        { class: 'queued-actions' },
        h('span', { class: 'queued-badge', text: t('Queued') }),
        button(
          t('Send now'),
          'secondary queued-send-now',
          () => this.post({ type: 'sendNow', id: item.id }),
          this.sendNowTitle(),
        ),
        button(t('Edit'), 'secondary queued-edit', () => this.startEditing(item)),
        button(t('Remove'), 'secondary queued-remove', () => this.post({ type: 'removeQueued', id: item.id })),
      ),
    );
  }

  /** Says what Send now does: adds the message to the turn, or stops the agent's work (and why it must). */
  private sendNowTitle(): string {
    if (!this.running) return t('Send this message');
    if (this.sendNow?.kind === 'available') return t('Send now: adds it to the running turn');
    const why = this.sendNow ? controlNote(this.sendNow) : null;
    const stops = t("Stop the agent's work and send this now");
    return why ? `${stops}\n${why}` : stops;
  }

  private startEditing(item: QueuedPrompt): void {
    const input = h('textarea', {
      class: 'queued-input',
      attrs: { rows: '2', 'aria-label': t('Edit queued message') },
    });
    input.value = item.text;
    input.addEventListener('keydown', (event) => {
      if (event.isComposing) return;
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        this.save();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.stopEditing();
      }
    });
    this.editing = { id: item.id, input };
    this.rerender();
    input.focus();
  }

  private save(): void {
    const editing = this.editing;
    if (!editing) return;
    const text = editing.input.value;
    // Emptied: the user meant to drop it.
    this.post(
      text.trim() === '' ? { type: 'removeQueued', id: editing.id } : { type: 'editQueued', id: editing.id, text },
    );
    this.stopEditing();
  }

  private stopEditing(): void {
    this.editing = null;
    this.rerender();
  }

  private rerender(): void {
    replaceChildren(this.el, ...this.shown.map((item) => this.row(item)));
  }
}
