// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { diffHunks } from '../../../src/shared/diffHunks';
import { renderDiff, type DiffInput } from '../../../webview/render/tools/diff';
import {
  highlightLines,
  languageForFence,
  languageForPath,
  MAX_HIGHLIGHT_CHARS,
} from '../../../webview/render/markdown/highlight';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';

const noPost = (): void => undefined;

function texts(lines: DocumentFragment[]): string[] {
  return lines.map((line) => line.textContent ?? '');
}

describe('highlight languages', () => {
  it('maps fence info strings and aliases to the registered languages', () => {
    expect(languageForFence('ts')).toBe('typescript');
    expect(languageForFence('TypeScript {title="a.ts"}')).toBe('typescript');
    expect(languageForFence('py')).toBe('python');
    expect(languageForFence('sh')).toBe('bash');
    expect(languageForFence('yml')).toBe('yaml');
    expect(languageForFence('html')).toBe('xml');
    expect(languageForFence('cobol')).toBeUndefined();
    expect(languageForFence('')).toBeUndefined();
  });

  it('maps file extensions to languages', () => {
    expect(languageForPath('/w/src/main.ts')).toBe('typescript');
    expect(languageForPath('C:\\w\\lib.rs')).toBe('rust');
    expect(languageForPath('/w/a.mjs')).toBe('javascript');
    expect(languageForPath('/w/x.hpp')).toBe('cpp');
    expect(languageForPath('/w/notes.md')).toBe('markdown');
    expect(languageForPath('/w/Makefile')).toBeUndefined();
    expect(languageForPath('/w/.gitignore')).toBeUndefined();
    expect(languageForPath('/w/data.unknownext')).toBeUndefined();
  });
});

describe('highlightLines', () => {
  it('splits tokens that span lines so every line has its own spans, text unchanged', () => {
    const code = 'const a = 1; /* one\ntwo */ let b = "<x>&";';
    const lines = highlightLines(code, 'typescript');
    expect(lines).not.toBeNull();
    expect(texts(lines!)).toEqual(['const a = 1; /* one', 'two */ let b = "<x>&";']);
    const [first, second] = lines!.map((line) => {
      const host = document.createElement('div');
      host.appendChild(line);
      return host;
    });
    expect(first!.querySelector('.hljs-keyword')?.textContent).toBe('const');
    // The comment opened on line 1 is still a comment on line 2.
    expect(second!.querySelector('.hljs-comment')?.textContent).toBe('two */');
    expect(second!.querySelector('.hljs-string')?.textContent).toBe('"<x>&"');
    // Text stays text: the "<x>" in the string is no element.
    expect(second!.querySelector('x')).toBeNull();
  });

  it('gives null for unknown languages and for text above the size limit', () => {
    expect(highlightLines('x', undefined)).toBeNull();
    expect(highlightLines('x', 'cobol')).toBeNull();
    expect(highlightLines('a'.repeat(MAX_HIGHLIGHT_CHARS + 1), 'typescript')).toBeNull();
  });
});

/** A tool call's own diff of `path`, as the card renders it. */
function diffInput(path: string, oldText: string, newText: string): DiffInput {
  return {
    path,
    diff: diffHunks(oldText, newText, 3, 400),
    created: false,
    open: { type: 'openDiff', path, fromRevision: 1, revision: 1 },
  };
}

describe('highlighted diffs', () => {
  it('colours each line of a hunk, keeping the add/del/ctx rows and their text', () => {
    const oldText = 'function f() {\n  return 1;\n}\n';
    const newText = 'function f() {\n  return "two";\n}\n';
    const el = renderDiff(diffInput('/w/a.js', oldText, newText), noPost);
    const del = el.querySelector('.line.del .line-text');
    const add = el.querySelector('.line.add .line-text');
    expect(del?.textContent).toBe('  return 1;');
    expect(del?.querySelector('.hljs-number')?.textContent).toBe('1');
    expect(add?.textContent).toBe('  return "two";');
    expect(add?.querySelector('.hljs-string')?.textContent).toBe('"two"');
    expect(el.querySelector('.line.ctx .line-text .hljs-keyword')?.textContent).toBe('function');
  });

  it('keeps the context of a multi-line comment across removed and added lines', () => {
    const oldText = '/* start\nold\nend */\n';
    const newText = '/* start\nnew\nend */\n';
    const el = renderDiff(diffInput('/w/a.ts', oldText, newText), noPost);
    expect(el.querySelector('.line.del .hljs-comment')?.textContent).toBe('old');
    expect(el.querySelector('.line.add .hljs-comment')?.textContent).toBe('new');
  });

  it('shows plain text for files of unknown type', () => {
    const el = renderDiff(diffInput('/w/notes.unknownext', 'a\n', 'const b\n'), noPost);
    expect(el.querySelector('.line.add .line-text')?.textContent).toBe('const b');
    expect(el.querySelector('.line-text span')).toBeNull();
  });
});

describe('highlighted markdown code blocks', () => {
  it('colours a fenced block with a known language and leaves others plain', () => {
    const md = new IncrementalMarkdown();
    md.update('```python\ndef f():\n    return "x"\n```\n\n```\nplain def\n```\n');
    const [python, plain] = Array.from(md.el.querySelectorAll('pre code'));
    expect(python!.querySelector('.hljs-keyword')?.textContent).toBe('def');
    expect(python!.textContent).toBe('def f():\n    return "x"\n');
    expect(plain!.querySelector('span')).toBeNull();
  });

  it('does not colour a block while it streams, and colours it once when the fence closes', () => {
    const md = new IncrementalMarkdown();
    md.update('```ts\nconst a');
    const code = md.el.querySelector('pre code')!;
    for (const part of [' = 1;', '\nlet b', ' = 2;']) {
      md.update(md.text + part);
      expect(code.querySelector('[class*="hljs"]')).toBeNull();
    }
    md.update(md.text + '\n```\n');
    expect(md.el.querySelector('pre code')).toBe(code);
    expect(Array.from(code.querySelectorAll('.hljs-keyword')).map((k) => k.textContent)).toEqual(['const', 'let']);
    expect(code.textContent).toBe('const a = 1;\nlet b = 2;\n');
    const oneShot = new IncrementalMarkdown();
    oneShot.update(md.text);
    expect(md.el.innerHTML).toBe(oneShot.el.innerHTML);
  });
});
