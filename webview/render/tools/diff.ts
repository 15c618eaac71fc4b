// A diff (from a tool call's `diff` content or an fs write) as unified hunks with context,
// line numbers and +/- counts, plus "Open diff" for VS Code's own diff editor. The hunks are
// computed on the host (src/review/fileTexts.ts, src/session/updates/toolDiffs.ts) and arrive bounded;
// at most MAX_DIFF_LINES lines are made here: the editor is the place to read more. "Open diff"
// posts ids, never texts.
import { shortPath, type PathLabels } from '../pathLabel';
import type { DiffLine, DiffResult } from '../../../src/shared/diffHunks';
import type { WebviewToHost } from '../../../src/shared/messages';
import { button, h } from '../../dom';
import { highlightLines, languageForPath } from '../markdown/highlight';
import type { ReviewCards } from './reviewControls';
import type { Post } from '../types';
import { visibleText } from '../../visibleText';
import { t } from '../../l10n';
import { fileTypeLabel, renderOrigin, type FileChange } from './fileChange';

export const MAX_DIFF_LINES = 400;

export interface DiffInput {
  path: string;
  diff: DiffResult;
  /** The file did not exist before. */
  created: boolean;
  /** The agent deleted the file (diff `deleted: true`), rather than emptying it. */
  deleted?: boolean;
  /** Show Keep / Undo and the review state when the file is under review (see reviewControls). */
  review?: ReviewCards;
  /** Labels the file's folder relative to the workspace (else by its last two segments). */
  paths?: PathLabels;
  /** What "Open diff" asks the host for (ids only); none when the texts are not kept (a restored chat). */
  open?: WebviewToHost;
  /** ACP v2's structured change: a move's or copy's old path, a file that is not text (see fileChange). */
  change?: FileChange;
  /** ACP v2: no patch, and nothing knows the file before the change: the card says so and what to do. */
  beforeUnknown?: boolean;
}

export function renderDiff(input: DiffInput, post: Post): HTMLElement {
  const { hunks, added, removed, coarse } = input.diff;
  const el = h('div', { class: input.deleted ? 'diff diff-deleted' : 'diff', data: { path: input.path } });
  el.appendChild(renderHeader(el, input, added, removed, post));

  // A table of rows of cells for screen readers; it scrolls, so it takes the keyboard focus (arrow keys scroll it).
  const body = h('div', {
    class: 'diff-body',
    attrs: { role: 'table', tabindex: '0', 'aria-label': t('Changes to {0}', visibleText(input.path)) },
  });
  if (coarse) {
    body.appendChild(
      noteRow(
        'diff-truncated',
        t(
          'Too many changes to compare line by line: the changed part is shown replaced whole ({0} lines → {1} lines).',
          removed,
          added,
        ),
      ),
    );
  }
  let shown = 0;
  let hidden = 0;
  const language = languageForPath(input.path);
  for (const hunk of hunks) {
    // Lines past MAX_DIFF_LINES are not even made (hunk.omitted counts them).
    if (shown >= MAX_DIFF_LINES || hunk.lines.length === 0) {
      hidden += hunk.lines.length + (hunk.omitted ?? 0);
      continue;
    }
    body.appendChild(
      noteRow('hunk-header', `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`),
    );
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    const visible = hunk.lines.slice(0, MAX_DIFF_LINES - shown).map(withVisibleText);
    hidden += hunk.lines.length - visible.length + (hunk.omitted ?? 0);
    const highlighted = highlightHunk(visible, language);
    for (const line of visible) {
      const oldNumber = line.kind === 'add' ? '' : String(oldLine++);
      const newNumber = line.kind === 'del' ? '' : String(newLine++);
      const row = renderLine(line.kind, highlighted?.next(line.kind) ?? line.text, oldNumber, newNumber);
      if (line.noNewlineAtEnd)
        row.appendChild(
          h('span', { class: 'no-newline', text: t('No newline at end of file'), attrs: { role: 'cell' } }),
        );
      body.appendChild(row);
      shown++;
    }
  }
  if (hunks.length === 0 && input.beforeUnknown) body.appendChild(unknownBeforeRow(input.path, post));
  else if (hunks.length === 0) body.appendChild(noteRow('diff-empty', emptyNote(input)));
  if (hidden > 0) body.appendChild(noteRow('diff-truncated', t('{0} more lines: open the diff to see all.', hidden)));
  el.appendChild(body);
  return el;
}

/** What an empty hunk area says: a file that is not text has no text diff, which is not "No changes". */
function emptyNote(input: DiffInput): string {
  const fileType = fileTypeLabel(input.change);
  if (fileType !== null) return t('No text diff: {0}', fileType);
  return input.deleted ? t('Deleted an empty file') : t('No changes');
}

/** No diff because nothing knows the file before: said plainly, with what the user can do. */
function unknownBeforeRow(path: string, post: Post): HTMLElement {
  const open = button(t('Open file'), 'open-file secondary', () => post({ type: 'openLocation', path, line: null }));
  const note = h('span', {
    class: 'diff-unknown-note',
    text: t(
      'The agent did not say what it changed, and Switchboard did not see this file before the change, so there is no diff to show or undo. Open the file to see it now; the Changes view lists it.',
    ),
  });
  return h(
    'div',
    { class: 'diff-empty diff-unknown', attrs: { role: 'row' } },
    h('span', { attrs: { role: 'cell' } }, note, open),
  );
}

