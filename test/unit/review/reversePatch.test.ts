// Reverse-applying a git_patch section to a file's text now gives its text before the agent's change: exact on
// patches real `git diff` writes (newlines at the end or not, CRLF, several hunks, new and deleted files,
// renames), refused on any mismatch, and linear (a large file and patch in well under a second).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reverseApplyGitPatch } from '../../../src/review/reversePatch';
import { splitGitPatch } from '../../../src/shared/gitPatch';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reverse-patch-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The patch real git writes from `before` to `after` (null: no file), as one section. */
function gitPatch(before: string | null, after: string | null): string {
  const oldFile = path.join(dir, 'old.txt');
  const newFile = path.join(dir, 'new.txt');
  fs.rmSync(oldFile, { force: true });
  fs.rmSync(newFile, { force: true });
  if (before !== null) fs.writeFileSync(oldFile, before);
  if (after !== null) fs.writeFileSync(newFile, after);
  const args = ['diff', '--no-index', '--no-color', before === null ? '/dev/null' : oldFile];
  args.push(after === null ? '/dev/null' : newFile);
  try {
    execFileSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    return '';
  } catch (error) {
    return (error as { stdout: string }).stdout; // git diff exits 1 when the files differ
  }
}

const lines = (count: number, label = 'line') =>
  Array.from({ length: count }, (_, i) => `${label} ${i + 1}\n`).join('');

describe('reverseApplyGitPatch', () => {
  const pairs: [string, string | null, string | null][] = [
    ['one changed line', 'a\nb\nc\n', 'a\nB\nc\n'],
    ['two hunks far apart', lines(40), lines(40).replace('line 3\n', 'LINE 3\n').replace('line 37\n', 'x\ny\n')],
    ['lines added at the start and the end', lines(10), `first\n${lines(10)}last\n`],
    ['lines removed', lines(12), lines(12).replace('line 5\nline 6\n', '')],
    ['no newline at the end, before and after', 'a\nb', 'a\nc'],
    ['a newline added at the end', 'a\nb', 'a\nb\n'],
    ['the newline at the end removed', 'a\nb\n', 'a\nb'],
    ['unchanged last line without newline, far from the change', `x\n${lines(10)}end`, `y\n${lines(10)}end`],
    ['CRLF lines', 'a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n'],
    ['emptied', 'a\nb\n', ''],
    ['filled from empty', '', 'a\n'],
    ['a new file', null, 'hello\nworld\n'],
    ['a new file without newline', null, 'hello'],
    ['a deleted file', 'bye\nnow\n', null],
    ['a deleted file without newline', 'bye', null],
  ];
  for (const [name, before, after] of pairs) {
    it(`gives the text before: ${name}`, () => {
      const patch = gitPatch(before, after);
      expect(patch).toMatch(/^diff --git /);
      expect(reverseApplyGitPatch(patch, after)).toEqual({ ok: true, before });
    });
  }

  it('a rename without changes (no hunks) gives the same text', () => {
    const section = 'diff --git /w/a.txt /w/b.txt\nsimilarity index 100%\nrename from /w/a.txt\nrename to /w/b.txt\n';
    expect(reverseApplyGitPatch(section, 'same\n')).toEqual({ ok: true, before: 'same\n' });
    expect([...splitGitPatch(section).keys()]).toEqual(['/w/b.txt']);
  });

  it('is refused when the file is not what the patch made', () => {
    const patch = gitPatch('a\nb\nc\n', 'a\nB\nc\n');
    expect(reverseApplyGitPatch(patch, 'a\nX\nc\n')).toMatchObject({ ok: false });
    expect(reverseApplyGitPatch(patch, 'z\nB\nc\n')).toMatchObject({ ok: false }); // a context line differs
    expect(reverseApplyGitPatch(patch, 'a\nB\nc')).toMatchObject({ ok: false }); // no newline at the end now
    expect(reverseApplyGitPatch(patch, null)).toMatchObject({ ok: false }); // the file is gone
    expect(reverseApplyGitPatch(gitPatch(null, 'new\n'), 'new\nmore\n')).toMatchObject({ ok: false });
    expect(reverseApplyGitPatch(gitPatch('a\n', null), 'a\n')).toMatchObject({ ok: false });
  });

  it('is refused when the patch is cut short, its counts are wrong or it is binary', () => {
    const patch = gitPatch(lines(10), lines(10).replace('line 5\n', 'five\n'));
    const after = lines(10).replace('line 5\n', 'five\n');
    const cut = patch.slice(0, patch.indexOf('+five'));
    expect(reverseApplyGitPatch(cut, after)).toMatchObject({ ok: false, reason: 'the patch ends inside a hunk' });
    const dropped = patch.replace('-line 5\n', '');
    expect(reverseApplyGitPatch(dropped, after)).toMatchObject({ ok: false });
    const trailing = `${patch}garbage\n`;
    expect(reverseApplyGitPatch(trailing, after)).toMatchObject({ ok: false });
    const binary = 'diff --git /w/a.png /w/a.png\nindex 1..2 100644\nBinary files /w/a.png and /w/a.png differ\n';
    expect(reverseApplyGitPatch(binary, 'x')).toEqual({ ok: false, reason: 'a binary patch' });
    const outOfRange = patch.replace(/@@ -\d+,\d+ \+\d+,\d+ @@/, '@@ -3,7 +3,7 @@');
    expect(reverseApplyGitPatch(outOfRange, after)).toMatchObject({ ok: false });
  });

  it('is linear: a 200,000-line file with a change every 10 lines reverses in well under a second', () => {
    const before = lines(200_000);
    const after = before.replace(/line (\d*0)\n/g, 'changed $1\n');
    const patch = gitPatch(before, after);
    const started = performance.now();
    expect(reverseApplyGitPatch(patch, after)).toEqual({ ok: true, before });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('splitGitPatch finds each file of a multi-file patch by its new path (old path for a deletion)', () => {
    const text =
      'diff --git /w/a.txt /w/a.txt\n--- /w/a.txt\n+++ /w/a.txt\n@@ -1 +1 @@\n-a\n+A\n' +
      'diff --git /w/gone.txt /w/gone.txt\ndeleted file mode 100644\n--- /w/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n';
    const sections = splitGitPatch(text);
    expect([...sections.keys()]).toEqual(['/w/a.txt', '/w/gone.txt']);
    expect(reverseApplyGitPatch(sections.get('/w/a.txt')!, 'A\n')).toEqual({ ok: true, before: 'a\n' });
    expect(reverseApplyGitPatch(sections.get('/w/gone.txt')!, null)).toEqual({ ok: true, before: 'x\n' });
  });
});
