// The files a compared chat changed, as the comparison view lists them: path, kind and the change as a chat card's
// hunks. Bounded whatever the agent did: at most MAX_COMPARE_FILES listed and MAX_DIFFED_FILES with their hunks, each
// diff bounded in lines and time (shared/diffHunks.ts).
import { MAX_COMPARE_FILES, type CompareFile } from '../../shared/compare';
import { cardHunks } from '../../shared/diffHunks';

/** What the worktree store says of one changed file (src/worktrees/worktreeTypes.ts WorktreeFileTexts). */
export interface ChangedFileTexts {
  source: string;
  relPath: string;
  kind: CompareFile['kind'];
  binary: boolean;
  before: string | null;
  after: string | null;
  omitted?: true;
}

/** Files whose hunks the view gets; the rest are listed by name (the chat's worktree has them all). */
export const MAX_DIFFED_FILES = 60;

/**
 * `folderNames`: workspace folder path -> its name, where the workspace has several folders (the path is shown as
 * `name/relPath` then); empty for a single folder.
 */
export function compareFiles(
  changes: readonly ChangedFileTexts[],
  folderNames: ReadonlyMap<string, string>,
): CompareFile[] {
  const sorted = [...changes].sort((a, b) =>
    shownComparePath(a, folderNames).localeCompare(shownComparePath(b, folderNames)),
  );
  return sorted.slice(0, MAX_COMPARE_FILES).map((change, n) => {
    const file: CompareFile = { path: shownComparePath(change, folderNames), kind: change.kind, binary: change.binary };
    if (n < MAX_DIFFED_FILES && !change.omitted && !change.binary)
      file.diff = cardHunks(change.before, change.after ?? '');
    return file;
  });
}

/** The path the view shows of a change (and names it by in "Open diff"). */
export function shownComparePath(
  change: Pick<ChangedFileTexts, 'source' | 'relPath'>,
  folderNames: ReadonlyMap<string, string>,
): string {
  const folder = folderNames.get(change.source);
  return folder === undefined ? change.relPath : `${folder}/${change.relPath}`;
}
