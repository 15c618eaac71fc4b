// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Parser, type Token, type Tokens } from 'marked';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';
import { LIST_GROUP_ITEMS } from '../../../webview/render/markdown/growingRows';

function oneShot(text: string): string {
  const md = new IncrementalMarkdown();
  md.update(text);
  return md.el.innerHTML;
}

/** Streams `text` in `chunk`-character updates (each one a markdown pass of the open block). */
function streamed(text: string, chunk: number): IncrementalMarkdown {
  const md = new IncrementalMarkdown();
  for (let end = chunk; end < text.length + chunk; end += chunk) md.update(text.slice(0, end));
  return md;
}

/** The rows (items) of each table (list) the passes rendered. */
function renderedRows(): { rows: number[]; spy: { mockRestore(): void } } {
  const rows: number[] = [];
  const parse = Parser.parse.bind(Parser);
  const spy = vi.spyOn(Parser, 'parse').mockImplementation((tokens: Token[], options?) => {
    for (const token of tokens) {
      if (token.type === 'table') rows.push((token as Tokens.Table).rows.length);
      if (token.type === 'list') rows.push((token as Tokens.List).items.length);
    }
    return parse(tokens, options);
  });
  return { rows, spy };
}

const TABLE =
  'Before.\n\n| File | Lines | Change |\n| --- | ---: | :---: |\n' +
  Array.from(
    { length: 60 },
    (_, i) => `| src/m${i}.ts | ${i * 7} | **edit** \`f${i}()\` [docs](https://example.invalid/${i}) |`,
  ).join('\n') +
  '\n\nAfter.\n';

const LIST =
  'Steps:\n\n' +
  Array.from(
    { length: 60 },
    (_, i) => `${i + 3}. [${i % 2 ? 'x' : ' '}] step ${i} reads \`src/a${i}.ts\` and *edits* it`,
  ).join('\n') +
  '\n\nDone.\n';

describe('a streaming table or list renders only its rows from the first that changed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a long table: each pass renders the new rows, and the end is the one-shot DOM', () => {
    const { rows } = renderedRows();
    const md = streamed(TABLE, 7);
    expect(md.el.innerHTML).toBe(oneShot(TABLE));
    // Once the table has rows, no pass renders more than the last row and the one after it.
    expect(rows.length).toBeGreaterThan(60);
    expect(Math.max(...rows.slice(0, -1))).toBeLessThanOrEqual(2);
  });

  it('a long ordered task list: the same, with its start number and checkboxes', () => {
    const { rows } = renderedRows();
    const md = streamed(LIST, 5);
    expect(md.el.innerHTML).toBe(oneShot(LIST));
    expect(md.el.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(md.el.querySelectorAll('li input[type="checkbox"][disabled]')).toHaveLength(60);
    expect(Math.max(...rows.slice(0, -1))).toBeLessThanOrEqual(2);
  });

  it(`a long list's items sit in groups of ${LIST_GROUP_ITEMS}, streamed as rendered at once, numbers kept`, () => {
    const md = streamed(LIST, 5);
    const groups = Array.from(md.el.querySelectorAll('ol > *'));
    expect(groups.map((group) => [group.className, group.childElementCount])).toEqual([
      ['md-items', LIST_GROUP_ITEMS],
      ['md-items', 60 - LIST_GROUP_ITEMS],
    ]);
    expect(md.el.querySelectorAll('ol > div.md-items > li')).toHaveLength(60);
    expect(md.el.querySelector('ol')?.getAttribute('start')).toBe('3');
    // Its numbers reach 62: the list makes room for two digits, as the one-shot render does.
    expect(md.el.querySelector('ol')?.className).toBe('md-digits-2');
    expect(oneShot('98. a\n99. b\n100. c\n')).toContain('<ol start="98" class="md-digits-3">');
    expect(oneShot('1. a\n2. b\n')).toContain('<ol>');
    // A short list stays as marked renders it.
    expect(oneShot('- a\n- b\n')).toContain('<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
  });

  it('a list that turns loose (a blank line between items) renders whole again, and ends as the one-shot DOM', () => {
    const text = '- a\n- b\n- c\n\n- d\n- e\n\nafter\n';
    const { rows } = renderedRows();
    const md = streamed(text, 1);
    expect(md.el.innerHTML).toBe(oneShot(text));
    expect(md.el.querySelectorAll('li > p').length).toBe(5);
    expect(rows).toContain(4); // the pass that made it loose rendered every item
  });

  it('rows are sanitised like a whole block: agent HTML and script links in cells do nothing', () => {
    const text =
      '| a | b |\n| - | - |\n' +
      Array.from({ length: 5 }, (_, i) => `| <img src=x onerror=alert(${i})> | [x](javascript:alert(${i})) |`).join(
        '\n',
      ) +
      '\n';
    const md = streamed(text, 3);
    expect(md.el.innerHTML).toBe(oneShot(text));
    expect(md.el.querySelector('[onerror], img[src="x"], a[href^="javascript"]')).toBeNull();
    expect(md.el.querySelectorAll('tbody tr')).toHaveLength(5);
  });

  it('the row or item that grew is patched in place: its element stays, only its text grows', () => {
    // A new element for the last row on every pass was styled and laid out whole each time.
    const cases: Array<[string, string, string]> = [
      ['| a | b |\n| - | - |\n| one | two |\n| three | fo', 'ur |\n| five |', 'tbody tr'],
      ['- one\n- two with `code` and so', 'me more words\n- three', 'li'],
      [LIST.slice(0, LIST.indexOf(' step 40 ') + 12), ' and *edits* it\n', 'li'],
    ];
    for (const [start, more, rowSelector] of cases) {
      const md = new IncrementalMarkdown();
      md.update(start);
      const rows = Array.from(md.el.querySelectorAll(rowSelector));
      const grown = rows[rows.length - 1]!;
      const kept = grown.firstChild;
      md.update(start + more);
      const after = Array.from(md.el.querySelectorAll(rowSelector));
      expect(after[rows.length - 1]).toBe(grown);
      expect(grown.firstChild).toBe(kept);
      expect(after.slice(0, rows.length - 1)).toEqual(rows.slice(0, -1));
      expect(md.el.innerHTML).toBe(oneShot(start + more));
    }
  });

  it('a nested list item that grows a paragraph of its own updates in place (the rows follow a patched block)', () => {
    const text = '- a\n  - b\n\n    deep\n- c\n\nafter\n';
    expect(streamed(text, 1).el.innerHTML).toBe(oneShot(text));
  });
});
