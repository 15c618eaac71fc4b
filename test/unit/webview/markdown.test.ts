// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';

const DOCS: Record<string, string> = {
  mixed: [
    '# Title',
    '',
    'A paragraph with **bold**, `code` and a [link](https://example.com).',
    'Second line of the same paragraph.',
    '',
    '- item one',
    '- item two',
    '',
    '  continued item two after a blank line',
    '',
    '```ts',
    'const x = 1;',
    '',
    'function f() { return x; }',
    '```',
    'text right after the fence',
    '',
    '| a | b |',
    '|---|---|',
    '| 1 | 2 |',
    'x | y',
    '',
    '> quote',
    'lazy continuation',
    '',
    '1. first',
    '2. second',
    '',
    '    indented code',
    '',
    'Setext heading',
    '===',
    '',
    'See [ref] here.',
    '',
    '[ref]: https://example.com/ref',
    '',
    'Last words.',
  ].join('\n'),
  unclosedFence: 'Intro\n\n```python\nprint(1)\n\nprint(2)\n',
  nestedList: '- a\n  - b\n\n    deep\n- c\n\nafter\n',
  crlf: 'one\r\n\r\ntwo\r\n- x\r\n',
  html: 'before\n\n<div>\n\nblock\n\n</div>\n\nafter <b>x</b>\n',
};

/** A copy of a rendered message without its chapter and segment wrappers (see segments.ts). */
function unwrapSegments(el: HTMLElement): HTMLElement {
  const copy = el.cloneNode(true) as HTMLElement;
  for (const segment of Array.from(copy.querySelectorAll('.md-chapter, .md-segment')))
    segment.replaceWith(...Array.from(segment.childNodes));
  return copy;
}

function streamed(text: string, chunk = 1): IncrementalMarkdown {
  const md = new IncrementalMarkdown();
  for (let i = chunk; i < text.length + chunk; i += chunk) md.update(text.slice(0, i));
  return md;
}

