// A column's changed files: path, kind and +/- counts, each unfolding to its diff drawn by the chat's own
// renderDiff (made only when unfolded: 200 files of hunks are not built for a glance), and "Open diff" for VS Code's
// diff editor. The paths are the agent's: text only, invisible characters shown. Which files are unfolded survives
// the host's next view.
import { MAX_COMPARE_FILES, type CompareFile } from '../../src/shared/compare';
import { button, h, replaceChildren, setText } from '../dom';
import { t } from '../l10n';
import { renderDiff } from '../render/tools/diff';
import { visibleText } from '../visibleText';
import { chatPostFor, type ComparePost } from './post';

export function kindLabel(kind: CompareFile['kind']): string {
  switch (kind) {
    case 'added':
      return t('Added');
    case 'deleted':
      return t('Deleted');
    default:
      return t('Modified');
  }
}

/** What a file's row says of its change: "+3 -1", or why no diff is shown. */
export function fileCounts(file: CompareFile): string {
  if (file.binary) return t('Binary');
  if (!file.diff) return t('Too large to show');
  return `+${file.diff.added} -${file.diff.removed}`;
}

export class FilesView {
  readonly el: HTMLElement;
  private readonly heading = h('h3', { class: 'compare-section-title' });
  private readonly error = h('p', { class: 'compare-files-error', attrs: { role: 'note' } });
  private readonly list = h('ul', { class: 'compare-files-list' });
  private readonly unfolded = new Set<string>();
  private shown = '';

  constructor(
    private readonly threadId: string,
    private readonly post: ComparePost,
  ) {
    this.el = h('section', { class: 'compare-files' }, this.heading, this.error, this.list);
  }

  update(files: readonly CompareFile[], filesError: string | undefined): void {
    const listed = files.slice(0, MAX_COMPARE_FILES);
    setText(this.heading, filesError ? t('Files changed') : t('Files changed: {0}', listed.length));
    this.error.hidden = !filesError;
    setText(this.error, filesError ? visibleText(filesError, { maxLength: 1000 }) : '');
    this.list.hidden = Boolean(filesError);
    const key = filesError ? '' : listed.map(fileKey).join('\n');
    if (key === this.shown) return;
    this.shown = key;
    if (filesError) return replaceChildren(this.list);
    const rows = listed.map((file) => this.row(file));
    replaceChildren(
      this.list,
      ...(rows.length > 0 ? rows : [h('li', { class: 'compare-files-none', text: t('No files changed') })]),
    );
  }

  private row(file: CompareFile): HTMLElement {
    const path = visibleText(file.path, { maxLength: 500 });
    const holder = h('div', { class: 'compare-file-diff' });
    const canUnfold = !file.binary && file.diff !== undefined;
    const toggle = h(
      'button',
      {
        class: 'compare-file-toggle',
        title: path,
        attrs: { type: 'button', 'aria-expanded': 'false' },
      },
      h('span', { class: 'compare-file-path', text: path }),
    );
    toggle.disabled = !canUnfold;
    const show = (open: boolean): void => {
      toggle.setAttribute('aria-expanded', String(open));
      holder.hidden = !open;
      if (open && holder.childElementCount === 0 && file.diff)
        holder.appendChild(
          renderDiff(
            { path: file.path, diff: file.diff, created: file.kind === 'added', deleted: file.kind === 'deleted' },
            chatPostFor(this.threadId, this.post),
          ),
        );
      if (open) this.unfolded.add(file.path);
      else this.unfolded.delete(file.path);
    };
    toggle.addEventListener('click', () => show(toggle.getAttribute('aria-expanded') !== 'true'));
    const open = button(
      t('Open diff'),
      'secondary compare-open-diff',
      () => this.post({ type: 'compareOpenDiff', threadId: this.threadId, path: file.path }),
      t('Open {0} in the diff editor', path),
    );
    const head = h(
      'div',
      { class: 'compare-file-head' },
      toggle,
      h('span', { class: `badge compare-file-kind`, data: { kind: String(file.kind) }, text: kindLabel(file.kind) }),
      h('span', { class: 'compare-file-counts', text: fileCounts(file) }),
      open,
    );
    show(canUnfold && this.unfolded.has(file.path));
    return h('li', { class: 'compare-file', data: { path: file.path } }, head, holder);
  }
}

/** What makes a file's row change: its kind and its diff's size (the host sends the whole view on every change). */
function fileKey(file: CompareFile): string {
  const diff = file.diff;
  const hunks = diff
    ? `${diff.added}|${diff.removed}|${diff.coarse ? 1 : 0}|${diff.hunks.map((hunk) => `${hunk.oldStart},${hunk.newStart},${hunk.lines.length}`).join(';')}`
    : '-';
  return `${file.kind}|${file.binary ? 1 : 0}|${hunks}|${file.path}`;
}
