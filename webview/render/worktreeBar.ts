// A chat in its own worktree: one row above the composer (beside the pending changes) saying where it works (the
// worktree's folder, its tail shown so a 300 px side bar reads it, the whole path in the tooltip) with "Bring back"
// (what the chat changed, into the workspace for review) and "Discard" (the host asks first). The header's chip
// says it too (header.ts). Hidden for a chat in the workspace.
import { button, h, setHidden, setText, setTitle } from '../dom';
import type { ViewState } from '../store';
import type { Post } from './types';
import { visibleText } from '../visibleText';
import { t } from '../l10n';

export class WorktreeBarView {
  readonly el: HTMLElement;
  private readonly where = h('span', { class: 'worktree-where' });

  constructor(post: Post) {
    this.el = h(
      'section',
      { class: 'worktree-bar', attrs: { 'aria-label': t('Worktree of this chat') } },
      h('span', { class: 'badge worktree-chip', text: t('Worktree') }),
      this.where,
      button(
        t('Bring back'),
        'worktree-bring-back secondary compact',
        () => post({ type: 'worktree', action: 'bringBack' }),
        t('Merge what this chat changed in its worktree into the workspace, for review'),
      ),
      button(
        t('Discard'),
        'worktree-discard secondary compact',
        () => post({ type: 'worktree', action: 'discard' }),
        t('Delete the worktree and close this chat (asks first)'),
      ),
    );
    this.el.hidden = true;
  }

  update(view: ViewState): void {
    const folders = view.thread?.worktree?.folders;
    const cwd = Array.isArray(folders) && typeof folders[0] === 'string' ? folders[0] : null;
    setHidden(this.el, cwd === null);
    if (cwd === null) return;
    setText(this.where, visibleText(worktreeTail(cwd), { maxLength: 120 }));
    setTitle(this.where, t('This chat works in its own worktree: {0}', visibleText(cwd, { maxLength: 1000 })));
  }
}

/** The last two parts of the path (the worktree's id and its folder): what tells one worktree from another. */
export function worktreeTail(folder: string): string {
  const parts = folder.split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('/');
}