describe('IncrementalMarkdown', () => {
  for (const [name, text] of Object.entries(DOCS)) {
    it(`streams "${name}" in 1-char chunks to the same DOM as a one-shot render`, () => {
      const oneShot = new IncrementalMarkdown();
      oneShot.update(text);
      const md = streamed(text);
      expect(md.el.innerHTML).toBe(oneShot.el.innerHTML);
      expect(md.stats.resets).toBe(0);
    });
  }

  it('matches a plain marked + DOMPurify render (apart from code-block decorations)', () => {
    const text = 'Hello *world*\n\n- a\n- b\n\n> q\n\nend\n';
    const md = streamed(text, 3);
    const expected = document.createElement('div');
    expected.innerHTML = DOMPurify.sanitize(marked.parse(text, { async: false }) as string);
    expect(unwrapSegments(md.el).innerHTML).toBe(expected.innerHTML);
  });

  it('freezes complete blocks: rendered once, never touched again', () => {
    const paragraphs = Array.from({ length: 20 }, (_, i) => `Paragraph number ${i} with some words.`);
    const text = paragraphs.join('\n\n') + '\n';
    const md = new IncrementalMarkdown();
    md.update(paragraphs[0] + '\n\n' + paragraphs[1]);
    const firstParagraph = md.el.querySelector('p');
    expect(firstParagraph?.textContent).toBe(paragraphs[0]);

    const removed: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) removed.push(...Array.from(record.removedNodes));
    });
    observer.observe(md.el, { childList: true, subtree: true, characterData: true });
    const start = paragraphs[0]!.length + 2 + paragraphs[1]!.length;
    for (let i = start + 1; i <= text.length; i++) md.update(text.slice(0, i));
    const records = observer.takeRecords();
    for (const record of records) removed.push(...Array.from(record.removedNodes));
    observer.disconnect();

    expect(md.el.querySelector('p')).toBe(firstParagraph);
    expect(removed).not.toContain(firstParagraph);
    // Each of the 20 paragraphs (plus separating space tokens) froze exactly once; the frozen
    // count is bounded by the number of top-level tokens, not by the number of chunks.
    expect(md.stats.frozenBlocks).toBeLessThanOrEqual(40);
    expect(md.el.querySelectorAll('p')).toHaveLength(20);
    // Removed nodes are only ever tail nodes: none of the first 19 paragraphs were removed.
    const frozen = Array.from(md.el.querySelectorAll('p')).slice(0, 19);
    for (const p of frozen) expect(removed).not.toContain(p);
  });

  it('resets when the text is replaced instead of extended', () => {
    const md = new IncrementalMarkdown();
    md.update('first\n\nsecond\n\nthird');
    md.update('other text');
    expect(md.el.textContent?.trim()).toBe('other text');
    expect(md.stats.resets).toBe(1);
  });

  it('grows an open code block in place: same <code> element, same DOM as a one-shot render', () => {
    const text =
      'Intro\n\n```ts\n' +
      Array.from({ length: 30 }, (_, i) => `const v${i} = "<${i}>" & ${i};`).join('\n') +
      '\n```\n\nafter\n';
    const md = new IncrementalMarkdown();
    const fenceStart = text.indexOf('const v0');
    md.update(text.slice(0, fenceStart + 5));
    const code = md.el.querySelector('pre code');
    expect(code).not.toBeNull();
    const rendersBefore = md.stats.blockRenders;
    const fenceEnd = text.indexOf('\n```\n') + 1;
    for (let i = fenceStart + 6; i <= fenceEnd; i++) md.update(text.slice(0, i));
    expect(md.el.querySelector('pre code')).toBe(code);
    expect(md.stats.blockRenders).toBe(rendersBefore);
    md.update(text.slice(0, fenceEnd + 3)); // the closing fence: coloured now
    const colouredSpan = code?.querySelector('span');
    expect(colouredSpan).toBeTruthy();
    for (let i = fenceEnd + 4; i <= text.length; i++) md.update(text.slice(0, i));
    expect(code?.querySelector('span')).toBe(colouredSpan); // coloured once, not again per chunk
    const oneShot = new IncrementalMarkdown();
    oneShot.update(text);
    expect(md.el.innerHTML).toBe(oneShot.el.innerHTML);
    expect(code?.textContent).toContain('const v29 = "<29>" & 29;');
  });

  it("keeps a code block's element when its closing fence and the blocks after it come in one update", () => {
    // A markdown pass often takes the closing fence and the next heading together: the block is
    // coloured in place, not rendered and sanitised whole again (its element, and its Apply, stay).
    const text = 'Intro\n\n```ts\nconst a = 1;\nconst b = 2;\n```\n\n## Next\n\nMore text.\n';
    const md = new IncrementalMarkdown(undefined, true);
    const open = text.indexOf('const b');
    md.update(text.slice(0, open));
    const code = md.el.querySelector('pre code');
    expect(code).not.toBeNull();
    const rendersBefore = md.stats.blockRenders;
    md.update(text);
    expect(md.el.querySelector('pre code')).toBe(code);
    expect(code?.querySelector('span')).toBeTruthy(); // coloured
    // The heading and the paragraph rendered, the code block did not.
    expect(md.stats.blockRenders - rendersBefore).toBeLessThanOrEqual(4);
    const oneShot = new IncrementalMarkdown(undefined, true);
    oneShot.update(text);
    expect(md.el.innerHTML).toBe(oneShot.el.innerHTML);
  });

  it('adds a Copy header to code blocks', () => {
    const md = new IncrementalMarkdown();
    md.update('```js\nlet a = 1;\n```\n');
    const block = md.el.querySelector('.code-block');
    expect(block?.querySelector('.code-language')?.textContent).toBe('js');
    expect(block?.querySelector('button.copy-code')).not.toBeNull();
    expect(block?.querySelector('pre code')?.textContent).toBe('let a = 1;\n');
  });
});

describe('markdown sanitising', () => {
  it('removes scripts, event handlers and javascript: links from agent text', () => {
    const md = new IncrementalMarkdown();
    const evil = [
      'Hi <img src=x onerror="alert(1)"> there',
      '',
      '<script>alert(2)</script>',
      '',
      '[click](javascript:alert(3)) and <a href="javascript:alert(4)">raw</a>',
      '',
      '<div style="color:red" onclick="alert(5)">styled</div>',
      '',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');
    for (let i = 1; i <= evil.length; i++) md.update(evil.slice(0, i));
    const html = md.el.innerHTML;
    expect(md.el.querySelector('script, iframe')).toBeNull();
    expect(html).not.toMatch(/onerror|onclick|javascript:|style=/i);
    // An image the agent points at is never loaded (see agentImages.ts): a placeholder stands for it.
    expect(md.el.querySelector('img')).toBeNull();
    expect(md.el.querySelector('.blocked-image')?.textContent).toBe('Image — not loaded');
    expect(md.el.textContent).toContain('styled');
  });
});
