// A diff (from a tool call's `diff` content or an fs write) as unified hunks with context,
// line numbers and +/- counts, plus "Open diff" for VS Code's own diff editor. Very large
// diffs are cut after MAX_LINES rendered lines: the editor is the place to read those.
import { diffHunks } from '../../src/shared/diffHunks';
import { button, h } from '../dom';
import type { Post } from './types';

export const MAX_DIFF_LINES = 400;
const CONTEXT_LINES = 3;

export interface DiffInput {
  path: string;
  oldText: string | null;
  newText: string;
  /** Show Keep / Undo (review of the file's pending changes in the editor). */
  reviewable?: boolean;
}

export function renderDiff(input: DiffInput, post: Post): HTMLElement {
  const { hunks, added, removed } = diffHunks(input.oldText, input.newText, CONTEXT_LINES);
  const el = h('div', { class: 'diff', data: { path: input.path } });
  el.appendChild(renderHeader(input, added, removed, post));

  const body = h('div', { class: 'diff-body', attrs: { role: 'table', 'aria-label': `Changes to ${input.path}` } });
  let shown = 0;
  let hidden = 0;
  for (const hunk of hunks) {
    if (shown >= MAX_DIFF_LINES) {
      hidden += hunk.lines.length;
      continue;
    }
    body.appendChild(
      h('div', { class: 'hunk-header', text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@` }),
    );
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      if (shown >= MAX_DIFF_LINES) {
        hidden++;
        continue;
      }
      const oldNumber = line.kind === 'add' ? '' : String(oldLine++);
      const newNumber = line.kind === 'del' ? '' : String(newLine++);
      const row = renderLine(line.kind, line.text, oldNumber, newNumber);
      if (line.noNewlineAtEnd) row.appendChild(h('span', { class: 'no-newline', text: 'No newline at end of file' }));
      body.appendChild(row);
      shown++;
    }
  }
  if (hunks.length === 0) body.appendChild(h('div', { class: 'diff-empty', text: 'No changes' }));
  if (hidden > 0) body.appendChild(h('div', { class: 'diff-truncated', text: `${hidden} more lines: open the diff to see all.` }));
  el.appendChild(body);
  return el;
}

function renderHeader(input: DiffInput, added: number, removed: number, post: Post): HTMLElement {
  const slash = input.path.lastIndexOf('/');
  const name = h('span', { class: 'diff-file-name', text: input.path.slice(slash + 1) });
  const dir = h('span', { class: 'diff-file-dir', text: slash > 0 ? input.path.slice(0, slash) : '' });
  const pathLink = h('a', { class: 'diff-path location-link', title: input.path, attrs: { href: '#' } }, name, dir);
  pathLink.addEventListener('click', (event) => {
    event.preventDefault();
    post({ type: 'openLocation', path: input.path, line: null });
  });
  const stats = h(
    'span',
    { class: 'diff-stats', attrs: { 'aria-label': `${added} lines added, ${removed} lines removed` } },
    h('span', { class: 'diff-added', text: `+${added}` }),
    h('span', { class: 'diff-removed', text: `-${removed}` }),
  );
  const badge = input.oldText === null ? h('span', { class: 'badge diff-new-file', text: 'New file' }) : null;
  const open = button('Open diff', 'open-diff secondary', () =>
    post({ type: 'openDiff', path: input.path, oldText: input.oldText, newText: input.newText }),
  );
  return h('div', { class: 'diff-header' }, pathLink, badge, stats, open, ...(input.reviewable ? reviewButtons(input.path, post) : []));
}

/**
 * Keep / Undo act on every pending change of the file in the editor's review (per-hunk actions are
 * in the editor). The card does not mirror review state, so a click just says what it asked for.
 */
function reviewButtons(path: string, post: Post): HTMLElement[] {
  const keep = button('Keep', 'review-keep secondary', () => {
    post({ type: 'reviewFile', path, action: 'keep' });
    keep.dataset.done = 'true';
    undo.removeAttribute('data-done');
  }, 'Keep the pending changes of this file');
  const undo = button('Undo', 'review-undo secondary', () => {
    post({ type: 'reviewFile', path, action: 'undo' });
    undo.dataset.done = 'true';
    keep.removeAttribute('data-done');
  }, 'Undo the pending changes of this file (Ctrl+Z in the editor brings them back)');
  return [keep, undo];
}

function renderLine(kind: 'add' | 'del' | 'ctx', text: string, oldNumber: string, newNumber: string): HTMLElement {
  const sign = kind === 'add' ? '+' : kind === 'del' ? '-' : ' ';
  return h(
    'div',
    { class: `line ${kind}`, attrs: { role: 'row' } },
    h('span', { class: 'line-number', text: oldNumber, attrs: { 'aria-hidden': 'true' } }),
    h('span', { class: 'line-number', text: newNumber, attrs: { 'aria-hidden': 'true' } }),
    h('span', { class: 'line-sign', text: sign, attrs: { 'aria-hidden': 'true' } }),
    h('span', { class: 'line-text', text }),
  );
}
