// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { GrowingCode, LINES_PER_GROUP } from '../../../webview/render/markdown/codeGrowth';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';

const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `const line${from + i} = ${(from + i) * 7};\n`).join('');

describe('GrowingCode', () => {
  it('keeps lines in groups cut by line number, whatever the chunks, and only appends', () => {
    const text = lines(0, 200);
    const once = document.createElement('code');
    new GrowingCode(once, text);
    const streamed = document.createElement('code');
    const growing = new GrowingCode(streamed, '');
    const removed: Node[] = [];
    const observer = new MutationObserver((records) =>
      records.forEach((r) => removed.push(...Array.from(r.removedNodes))),
    );
    observer.observe(streamed, { childList: true, subtree: true });
    // The shown text always ends with a newline, as marked's code text does: a line that grows
    // replaces that newline.
    for (let end = 13; end < text.length + 13; end += 13) {
      const shown = text.slice(0, Math.min(end, text.length));
      expect(growing.update(shown.endsWith('\n') ? shown : `${shown}\n`)).toBe(true);
    }
    observer.takeRecords().forEach((r) => removed.push(...Array.from(r.removedNodes)));
    observer.disconnect();
    expect(streamed.innerHTML).toBe(once.innerHTML);
    expect(streamed.textContent).toBe(text);
    // The complete lines in groups, the last line (the one that can still grow) in a block of its own.
    const children = Array.from(streamed.children);
    const groups = children.slice(0, -1);
    expect(groups).toHaveLength(Math.ceil(199 / LINES_PER_GROUP));
    expect(groups.every((g) => g.className === 'code-lines' && g.childNodes.length === 1)).toBe(true);
    expect(groups[0]!.textContent).toBe(lines(0, LINES_PER_GROUP));
    expect(children.at(-1)!.className).toBe('code-line-open');
    expect(children.at(-1)!.textContent).toBe(lines(199, 200));
    expect(removed).toEqual([]);
  });

  it('rewrites only the last line while it grows: the groups are appended to once per completed line', () => {
    const el = document.createElement('code');
    const growing = new GrowingCode(el, lines(0, 100));
    const groupTexts = Array.from(el.querySelectorAll('.code-lines'), (g) => g.firstChild!);
    const touched: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => touched.push(r.target)));
    observer.observe(el, { characterData: true, childList: true, subtree: true });
    let text = lines(0, 100).slice(0, -1);
    for (const piece of ['const', ' grown', ' = 1;']) {
      text += piece;
      expect(growing.update(`${text}\n`)).toBe(true);
    }
    observer.takeRecords().forEach((r) => touched.push(r.target));
    expect(touched.length).toBeGreaterThan(0);
    expect(touched.some((node) => groupTexts.includes(node as ChildNode))).toBe(false);
    expect(el.querySelector('.code-line-open')!.textContent).toBe('const line99 = 693;const grown = 1;\n');
    // A new line: the finished one joins its group, once.
    expect(growing.update(`${text}\nnext\n`)).toBe(true);
    observer.takeRecords().forEach((r) => touched.push(r.target));
    observer.disconnect();
    expect(touched.filter((node) => groupTexts.includes(node as ChildNode))).toHaveLength(1);
    expect(el.querySelector('.code-line-open')!.textContent).toBe('next\n');
    expect(el.textContent).toBe(`${text}\nnext\n`);
  });

  it('says when the new text does not extend what is shown', () => {
    const el = document.createElement('code');
    const growing = new GrowingCode(el, 'a\nb\n');
    expect(growing.update('a\nbc\n')).toBe(true);
    expect(el.textContent).toBe('a\nbc\n');
    expect(growing.update('x\nbc\n')).toBe(false);
    expect(growing.update('a\n')).toBe(false);
  });
});

describe('a long code block streaming through IncrementalMarkdown', () => {
  it('ends with the same DOM as a one-shot render, open and closed', () => {
    const text = 'Here:\n\n```ts\n' + lines(0, 300);
    const md = new IncrementalMarkdown();
    for (let end = 11; end < text.length + 11; end += 11) md.update(text.slice(0, end));
    const openOnce = new IncrementalMarkdown();
    openOnce.update(text);
    expect(md.el.innerHTML).toBe(openOnce.el.innerHTML);
    expect(md.el.querySelectorAll('.code-lines')).toHaveLength(Math.ceil(300 / 64));
    md.update(text + '```\n\nDone.');
    const closedOnce = new IncrementalMarkdown();
    closedOnce.update(text + '```\n\nDone.');
    expect(md.el.innerHTML).toBe(closedOnce.el.innerHTML);
    expect(md.el.querySelector('.code-lines')).toBeNull();
    expect(md.el.querySelector('.hljs-keyword')).not.toBeNull();
  });
});
