// Syntax highlighting for code blocks in markdown and for diff hunks in tool-call cards, with
// highlight.js core and a curated set of languages registered here (the full build would add
// ~900 KB to dist/webview.js). Colours come from media/chat.css, which maps the token classes to
// --vscode-* theme variables, so they follow light, dark and high-contrast themes.
//
// highlight.js escapes the text it is given and emits only <span class="hljs-..."> around it.
// We never hand that HTML to the DOM parser: it is read token by token into text nodes and spans
// with a class, and anything else in it makes us fall back to plain text.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const LANGUAGES = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  shell,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** Above this, code is shown plain: highlighting it would hold up the frame for too long. */
export const MAX_HIGHLIGHT_CHARS = 100_000;

/** File extensions the languages' own aliases do not cover. */
const EXTENSIONS: Record<string, string> = {
  mts: 'typescript',
  cts: 'typescript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  h: 'c',
  hh: 'cpp',
  hpp: 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  htm: 'xml',
  xhtml: 'xml',
  svg: 'xml',
  patch: 'diff',
};

/** The registered language for a fence's info string (`ts`, `python {title=x}`), or undefined. */
export function languageForFence(info: string | undefined): string | undefined {
  const name = (info ?? '').trim().split(/[\s{]/)[0]?.toLowerCase();
  return name ? registered(name) : undefined;
}

/** The registered language for a file path, from its extension, or undefined. */
export function languageForPath(filePath: string): string | undefined {
  const base = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1).toLowerCase();
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const extension = base.slice(dot + 1);
  return EXTENSIONS[extension] ?? registered(extension);
}

function registered(name: string): string | undefined {
  const language = hljs.getLanguage(name);
  if (!language) return undefined;
  // getLanguage resolves aliases (ts, py, yml...); find the registered name the alias belongs to.
  return Object.keys(LANGUAGES).find((key) => hljs.getLanguage(key) === language);
}

/**
 * `text` highlighted as `language`, one fragment per line (split at "\n"; a token spanning lines
 * is split too, so each line carries its own spans). Null when the language is unknown, the text
 * too long, or highlight.js produced something we do not read.
 */
export function highlightLines(text: string, language: string | undefined): DocumentFragment[] | null {
  if (!language || text.length > MAX_HIGHLIGHT_CHARS || !hljs.getLanguage(language)) return null;
  let html: string;
  try {
    html = hljs.highlight(text, { language, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
  return htmlToLines(html);
}

/** Replaces the children of `code` with `text` highlighted; false (and plain text) when it cannot. */
export function highlightInto(code: Element, text: string, language: string | undefined): boolean {
  const lines = highlightLines(text, language);
  if (!lines) return false;
  const fragment = document.createDocumentFragment();
  lines.forEach((line, index) => {
    if (index > 0) fragment.appendChild(document.createTextNode('\n'));
    fragment.appendChild(line);
  });
  code.replaceChildren(fragment);
  return true;
}

const TOKEN = /<span class="([\w\- .]+)">|<\/span>|([^<]+)/y;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/** Reads highlight.js output into per-line fragments; null on anything but spans and text. */
function htmlToLines(html: string): DocumentFragment[] | null {
  const lines: DocumentFragment[] = [];
  /** The classes of the spans open at this point, outermost first. */
  const open: string[] = [];
  let line = document.createDocumentFragment();
  let parent: Node = line;
  const reopen = (): void => {
    line = document.createDocumentFragment();
    parent = line;
    for (const className of open) parent = parent.appendChild(span(className));
  };

  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const match = TOKEN.exec(html);
    if (!match) return null;
    if (match[1] !== undefined) {
      open.push(match[1]);
      parent = parent.appendChild(span(match[1]));
    } else if (match[2] === undefined) {
      if (open.length === 0) return null;
      open.pop();
      parent = parent.parentNode ?? line;
    } else {
      const pieces = match[2]
        .replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity)
        .split('\n');
      pieces.forEach((piece, index) => {
        if (index > 0) {
          lines.push(line);
          reopen();
        }
        if (piece) parent.appendChild(document.createTextNode(piece));
      });
    }
  }
  lines.push(line);
  return lines;
}

function span(className: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = className;
  return el;
}
