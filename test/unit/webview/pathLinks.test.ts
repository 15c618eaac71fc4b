// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findPaths, hrefTarget, isPathLike, MAX_LINKS_PER_BLOCK } from '../../../webview/render/markdown/pathLinks';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';
import { agentChunk, mount, READY, thread } from './helpers';

const paths = (text: string) => findPaths(text).map((found) => found.target);

describe('path detection', () => {
  it('finds paths, path:line and path:line:col', () => {
    expect(paths('See src/chat/router.ts:42 and README.md, then webview/app.ts:10:5.')).toEqual([
      { path: 'src/chat/router.ts', line: 42, column: null },
      { path: 'README.md', line: null, column: null },
      { path: 'webview/app.ts', line: 10, column: 5 },
    ]);
    expect(paths('edit ./lib/a.py')).toEqual([{ path: './lib/a.py', line: null, column: null }]);
  });

  it.each([
    'https://example.com/src/a.ts',
    'see http://x.io/README.md:12',
    'javascript:alert(1)',
    'vscode://file/etc/passwd.ts',
    'file:///etc/passwd',
    '../../etc/passwd',
    'cat ../secrets/key.pem',
    '/etc/passwd',
    '/home/user/project/a.ts',
    '~/.ssh/id_rsa.txt',
    'mail me at someone@example.com',
    'and/or 1/2 3.14 v1.2.3 e.g. i.e.',
    'a.b.zz',
    'x'.repeat(400) + '.ts',
  ])('links nothing in %j', (text) => {
    expect(paths(text)).toEqual([]);
  });

  it('a script URL is never part of a link (only a quoted file name in it could be)', () => {
    expect(paths('javascript:alert("a.ts")')).toEqual([{ path: 'a.ts', line: null, column: null }]);
  });

  it('is bounded on huge strings', () => {
    expect(findPaths('src/a.ts '.repeat(5000))).toHaveLength(0); // over MAX_SCANNED_CHARS: not scanned
    expect(findPaths('src/a.ts '.repeat(1000))).toHaveLength(MAX_LINKS_PER_BLOCK);
    expect(isPathLike('a/'.repeat(1000) + 'b.ts')).toBe(false);
  });

  it('reads relative markdown hrefs, never URLs or escapes', () => {
    expect(hrefTarget('src/a.ts#L12')).toEqual({ path: 'src/a.ts', line: 12, column: null });
    expect(hrefTarget('src/a.ts:3:4')).toEqual({ path: 'src/a.ts', line: 3, column: 4 });
    expect(hrefTarget('docs/My%20Notes.md')).toEqual({ path: 'docs/My Notes.md', line: null, column: null });
    for (const href of [
      'https://x.io/a.ts',
      'javascript:alert(1)',
      '#top',
      '//evil/a.ts',
      '../../etc/passwd',
      '/etc/passwd',
      '%E0%A4%A',
      'a%00.ts',
    ])
      expect(hrefTarget(href), href).toBeNull();
  });
});

describe('path links in rendered markdown', () => {
  it('links paths in text and inline code, not in code blocks or URLs', () => {
    const md = new IncrementalMarkdown();
    md.update(
      'Look at `src/a.ts:12` and [the notes](docs/notes.md#L3) or [site](https://x.io/b.ts).\n\n```\nsrc/c.ts\n```\n',
    );
    const links = Array.from(md.el.querySelectorAll<HTMLElement>('.path-link'));
    expect(links.map((a) => [a.textContent, a.dataset.path, a.dataset.line ?? null])).toEqual([
      ['src/a.ts:12', 'src/a.ts', '12'],
      ['the notes', 'docs/notes.md', '3'],
    ]);
    for (const link of links) {
      expect(link.hasAttribute('href')).toBe(false);
      expect(link.tabIndex).toBe(0);
      expect(link.title).toBe(`Open ${link.dataset.path}`);
    }
    expect(md.el.querySelector('a[href="https://x.io/b.ts"]')).not.toBeNull();
    expect(md.el.querySelector('pre .path-link')).toBeNull();
  });

  it('agent HTML cannot forge a path link', () => {
    const md = new IncrementalMarkdown();
    md.update('<a class="path-link" data-path="/etc/passwd" tabindex="0">x</a> <span data-path="../x">y</span>\n');
    expect(md.el.querySelector('[data-path]')).toBeNull();
  });

  it('a click or Enter on a path link posts openPath', () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk('Fixed in src/chat/router.ts:42:7 now.\n')]));
    const link = m.$('.entry.agent .path-link');
    link.click();
    link.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(m.posted).toEqual([
      { type: 'openPath', path: 'src/chat/router.ts', line: 42, column: 7 },
      { type: 'openPath', path: 'src/chat/router.ts', line: 42, column: 7 },
    ]);
  });
});

describe('Copy on an agent message', () => {
  it('copies the markdown source and says Copied', () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk('**Done**: see `a.ts`.\n\n```sh\nls\n```\n')]));
    const copy = m.$('.entry.agent button.copy-message');
    expect(copy.getAttribute('aria-label')).toBe('Copy message');
    expect(copy.textContent).toBe('Copy');
    copy.click();
    expect(m.posted).toEqual([{ type: 'copy', text: '**Done**: see `a.ts`.\n\n```sh\nls\n```\n' }]);
    expect(copy.textContent).toBe('Copied');
    expect(m.$('.entry.agent .copy-status').textContent).toBe('Copied');
    expect(m.$('.entry.agent .copy-status').getAttribute('role')).toBe('status');
  });

  it('user messages have no Copy', () => {
    const m = mount();
    m.snapshot(thread([...READY]));
    expect(m.$$('.entry.user button.copy-message')).toEqual([]);
  });
});
