// The text a file had before an agent changed it, from its text now and the `git_patch` section the agent
// reported for it (ACP v2 diff content, one `diff --git` section of src/shared/gitPatch.ts's splitGitPatch):
// what review needs as the baseline of a file the disk watcher never saw before the change. Exact or refused:
// every context and added line must be the file's own, the hunks' counts must hold, in order, and the patch
// must reach the end of a side where it says that side has no newline at its end. One pass over the section
// and the text (linear); a section or text larger than MAX_REVERSE_CHARS is refused unread. Pure.

/** Characters of section or text read at most (the file limits of review are far below). */
export const MAX_REVERSE_CHARS = 64 * 1024 * 1024;

export type Reversal = { ok: true; before: string | null } | { ok: false; reason: string };

interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** Lines with their sign (' ', '-', '+'). */
  lines: { sign: string; text: string }[];
  /** A `\ No newline at end of file` after the old side's (new side's) last line of this hunk. */
  oldNoNewline: boolean;
  newNoNewline: boolean;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** `after`: the file's text now (null: it is gone). `before` null: the patch says the file was created. */
export function reverseApplyGitPatch(section: string, after: string | null): Reversal {
  if (section.length > MAX_REVERSE_CHARS || (after?.length ?? 0) > MAX_REVERSE_CHARS)
    return refused('the patch or the file is too large to reverse');
  const parsed = parseSection(section);
  if ('reason' in parsed) return refused(parsed.reason);
  const { hunks, created, deleted } = parsed;
  if (deleted !== (after === null))
    return refused(deleted ? 'the patch deletes the file, but it is there' : 'the file is gone');
  const newText = splitLines(after ?? '');
  const before: string[] = [];
  let cursor = 0;
  let oldEndTouched = false;
  let oldNoNewline = false;
  for (const [index, hunk] of hunks.entries()) {
    const newAt = hunk.newCount === 0 ? hunk.newStart : hunk.newStart - 1;
    if (newAt < cursor || newAt > newText.lines.length) return refused('the hunks are out of order or out of range');
    for (; cursor < newAt; cursor++) before.push(newText.lines[cursor]!);
    const oldAt = hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1;
    if (oldAt !== before.length) return refused(`hunk ${index + 1} starts at the wrong old line`);
    for (const line of hunk.lines) {
      if (line.sign !== '-') {
        if (newText.lines[cursor] !== line.text) return refused(`hunk ${index + 1} does not match the file`);
        cursor++;
      }
      if (line.sign !== '+') before.push(line.text);
    }
    const last = index === hunks.length - 1;
    if (hunk.newNoNewline && !(last && cursor === newText.lines.length && !newText.finalNewline))
      return refused('the patch says the file has no newline at its end, but it has one');
    if (last && cursor === newText.lines.length && newText.lines.length > 0 && hunk.newCount > 0) {
      if (!hunk.newNoNewline && !newText.finalNewline)
        return refused('the file has no newline at its end, but the patch says it has');
    }
    if (hunk.oldNoNewline && !last) return refused('a hunk after the end of the old file');
    oldEndTouched = last && cursor === newText.lines.length;
    oldNoNewline = hunk.oldNoNewline;
  }
  for (; cursor < newText.lines.length; cursor++) before.push(newText.lines[cursor]!);
  if (created) return before.length === 0 ? { ok: true, before: null } : refused('the new file is not all added');
  const finalNewline = oldEndTouched && hunks.length > 0 ? !oldNoNewline : newText.finalNewline;
  if (oldNoNewline && !oldEndTouched) return refused('the old file ends inside the patch, not at its end');
  return { ok: true, before: before.join('\n') + (finalNewline && before.length > 0 ? '\n' : '') };
}

function refused(reason: string): Reversal {
  return { ok: false, reason };
}

function splitLines(text: string): { lines: string[]; finalNewline: boolean } {
  if (text === '') return { lines: [], finalNewline: false };
  const lines = text.split('\n');
  const finalNewline = lines[lines.length - 1] === '';
  if (finalNewline) lines.pop();
  return { lines, finalNewline };
}

/** The section's hunks, strictly: each hunk's line counts as its header says; a binary patch is refused. */
function parseSection(section: string): { hunks: Hunk[]; created: boolean; deleted: boolean } | { reason: string } {
  const hunks: Hunk[] = [];
  let created = false;
  let deleted = false;
  let hunk: Hunk | undefined;
  let oldLeft = 0;
  let newLeft = 0;
  let lastSign = '';
  for (const line of section.split('\n')) {
    // `\ No newline at end of file`: the line before it is the last of its side(s).
    if (hunk && line.startsWith('\\') && lastSign !== '') {
      if (lastSign !== '+') hunk.oldNoNewline = true;
      if (lastSign !== '-') hunk.newNoNewline = true;
      continue;
    }
    if (hunk && (oldLeft > 0 || newLeft > 0)) {
      // git writes an empty context line as " "; a tool that trims it leaves "".
      const sign = line === '' ? ' ' : line[0]!;
      if ((sign !== '+' && hunk.oldNoNewline) || (sign !== '-' && hunk.newNoNewline))
        return { reason: 'a line after the end of the file' };
      if (sign === ' ' && oldLeft > 0 && newLeft > 0) {
        oldLeft--;
        newLeft--;
      } else if (sign === '-' && oldLeft > 0) oldLeft--;
      else if (sign === '+' && newLeft > 0) newLeft--;
      else return { reason: 'a hunk whose lines do not add up to its header' };
      hunk.lines.push({ sign, text: line.slice(1) });
      lastSign = sign;
      continue;
    }
    if (line.startsWith('@@')) {
      const match = HUNK_HEADER.exec(line);
      if (!match) return { reason: 'a hunk header git would not write' };
      hunk = {
        oldStart: Number(match[1]),
        oldCount: match[2] === undefined ? 1 : Number(match[2]),
        newStart: Number(match[3]),
        newCount: match[4] === undefined ? 1 : Number(match[4]),
        lines: [],
        oldNoNewline: false,
        newNoNewline: false,
      };
      hunks.push(hunk);
      lastSign = '';
      oldLeft = hunk.oldCount;
      newLeft = hunk.newCount;
      continue;
    }
    if (hunk) {
      // After the hunks, only a blank end of the text.
      if (line !== '') return { reason: 'text after the last hunk' };
      continue;
    }
    if (line.startsWith('GIT binary patch') || line.startsWith('Binary files ')) return { reason: 'a binary patch' };
    if (line === '--- /dev/null' || line.startsWith('new file mode')) created = true;
    if (line === '+++ /dev/null' || line.startsWith('deleted file mode')) deleted = true;
  }
  if (hunk && (oldLeft > 0 || newLeft > 0)) return { reason: 'the patch ends inside a hunk' };
  return { hunks, created, deleted };
}
