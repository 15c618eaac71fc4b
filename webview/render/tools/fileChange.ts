// What ACP v2's structured file change adds to a diff card (ToolDiffView.change, made by
// protocol/v2/v2Shapes.ts): where a moved or copied file came from, and what a file that is not text
// is (its hunk area is empty: "No text diff: binary file"). The values are the agent's: each is read as
// the type it should have, and shown as text only (visibleText), bounded like the card's other labels.
import { shortPath, type PathLabels } from '../pathLabel';
import type { ToolDiffView } from '../../../src/shared/thread';
import { h } from '../../dom';
import { visibleText } from '../../visibleText';
import { t } from '../../l10n';

export type FileChange = NonNullable<ToolDiffView['change']>;

/** An old path's label past this is cut ("…"); its tooltip has the path (up to visibleText's own bound). */
const MAX_ORIGIN_CHARS = 200;
/** An unknown file type is a word ("fifo", "socket"): a longer one is cut. */
const MAX_FILE_TYPE_CHARS = 40;

const FILE_TYPE_NAMES: Readonly<Record<string, () => string>> = {
  binary: () => t('binary file'),
  symlink: () => t('symbolic link'),
  submodule: () => t('submodule'),
  directory: () => t('folder'),
};

/** "moved from src/old.ts" / "copied from …" beside the file name; null for other operations. */
export function renderOrigin(path: string, change: FileChange | undefined, paths?: PathLabels): HTMLElement | null {
  const operation = change?.operation;
  if (operation !== 'move' && operation !== 'copy') return null;
  const oldPath = typeof change?.oldPath === 'string' && change.oldPath !== '' ? change.oldPath : null;
  if (oldPath === null)
    return h('span', { class: 'diff-origin', text: operation === 'move' ? t('moved') : t('copied') });
  const label = visibleText(originLabel(oldPath, path, paths), { maxLength: MAX_ORIGIN_CHARS });
  return h('span', {
    class: 'diff-origin',
    text: operation === 'move' ? t('moved from {0}', label) : t('copied from {0}', label),
    title: visibleText(oldPath),
  });
}

/**
 * The old path labelled as the card labels files: its name alone when it is in the same folder (a
 * rename), else relative to the workspace folder holding it, else by its last segments.
 */
function originLabel(oldPath: string, path: string, paths: PathLabels | undefined): string {
  const slash = Math.max(oldPath.lastIndexOf('/'), oldPath.lastIndexOf('\\'));
  if (slash >= 0 && oldPath.slice(0, slash) === path.slice(0, path.lastIndexOf('/'))) return oldPath.slice(slash + 1);
  return paths?.label(oldPath) ?? shortPath(oldPath);
}

/** What a file that is not text is ("binary file"; an unknown type as its value); null for text or no type. */
export function fileTypeLabel(change: FileChange | undefined): string | null {
  const fileType = change?.fileType;
  if (typeof fileType !== 'string' || fileType === '' || fileType === 'text') return null;
  return Object.hasOwn(FILE_TYPE_NAMES, fileType)
    ? FILE_TYPE_NAMES[fileType]!()
    : visibleText(fileType, { maxLength: MAX_FILE_TYPE_CHARS });
}
