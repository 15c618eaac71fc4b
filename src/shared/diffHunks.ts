// Line diffs for the diff cards in the webview (tool-call `diff` content and fs writes).
// Plain data out, so it can be computed on either side and tested without a DOM.
import { structuredPatch } from 'diff';

export interface DiffLine {
  kind: 'add' | 'del' | 'ctx';
  text: string;
  /** This line is the last of its side and has no trailing newline ("\ No newline at end of file"). */
  noNewlineAtEnd?: true;
}

export interface DiffHunk {
  /** 1-based first line of the hunk in the old text (oldLines is 0 for a new file). */
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: DiffLine[];
}

export interface DiffResult {
  hunks: DiffHunk[];
  added: number;
  removed: number;
}

const KIND_BY_PREFIX: Record<string, DiffLine['kind']> = { '+': 'add', '-': 'del', ' ': 'ctx' };

/**
 * Hunks between two file texts with `context` unchanged lines around each change.
 * oldText null means a new file (every line added); identical texts give no hunks.
 */
export function diffHunks(oldText: string | null, newText: string, context = 3): DiffResult {
  const patch = structuredPatch('old', 'new', oldText ?? '', newText, undefined, undefined, { context });
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map((hunk): DiffHunk => {
    const lines: DiffLine[] = [];
    for (const raw of hunk.lines) {
      const kind = KIND_BY_PREFIX[raw[0]];
      if (kind === undefined) {
        // "\ No newline at end of file" describes the line before it.
        const previous = lines[lines.length - 1];
        if (raw.startsWith('\\') && previous) previous.noNewlineAtEnd = true;
        continue;
      }
      if (kind === 'add') added++;
      else if (kind === 'del') removed++;
      lines.push({ kind, text: raw.slice(1) });
    }
    return { oldStart: hunk.oldStart, oldLines: hunk.oldLines, newStart: hunk.newStart, newLines: hunk.newLines, lines };
  });
  return { hunks, added, removed };
}
