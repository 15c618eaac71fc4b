// Reads the `git_patch` text of an ACP v2 diff (one or more `diff --git` sections in Git's --patch format,
// absolute paths) into the hunks a tool card shows, per file. The card's own hunk shape (diffHunks.ts),
// bounded like a card made from two texts: at most `maxLines` line objects per file, counts over all.
// One pass over the text, linear in its length; a line it does not understand is skipped, never thrown on.
import { MAX_CARD_DIFF_LINES, type DiffHunk, type DiffResult } from './diffHunks';

/** Files one patch may describe; the rest are not read (a card lists a few). */
export const MAX_PATCH_FILES = 200;

/** git's extended header naming a move's or copy's new path. */
const RENAMED_TO = /^(?:rename|copy) to /;
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** path → its hunks. A file is named by its `+++` path, else its `---` path (a deleted file), else the header's. */
export function readGitPatch(text: string, maxLines = MAX_CARD_DIFF_LINES): Map<string, DiffResult> {
  const files = new Map<string, DiffResult>();
  let file: DiffResult | undefined;
  let names: { header: string | null; old: string | null; new: string | null } | undefined;
  let hunk: DiffHunk | undefined;
  let made = 0;
  const close = (): void => {
    if (!file || !names) return;
    const path = names.new ?? names.old ?? names.header;
    if (path !== null && !files.has(path)) files.set(path, file);
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      close();
      if (files.size >= MAX_PATCH_FILES) break;
      file = { hunks: [], added: 0, removed: 0 };
      names = { header: headerPath(line), old: null, new: null };
      hunk = undefined;
      made = 0;
      continue;
    }
    if (!file || !names) continue;
    if (!hunk && line.startsWith('--- ')) names.old = patchPath(line.slice(4));
    else if (!hunk && line.startsWith('+++ ')) names.new = patchPath(line.slice(4));
    else if (line.startsWith('@@')) {
      const match = HUNK_HEADER.exec(line);
      if (!match) continue;
      hunk = {
        oldStart: Number(match[1]),
        oldLines: 0,
        newStart: Number(match[3]),
        newLines: 0,
        lines: [],
      };
      file.hunks.push(hunk);
    } else if (hunk) {
      const kind = line[0] === '+' ? 'add' : line[0] === '-' ? 'del' : line[0] === ' ' ? 'ctx' : undefined;
      if (line.startsWith('\\')) {
        const last = hunk.lines[hunk.lines.length - 1];
        if (last) last.noNewlineAtEnd = true;
        continue;
      }
      if (!kind) continue; // a blank line at the end of the text, or a line git would not write
      if (kind !== 'add') hunk.oldLines++;
      if (kind !== 'del') hunk.newLines++;
      if (kind === 'add') file.added++;
      if (kind === 'del') file.removed++;
      if (made < maxLines) {
        hunk.lines.push({ kind, text: line.slice(1) });
        made++;
      } else hunk.omitted = (hunk.omitted ?? 0) + 1;
    }
  }
  close();
  return files;
}

/**
 * The patch's sections (from a `diff --git` line to the next) by the file each is of: its new path (`+++`, or
 * `rename to` / `copy to`), else its old path (a deleted file), else the header's. At most MAX_PATCH_FILES; a
 * path named twice keeps its first section. One pass, linear in the text.
 */
export function splitGitPatch(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let start = -1;
  const close = (end: number): void => {
    if (start < 0) return;
    const section = text.slice(start, end);
    const path = sectionPath(section);
    if (path !== null && !sections.has(path)) sections.set(path, section);
  };
  let at = 0;
  while (at <= text.length) {
    const next = text.indexOf('\n', at);
    const end = next < 0 ? text.length : next + 1;
    if (text.startsWith('diff --git ', at)) {
      close(at);
      if (sections.size >= MAX_PATCH_FILES) return sections;
      start = at;
    }
    if (next < 0) break;
    at = end;
  }
  close(text.length);
  return sections;
}

/** The file one section is of (see splitGitPatch); its lines up to the first hunk are read, no further. */
function sectionPath(section: string): string | null {
  let header: string | null = null;
  let oldName: string | null = null;
  let newName: string | null = null;
  let renamed: string | null = null;
  for (const line of section.split('\n')) {
    if (line.startsWith('@@')) break;
    if (line.startsWith('diff --git ')) header = headerPath(line);
    else if (line.startsWith('--- ')) oldName = patchPath(line.slice(4));
    else if (line.startsWith('+++ ')) newName = patchPath(line.slice(4));
    else if (RENAMED_TO.test(line)) renamed = unquote(line.replace(RENAMED_TO, ''));
  }
  return newName ?? renamed ?? oldName ?? header;
}

function unquote(name: string): string {
  return name.replace(/^"(.*)"$/, '$1');
}

/** `a/x` or `/abs/x` as written after ---/+++ (a tab ends it, as git writes names with spaces); null for /dev/null. */
function patchPath(rest: string): string | null {
  const name = rest.split('\t')[0]!.replace(/^"(.*)"$/, '$1');
  if (name === '/dev/null') return null;
  return name.startsWith('a/') || name.startsWith('b/') ? name.slice(2) : name;
}

/** The second path of `diff --git A B` when both halves are equal (no way to split names with spaces otherwise). */
function headerPath(line: string): string | null {
  const rest = line.replace(/^diff --git /, '');
  const half = (rest.length - 1) / 2;
  if (!Number.isInteger(half) || rest[half] !== ' ') return null;
  const [first, second] = [rest.slice(0, half), rest.slice(half + 1)];
  const strip = (name: string) => (name.startsWith('a/') || name.startsWith('b/') ? name.slice(2) : name);
  return strip(first) === strip(second) ? strip(second) : null;
}
