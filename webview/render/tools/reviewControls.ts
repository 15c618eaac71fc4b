// Keep / Undo on the diff cards of files under review, and the state beside them ("Kept",
// "Undone", "2 pending changes"). The host folds the review of the files the chat shows into the
// thread state (`review`); every card of a path shows the same state. The thread renderer owns one
// ReviewCards and hands it the state in its render pass, before the transcript. Cards register
// here when built (weakly: a card dropped from the transcript is collected; a card virtualised out
// of the DOM and back keeps its state) and are updated in place when the state changes.
import type { ReviewFileState, ReviewView } from '../../../src/shared/thread';
import { button, h } from '../../dom';
import type { Post } from '../post';
import { t } from '../../l10n';

class CardControls {
  readonly badge = h('span', { class: 'review-state' });
  readonly keep: HTMLButtonElement;
  readonly undo: HTMLButtonElement;

  constructor(
    private readonly diff: HTMLElement,
    path: string,
    post: Post,
  ) {
    this.keep = button(
      t('Keep'),
      'review-keep secondary',
      () => post({ type: 'reviewFile', path, action: 'keep' }),
      t('Keep the pending changes of this file'),
    );
    this.undo = button(
      t('Undo'),
      'review-undo secondary',
      () => post({ type: 'reviewFile', path, action: 'undo' }),
      t('Undo the pending changes of this file (Ctrl+Z in the editor brings them back)'),
    );
  }

  /** undefined: the file has no review (a proposed diff, nothing written): no controls at all. */
  show(state: ReviewFileState | undefined): void {
    const hidden = state === undefined;
    this.badge.hidden = hidden;
    this.keep.hidden = hidden;
    this.undo.hidden = hidden;
    if (state) this.diff.dataset.review = state.status;
    else delete this.diff.dataset.review;
    if (!state) return;
    this.badge.textContent = describe(state);
    this.badge.title =
      state.status === 'pending' && !state.binary
        ? t('+{0} −{1} not yet kept or undone', state.added, state.removed)
        : '';
    const pending = state.status === 'pending';
    this.keep.disabled = !pending;
    this.undo.disabled = !pending;
  }
}

function describe(state: ReviewFileState): string {
  switch (state.status) {
    case 'kept':
      return t('Kept');
    case 'undone':
      return t('Undone');
    case 'unknown':
      return t('Changed on disk');
    case 'pending': {
      if (state.binary) return t('Changed (binary file): Keep or Undo it whole');
      const changes = state.hunks === 1 ? t('1 pending change') : t('{0} pending changes', state.hunks);
      return state.conflicts > 0
        ? `${changes} · ${state.conflicts === 1 ? t('1 conflict') : t('{0} conflicts', state.conflicts)}`
        : changes;
    }
  }
}

export class ReviewCards {
  /** Keeps each card's controls alive exactly as long as its diff element (`cards` holds them weakly). */
  private readonly controlsOfCard = new WeakMap<HTMLElement, CardControls>();
  private files = new Map<string, ReviewFileState>();
  private shown: ReviewView | undefined;
  private cards = new Map<string, Set<WeakRef<CardControls>>>();

  /** Keep / Undo and the state badge for a diff card of `path`, showing the current state. */
  controls(diff: HTMLElement, path: string, post: Post): HTMLElement[] {
    const controls = new CardControls(diff, path, post);
    this.controlsOfCard.set(diff, controls);
    controls.show(this.files.get(path));
    let set = this.cards.get(path);
    if (!set) this.cards.set(path, (set = new Set()));
    set.add(new WeakRef(controls));
    return [controls.badge, controls.keep, controls.undo];
  }

  /** In the render pass: the thread's review state (absent: nothing under review). */
  update(review: ReviewView | undefined): void {
    if (review === this.shown) return;
    this.shown = review;
    const files = Array.isArray(review?.files) ? review.files : [];
    const previous = this.files;
    this.files = new Map(files.map((file) => [file.path, file]));
    for (const [path, set] of this.cards) {
      const state = this.files.get(path);
      if (state === previous.get(path)) continue;
      for (const ref of set) {
        const controls = ref.deref();
        if (controls) controls.show(state);
        else set.delete(ref);
      }
      if (set.size === 0) this.cards.delete(path);
    }
  }

  stateOf(path: string): ReviewFileState | undefined {
    return this.files.get(path);
  }
}