/**
 * A line with its invisible and direction-changing characters shown (⟨U+202E⟩): a diff is where a
 * "trojan source" edit would hide, code that reads one way and runs another. Tabs stay; the
 * highlighter gets the shown text.
 */
function withVisibleText(line: DiffLine): DiffLine {
  const text = visibleText(line.text, { multiline: true, maxLength: Number.POSITIVE_INFINITY });
  return text === line.text ? line : { ...line, text };
}

/**
 * The file's folder: relative to the workspace folder holding it (nothing at its top), else by its
 * last two segments ("/home/you/projects/app/src" showed as "/home/you/pro…", cut by the card's width).
 */
function folderLabel(dir: string, paths: PathLabels | undefined): string {
  return paths?.relative(dir) ?? shortPath(dir, 2);
}

function renderHeader(diff: HTMLElement, input: DiffInput, added: number, removed: number, post: Post): HTMLElement {
  const slash = input.path.lastIndexOf('/');
  // Shown through visibleText (bidi and zero-width characters made visible); the raw path still opens the file.
  const name = h('span', { class: 'diff-file-name', text: visibleText(input.path.slice(slash + 1)) });
  const dir = h('span', {
    class: 'diff-file-dir',
    text: slash > 0 ? visibleText(folderLabel(input.path.slice(0, slash), input.paths)) : '',
  });
  const pathLink = h(
    'a',
    { class: 'diff-path location-link', title: visibleText(input.path), attrs: { href: '#' } },
    name,
    dir,
  );
  pathLink.addEventListener('click', (event) => {
    event.preventDefault();
    post({ type: 'openLocation', path: input.path, line: null });
  });
  const fileType = fileTypeLabel(input.change);
  const typeBadge = fileType !== null ? h('span', { class: 'badge diff-file-type', text: fileType }) : null;
  const stats = h(
    'span',
    { class: 'diff-stats', attrs: { 'aria-label': t('{0} lines added, {1} lines removed', added, removed) } },
    h('span', { class: 'diff-added', text: `+${added}` }),
    h('span', { class: 'diff-removed', text: `-${removed}` }),
  );
  const badge = input.deleted
    ? h('span', { class: 'badge diff-deleted-file', text: t('Deleted'), title: t('The agent deleted this file') })
    : input.created
      ? h('span', { class: 'badge diff-new-file', text: t('New file') })
      : null;
  const { open: message } = input;
  const open = message ? button(t('Open diff'), 'open-diff secondary', () => post(message)) : null;
  // Keep / Undo act on every pending change of the file (per-hunk actions are in the editor).
  const review = input.review ? input.review.controls(diff, input.path, post) : [];
  const origin = renderOrigin(input.path, input.change, input.paths);
  return h('div', { class: 'diff-header' }, pathLink, origin, badge, typeBadge, stats, open, ...review);
}

/**
 * Highlights a hunk's old side (context and removed lines) and new side (context and added lines)
 * each as one text, so a construct spanning lines (a block comment, a template string) is coloured
 * right; `next(kind)` hands out the lines in hunk order. Null when the language is unknown.
 */
function highlightHunk(
  lines: readonly DiffLine[],
  language: string | undefined,
): { next(kind: DiffLine['kind']): DocumentFragment } | null {
  if (!language) return null;
  const oldLines = lines.filter((line) => line.kind !== 'add').map((line) => line.text);
  const newLines = lines.filter((line) => line.kind !== 'del').map((line) => line.text);
  const oldSide = highlightLines(oldLines.join('\n'), language);
  const newSide = highlightLines(newLines.join('\n'), language);
  // A line holding a line break of its own would shift every line after it: show it plain.
  if (oldSide?.length !== Math.max(1, oldLines.length) || newSide?.length !== Math.max(1, newLines.length)) return null;
  let oldIndex = 0;
  let newIndex = 0;
  return {
    // Each side has one fragment per line of that side (checked above), taken in order.
    next(kind) {
      if (kind === 'del') return oldSide[oldIndex++]!;
      if (kind === 'ctx') oldIndex++;
      return newSide[newIndex++]!;
    },
  };
}

function renderLine(
  kind: 'add' | 'del' | 'ctx',
  text: string | DocumentFragment,
  oldNumber: string,
  newNumber: string,
): HTMLElement {
  const sign = kind === 'add' ? '+' : kind === 'del' ? '-' : ' ';
  return h(
    'div',
    { class: `line ${kind}`, attrs: { role: 'row' } },
    h('span', { class: 'line-number', text: oldNumber, attrs: { 'aria-hidden': 'true' } }),
    h('span', { class: 'line-number', text: newNumber, attrs: { 'aria-hidden': 'true' } }),
    // The sign is a cell a screen reader names (a bare "+" or "-" is read as "plus" or not at all).
    h('span', { class: 'line-sign', text: sign, attrs: { role: 'cell', 'aria-label': SIGN_NAMES[kind]() } }),
    typeof text === 'string'
      ? h('span', { class: 'line-text', text, attrs: { role: 'cell' } })
      : h('span', { class: 'line-text', attrs: { role: 'cell' } }, text),
  );
}

const SIGN_NAMES = { add: () => t('added'), del: () => t('removed'), ctx: () => t('unchanged') };

/** A row of the diff's table that is a note (a hunk's header, lines not shown): one cell. */
function noteRow(className: string, text: string): HTMLElement {
  return h('div', { class: className, attrs: { role: 'row' } }, h('span', { text, attrs: { role: 'cell' } }));
}
